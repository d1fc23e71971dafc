import * as Comlink from 'comlink';
import type { LayoutInput, LayoutResult } from '../timeline/geometry/layout.ts';
import type { LayoutWorkerApi } from './layout.worker.ts';
import { type LayoutPath, runningIn } from './where.ts';

export type { LayoutPath } from './where.ts';

export interface LayoutClient {
  /** The path this client takes: the module worker, or the main-thread fallback where there is no `Worker`. */
  readonly path: LayoutPath;
  /** Lays out the bars off the main thread; pass `transferInput` to hand over the input buffers instead of copying. */
  layout(input: LayoutInput, options?: { transferInput?: boolean }): Promise<LayoutResult>;
  /** Asks the code that answers `layout` where it runs: 'worker' only from inside the worker itself. */
  where(): Promise<LayoutPath>;
  /** Ends the worker. */
  dispose(): void;
}

/** A layout client backed by a module worker, or by the same code on the main thread where there is no `Worker`. */
export function createLayoutClient(): LayoutClient {
  if (typeof Worker === 'undefined') {
    return {
      path: 'main-thread',
      async layout(input) {
        const geometry = await import('../timeline/geometry/layout.ts');
        return geometry.layout(input);
      },
      async where() {
        return runningIn();
      },
      dispose() {},
    };
  }
  const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  const remote = Comlink.wrap<LayoutWorkerApi>(worker);
  return {
    path: 'worker',
    layout(input, options) {
      if (!options?.transferInput) return remote.layout(input);
      const buffers = [input.starts, input.ends, input.rows, input.groups].flatMap((array) =>
        array ? [array.buffer as ArrayBuffer] : [],
      );
      return remote.layout(Comlink.transfer(input, [...new Set(buffers)]));
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

let shared: LayoutClient | null = null;

/**
 * One layout client per page, started on first use and kept (never disposed), so a timeline mounted after its data
 * arrived finds the worker already loaded. Example: `sharedLayoutClient().layout(input)`.
 */
export function sharedLayoutClient(): LayoutClient {
  if (!shared) shared = createLayoutClient();
  return shared;
}
