import * as Comlink from 'comlink';
import { createPlanningCore } from './planningData.ts';
import { runningIn } from './where.ts';

/** The planning worker: the pure planning core over Comlink, its typed arrays transferred back. */
const core = createPlanningCore();
const api = {
  load(buffer: ArrayBuffer) {
    const { set, transfer } = core.load(buffer);
    return Comlink.transfer(set, transfer);
  },
  demand: (request: Parameters<typeof core.demand>[0]) => {
    const { result, transfer } = core.demand(request);
    return Comlink.transfer(result, transfer);
  },
  where: runningIn,
};

export type PlanningWorkerApi = typeof api;

Comlink.expose(api);
