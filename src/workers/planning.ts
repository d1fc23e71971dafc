import * as Comlink from 'comlink';
import type { PlanningWorkerApi } from './planning.worker.ts';
import type { DemandRequest, DemandResult, PlanningSet } from './planningData.ts';
import { type LayoutPath, runningIn } from './where.ts';

export type { DemandRequest, DemandResult, PlanningSet } from './planningData.ts';

export interface PlanningClient {
  /** The module worker, or the main-thread fallback where there is no `Worker`. */
  readonly path: LayoutPath;
  /** Parses the raw `/planning/flight` answer (the buffer is transferred, not copied) into bars and rows. */
  load(buffer: ArrayBuffer): Promise<PlanningSet>;
  /** Demand per slot of the last loaded answer; null before any load. */
  demand(request: DemandRequest): Promise<DemandResult | null>;
  where(): Promise<LayoutPath>;
  dispose(): void;
}

/** A planning client backed by a module worker, or by the same code on the main thread where there is no `Worker`. */
export function createPlanningClient(): PlanningClient {
  if (typeof Worker === 'undefined') {
    const core = import('./planningData.ts').then((data) => data.createPlanningCore());
    return {
      path: 'main-thread',
      async load(buffer) {
        return (await core).load(buffer).set;
      },
      async demand(request) {
        return (await core).demand(request).result;
      },
      async where() {
        return runningIn();
      },
      dispose() {},
    };
  }
  const worker = new Worker(new URL('./planning.worker.ts', import.meta.url), { type: 'module' });
  const remote = Comlink.wrap<PlanningWorkerApi>(worker);
  return {
    path: 'worker',
    load(buffer) {
      return remote.load(Comlink.transfer(buffer, [buffer]));
    },
    demand(request) {
      return remote.demand(request);
    },
    where() {
      return remote.where();
    },
    dispose() {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
