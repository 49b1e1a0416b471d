import { z } from 'zod';

// Answers several areas share. The procedures validate their outputs with these objects and the
// REST table (server/doors/rest/routes.ts) documents the same ones.

/** A change that answers with a sentence, e.g. `{message: 'Customer deleted'}`. */
export const messageOut = z.object({ message: z.string() });

/** A deletion that answers with the id of what it removed. */
export const deletedOut = z.object({ _id: z.string() });

/**
 * Amounts and counts as the API takes them (docs/decisions/024): a JSON number, or text of
 * plain decimal digits (a CSV cell), with an optional leading minus so that a negative is
 * refused for what it is. `"0x10"`, `"1e3"`, `" 5"`, `"+5"`, `"12.5"` stay text and are
 * refused; a blank is missing (`undefined`), never 0.
 */
export function plainNumber(v: unknown): unknown {
  if (v === '' || v === null) return undefined;
  if (typeof v === 'string') return /^-?\d{1,15}$/.test(v) ? Number(v) : v;
  return v;
}

/**
 * A number field that says `required` when missing and `invalid` for anything that is not a
 * number (text such as "1e3"); chain `.int()`, `.min()`, `.max()` with their own messages.
 */
export const numberField = (required: string, invalid: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? required : invalid) });

/**
 * The dates every date field takes: the range of the client's date inputs
 * (client/src/dates.ts DATE_INPUT_RANGE is this), so a typed year 20266 or 9999 never reaches
 * a rule that adds days or months to it.
 */
export const DATE_RANGE = { min: '1900-01-01', max: '2099-12-31' } as const;

/** A YYYY-MM-DD that is a day of the calendar: not 2026-02-30 (Date.parse makes it 2 March). */
export function isRealDay(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const at = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === d;
}

/**
 * A day of the calendar inside DATE_RANGE. Every date field of the shared schemas refines with
 * this (an order's delivery day says "too far" of a year after 2099: shared/schemas/orders.ts).
 */
export function isCalendarDate(d: string): boolean {
  return d >= DATE_RANGE.min && d <= DATE_RANGE.max && isRealDay(d);
}
