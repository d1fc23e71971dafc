/**
 * VIP fields (spec 2.4, 3.4, 5, 7.3): the body the VIP modal sends, the answer of the server, the keys of the grid's
 * filters and sorts, and the evaluation of a field on a turnaround. Client form and server validate with the same
 * schema.
 */
import { MESSAGES, z } from './messages.ts';
import { idSchema, namedItemSchema } from './reference.ts';
import { editVersionField, rowVersionSchema } from './rowVersion.ts';
import { safeText } from './text.ts';

/** Directions of a VIP field: 1 Departure, 2 Arrival (spec 3.4; fixed in the interface, no reference call). */
export const VIP_DIRECTIONS = [
  { id: 1, name: 'Вылет' },
  { id: 2, name: 'Прилёт' },
] as const;

/** Hall access type whose choice reveals the use-parent-access-type checkbox (spec 9). */
export const PARENT_ACCESS_TYPE_ID = 7;

const VIP_FIELD_NAME_MAX = 255;
const VIP_FIELD_DESCRIPTION_MAX = 1000;

/** Russian texts of the VIP field form beyond the shared catalogue. */
export const VIP_MESSAGES = {
  duplicate: 'Значение выбрано дважды',
  direction: 'Направление: 1 (вылет) или 2 (прилёт)',
  tooLong: (max: number) => `Не длиннее ${max} символов`,
  unknownIds: (ids: number[]) => `Нет в справочнике: ${ids.join(', ')}`,
} as const;

/**
 * The eleven link lists of a VIP field (spec 3.4): list key → the entry's id field, the key of the nested named
 * object in answers (the id field without `_id`), whether spec 5 requires a choice, and the Russian label.
 */
export const VIP_LINKS = {
  vipFieldServiceHalls: {
    idKey: 'service_halls_id',
    nested: 'service_halls',
    required: true,
    label: 'Зал обслуживания',
  },
  vipFieldPassengerCategory: {
    idKey: 'passenger_category_id',
    nested: 'passenger_category',
    required: true,
    label: 'Категория пассажира',
  },
  vipFieldTravelClass: {
    idKey: 'travel_class_id',
    nested: 'travel_class',
    required: false,
    label: 'Класс обслуживания',
  },
  vipFieldAviacompany: {
    idKey: 'aviacompany_id',
    nested: 'aviacompany',
    required: true,
    label: 'Авиакомпания',
  },
  vipFieldDirection: { idKey: 'direction_id', nested: 'direction', required: true, label: 'Направление' },
  vipFieldFlightClass: {
    idKey: 'flight_class_id',
    nested: 'flight_class',
    required: true,
    label: 'Класс рейса',
  },
  vipFieldFlightType: { idKey: 'flight_type_id', nested: 'flight_type', required: true, label: 'Тип рейса' },
  vipFieldHallAccessType: {
    idKey: 'vip_hall_access_type_id',
    nested: 'vip_hall_access_type',
    required: true,
    label: 'Тип допуска',
  },
  vipFieldLoyaltyCardType: {
    idKey: 'loyalty_card_type_id',
    nested: 'loyalty_card_type',
    required: false,
    label: 'Карта лояльности',
  },
  vipFieldHallCardBankType: {
    idKey: 'vip_hall_card_bank_type_id',
    nested: 'vip_hall_card_bank_type',
    required: false,
    label: 'Тип карты',
  },
  vipFieldHallPayType: {
    idKey: 'vip_hall_pay_type_id',
    nested: 'vip_hall_pay_type',
    required: true,
    label: 'Тип оплаты',
  },
} as const;

export type VipLinkKey = keyof typeof VIP_LINKS;
type Link = (typeof VIP_LINKS)[VipLinkKey];

export const VIP_LINK_KEYS = Object.keys(VIP_LINKS) as VipLinkKey[];

/** No id twice in one list (the link tables keep each pair once): the second is refused. */
function refuseDuplicates(ids: number[], ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  ids.forEach((id, index) => {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', message: VIP_MESSAGES.duplicate, path: [index] });
    seen.add(id);
  });
}

