import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import {
  AUDIT_DEFAULT_DAYS,
  AUDIT_MAX_PER_PAGE,
  type AuditEntity,
  type AuditEntry,
  type AuditUser,
  auditEntityLabel,
} from '../../../shared/audit.ts';
import { MAX_PERIOD_DAYS } from '../../../shared/dates.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { instantToWallClock, wallClockToInstant, zoneOffset } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { BadRequestError } from '../../http/errors.ts';
import { filterIds, filterText, sortKey } from '../../http/filters.ts';
import type { FilterParser, QueryOf } from '../../http/list.ts';
import { midnight, periodFault } from '../../http/period.ts';
import { compositeKeys, keyOf, resolveReferences } from './references.ts';

const MS_PER_DAY = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const ENTITY = /^[a-z][a-z0-9_]{0,62}$/;

function bad(field: string, message: string): never {
  throw new BadRequestError(message, { [field]: [message] });
}

/** A day (`YYYY-MM-DD`) or a wall-clock time (`YYYY-MM-DD HH:mm:ss`) of the request's zone, checked later. */
const filterWhen: FilterParser<string> = (value, field) => {
  const text = filterText(value, field);
  if (text !== undefined && !DAY.test(text) && !WALL_CLOCK.test(text))
    bad(field, 'Ожидается YYYY-MM-DD или YYYY-MM-DD HH:mm:ss');
  return text;
};

/** A table name as the trail stores it (`flights`). */
const filterEntity: FilterParser<string> = (value, field) => {
  const text = filterText(value, field);
  if (text !== undefined && !ENTITY.test(text))
    bad(field, 'Ожидается имя таблицы из списка /api/audit/entities');
  return text;
};

/** A row key as the trail stores it: '12', or '3,45' for a composite key. */
const filterEntityId: FilterParser<string> = (value, field) => {
  const text = filterText(value, field);
  if (text !== undefined && text.length > 200) bad(field, 'Не длиннее 200 символов');
  return text;
};

/** The list's filters; newest first always, so no sorts. */
export const AUDIT_LIST = {
  filters: {
    user_id: filterIds,
    entity: filterEntity,
    entity_id: filterEntityId,
    from: filterWhen,
    to: filterWhen,
  },
  sorts: [],
  defaultPerPage: 50,
  maxPerPage: AUDIT_MAX_PER_PAGE,
} as const;

type AuditQuery = QueryOf<typeof AUDIT_LIST>;

/**
 * The instants of `filter[from]` / `filter[to]` in the zone: a day as `to` means through its end. Neither bound: the
 * last 7 days up to now; only one: 7 days from it or up to it. A reversed period or one longer than MAX_PERIOD_DAYS
 * on the wall clock is a 400.
 * Example: from '2026-03-01', to '2026-03-02' in Europe/Moscow → [2026-02-28T21:00Z, 2026-03-02T21:00Z).
 */
export function auditPeriod(
  filters: Pick<AuditQuery['filters'], 'from' | 'to'>,
  zone: string,
  now = new Date(),
): { begin: Date; end: Date } {
  const instant = (field: string, text: string, endOfDay: boolean) =>
    (DAY.test(text) ? midnight(text, zone, endOfDay ? 1 : 0) : wallClockToInstant(text, zone)) ??
    bad(field, MESSAGES.wallClockFormat);
  const span = AUDIT_DEFAULT_DAYS * MS_PER_DAY;
  const begin = filters.from === undefined ? undefined : instant('filter.from', filters.from, false);
  const end = filters.to === undefined ? undefined : instant('filter.to', filters.to, true);
  const period =
    begin && end
      ? { begin, end }
      : begin
        ? { begin, end: new Date(begin.getTime() + span) }
        : end
          ? { begin: new Date(end.getTime() - span), end }
          : { begin: new Date(now.getTime() - span), end: now };
  const fault = periodFault(period, zone, MAX_PERIOD_DAYS);
  if (fault) bad('filter.to', fault);
  return period;
}

/** ISO 8601 with the zone's offset. Example: 2026-03-01T09:00Z in Europe/Moscow → '2026-03-01T12:00:00+03:00'. */
export function isoInZone(at: Date, zone: string): string {
  const offset = Math.round(zoneOffset(at.getTime(), zone) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${instantToWallClock(at, zone).replace(' ', 'T')}${sign}${hours}:${minutes}`;
}

export type AuditDeps = Pick<DbHandle, 'db' | 'kind' | 'query'>;

/** Reading the audit trail: its page, the audited tables, the users for the filter. Nothing here writes. */
export function createAuditService({ db, kind, query }: AuditDeps) {
  // The schema's keys do not change while the process runs; read once, again after a failed read.
  let keys: Promise<Map<string, string[]>> | undefined;
  const keyColumns = () => {
    keys ??= compositeKeys(query).catch((error) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  return {
    /** A page of the trail, newest first, within the period of the filters (at most 93 days). */
    async list(listQuery: AuditQuery, zone: string): Promise<{ items: AuditEntry[]; total: number }> {
      const { filters, page, perPage } = listQuery;
      const period = auditPeriod(filters, zone);
      const conditions: SQL[] = [gte(auditLog.at, period.begin), lt(auditLog.at, period.end)];
      if (filters.user_id) conditions.push(inArray(auditLog.userId, filters.user_id));
      if (filters.entity) conditions.push(eq(auditLog.entity, filters.entity));
      if (filters.entity_id) conditions.push(eq(auditLog.entityId, filters.entity_id));
      const where = and(...conditions);
      const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
      const rows = await db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          userId: auditLog.userId,
          login: users.login,
          name: users.name,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          change: auditLog.change,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.userId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const composite = await keyColumns();
      const items = rows.map((row) => ({
        id: row.id,
        at: isoInZone(row.at, zone),
        user:
          row.userId === null
            ? null
            : { id: row.userId, login: row.login ?? '', name: row.name ?? `#${row.userId}` },
        action: row.action,
        entity: row.entity,
        entity_id: row.entityId,
        change: row.change as Record<string, unknown>,
        key: keyOf(row.entityId, composite.get(row.entity)),
      }));
      // The names of the page's references: one query per referenced table, the page's ids only.
      const refs = await resolveReferences(query, items, zone);
      return { total, items: items.map((item, index) => ({ ...item, refs: refs[index] })) };
    },

    /** The audited tables with their Russian names, by name. */
    async entities(): Promise<AuditEntity[]> {
      // Raw SQL: the triggers live in the system catalogue, which has no Drizzle schema.
      const rows = await query<{ entity: string }>(
        `select c.relname as entity from pg_trigger t join pg_class c on c.oid = t.tgrelid
          join pg_namespace n on n.oid = c.relnamespace
         where t.tgname = 'audit_insert' and n.nspname = 'public'`,
      );
      return rows
        .map(({ entity }) => ({ entity, label: auditEntityLabel(entity) }))
        .sort((a, b) => a.label.localeCompare(b.label, 'ru'));
    },

    /** The users for the user filter, by name (the staff who sign in: a few hundred; the first 1,000). */
    async users(): Promise<AuditUser[]> {
      return db
        .select({ id: users.id, login: users.login, name: users.name })
        .from(users)
        .orderBy(asc(sortKey(users.name, kind)), asc(users.id))
        .limit(1000);
    },
  };
}
