import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { emptyTeamForm, savedNotice, type TeamModalType, teamModalMachine } from './teamModal.ts';

type Saved = { modalType: TeamModalType | null; output: unknown };

/** The modal on a fake server whose every save answers `answer`; the `saved` calls are recorded. */
function start(answer: unknown) {
  const saved: Saved[] = [];
  const logic = teamModalMachine.provide({
    actors: { submit: fromPromise(async () => answer) },
    actions: { saved: (_, params) => void saved.push(params) },
  });
  return { actor: createActor(logic).start(), saved };
}

/** Replaces member 100 of team 9 by 101 and waits for the modal to close. */
async function replace(actor: ReturnType<typeof start>['actor']) {
  actor.send({
    type: 'MODAL.OPEN',
    modalType: 'replaceEmployee',
    form: { ...emptyTeamForm(), teamId: 9, oldEmployeeId: 100 },
  });
  actor.send({ type: 'FORM.PATCH', patch: { newEmployeeId: 101 } });
  actor.send({ type: 'FORM.SUBMIT' });
  await waitFor(actor, (s) => s.matches('closed'));
}

describe('when a member is replaced', () => {
  it('hands the server answer to the screen and tells how many tasks went over and how many are uncovered', async () => {
    const answer = { id: 9, name: 'Перронная 9', tasks_handed_over: 3, tasks_left_uncovered: 1 };
    const { actor, saved } = start(answer);
    await replace(actor);
    expect(saved).toEqual([{ modalType: 'replaceEmployee', output: answer }]);
    expect(savedNotice(saved[0].modalType, saved[0].output)).toEqual({
      text: 'Сотрудник заменён. Задачи переданы: 3. Остались без исполнителя: 1',
      type: 'Warning',
    });
  });

  it('names only the tasks handed over when none is left without anyone', async () => {
    const { actor, saved } = start({ id: 9, tasks_handed_over: 2, tasks_left_uncovered: 0 });
    await replace(actor);
    expect(savedNotice(saved[0].modalType, saved[0].output)).toEqual({
      text: 'Сотрудник заменён. Задачи переданы: 2',
      type: 'Success',
    });
  });

  it('says so when the leaver had no task to hand over', async () => {
    const { actor, saved } = start({ id: 9, tasks_handed_over: 0, tasks_left_uncovered: 0 });
    await replace(actor);
    expect(savedNotice(saved[0].modalType, saved[0].output).text).toBe(
      'Сотрудник заменён. Задачи переданы: 0',
    );
  });
});

describe('when a team is saved or employees are added', () => {
  it('announces the save without counts, whatever the answer holds', async () => {
    const { actor, saved } = start({ id: 9, tasks_handed_over: 5, tasks_left_uncovered: 5 });
    actor.send({
      type: 'MODAL.OPEN',
      modalType: 'addEmployee',
      form: { ...emptyTeamForm(), teamId: 9, employeeIds: [100] },
    });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(saved[0].modalType).toBe('addEmployee');
    expect(savedNotice(saved[0].modalType, saved[0].output)).toEqual({
      text: 'Бригада сохранена',
      type: 'Success',
    });
    expect(savedNotice('replaceEmployee', undefined).text).toBe('Бригада сохранена');
  });
});
