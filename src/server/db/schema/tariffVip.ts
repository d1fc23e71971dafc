import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import {
  airlines,
  cardBankTypes,
  flightClasses,
  flightTypes,
  hallAccessTypes,
  loyaltyCardTypes,
  passengerCategories,
  payTypes,
  serviceHalls,
  travelClasses,
} from './reference.ts';

/** A VIP-hall billing field (spec 3.4): the JSON field it fills and the conditions, in the link tables, it applies under. */
export const vipFields = pgTable('vip_fields', {
  id: serial('id').primaryKey(),
  /** The JSON field name of the bill. Not unique: several combinations may fill one field. */
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  isGuestCount: boolean('is_guest_count').notNull().default(false),
  /** Null unless hall access type 7 is among the field's access types. */
  useParentAccessType: boolean('use_parent_access_type'),
});

const fieldId = () =>
  integer('vip_field_id')
    .notNull()
    .references(() => vipFields.id, { onDelete: 'cascade' });
const refId = (column: string, target: () => AnyPgColumn) => integer(column).notNull().references(target);

/**
 * A link list of a VIP field: one row per chosen reference id, the pair unique; deleting the field deletes its rows,
 * a referenced reference row cannot be deleted. Example: `linkTable('vip_field_pay_types', 'payTypeId', 'vip_hall_pay_type_id', () => payTypes.id)`.
 */
function linkTable<K extends string>(table: string, key: K, column: string, target: () => AnyPgColumn) {
  const columns = { vipFieldId: fieldId(), [key]: refId(column, target) } as {
    vipFieldId: ReturnType<typeof fieldId>;
  } & Record<K, ReturnType<typeof refId>>;
  return pgTable(table, columns, (t) => [
    primaryKey({ columns: [t.vipFieldId, t[key]] }),
    index(`${table}_ref_idx`).on(t[key]),
  ]);
}

export const vipFieldServiceHalls = linkTable(
  'vip_field_service_halls',
  'serviceHallId',
  'service_halls_id',
  () => serviceHalls.id,
);
export const vipFieldPassengerCategories = linkTable(
  'vip_field_passenger_categories',
  'passengerCategoryId',
  'passenger_category_id',
  () => passengerCategories.id,
);
export const vipFieldTravelClasses = linkTable(
  'vip_field_travel_classes',
  'travelClassId',
  'travel_class_id',
  () => travelClasses.id,
);
export const vipFieldAirlines = linkTable(
  'vip_field_airlines',
  'airlineId',
  'aviacompany_id',
  () => airlines.id,
);
export const vipFieldFlightClasses = linkTable(
  'vip_field_flight_classes',
  'flightClassId',
  'flight_class_id',
  () => flightClasses.id,
);
export const vipFieldFlightTypes = linkTable(
  'vip_field_flight_types',
  'flightTypeId',
  'flight_type_id',
  () => flightTypes.id,
);
export const vipFieldHallAccessTypes = linkTable(
  'vip_field_hall_access_types',
  'hallAccessTypeId',
  'vip_hall_access_type_id',
  () => hallAccessTypes.id,
);
export const vipFieldLoyaltyCardTypes = linkTable(
  'vip_field_loyalty_card_types',
  'loyaltyCardTypeId',
  'loyalty_card_type_id',
  () => loyaltyCardTypes.id,
);
export const vipFieldCardBankTypes = linkTable(
  'vip_field_card_bank_types',
  'cardBankTypeId',
  'vip_hall_card_bank_type_id',
  () => cardBankTypes.id,
);
export const vipFieldPayTypes = linkTable(
  'vip_field_pay_types',
  'payTypeId',
  'vip_hall_pay_type_id',
  () => payTypes.id,
);

/** Directions of a VIP field: 1 departure, 2 arrival, as the flights table stores them (no directions table). */
export const vipFieldDirections = pgTable(
  'vip_field_directions',
  { vipFieldId: fieldId(), directionId: smallint('direction_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.vipFieldId, t.directionId] }),
    check('vip_field_directions_direction_ck', sql`${t.directionId} in (1, 2)`),
  ],
);
