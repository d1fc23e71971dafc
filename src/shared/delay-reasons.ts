/**
 * Delay reasons (spec 2, 3, 4, 7): the IATA (AHM 730) and RRP classifiers with their `is_reason_airport` flag, the
 * body of `PUT /v2/delay-iata-rrp/update`, and the operational settings of `/v2/config/{key}`. Client and server
 * validate with the same schemas.
 */
import { MESSAGES, z } from './messages.ts';
import { idSchema } from './reference.ts';
import { editVersionField, rowVersionSchema } from './rowVersion.ts';

/** Items one save may carry: far more than both classifiers hold. */
const UPDATE_MAX = 1000;

/** Russian texts of the delay reasons screen beyond the shared catalogue. */
export const DELAY_MESSAGES = {
  empty: 'Нечего сохранять',
  tooMany: `Не больше ${UPDATE_MAX} причин за раз`,
  duplicate: 'Эта причина уже есть в запросе',
  unknownIata: (id: number) => `Нет кода задержки IATA с id ${id}: обновите страницу`,
  unknownRrp: (id: number) => `Нет причины задержки РРП с id ${id}: обновите страницу`,
  changed: 'Причину уже изменил другой пользователь: обновите страницу',
  /** After a save of the classifiers, until the next change. */
  saved: 'Изменения сохранены',
  /** Never quotes the key: an error does not echo the request back. */
  unknownKey: 'Нет такой настройки',
  minutesWhole: 'Ожидается целое число минут',
  minutesRange: (max: number) => `От 0 до ${max} минут`,
} as const;

/** A reason of the Russian RRP classifier, with its row's version (a change of its flag sends it back). */
const delayRrpSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  is_reason_airport: z.boolean(),
  version: rowVersionSchema,
});
export type DelayRrp = z.infer<typeof delayRrpSchema>;

/**
 * An IATA delay code (AHM 730): numeric and alpha codes, its transcript, its group (the first digit), and its row's
 * version (a change of its flag sends it back).
 */
const delayIataSchema = z.object({
  id: z.number().int(),
  number_code: z.string(),
  letter_code: z.string().nullable(),
  transcript: z.string(),
  delay_iata_type_id: z.number().int(),
  is_reason_airport: z.boolean(),
  version: rowVersionSchema,
});
export type DelayIata = z.infer<typeof delayIataSchema>;

/** `GET /v2/delay-iata-rrp`: both classifiers, IATA by numeric code, RRP in the classifier's own order. */
export const delayListsSchema = z.object({
  delayIata: z.array(delayIataSchema),
  delayRrp: z.array(delayRrpSchema),
});
export type DelayLists = z.infer<typeof delayListsSchema>;

/**
 * One changed item: its id, the new flag and the version read (when sent, a save over another user's change of the
 * item is refused with a 409).
 */
const delayChangeSchema = z.object({ id: idSchema, is_reason_airport: z.boolean(), ...editVersionField });
export type DelayChange = z.infer<typeof delayChangeSchema>;

function uniqueIds(list: readonly DelayChange[], ctx: z.RefinementCtx, key: 'delayIata' | 'delayRrp') {
  const seen = new Set<number>();
  list.forEach((item, index) => {
    if (seen.has(item.id))
      ctx.addIssue({ code: 'custom', message: DELAY_MESSAGES.duplicate, path: [key, index, 'id'] });
    seen.add(item.id);
  });
}

/** `PUT /v2/delay-iata-rrp/update`: only the changed items of each classifier, at least one in all. */
export const delayUpdateSchema = z
  .object({
    delayIata: z.array(delayChangeSchema).max(UPDATE_MAX, DELAY_MESSAGES.tooMany).default([]),
    delayRrp: z.array(delayChangeSchema).max(UPDATE_MAX, DELAY_MESSAGES.tooMany).default([]),
  })
  .superRefine((body, ctx) => {
    if (body.delayIata.length + body.delayRrp.length === 0)
      ctx.addIssue({ code: 'custom', message: DELAY_MESSAGES.empty, path: ['delayIata'] });
    uniqueIds(body.delayIata, ctx, 'delayIata');
    uniqueIds(body.delayRrp, ctx, 'delayRrp');
  });
