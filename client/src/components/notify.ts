import { notifications } from '@mantine/notifications';
import i18n from 'i18next';

/** Alerts close by themselves after 3 seconds (spec §9). */
export const ALERT_MS = 3000;

/** The close button of a toast, named in the reader's language (Mantine's has no name). */
function closeButtonProps() {
  return { 'aria-label': i18n.t('common.close') };
}

/** Shows a green alert; pass text already translated. */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({
    color: 'green',
    title,
    message,
    autoClose: ALERT_MS,
    closeButtonProps: closeButtonProps(),
  });
}

/** Shows a red alert; pass text already translated (errorText in client/src/errors.ts for failed calls). */
export function notifyError(message: string, title?: string): void {
  notifications.show({
    color: 'red',
    title,
    message,
    autoClose: ALERT_MS,
    closeButtonProps: closeButtonProps(),
  });
}
