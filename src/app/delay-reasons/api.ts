/**
 * The delay reasons module's door to the server (spec 7), copied from `../auth/api.ts`: one function per call on
 * the ofetch clients, each answer checked by the shared schemas of `src/shared/delay-reasons.ts`, every failure an
 * `ApiError`. The machines of `src/machines/delayReasons*.ts` invoke these as named actors.
 */
import {
  type ConfigSave,
  type DelayLists,
  type DelayUpdate,
  delayListsSchema,
  type UnfinishedTasksConfig,
  unfinishedTasksConfigSchema,
} from '../../shared/delay-reasons.ts';
import { api } from '../api/clients.ts';
import { call } from '../api/request.ts';

const UNFINISHED = '/v2/config/time-show-unfinished-tasks';

/** Both classifiers (`GET /v2/delay-iata-rrp`). */
export function loadDelayReasons(): Promise<DelayLists> {
  return call(api, '/v2/delay-iata-rrp', delayListsSchema);
}

/** Saves the changed items in one transaction (422 with `fields` on an unknown id, 409 naming the stale ones). */
export function saveDelayReasons(body: DelayUpdate): Promise<DelayLists> {
  return call(api, '/v2/delay-iata-rrp/update', delayListsSchema, { method: 'PUT', body });
}

/** Minutes an unfinished task stays shown after its planned end. */
export function loadUnfinishedTasksTime(): Promise<UnfinishedTasksConfig> {
  return call(api, UNFINISHED, unfinishedTasksConfigSchema);
}

/** Stores those minutes with the version read (`PATCH /v2/config/{key}`, 422 on `value`, 409 when stale). */
export function saveUnfinishedTasksTime(body: ConfigSave): Promise<UnfinishedTasksConfig> {
  return call(api, UNFINISHED, unfinishedTasksConfigSchema, { method: 'PATCH', body });
}
