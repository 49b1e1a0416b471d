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
