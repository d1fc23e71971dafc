import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { ScheduleFile } from '../app/shift-schedules/api.ts';
import type { PlanningCalc } from '../shared/shift-schedules.ts';
import { shiftScheduleMachine } from './shiftSchedule.ts';

const position = (id: number, name: string) => ({
  employee_position_id: id,
  name,
  status: 'optimal' as const,
  gap: 0,
  distinct_gap: null,
  solve_ms: 10,
  demand: [1],
  cover: [1],
  staff_hours: 8,
  shifts: [],
});

const CALC: PlanningCalc = {
  id: 7,
  name: 'Март',
  begin: '2026-03-02',
  end: '2026-03-08',
  created_at: '2026-03-01 13:00:00',
  params: {
    begin: '2026-03-02 00:00:00',
    end: '2026-03-08 23:59:00',
    employee_position_ids: [3, 4],
    flight_schedule: [],
    flight_status: [],
    flight_type: [],
    working_shift: [],
  },
  result: {
    slot_minutes: 15,
    week_start: '2026-03-02',
    solve_ms: 20,
    positions: [position(3, 'Грузчик'), position(4, 'Водитель')],
  },
};

function start(load: () => Promise<PlanningCalc>, exportFile?: () => Promise<ScheduleFile>) {
  const saved: ScheduleFile[] = [];
  const loads: number[] = [];
  const logic = shiftScheduleMachine.provide({
    actors: {
      loadSchedule: fromPromise(async ({ input }: { input: number }) => {
        loads.push(input);
        return load();
      }),
      exportSchedule: fromPromise(
        exportFile ?? (async () => ({ blob: new Blob(['x']), name: 'График.xlsx' })),
      ),
    },
    actions: { saveFile: (_, file: ScheduleFile) => void saved.push(file) },
  });
  const actor = createActor(logic, { input: { id: 7 } }).start();
  return { actor, saved, loads };
}

describe('when the page opens', () => {
  it('reads the calculation of the address and shows its first position', async () => {
    const { actor, loads } = start(async () => CALC);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loads).toEqual([7]);
    expect(actor.getSnapshot().context.positionId).toBe(3);
  });

  it('shows the server text when the read fails and reads again on retry', async () => {
    let fail = true;
    const { actor, loads } = start(async () => {
      if (fail) throw new ApiError('Расчёт не найден', {}, 404);
      return CALC;
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ message: 'Расчёт не найден', gone: true });
    fail = false;
    actor.send({ type: 'LOAD.RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loads).toHaveLength(2);
  });

  it('takes a failure other than 404 as worth a retry', async () => {
    const { actor } = start(async () => {
      throw new ApiError('Сервер занят', {}, 503);
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ message: 'Сервер занят', gone: false });
  });
});

describe('when the schedule is shown', () => {
  it('switches to another position of the calculation and ignores an unknown one', async () => {
    const { actor } = start(async () => CALC);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'POSITION.SELECT', positionId: 4 });
    expect(actor.getSnapshot().context.positionId).toBe(4);
    actor.send({ type: 'POSITION.SELECT', positionId: 99 });
    expect(actor.getSnapshot().context.positionId).toBe(4);
  });

  it('hands the exported spreadsheet to the browser', async () => {
    const { actor, saved } = start(async () => CALC);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'EXPORT.START' });
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true);
    await waitFor(actor, (s) => !s.hasTag('exporting'));
    expect(saved.map((f) => f.name)).toEqual(['График.xlsx']);
  });

  it('keeps the page and says why when the export fails', async () => {
    const { actor, saved } = start(
      async () => CALC,
      () => Promise.reject(new ApiError('Внутренняя ошибка сервера', {}, 500)),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'EXPORT.START' });
    await waitFor(actor, (s) => s.context.exportMessage !== null);
    expect(actor.getSnapshot().context.exportMessage).toBe('Внутренняя ошибка сервера');
    expect(actor.getSnapshot().context.calc).not.toBeNull();
    expect(saved).toEqual([]);
  });
});
