import type { ReactNode } from 'react';

/**
 * The React content of the body's rich cells (render, icon and component columns), by row slot and column index:
 * the row painter sets it as rows scroll past, and each RichCell draws its own, so a scrolled frame re-renders those
 * cells alone, never the rows.
 */
export class RichCells {
  private readonly nodes = new Map<number, ReactNode>();
  private readonly listeners = new Map<number, Set<() => void>>();

  private static key(slot: number, column: number): number {
    return slot * 4096 + column;
  }

  get(slot: number, column: number): ReactNode {
    return this.nodes.get(RichCells.key(slot, column)) ?? null;
  }

  set(slot: number, column: number, node: ReactNode): void {
    const key = RichCells.key(slot, column);
    const old = this.nodes.get(key) ?? null;
    if (Object.is(old, node)) return;
    this.nodes.set(key, node);
    const listeners = this.listeners.get(key);
    if (listeners) for (const listener of listeners) listener();
  }

  listen(slot: number, column: number, listener: () => void): () => void {
    const key = RichCells.key(slot, column);
    let listeners = this.listeners.get(key);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(key, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }
}
