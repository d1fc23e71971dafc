import * as Comlink from 'comlink';
import type { LayoutInput, LayoutResult } from '../timeline/geometry/layout.ts';
import type { LayoutWorkerApi } from './layout.worker.ts';

export interface LayoutClient {
  /** Lays out the bars off the main thread; pass `transferInput` to hand over the input buffers instead of copying. */
  layout(input: LayoutInput, options?: { transferInput?: boolean }): Promise<LayoutResult>;
  /** Ends the worker. */
  dispose(): void;
}

/** A layout client backed by a module worker, or by the same code on the main thread where there is no `Worker`. */
export function createLayoutClient(): LayoutClient {
  if (typeof Worker === 'undefined') {
    return {
      async layout(input) {
        const geometry = await import('../timeline/geometry/layout.ts');
        return geometry.layout(input);
      },
      dispose() {},
    };
  }
  const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  const remote = Comlink.wrap<LayoutWorkerApi>(worker);
  return {
    layout(input, options) {
      if (!options?.transferInput) return remote.layout(input);
      const buffers = [input.starts, input.ends, input.rows, input.groups].flatMap((array) =>
        array ? [array.buffer as ArrayBuffer] : [],
      );
      return remote.layout(Comlink.transfer(input, [...new Set(buffers)]));
    },
    dispose() {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
