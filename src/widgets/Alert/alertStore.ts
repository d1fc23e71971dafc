import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { type AlertType, alertMachine } from '../../machines/alert.ts';

/** The one alert actor of the app: any code may raise an alert, the banner shows it. */
export const alertActor = createActor(alertMachine).start();

/** Shows the global alert; it hides itself after 5000 ms. */
export function showAlert(message: string, type: AlertType = 'Notification'): void {
  alertActor.send({ type: 'ALERT.SHOW', message, alertType: type });
}

/** Hides the global alert at once. */
export function hideAlert(): void {
  alertActor.send({ type: 'ALERT.HIDE' });
}

/** The alert as the banner draws it. */
export function useAlert(): { shown: boolean; message: string; type: AlertType } {
  const shown = useSelector(alertActor, (snapshot) => snapshot.hasTag('shown'));
  const message = useSelector(alertActor, (snapshot) => snapshot.context.message);
  const type = useSelector(alertActor, (snapshot) => snapshot.context.type);
  return { shown, message, type };
}
