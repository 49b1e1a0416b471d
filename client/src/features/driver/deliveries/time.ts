import { showDateTime } from '../../../dates';

/** An ISO instant as the phone's local "YYYY-MM-DD HH:MM" (2026/11/26 14:05 in Japanese). */
export function localDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return showDateTime(
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`,
  );
}

/** An ISO instant as the phone's local "HH:MM". */
export function localTime(iso: string | null | undefined): string {
  return localDateTime(iso).slice(11);
}
