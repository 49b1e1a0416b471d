import { formatDate, formatDateTime } from '../../shared/format';
import i18n from './i18n';

// Dates as the interface language writes them (shared/format.ts, ADR 025): 11/26/2026 in
// English and Nepali, 2026/11/26 in Japanese. Read at render time: every screen that shows a
// date also calls useTranslation, so it renders again when the language changes.

/** A YYYY-MM-DD date in the current language. */
export function showDate(iso: string): string {
  return formatDate(iso, i18n.language);
}

/** A local "YYYY-MM-DD HH:MM" in the current language. */
export function showDateTime(local: string): string {
  return formatDateTime(local, i18n.language);
}
