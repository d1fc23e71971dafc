/**
 * The baggage-register settings module's door to the server (spec 7, "Airline baggage register"), copied from
 * `../auth/api.ts`: the airline list with the settings expanded, create and update; answers checked by the shared
 * schemas of `src/shared/brs-config.ts`, every failure an `ApiError`. `src/machines/brsConfig.ts` invokes these as
 * named actors.
 */
import {
  type BrsAirline,
  type BrsCreateInput,
  type BrsRegister,
  type BrsUpdateInput,
  brsAirlineSchema,
  brsRegisterSchema,
} from '../../shared/brs-config.ts';
import { z } from '../../shared/messages.ts';
import { airlineSchema } from '../../shared/reference.ts';
import { createLoadPage, type LoadPageParams, type LoadPageResult } from '../../widgets/DataGrid/index.ts';
import { api } from '../api/clients.ts';
import { parseApiError } from '../api/errors.ts';
import { call } from '../api/request.ts';

const BASE = '/brs/api/v1/aviacompany-baggage-register';

/** The fields one search text is looked for in (spec 7: `filter[or][][field][like]`). */
const SEARCH_FIELDS = ['iata_code', 'icao_code', 'sirena_code', 'name_ru', 'name_en'] as const;

/** `searchParams('S7')` is { 'filter[or][][iata_code][like]': 'S7', …, 'filter[or][][name_en][like]': 'S7' }. */
function searchParams(key: string, value: string): Record<string, string> {
  if (key !== 'search') return { [`filter[${key}]`]: value };
  return Object.fromEntries(SEARCH_FIELDS.map((field) => [`filter[or][][${field}][like]`, value]));
}

const withSettings = createLoadPage<BrsAirline>(api, '/aviacompany', {
  filterParam: searchParams,
  extraQuery: { expand: 'aviacompanyBaggageRegister', 'filter[is_deleted]': 0 },
  pickItems: (body) => z.array(brsAirlineSchema).parse(body),
});

/** Without the read rule the server refuses the expand (403): the airlines alone, every settings slot null. */
const withoutSettings = createLoadPage<BrsAirline>(api, '/aviacompany', {
  filterParam: searchParams,
  extraQuery: { 'filter[is_deleted]': 0 },
  pickItems: (body) =>
    z
      .array(airlineSchema)
      .parse(body)
      .map((airline) => ({ ...airline, aviacompanyBaggageRegister: null })),
});

/**
 * A page of airlines searched by `filters.search` across codes and names, with their settings when `canRead`;
 * `signal` aborts it when a newer search starts.
 */
export async function loadBrsAirlines(
  params: LoadPageParams,
  canRead: boolean,
  signal: AbortSignal,
): Promise<LoadPageResult<BrsAirline>> {
  try {
    return await (canRead ? withSettings : withoutSettings)(params, signal);
  } catch (error) {
    throw parseApiError(error);
  }
}

/** Creates the settings of an airline that has none (409 when it has; 422 with `fields`). */
export function createBrsRegister(payload: BrsCreateInput): Promise<BrsRegister> {
  return call(api, `${BASE}/create`, brsRegisterSchema, { method: 'POST', body: payload });
}

/** Updates the settings row `id` (spec 7: `PATCH …/update?id=`). */
export function updateBrsRegister(id: number, payload: BrsUpdateInput): Promise<BrsRegister> {
  return call(api, `${BASE}/update`, brsRegisterSchema, { method: 'PATCH', body: payload, query: { id } });
}
