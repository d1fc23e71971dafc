/** Which thread answered a layout: a dedicated worker, or the main thread where there is no `Worker`. */
export type LayoutPath = 'worker' | 'main-thread';

/** Where the calling code runs: 'worker' inside a WorkerGlobalScope, else 'main-thread'. */
export function runningIn(): LayoutPath {
  const scope = (globalThis as { WorkerGlobalScope?: abstract new () => unknown }).WorkerGlobalScope;
  return scope !== undefined && globalThis instanceof scope ? 'worker' : 'main-thread';
}