/** Entries of one list as sent, `[{aviacompany_id: 5}]`, each id in range and once. */
function entries<K extends string, V extends z.ZodType<number>>(idKey: K, id: V) {
  return z.array(z.object({ [idKey]: id } as { [P in K]: V }), MESSAGES.required).superRefine((items, ctx) =>
    refuseDuplicates(
      items.map((item) => (item as Record<K, number>)[idKey]),
      ctx,
    ),
  );
}

/** A list spec 5 requires: at least one choice. */
const chosen = <K extends string>(idKey: K) => entries(idKey, idSchema).min(1, MESSAGES.required);
/** A list that may stay empty (and may be left out). */
const optional = <K extends string>(idKey: K) => entries(idKey, idSchema).default([]);
const directionId = z.union([z.literal(1), z.literal(2)], VIP_MESSAGES.direction);

/**
 * `POST /api/tariff/vip-field` body (spec 7.3) with the rules of spec 5: a name, at least one choice in each of
 * service halls, passenger category, airline, direction, flight class, flight type, hall access type and pay type;
 * travel class, loyalty card and card bank may stay empty. Link entries may carry more (the nested object of an
 * answer); only the id is read.
 * Example: `{name: 'lounge_adult', vipFieldAviacompany: [{aviacompany_id: 5}], vipFieldDirection: [{direction_id: 1}], …}`.
 */
export const vipFieldCreateSchema = z.object({
  // A missing name is as empty as a blank one: the form message, not zod's type error.
  name: z
    .string(MESSAGES.required)
    .pipe(
      safeText()
        .trim()
        .min(1, MESSAGES.required)
        .max(VIP_FIELD_NAME_MAX, VIP_MESSAGES.tooLong(VIP_FIELD_NAME_MAX)),
    ),
  description: safeText()
    .trim()
    .max(VIP_FIELD_DESCRIPTION_MAX, VIP_MESSAGES.tooLong(VIP_FIELD_DESCRIPTION_MAX))
    .nullish()
    .transform((text) => text ?? ''),
  is_guest_count: z.boolean().default(false),
  /** Kept only when hall access type 7 is chosen; the server stores null otherwise. */
  use_parent_access_type: z
    .boolean()
    .nullish()
    .transform((flag) => flag ?? null),
  vipFieldServiceHalls: chosen('service_halls_id'),
  vipFieldPassengerCategory: chosen('passenger_category_id'),
  vipFieldTravelClass: optional('travel_class_id'),
  vipFieldAviacompany: chosen('aviacompany_id'),
  vipFieldDirection: entries('direction_id', directionId).min(1, MESSAGES.required),
  vipFieldFlightClass: chosen('flight_class_id'),
  vipFieldFlightType: chosen('flight_type_id'),
  vipFieldHallAccessType: chosen('vip_hall_access_type_id'),
  vipFieldLoyaltyCardType: optional('loyalty_card_type_id'),
  vipFieldHallCardBankType: optional('vip_hall_card_bank_type_id'),
  vipFieldHallPayType: chosen('vip_hall_pay_type_id'),
}) satisfies z.ZodType<Record<VipLinkKey, unknown>>;

/**
 * `PATCH /api/tariff/vip-field` body: the same plus the id, in the body (spec 7.3), and the optional `version` the
 * editor read (a save over a newer one is a 409).
 */
export const vipFieldUpdateSchema = vipFieldCreateSchema.extend({ id: idSchema, ...editVersionField });

/** What the form holds and sends (inputs: optional lists may be left out). */
export type VipFieldPayload = z.input<typeof vipFieldCreateSchema>;
export type VipFieldUpdatePayload = z.input<typeof vipFieldUpdateSchema>;
/** What the server reads after validation (every list present). */
export type VipFieldInput = z.output<typeof vipFieldCreateSchema>;
/** What an update saves beside its id: the field and, when the editor read one, its `version`. */
export type VipFieldEdit = Omit<z.output<typeof vipFieldUpdateSchema>, 'id'>;

/** An answer's list: the id and the nested `{id, name}` of each entry (spec 3.4). */
function linked<K extends string, N extends string>(idKey: K, nested: N) {
  return z.array(
    z.object({ [idKey]: z.number(), [nested]: namedItemSchema } as { [P in K]: z.ZodNumber } & {
      [P in N]: typeof namedItemSchema;
    }),
  );
}

/**
 * A VIP field as the server answers it (list rows, one by id, create and update): every link list with the
 * nested named objects, entries in Russian order of their names.
 * Example: `vipFieldAviacompany: [{aviacompany_id: 5, aviacompany: {id: 5, name: 'Аэрофлот'}}]`.
 */
