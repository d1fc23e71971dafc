import { asc, eq, sql } from 'drizzle-orm';
import {
  CONFIG_DEFAULTS,
  CONFIG_SCHEMAS,
  type ConfigKey,
  DELAY_MESSAGES,
  type DelayChange,
  type DelayLists,
  type DelayUpdate,
  isConfigKey,
  matchesSearch,
  UNSTORED_VERSION,
} from '../../../shared/delay-reasons.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import { lockVersions, refuseSave, rowVersion } from '../../db/rowVersion.ts';
import { appConfig, delayIataCodes, delayRrpCodes } from '../../db/schema/index.ts';
import { ConflictError, type FieldErrors, NotFoundError, ValidationError } from '../../domain/errors.ts';

/** What the service reads: only the Drizzle handle. */
export type DelayReasonsDeps = Pick<DbHandle, 'db'>;

type Classifier = typeof delayIataCodes | typeof delayRrpCodes;

/**
 * Locks the changed items of one classifier for the rest of the transaction, in one statement in id order (two saves
 * over shared items take their locks alike and never deadlock; the IATA list is always locked before the RRP one),
 * and checks them: an id the classifier does not have is a 422 under `<list>.N.id` (into `fields`); a `version` sent
 * that is not the stored one means another user changed the item since it was read, answered under
 * `<list>.N.is_reason_airport` (into `stale`, for a 409). A save waiting for another's lock reads the version that
 * one wrote.
 */
async function lockChanges(
  tx: Db,
  table: Classifier,
  list: 'delayIata' | 'delayRrp',
  items: readonly DelayChange[],
  fields: FieldErrors,
  stale: FieldErrors,
) {
  const versions = await lockVersions(
    tx,
    table,
    table.id,
    items.map((item) => item.id),
  );
  const message = list === 'delayIata' ? DELAY_MESSAGES.unknownIata : DELAY_MESSAGES.unknownRrp;
  items.forEach((item, index) => {
    const version = versions.get(item.id);
    if (version === undefined) fields[`${list}.${index}.id`] = [message(item.id)];
    else if (item.version !== undefined && item.version !== version)
      stale[`${list}.${index}.is_reason_airport`] = [DELAY_MESSAGES.changed];
  });
}

/**
 * Locks a setting's row for the rest of the transaction and checks the version its editor read, as `lockRow` does
 * for a numeric key (src/server/db/rowVersion.ts); the key here is text. A setting without a row (at its default)
 * has `UNSTORED_VERSION`: sent while a row exists, or a real version sent while none does, the save is stale (409).
 */
async function lockSetting(tx: Db, key: ConfigKey, version: string | undefined) {
  const [row] = await tx
    .select({ version: rowVersion(appConfig) })
    .from(appConfig)
    .where(eq(appConfig.key, key))
    .for('update');
  if (version !== undefined && (row?.version ?? UNSTORED_VERSION) !== version)
    throw new ConflictError(MESSAGES.staleEdit);
}

async function writeFlags(tx: Db, table: Classifier, items: readonly DelayChange[]) {
  for (const item of items)
    await tx.update(table).set({ isReasonAirport: item.is_reason_airport }).where(eq(table.id, item.id));
}

/** A setting as the wire has it (`configEntrySchema`). */
type ConfigEntry = { key: ConfigKey; value: unknown; version: string };

const entryColumns = { value: appConfig.value, version: rowVersion(appConfig) };

