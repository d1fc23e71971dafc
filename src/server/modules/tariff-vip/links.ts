/**
 * The eleven link lists of a VIP field on the server side: for each list key of the shared contract, its link table,
 * the column holding the chosen id and the reference table the id names (directions have none: 1 and 2 are fixed).
 */
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { VIP_DIRECTIONS, VIP_LINKS, type VipLinkKey } from '../../../shared/tariff-vip.ts';
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
  vipFieldAirlines,
  vipFieldCardBankTypes,
  vipFieldDirections,
  vipFieldFlightClasses,
  vipFieldFlightTypes,
  vipFieldHallAccessTypes,
  vipFieldLoyaltyCardTypes,
  vipFieldPassengerCategories,
  vipFieldPayTypes,
  vipFieldServiceHalls,
  vipFieldTravelClasses,
} from '../../db/schema/index.ts';

/** A reference table as a link list names it: its id and the name the answer nests. */
interface LinkTarget {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
}

export interface LinkDef {
  key: VipLinkKey;
  /** The entry's id field and nested object key in the wire format (`aviacompany_id`, `aviacompany`). */
  idKey: string;
  nested: string;
  label: string;
  table: PgTable;
  /** The link table's Drizzle key of the chosen id, for inserts. */
  refKey: string;
  fieldId: PgColumn;
  refId: PgColumn;
  /** Null for directions, whose names are fixed (`VIP_DIRECTIONS`). */
  target: LinkTarget | null;
}

const named = (table: PgTable & { id: PgColumn; name: PgColumn }): LinkTarget => ({
  table,
  id: table.id,
  name: table.name,
});

/** One list: the table and its id column, which must be the same table's (the key names it). */
function def<T extends PgTable & { vipFieldId: PgColumn }, K extends keyof T & string>(
  key: VipLinkKey,
  table: T,
  refKey: K,
  target: LinkTarget | null,
): LinkDef {
  const { idKey, nested, label } = VIP_LINKS[key];
  return {
    key,
    idKey,
    nested,
    label,
    table,
    refKey,
    fieldId: table.vipFieldId,
    refId: table[refKey] as PgColumn,
    target,
  };
}

export const LINK_DEFS: readonly LinkDef[] = [
  def('vipFieldServiceHalls', vipFieldServiceHalls, 'serviceHallId', named(serviceHalls)),
  def(
    'vipFieldPassengerCategory',
    vipFieldPassengerCategories,
    'passengerCategoryId',
    named(passengerCategories),
  ),
  def('vipFieldTravelClass', vipFieldTravelClasses, 'travelClassId', named(travelClasses)),
  def('vipFieldAviacompany', vipFieldAirlines, 'airlineId', {
    table: airlines,
    id: airlines.id,
    name: airlines.nameRu,
  }),
  def('vipFieldDirection', vipFieldDirections, 'directionId', null),
  def('vipFieldFlightClass', vipFieldFlightClasses, 'flightClassId', named(flightClasses)),
  def('vipFieldFlightType', vipFieldFlightTypes, 'flightTypeId', named(flightTypes)),
  def('vipFieldHallAccessType', vipFieldHallAccessTypes, 'hallAccessTypeId', named(hallAccessTypes)),
  def('vipFieldLoyaltyCardType', vipFieldLoyaltyCardTypes, 'loyaltyCardTypeId', named(loyaltyCardTypes)),
  def('vipFieldHallCardBankType', vipFieldCardBankTypes, 'cardBankTypeId', named(cardBankTypes)),
  def('vipFieldHallPayType', vipFieldPayTypes, 'payTypeId', named(payTypes)),
];

/** The Russian name of a direction. Example: `directionName(2)` → 'Прилёт'. */
export function directionName(id: number): string {
  return VIP_DIRECTIONS.find((direction) => direction.id === id)?.name ?? String(id);
}
