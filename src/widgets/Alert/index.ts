export type { AlertType } from '../../machines/alert.ts';
export { AlertBanner } from './AlertBanner.tsx';
export { alertActor, hideAlert, showAlert, useAlert } from './alertStore.ts';
