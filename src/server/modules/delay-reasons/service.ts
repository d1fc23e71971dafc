import { asc, eq, inArray, sql } from 'drizzle-orm';
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
} from '../../../shared/delay-reasons.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import { appConfig, delayIataCodes, delayRrpCodes } from '../../db/schema/index.ts';
import { type FieldErrors, NotFoundError, ValidationError } from '../../domain/errors.ts';

/** What the service reads: only the Drizzle handle. */
export type DelayReasonsDeps = Pick<DbHandle, 'db'>;

type Classifier = typeof delayIataCodes | typeof delayRrpCodes;

/** Changed items whose id the classifier does not have, as 422 fields under `<list>.N.id`. */
async function checkKnown(
  tx: Db,
  table: Classifier,
  list: 'delayIata' | 'delayRrp',
  items: readonly DelayChange[],
  fields: FieldErrors,
) {
  if (items.length === 0) return;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      inArray(
        table.id,
        items.map((item) => item.id),
      ),
    );
  const known = new Set(found.map((row) => row.id));
  const message = list === 'delayIata' ? DELAY_MESSAGES.unknownIata : DELAY_MESSAGES.unknownRrp;
  items.forEach((item, index) => {
    if (!known.has(item.id)) fields[`${list}.${index}.id`] = [message(item.id)];
  });
}

async function writeFlags(tx: Db, table: Classifier, items: readonly DelayChange[]) {
  for (const item of items)
    await tx.update(table).set({ isReasonAirport: item.is_reason_airport }).where(eq(table.id, item.id));
}

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
      })
      .from(delayIataCodes)
      .orderBy(asc(delayIataCodes.numberCode), asc(delayIataCodes.id));
    const delayRrp = await handle
      .select({
        id: delayRrpCodes.id,
        code: delayRrpCodes.code,
        name: delayRrpCodes.name,
        is_reason_airport: delayRrpCodes.isReasonAirport,
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
     * Sets `is_reason_airport` of the changed items in one transaction; an unknown id is a 422 and nothing is
     * written. Answers both classifiers as stored afterwards.
     */
    async update(body: DelayUpdate): Promise<DelayLists> {
      // The embedded database has one connection: inside the transaction only `tx` may run a statement.
      return db.transaction(async (tx) => {
        const fields: FieldErrors = {};
        await checkKnown(tx, delayIataCodes, 'delayIata', body.delayIata, fields);
        await checkKnown(tx, delayRrpCodes, 'delayRrp', body.delayRrp, fields);
        if (Object.keys(fields).length > 0) throw new ValidationError(fields);
        await writeFlags(tx, delayIataCodes, body.delayIata);
        await writeFlags(tx, delayRrpCodes, body.delayRrp);
        return lists(tx);
      });
    },

    /** A setting's stored value, or its default while nobody has set it; an unknown key is a 404. */
    async config(key: string): Promise<{ key: ConfigKey; value: unknown }> {
      if (!isConfigKey(key)) throw new NotFoundError(DELAY_MESSAGES.unknownKey);
      const [row] = await db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, key));
      return { key, value: row ? row.value : CONFIG_DEFAULTS[key] };
    },

    /** Stores a setting: an unknown key is a 404, a value its schema refuses a 422 on `value`. Answers the entry. */
    async setConfig(key: string, value: unknown): Promise<{ key: ConfigKey; value: unknown }> {
      if (!isConfigKey(key)) throw new NotFoundError(DELAY_MESSAGES.unknownKey);
      if (value === undefined || value === null) throw new ValidationError({ value: [MESSAGES.required] });
      const parsed = CONFIG_SCHEMAS[key].safeParse(value);
      if (!parsed.success)
        throw new ValidationError({ value: parsed.error.issues.map((issue) => issue.message) });
      const [row] = await db
        .insert(appConfig)
        .values({ key, value: parsed.data })
        .onConflictDoUpdate({ target: appConfig.key, set: { value: parsed.data, updatedAt: sql`now()` } })
        .returning({ value: appConfig.value });
      return { key, value: row.value };
    },
  };
}
