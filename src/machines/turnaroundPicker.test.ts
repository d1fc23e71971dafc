import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TurnaroundOption } from '../shared/turnaround.ts';
import { turnaroundPickerMachine } from './turnaroundPicker.ts';

const OPTIONS: Record<string, TurnaroundOption[]> = {
  '2026-03-10': [{ id: 7, name: 'SU 1234 → SU 1235 · 14:20–15:30' }],
  '2026-03-11': [{ id: 9, name: 'S7 100 · 08:00' }],
};

function start(load: (day: string) => Promise<TurnaroundOption[]>) {
  const machine = turnaroundPickerMachine.provide({
    actors: { loadDay: fromPromise<TurnaroundOption[], string>(({ input }) => load(input)) },
  });
  return createActor(machine, { input: { day: '2026-03-10' } }).start();
}

describe('when the picker opens', () => {
  it('loads the turnarounds of its day', async () => {
    const actor = start(async (day) => OPTIONS[day]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.options).toEqual(OPTIONS['2026-03-10']);
  });

  it('shows the server refusal when the load fails', async () => {
    const actor = start(() =>
      Promise.reject(Object.assign(new Error('400'), { status: 400, data: { message: 'Плохая дата' } })),
    );
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Плохая дата');
  });
});

describe('when the day changes', () => {
  it('drops the old list at once and lists the new day', async () => {
    const actor = start(async (day) => OPTIONS[day]);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'DAY.CHANGE', day: '2026-03-11' });
    expect(actor.getSnapshot().context.options).toEqual([]);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.options).toEqual(OPTIONS['2026-03-11']);
  });

  it('keeps only the answer of the last day asked while a load runs', async () => {
    const pending: Record<string, (options: TurnaroundOption[]) => void> = {};
    const actor = start((day) => new Promise((resolve) => (pending[day] = resolve)));
    actor.send({ type: 'DAY.CHANGE', day: '2026-03-11' });
    pending['2026-03-10'](OPTIONS['2026-03-10']);
    pending['2026-03-11'](OPTIONS['2026-03-11']);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ day: '2026-03-11', options: OPTIONS['2026-03-11'] });
  });
});
