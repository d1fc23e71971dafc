import { describe, expect, it } from 'vitest';
import { createGate, turnTaker, WorkAbandonedError } from './gate.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('when heavy work arrives at a gate of one', () => {
  it('runs one job at a time, in arrival order', async () => {
    const gate = createGate(1);
    const order: string[] = [];
    const first = deferred();
    const a = gate.run(async () => {
      order.push('a start');
      await first.promise;
      order.push('a end');
    });
    const b = gate.run(async () => {
      order.push('b');
    });
    await Promise.resolve();
    expect(gate.load()).toEqual({ running: 1, waiting: 1 });
    first.resolve();
    await Promise.all([a, b]);
    expect(order).toEqual(['a start', 'a end', 'b']);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('never starts a job whose caller went away while it waited', async () => {
    const gate = createGate(1);
    const first = deferred();
    const a = gate.run(() => first.promise);
    const controller = new AbortController();
    let started = false;
    const b = gate.run(async () => {
      started = true;
    }, controller.signal);
    controller.abort();
    await expect(b).rejects.toBeInstanceOf(WorkAbandonedError);
    expect(gate.load().waiting).toBe(0);
    first.resolve();
    await a;
    expect(started).toBe(false);
  });

  it('refuses at once a job whose caller has already gone', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(createGate(2).run(async () => 1, controller.signal)).rejects.toBeInstanceOf(
      WorkAbandonedError,
    );
  });

  it('frees its place when a job fails', async () => {
    const gate = createGate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 7)).resolves.toBe(7);
  });
});

describe('turnTaker', () => {
  it('yields to the event loop only once its budget of the thread is spent', async () => {
    const order: string[] = [];
    const turn = turnTaker(5);
    setImmediate(() => order.push('waiting I/O'));
    await turn();
    order.push('within the budget');
    const until = performance.now() + 6;
    while (performance.now() < until);
    await turn();
    order.push('after the budget');
    expect(order).toEqual(['within the budget', 'waiting I/O', 'after the budget']);
  });
});
