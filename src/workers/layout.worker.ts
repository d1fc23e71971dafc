import * as Comlink from 'comlink';
import { type LayoutInput, layout, transferables } from '../timeline/geometry/layout.ts';
import { runningIn } from './where.ts';

/** The worker's API: the pure layout, its typed arrays transferred back rather than copied. */
const api = {
  layout(input: LayoutInput) {
    const result = layout(input);
    return Comlink.transfer(result, transferables(result));
  },
  /** Where this code runs, so a page can prove that the worker, not the fallback, answers. */
  where: runningIn,
};

export type LayoutWorkerApi = typeof api;

Comlink.expose(api);