export type DelayUpdate = z.infer<typeof delayUpdateSchema>;

/** Lower-cased, `ё` as `е`, trimmed: how the search box compares. */
function fold(text: string): string {
  return text.trim().toLocaleLowerCase('ru-RU').replaceAll('ё', 'е');
}

/**
 * Whether an item matches the search box: any of its codes or its text contains the words.
 * Example: `matchesSearch({number_code: '32', letter_code: 'GL', transcript: 'Загрузка'}, 'gl')` → true.
 */
export function matchesSearch(
  item: Omit<DelayIata, 'version'> | Omit<DelayRrp, 'version'>,
  search: string,
): boolean {
  const needle = fold(search);
  if (needle === '') return true;
  const haystack =
    'number_code' in item
      ? [item.number_code, item.letter_code ?? '', item.transcript]
      : [item.code, item.name];
  return haystack.some((text) => fold(text).includes(needle));
}

/** Longest a finished-late task may still be shown as unfinished: one day. */
export const UNFINISHED_MINUTES_MAX = 1440;

/**
 * The known settings of `/v2/config/{key}` and the value each takes. `time-show-unfinished-tasks`: minutes after its
 * planned end that an unfinished task stays on the operational screens.
 */
export const CONFIG_SCHEMAS = {
  'time-show-unfinished-tasks': z
    .number(DELAY_MESSAGES.minutesWhole)
    .int(DELAY_MESSAGES.minutesWhole)
    .min(0, DELAY_MESSAGES.minutesRange(UNFINISHED_MINUTES_MAX))
    .max(UNFINISHED_MINUTES_MAX, DELAY_MESSAGES.minutesRange(UNFINISHED_MINUTES_MAX)),
} as const;
export type ConfigKey = keyof typeof CONFIG_SCHEMAS;

/** The Russian name of each setting, as the audit trail shows its key (the delay-reasons screen's card and field). */
export const CONFIG_LABELS: { [K in ConfigKey]: string } = {
  'time-show-unfinished-tasks': 'Незавершённые задачи: показывать после планового окончания, мин',
};

/** The value a setting has before anyone sets it. */
export const CONFIG_DEFAULTS: { [K in ConfigKey]: z.infer<(typeof CONFIG_SCHEMAS)[K]> } = {
  'time-show-unfinished-tasks': 60,
};

/** Whether a path segment names a known setting. Example: `isConfigKey('time-show-unfinished-tasks')` → true. */
export function isConfigKey(key: string): key is ConfigKey {
  return Object.hasOwn(CONFIG_SCHEMAS, key);
}

/**
 * The version of a setting nobody has stored yet (it answers its default): no row has it, as PostgreSQL never gives
 * a row the transaction id 0. A save sent with it is refused (409) once another user has stored the setting.
 */
export const UNSTORED_VERSION = '0';

/** A setting as the wire has it, with its row's version (`UNSTORED_VERSION` while it has no row). */
export const configEntrySchema = z.object({ key: z.string(), value: z.unknown(), version: rowVersionSchema });

/** `GET /v2/config/time-show-unfinished-tasks`. */
export const unfinishedTasksConfigSchema = z.object({
  key: z.literal('time-show-unfinished-tasks'),
  value: CONFIG_SCHEMAS['time-show-unfinished-tasks'],
  version: rowVersionSchema,
});
export type UnfinishedTasksConfig = z.infer<typeof unfinishedTasksConfigSchema>;

/**
 * `PATCH /v2/config/{key}`: the new value, its shape depending on the key (checked by the server against it), and
 * the version read (when sent, a save over another user's change is refused with a 409).
 */
export const configPatchSchema = z.object({
  value: z.custom<unknown>((value) => value !== undefined && value !== null, MESSAGES.required),
  ...editVersionField,
});
export type ConfigSave = z.infer<typeof configPatchSchema>;