/** Delay reasons and operational settings (spec 2, 4, 7): reads, and writes each in one transaction. */
export function createDelayReasonsService({ db }: DelayReasonsDeps) {
  async function lists(handle: Db, search = ''): Promise<DelayLists> {
    const delayIata = await handle
      .select({
        id: delayIataCodes.id,
        number_code: delayIataCodes.numberCode,
        letter_code: delayIataCodes.letterCode,
        transcript: delayIataCodes.transcript,
        delay_iata_type_id: delayIataCodes.delayIataTypeId,
        is_reason_airport: delayIataCodes.isReasonAirport,
        version: rowVersion(delayIataCodes),
      })
      .from(delayIataCodes)
      .orderBy(asc(delayIataCodes.numberCode), asc(delayIataCodes.id));
    const delayRrp = await handle
      .select({
        id: delayRrpCodes.id,
        code: delayRrpCodes.code,
        name: delayRrpCodes.name,
        is_reason_airport: delayRrpCodes.isReasonAirport,
        version: rowVersion(delayRrpCodes),
      })
      .from(delayRrpCodes)
      .orderBy(asc(delayRrpCodes.id));
    // Both classifiers hold under a hundred items: the search runs on them with the screen's own matcher.
    return {
      delayIata: delayIata.filter((item) => matchesSearch(item, search)),
      delayRrp: delayRrp.filter((item) => matchesSearch(item, search)),
    };
  }

  return {
    /** Both classifiers, only the items matching `search` (codes or text, case and ё ignored) when given. */
    lists: (search?: string) => lists(db, search),

    /**
     * Sets `is_reason_airport` of the changed items in one transaction; an unknown id is a 422, an item another user
     * wrote since the version sent a 409 naming the stale items, and either way nothing is written. Answers both
     * classifiers as stored afterwards, the written items at their new versions.
     */
    async update(body: DelayUpdate): Promise<DelayLists> {
      // The embedded database has one connection: inside the transaction only `tx` may run a statement.
      return db.transaction(async (tx) => {
        const fields: FieldErrors = {};
        const stale: FieldErrors = {};
        await lockChanges(tx, delayIataCodes, 'delayIata', body.delayIata, fields, stale);
        await lockChanges(tx, delayRrpCodes, 'delayRrp', body.delayRrp, fields, stale);
        refuseSave(fields, stale);
        await writeFlags(tx, delayIataCodes, body.delayIata);
        await writeFlags(tx, delayRrpCodes, body.delayRrp);
        return lists(tx);
      });
    },

    /**
     * A setting's stored value and version, or its default and `UNSTORED_VERSION` while nobody has set it; an
     * unknown key is a 404.
     */
    async config(key: string): Promise<ConfigEntry> {
      if (!isConfigKey(key)) throw new NotFoundError(DELAY_MESSAGES.unknownKey);
      const [row] = await db.select(entryColumns).from(appConfig).where(eq(appConfig.key, key));
      return row ? { key, ...row } : { key, value: CONFIG_DEFAULTS[key], version: UNSTORED_VERSION };
    },

    /**
     * Stores a setting: an unknown key is a 404, a value its schema refuses a 422 on `value`, a setting another user
     * stored since the version sent a 409 (checked under the row's lock; without a version not checked). Answers the
     * entry at its new version.
     */
    async setConfig(key: string, value: unknown, version?: string): Promise<ConfigEntry> {
      if (!isConfigKey(key)) throw new NotFoundError(DELAY_MESSAGES.unknownKey);
      if (value === undefined || value === null) throw new ValidationError({ value: [MESSAGES.required] });
      const parsed = CONFIG_SCHEMAS[key].safeParse(value);
      if (!parsed.success)
        throw new ValidationError({ value: parsed.error.issues.map((issue) => issue.message) });
      return db.transaction(async (tx) => {
        await lockSetting(tx, key, version);
        const insert = tx.insert(appConfig).values({ key, value: parsed.data });
        // Read at its default, the setting had no row to lock: another user's first save since wins the insert.
        const [row] = await (version === UNSTORED_VERSION
          ? insert.onConflictDoNothing()
          : insert.onConflictDoUpdate({
              target: appConfig.key,
              set: { value: parsed.data, updatedAt: sql`now()` },
            })
        ).returning(entryColumns);
        if (!row) throw new ConflictError(MESSAGES.staleEdit);
        return { key, ...row };
      });
    },
  };
}
