import { showInstant, showInstantDate } from '../../../../dates';

// The office's audit dates, in the business's time zone and the language's one format
// (client/src/dates.ts, ADR 040). `language` is the reader's, read again by the caller's render.

/** An ISO timestamp as the business's date and time in the reader's language. */
export function formatWhen(iso: string, _language?: string): string {
  return showInstant(iso) || iso;
}

/** An ISO timestamp as the business's date. */
export function formatDay(iso: string, _language?: string): string {
  return showInstantDate(iso) || iso;
}
