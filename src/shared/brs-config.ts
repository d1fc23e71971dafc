/**
 * Airline baggage-register settings (spec 2, 3, 4, 7, 8: "/brs/config"): what the baggage reconciliation system
 * (BRS) keeps per airline, the create and update bodies with their bounds, and the answer. Client form and server
 * validate with the same schemas.
 *
 * The settings (spec 3 leaves them open; chosen from what a BRS at a Russian airport is configured with):
 * - `is_enabled`: the airline's bags are reconciled by the BRS at all;
 * - `bsm_exchange`: BSM (IATA Baggage Source Message, RP 1745) are received from the airline's departure control;
 * - `bpm_exchange`: BPM (Baggage Processed Message) are sent back when a bag is loaded or offloaded;
 * - `max_bag_weight_kg`: the heaviest bag accepted without a special handling request, whole kg, 1..100
 *   (the IATA health limit is 32 kg; cargo-like pieces above 100 kg go as cargo, never through the BRS);
 * - `max_bag_pieces`: the most checked pieces of one passenger, 1..20;
 * - `loading_close_minutes`: minutes before departure when bag loading closes and the BRS refuses new bags,
 *   0..240 (0 = at departure; 4 hours is beyond any wide-body close-out);
 * - `priority_tag_handling`: what the BRS does with priority-tagged bags (see `PRIORITY_HANDLING`);
 * - `rush_tag_handling`: how rush bags (forwarded without their passenger) are authorised (see `RUSH_HANDLING`).
 */
import { MESSAGES, z } from './messages.ts';
import { airlineSchema, idSchema } from './reference.ts';
import { editVersionField, rowVersionSchema } from './rowVersion.ts';

/** Bounds of the numeric settings, inclusive. */
export const BRS_BOUNDS = {
  max_bag_weight_kg: { min: 1, max: 100 },
  max_bag_pieces: { min: 1, max: 20 },
  loading_close_minutes: { min: 0, max: 240 },
} as const;

/** Priority-tag handling: ignore the tag, load the bags last (first off), or in a separate container. */
export const PRIORITY_HANDLING = {
  none: 'Без особой обработки',
  load_last: 'Загружать последними',
  separate_container: 'Отдельный контейнер',
} as const;

/** Rush-tag handling: the BRS authorises rush bags itself, an agent authorises each, or they are refused. */
export const RUSH_HANDLING = {
  auto: 'Допуск автоматически',
  manual: 'Допуск агентом',
  refuse: 'Не принимать',
} as const;

export type PriorityHandling = keyof typeof PRIORITY_HANDLING;
export type RushHandling = keyof typeof RUSH_HANDLING;

/** Russian texts of the settings beyond the shared catalogue. */
export const BRS_MESSAGES = {
  wholeBetween: (min: number, max: number) => `Ожидается целое число от ${min} до ${max}`,
  choose: 'Выберите значение из списка',
  flag: 'Ожидается «да» или «нет»',
  unknownAirline: 'Авиакомпания не найдена',
  alreadyExists: 'У авиакомпании уже есть настройки БРС',
  notFound: 'Настройки БРС не найдены',
} as const;

/** Russian labels of the settings, for the screen and the API documentation. */
export const BRS_LABELS = {
  is_enabled: 'БРС включена',
  bsm_exchange: 'Приём BSM',
  bpm_exchange: 'Отправка BPM',
  max_bag_weight_kg: 'Макс. вес места, кг',
  max_bag_pieces: 'Макс. мест на пассажира',
  loading_close_minutes: 'Окончание загрузки, мин до вылета',
  priority_tag_handling: 'Бирки приоритета (Priority)',
  rush_tag_handling: 'Бирки досылки (Rush)',
} as const;

/** A missing value gets the form's "required" message rather than zod's type error. */
const requiredOr = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? MESSAGES.required : message),
});

function wholeIn(key: keyof typeof BRS_BOUNDS) {
  const { min, max } = BRS_BOUNDS[key];
  const message = BRS_MESSAGES.wholeBetween(min, max);
  return z.number(requiredOr(message)).int(message).min(min, message).max(max, message);
}

const flag = () => z.boolean(requiredOr(BRS_MESSAGES.flag));
const oneOf = <T extends Record<string, string>>(options: T) =>
  z.enum(
    Object.keys(options) as [keyof T & string, ...(keyof T & string)[]],
    requiredOr(BRS_MESSAGES.choose),
  );

/** Every setting, each required; the body of an inline edit. */
export const brsSettingsSchema = z.object({
  is_enabled: flag(),
  bsm_exchange: flag(),
  bpm_exchange: flag(),
  max_bag_weight_kg: wholeIn('max_bag_weight_kg'),
  max_bag_pieces: wholeIn('max_bag_pieces'),
  loading_close_minutes: wholeIn('loading_close_minutes'),
  priority_tag_handling: oneOf(PRIORITY_HANDLING),
  rush_tag_handling: oneOf(RUSH_HANDLING),
});

export type BrsSettings = z.infer<typeof brsSettingsSchema>;

/**
 * `POST /api/brs/api/v1/aviacompany-baggage-register/create`: the airline and all its settings.
 * Example: `{aviacompany_id: 5, is_enabled: true, bsm_exchange: true, bpm_exchange: false, max_bag_weight_kg: 32, …}`.
 */
export const brsCreateSchema = brsSettingsSchema.extend({
  aviacompany_id: z.number(requiredOr(MESSAGES.idRange)).pipe(idSchema),
});

export type BrsCreateInput = z.infer<typeof brsCreateSchema>;

/**
 * `PATCH /api/brs/api/v1/aviacompany-baggage-register/update?id=`: the settings to change (any subset); the airline
 * of a row never changes, so `aviacompany_id` is not read. The `version` the editor read, when sent, must still be
 * the row's (else 409: another user saved it since).
 */
export const brsUpdateSchema = brsSettingsSchema.partial().extend(editVersionField);

export type BrsUpdateInput = z.infer<typeof brsUpdateSchema>;

/** The stored row as the API answers it (also under `aviacompanyBaggageRegister` of `/aviacompany?expand=`). */
export const brsRegisterSchema = brsSettingsSchema.extend({
  id: z.number().int(),
  aviacompany_id: z.number().int(),
  version: rowVersionSchema,
});

export type BrsRegister = z.infer<typeof brsRegisterSchema>;

/** An airline of `/aviacompany?expand=aviacompanyBaggageRegister`: null until it has settings. */
export const brsAirlineSchema = airlineSchema.extend({
  aviacompanyBaggageRegister: brsRegisterSchema.nullable(),
});

export type BrsAirline = z.infer<typeof brsAirlineSchema>;

/** What a new airline's form starts with: the BRS off, the common IATA limits. */
export const BRS_DEFAULTS: BrsSettings = {
  is_enabled: false,
  bsm_exchange: false,
  bpm_exchange: false,
  max_bag_weight_kg: 32,
  max_bag_pieces: 3,
  loading_close_minutes: 20,
  priority_tag_handling: 'load_last',
  rush_tag_handling: 'manual',
};
