import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { PatternChoice, PatternScreenData } from '../app/postal-statements/api.ts';
import { MESSAGES } from '../shared/messages.ts';
import { PATTERN_MESSAGES, type Pattern, type PatternSave } from '../shared/postal-statements.ts';
import { positionsFor, postalStatementsMachine, saveBody } from './postalStatements.ts';

const STORED: Pattern = {
  id: 5,
  pattern_type_id: 1,
  version: '1543',
  departmentsIds: [{ id: 1, name: 'СНО' }],
  patternEmpPosExclusions: [{ id: 50, name: 'Грузчик', employee_position_id: 11 }],
  empPosPatternRelations: [{ id: 10, emp_pos_pattern_id: 5, employee_position_id: 10 }],
};
const SCREEN: PatternScreenData = {
  patterns: [STORED],
  types: [
    { id: 1, name: 'Общий шаблон' },
    { id: 2, name: 'Шаблон подразделения' },
  ],
  departments: [
    { id: 1, name: 'СНО' },
    { id: 2, name: 'ПДС' },
  ],
};
const POSITIONS: PatternChoice[] = [
  { id: 10, name: 'Техник', department_id: 1 },
  { id: 11, name: 'Грузчик', department_id: 1 },
  { id: 20, name: 'Диспетчер', department_id: 2 },
];

/** The machine on fakes: `save` decides the server's answer; position loads and saves are recorded. */
function start(save: (body: PatternSave) => Promise<Pattern[]> = async () => [STORED]) {
  const calls = { positions: [] as number[][], saves: [] as PatternSave[] };
  const logic = postalStatementsMachine.provide({
    actors: {
      loadScreen: fromPromise(async () => SCREEN),
      loadPositions: fromPromise(async ({ input }: { input: { departmentIds: number[] } }) => {
        calls.positions.push(input.departmentIds);
        return POSITIONS.filter((p) => input.departmentIds.includes(p.department_id ?? 0));
      }),
      savePatterns: fromPromise(async ({ input }: { input: PatternSave }) => {
        calls.saves.push(input);
        return save(input);
      }),
    },
  });
  const actor = createActor(logic).start();
  return { actor, calls };
}
type Actor = ReturnType<typeof start>['actor'];
const settled = (actor: Actor) =>
  waitFor(actor, (s) => s.matches({ ready: { positions: 'idle' } }) && !s.hasTag('saving'));

