import { showInstant, showInstantTime } from '../../../dates';

/** An ISO instant as the business's date and time (26 Nov 2026 14:05; 2026/11/26 14:05 in Japanese). */
export function localDateTime(iso: string | null | undefined): string {
  return showInstant(iso);
}

/** An ISO instant as the business's "HH:MM". */
export function localTime(iso: string | null | undefined): string {
  return showInstantTime(iso);
}
