import * as Comlink from 'comlink';
import { createBufferPool, transferables } from '../timeline/geometry/arena.ts';
import type { LayoutInput, LayoutResult } from '../timeline/geometry/layout.ts';
import { copyInput, inputBuffers } from './buffers.ts';
import type { LayoutWorkerApi } from './layout.worker.ts';
import { type LayoutPath, runningIn } from './where.ts';

export type { LayoutPath } from './where.ts';

export interface LayoutClient {
  /** The path this client takes: the module worker, or the main-thread fallback where there is no `Worker`. */
  readonly path: LayoutPath;
  /**
   * Lays out the bars off the main thread. The input is copied into buffers the worker handed back earlier (or,
   * with `transferInput`, its own buffers are handed over) and transferred, never structured-cloned.
   */
  layout(input: LayoutInput, options?: { transferInput?: boolean }): Promise<LayoutResult>;
  /**
   * Says that the caller will not read `result` again (a scene replaced by a newer one): its buffers go to the
   * worker with the next `layout` call, which writes into them instead of into fresh memory.
   */
  retire(result: LayoutResult): void;
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
      retire() {},
      async where() {
        return runningIn();
      },
      dispose() {},
    };
  }
  const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  const remote = Comlink.wrap<LayoutWorkerApi>(worker);
  // Copying into warm buffers and transferring them costs a memcpy; a structured clone of the same arrays
  // allocated and first touched fresh memory twice (serialised, then deserialised in the worker).
  const inputPool = createBufferPool();
  let retired = new Set<ArrayBuffer>();
  return {
    path: 'worker',
    async layout(input, options) {
      const sent = options?.transferInput ? input : copyInput(input, inputPool);
      const spare = [...retired].filter((buffer) => buffer.byteLength > 0);
      retired = new Set();
      const answer = await remote.layout(
        Comlink.transfer(sent, inputBuffers(sent)),
        Comlink.transfer(spare, spare),
      );
      inputPool.give(answer.used);
      return answer.result;
    },
    retire(result) {
      for (const buffer of transferables(result)) retired.add(buffer);
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