describe('when the screen opens', () => {
  it('shows the stored patterns and loads the positions of their departments', async () => {
    const { actor, calls } = start();
    await settled(actor);
    const context = actor.getSnapshot().context;
    expect(context.drafts).toEqual([
      {
        key: 'p5',
        id: 5,
        version: '1543',
        pattern_type_id: 1,
        department_ids: [1],
        excluded_position_ids: [11],
      },
    ]);
    expect(calls.positions).toEqual([[1]]);
    expect(positionsFor(context, context.drafts[0]).map((p) => p.id)).toEqual([10, 11]);
  });

  it('shows the server text when the load fails and loads again on retry', async () => {
    const logic = postalStatementsMachine.provide({
      actors: {
        loadScreen: fromPromise(
          (): Promise<PatternScreenData> => Promise.reject(new ApiError('Сервер недоступен', {}, 500)),
        ),
      },
    });
    const actor = createActor(logic).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('Сервер недоступен');
    actor.send({ type: 'LOAD.RETRY' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });
});

describe('when editing patterns', () => {
  it('adds a new pattern of type 2 and removes a pattern', async () => {
    const { actor } = start();
    await settled(actor);
    actor.send({ type: 'PATTERN.ADD' });
    const added = actor.getSnapshot().context.drafts[1];
    expect(added).toEqual({ key: 'new1', pattern_type_id: 2, department_ids: [], excluded_position_ids: [] });
    actor.send({ type: 'PATTERN.REMOVE', key: 'p5' });
    expect(actor.getSnapshot().context.drafts.map((d) => d.key)).toEqual(['new1']);
    expect(actor.getSnapshot().context.dirty).toBe(true);
  });

  it('reloads the positions for new departments and drops exclusions of a department no longer chosen', async () => {
    const { actor, calls } = start();
    await settled(actor);
    actor.send({ type: 'DEPARTMENTS.CHANGE', key: 'p5', ids: [1, 2] });
    await settled(actor);
    expect(calls.positions).toEqual([[1], [1, 2]]);
    actor.send({ type: 'EXCLUSIONS.CHANGE', key: 'p5', ids: [11, 20] });
    actor.send({ type: 'DEPARTMENTS.CHANGE', key: 'p5', ids: [2] });
    await settled(actor);
    const [draft] = actor.getSnapshot().context.drafts;
    expect(draft.excluded_position_ids).toEqual([20]);
    expect(calls.positions.at(-1)).toEqual([2]);
  });
});

describe('when saving', () => {
  it('raises the saving flag, then rests in saveSuccess with the stored set', async () => {
    let finish: (value: Pattern[]) => void = () => {};
    const { actor, calls } = start(() => new Promise((resolve) => (finish = resolve)));
    await settled(actor);
    actor.send({ type: 'TYPE.CHANGE', key: 'p5', typeId: 2 });
    actor.send({ type: 'CHANGES.SAVE' });
    expect(actor.getSnapshot().context.saving).toBe(true);
    expect(actor.getSnapshot().matches({ ready: { edit: 'saving' } })).toBe(true);
    expect(calls.saves).toEqual([
      {
        patterns: [
          { id: 5, version: '1543', pattern_type_id: 2, department_ids: [1], excluded_position_ids: [11] },
        ],
        removed: [],
      },
    ]);
    finish([{ ...STORED, pattern_type_id: 2, version: '1601' }]);
    await waitFor(actor, (s) => s.matches({ ready: { edit: 'saveSuccess' } }));
    const context = actor.getSnapshot().context;
    expect(context.saving).toBe(false);
    expect(context.dirty).toBe(false);
    expect(context.drafts[0].pattern_type_id).toBe(2);
    expect(context.drafts[0].version).toBe('1601');
    actor.send({ type: 'PATTERN.ADD' });
    expect(actor.getSnapshot().matches({ ready: { edit: 'idle' } })).toBe(true);
  });

  it('keeps the drafts and the field errors when the save is refused', async () => {
    const refusal = new ApiError(
      'Проверьте заполнение полей',
      { 'patterns.0.department_ids': ['Пусто'] },
      422,
    );
    const { actor } = start(() => Promise.reject(refusal));
    await settled(actor);
    actor.send({ type: 'PATTERN.ADD' });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.matches({ ready: { edit: 'idle' } }));
    const context = actor.getSnapshot().context;
    expect(context.saving).toBe(false);
    expect(context.fields).toEqual({ 'patterns.0.department_ids': ['Пусто'] });
    expect(context.drafts).toHaveLength(2);
  });

  it('sends new patterns without an id or a version, and the patterns read that no draft keeps as removed', () => {
    expect(
      saveBody(
        [{ key: 'new1', pattern_type_id: 2, department_ids: [3], excluded_position_ids: [] }],
        [{ id: 5, version: '1543' }],
      ),
    ).toEqual({
      patterns: [{ pattern_type_id: 2, department_ids: [3], excluded_position_ids: [] }],
      removed: [{ id: 5, version: '1543' }],
    });
  });

  it('sends the answer’s new versions with the next save', async () => {
    const { actor, calls } = start(async () => [{ ...STORED, version: '1601' }]);
    await settled(actor);
    actor.send({ type: 'TYPE.CHANGE', key: 'p5', typeId: 2 });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.matches({ ready: { edit: 'saveSuccess' } }));
    actor.send({ type: 'PATTERN.REMOVE', key: 'p5' });
    await settled(actor);
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, () => calls.saves.length === 2);
    expect(calls.saves[1]).toEqual({ patterns: [], removed: [{ id: 5, version: '1601' }] });
  });

  it('keeps the drafts, the message and the pattern named when another user changed it first (409)', async () => {
    const refusal = new ApiError(MESSAGES.staleEdit, { 'patterns.0.id': [PATTERN_MESSAGES.changed] }, 409);
    const { actor } = start(() => Promise.reject(refusal));
    await settled(actor);
    actor.send({ type: 'TYPE.CHANGE', key: 'p5', typeId: 2 });
    actor.send({ type: 'PATTERN.ADD' });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.matches({ ready: { edit: 'idle' } }) && s.context.message !== null);
    const { context } = actor.getSnapshot();
    expect(context).toMatchObject({
      message: MESSAGES.staleEdit,
      fields: { 'patterns.0.id': [PATTERN_MESSAGES.changed] },
      dirty: true,
      read: [{ id: 5, version: '1543' }],
    });
    expect(context.drafts).toHaveLength(2);
    expect(context.drafts[0]).toMatchObject({ id: 5, version: '1543', pattern_type_id: 2 });
  });
});
