import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ALERT_HIDE_MS, alertMachine, cutAlertMessage } from './alert.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('when an alert is shown', () => {
  it('shows the message and its type', () => {
    const actor = createActor(alertMachine).start();
    actor.send({ type: 'ALERT.SHOW', message: 'Сохранено', alertType: 'Success' });
    expect(actor.getSnapshot().hasTag('shown')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ message: 'Сохранено', type: 'Success' });
  });

  it('cuts the message to 200 characters', () => {
    const actor = createActor(alertMachine).start();
    actor.send({ type: 'ALERT.SHOW', message: 'я'.repeat(250), alertType: 'Danger' });
    expect(actor.getSnapshot().context.message).toHaveLength(200);
    expect(cutAlertMessage('short')).toBe('short');
  });

  it('hides itself after 5000 ms', () => {
    const actor = createActor(alertMachine).start();
    actor.send({ type: 'ALERT.SHOW', message: 'Ошибка', alertType: 'Danger' });
    vi.advanceTimersByTime(ALERT_HIDE_MS - 1);
    expect(actor.getSnapshot().hasTag('shown')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().hasTag('shown')).toBe(false);
  });

  it('restarts the timer when another alert arrives', () => {
    const actor = createActor(alertMachine).start();
    actor.send({ type: 'ALERT.SHOW', message: 'Первое', alertType: 'Warning' });
    vi.advanceTimersByTime(4000);
    actor.send({ type: 'ALERT.SHOW', message: 'Второе', alertType: 'Notification' });
    vi.advanceTimersByTime(4000);
    expect(actor.getSnapshot().context.message).toBe('Второе');
    expect(actor.getSnapshot().hasTag('shown')).toBe(true);
  });

  it('hides at once when closed', () => {
    const actor = createActor(alertMachine).start();
    actor.send({ type: 'ALERT.SHOW', message: 'Ошибка', alertType: 'Danger' });
    actor.send({ type: 'ALERT.HIDE' });
    expect(actor.getSnapshot().hasTag('shown')).toBe(false);
  });
});
