import { notifications } from '@mantine/notifications';

/** Alerts close by themselves after 3 seconds (spec §9). */
export const ALERT_MS = 3000;

/** Shows a green alert; pass text already translated. */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message, autoClose: ALERT_MS });
}

/** Shows a red alert; pass text already translated (errorText in client/src/errors.ts for failed calls). */
export function notifyError(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message, autoClose: ALERT_MS });
}
