/**
 * The VIP calculations module's door to the server (spec 7.3), copied from `../auth/api.ts`: one function per call
 * on the ofetch clients, each answer checked by the shared schemas of `src/shared/tariff-vip.ts`, every failure an
 * `ApiError`. The machines of `src/machines/vipFieldModal*.ts` invoke these as named actors.
 */
import { z } from '../../shared/messages.ts';
import { aviacompanyItemSchema, namedItemSchema } from '../../shared/reference.ts';
import {
  type VipField,
  type VipFieldPayload,
  type VipFieldUpdatePayload,
  type VipLinkKey,
  vipFieldEvaluationSchema,
  vipFieldSchema,
} from '../../shared/tariff-vip.ts';
import { createLoadPage, type LoadPage } from '../../widgets/DataGrid/index.ts';
import { api } from '../api/clients.ts';
import { parseApiError } from '../api/errors.ts';
import { call, callNoContent } from '../api/request.ts';

const PATH = '/tariff/vip-field';

const listSchema = z.array(vipFieldSchema);
// Spec 7.1: one `filter[key]` per grid filter, the link columns' ids included (the server also takes `filter[key][]`).
const rawPage = createLoadPage<VipField>(api, PATH, {
  pickItems: (body) => listSchema.parse(body),
});

/** The grid's list call (`GET /tariff/vip-field`); rows checked by the shared schema, failures as ApiError. */
export const loadVipFieldPage: LoadPage<VipField> = async (params, signal) => {
  try {
    return await rawPage(params, signal);
  } catch (error) {
    throw parseApiError(error);
  }
};

/** One field with its nested link lists (spec 7.3). */
export function getVipField(id: number): Promise<VipField> {
  return call(api, `${PATH}/${id}`, vipFieldSchema);
}

/** Creates a field; the answer is the stored field (422 with `fields` keyed by the payload paths). */
export function createVipField(payload: VipFieldPayload): Promise<VipField> {
  return call(api, PATH, vipFieldSchema, { method: 'POST', body: payload });
}

/** Updates a field: the id travels in the body, not the path (spec 7.3). */
export function updateVipField(payload: VipFieldUpdatePayload): Promise<VipField> {
  return call(api, PATH, vipFieldSchema, { method: 'PATCH', body: payload });
}

/** Deletes a field (the answer's body, if any, is not read). */
export function deleteVipField(id: number): Promise<void> {
  return callNoContent(api, `${PATH}/${id}`, { method: 'DELETE' });
}

/** The field checked against a turnaround of the demo airport, with its steps (beyond the spec). */
export function evaluateVipField(id: number, flightAid: number) {
  return call(api, `${PATH}/${id}/evaluate`, vipFieldEvaluationSchema, { query: { flight_aid: flightAid } });
}

/** A choice of a reference list. */
type NamedItem = z.infer<typeof namedItemSchema>;

/** Link lists whose choices come from the server; directions are fixed in the interface (spec 7.3). */
type VipReferenceKey = Exclude<VipLinkKey, 'vipFieldDirection'>;
export type VipReferences = Record<VipReferenceKey, NamedItem[]>;

/** The reference call of each link list (spec 7.3). */
const REFERENCE_PATHS: Record<VipReferenceKey, string> = {
  vipFieldServiceHalls: '/v2/service-hall',
  vipFieldPassengerCategory: '/v2/passenger-category',
  vipFieldTravelClass: '/v2/travel-class',
  vipFieldAviacompany: '/v2/aviacompany',
  vipFieldFlightClass: '/v2/flight-class',
  vipFieldFlightType: '/v2/flight-type',
  vipFieldHallAccessType: '/v2/vip-hall-access-type',
  vipFieldLoyaltyCardType: '/v2/loyalty-card-type',
  vipFieldHallCardBankType: '/v2/vip-hall-card-bank-type',
  vipFieldHallPayType: '/v2/pay-type',
};

const namedListSchema = z.array(namedItemSchema);
/** Airlines carry codes beside the name; the form needs only id and name. */
const airlineListSchema = z
  .array(aviacompanyItemSchema)
  .transform((items) => items.map(({ id, name }) => ({ id, name })));

/** The ten reference lists of the VIP modal and grid filters, in Russian order, asked when the screen opens. */
export async function loadVipReferences(): Promise<VipReferences> {
  const keys = Object.keys(REFERENCE_PATHS) as VipReferenceKey[];
  const lists = await Promise.all(
    keys.map((key) =>
      call(api, REFERENCE_PATHS[key], key === 'vipFieldAviacompany' ? airlineListSchema : namedListSchema, {
        query: { sort: 'name' },
      }),
    ),
  );
  return Object.fromEntries(keys.map((key, index) => [key, lists[index]])) as VipReferences;
}
