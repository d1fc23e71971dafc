import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { moveActive, REQUIRED_MESSAGE, selectMachine } from './select.ts';

function openSelect(required: boolean, hasValue = false) {
  const actor = createActor(selectMachine, { input: { required, hasValue } }).start();
  actor.send({ type: 'SELECT.OPEN' });
  return actor;
}

describe('when a required select closes', () => {
  it('shows the required error when nothing is chosen', () => {
    const actor = openSelect(true);
    actor.send({ type: 'SELECT.CLOSE' });
    expect(actor.getSnapshot().context.error).toBe(REQUIRED_MESSAGE);
  });

  it('shows no error when a value is chosen', () => {
    const actor = openSelect(true, true);
    actor.send({ type: 'SELECT.CLOSE' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('shows no error for an optional select', () => {
    const actor = openSelect(false);
    actor.send({ type: 'SELECT.CLOSE' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('when an option is chosen', () => {
  it('clears the required error and closes a single select', () => {
    const actor = openSelect(true);
    actor.send({ type: 'SELECT.CLOSE' });
    actor.send({ type: 'SELECT.OPEN' });
    actor.send({ type: 'OPTION.CHOOSE', hasValue: true, keepOpen: false });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });

  it('keeps a multiselect open', () => {
    const actor = openSelect(true);
    actor.send({ type: 'OPTION.CHOOSE', hasValue: true, keepOpen: true });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });

  it('clears the error when the value is set from outside', () => {
    const actor = openSelect(true);
    actor.send({ type: 'SELECT.CLOSE' });
    actor.send({ type: 'VALUE.CHANGED', hasValue: true, required: true });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('when searching and moving with the keyboard', () => {
  it('stores the query and resets it on the next opening', () => {
    const actor = openSelect(false);
    actor.send({ type: 'SEARCH.CHANGE', query: 'аэро' });
    expect(actor.getSnapshot().context.query).toBe('аэро');
    actor.send({ type: 'SELECT.CLOSE' });
    actor.send({ type: 'SELECT.OPEN' });
    expect(actor.getSnapshot().context.query).toBe('');
  });

  it('moves the active option and wraps at the ends', () => {
    const actor = openSelect(false);
    actor.send({ type: 'ACTIVE.MOVE', delta: 1, count: 3 });
    expect(actor.getSnapshot().context.activeIndex).toBe(0);
    actor.send({ type: 'ACTIVE.MOVE', delta: -1, count: 3 });
    expect(actor.getSnapshot().context.activeIndex).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });
});