export const vipFieldSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  is_guest_count: z.boolean(),
  use_parent_access_type: z.boolean().nullable(),
  vipFieldServiceHalls: linked('service_halls_id', 'service_halls'),
  vipFieldPassengerCategory: linked('passenger_category_id', 'passenger_category'),
  vipFieldTravelClass: linked('travel_class_id', 'travel_class'),
  vipFieldAviacompany: linked('aviacompany_id', 'aviacompany'),
  vipFieldDirection: linked('direction_id', 'direction'),
  vipFieldFlightClass: linked('flight_class_id', 'flight_class'),
  vipFieldFlightType: linked('flight_type_id', 'flight_type'),
  vipFieldHallAccessType: linked('vip_hall_access_type_id', 'vip_hall_access_type'),
  vipFieldLoyaltyCardType: linked('loyalty_card_type_id', 'loyalty_card_type'),
  vipFieldHallCardBankType: linked('vip_hall_card_bank_type_id', 'vip_hall_card_bank_type'),
  vipFieldHallPayType: linked('vip_hall_pay_type_id', 'vip_hall_pay_type'),
  /** The field row's version: every save writes the row, so it covers the lists too. */
  version: rowVersionSchema,
});
export type VipField = z.infer<typeof vipFieldSchema>;

/**
 * The keys of the grid's columns, used as `filter[key]` and `sort` (spec 2.4): `name` and `description` filter by
 * text (contained, any case); the multi-value columns by one or more ids (`filter[aviacompany_id][]=5`: fields
 * linked to any of them); `is_guest_count` and `use_parent_access_type` by 1 or 0. Every column sorts: text in
 * Russian order, multi-value columns by their names joined as the cell shows them, flags false before true.
 */
export type VipFieldColumn =
  | 'name'
  | 'description'
  | Link['idKey']
  | 'is_guest_count'
  | 'use_parent_access_type';
export const VIP_FIELD_COLUMNS: readonly VipFieldColumn[] = [
  'name',
  'description',
  ...VIP_LINK_KEYS.map((key) => VIP_LINKS[key].idKey),
  'is_guest_count',
  'use_parent_access_type',
];

/** Page sizes of the VIP grid (spec 9); 20 by default. */
export const VIP_FIELD_PAGE_SIZES = [5, 10, 15, 20, 50] as const;

/** How one condition of a field met the flight. */
const vipConditionStatusSchema = z.enum(['match', 'mismatch', 'unchecked']);

/** One step of an evaluation: a condition of the field, what the field asks and what the flight has. */
const vipEvaluationStepSchema = z.object({
  condition: z.enum(VIP_LINK_KEYS as [VipLinkKey, ...VipLinkKey[]]),
  /** 'Авиакомпания'. */
  label: z.string(),
  /** The field's choices joined, or 'любое значение' for an empty optional list. */
  expected: z.string(),
  /** The flight's value; null where the demo has no such data (passengers). */
  actual: z.string().nullable(),
  status: vipConditionStatusSchema,
  /** 'совпадает', 'не совпадает', 'не проверяется: нет данных о пассажирах'. */
  note: z.string(),
});

/**
 * `GET /api/tariff/vip-field/{id}/evaluate?flight_aid=`: the field checked against each leg of a turnaround. A leg
 * matches when its airline, direction, flight class and flight type are among the field's choices; the passenger
 * conditions are listed once, unchecked. The field applies to the turnaround when a leg matches.
 */
export const vipFieldEvaluationSchema = z.object({
  vip_field: z.object({ id: z.number(), name: z.string(), description: z.string() }),
  flight_aid: z.number(),
  legs: z.array(
    z.object({
      flight_id: z.number(),
      /** 'Прилёт SU 1234, 12.03.2026 10:15' in the request's time zone. */
      title: z.string(),
      matches: z.boolean(),
      steps: z.array(vipEvaluationStepSchema),
    }),
  ),
  passenger_steps: z.array(vipEvaluationStepSchema),
  matches: z.boolean(),
  /** The verdict in one Russian sentence. */
  summary: z.string(),
});
export type VipFieldEvaluation = z.infer<typeof vipFieldEvaluationSchema>;
