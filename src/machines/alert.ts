import { assertEvent, assign, setup } from 'xstate';

/** Alert kinds of spec 3.7. */
export type AlertType = 'Danger' | 'Warning' | 'Success' | 'Notification';

/** Longest alert text shown (spec 9). */
const ALERT_MAX_LENGTH = 200;
/** How long an alert stays up (spec 9). */
export const ALERT_HIDE_MS = 5000;

/** Cuts an alert text to 200 characters: `cutAlertMessage('x'.repeat(250)).length` is 200. */
export function cutAlertMessage(message: string): string {
  return Array.from(message).slice(0, ALERT_MAX_LENGTH).join('');
}

export interface AlertContext {
  message: string;
  type: AlertType;
}

export type AlertEvent =
  | { type: 'ALERT.SHOW'; message: string; alertType: AlertType }
  | { type: 'ALERT.HIDE' };

export const alertMachine = setup({
  types: { context: {} as AlertContext, events: {} as AlertEvent },
  delays: { hideDelay: ALERT_HIDE_MS },
  actions: {
    storeMessage: assign(({ event }) => {
      assertEvent(event, 'ALERT.SHOW');
      return { message: cutAlertMessage(event.message), type: event.alertType };
    }),
  },
}).createMachine({
  id: 'alert',
  context: { message: '', type: 'Notification' },
  initial: 'hidden',
  on: {
    'ALERT.SHOW': { target: '.shown', reenter: true, actions: 'storeMessage' },
  },
  states: {
    hidden: {},
    shown: {
      tags: ['shown'],
      after: { hideDelay: { target: 'hidden' } },
      on: { 'ALERT.HIDE': { target: 'hidden' } },
    },
  },
});
