import type { ErrorCode, FieldIssues } from './errors';
import { AppError } from './errors';

// Two people edit one record at once (ADR 109). A form sends what it showed when opened (its
// "seen" values) with what it saves; a field left as shown takes the value stored now, so a save
// never undoes what someone else saved meanwhile, and a field both changed, to different
// values, is refused (409 naming each such field) and nothing is saved.

/** One field's value compared as stored: blank is null, a list in any order is the same list. */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    v === undefined || v === null || v === '' ? null : Array.isArray(v) ? [...v].sort() : v;
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/**
 * The columns to write: `mine` (the save) with every column the form left as `base` showed it
 * taken from `now` (the row in this transaction). Only columns whose field the form showed
 * (`shown`) are merged; a column both changed throws `code` (CONFLICT) with `name`, the count
 * and a `fieldCode` issue per field.
 */
export function mergeOntoNow(
  mine: Record<string, unknown>,
  base: Record<string, unknown>,
  now: Record<string, unknown>,
  opts: {
    shown: (column: string) => string | null;
    code: ErrorCode;
    fieldCode: ErrorCode;
    name: string;
  },
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...mine };
  const issues: FieldIssues = {};
  for (const column of Object.keys(mine)) {
    const field = opts.shown(column);
    // Not shown by the form that sent it (an older page): the value as sent.
    if (field === null) continue;
    if (sameValue(mine[column], base[column])) merged[column] = now[column];
    else if (!sameValue(now[column], base[column]) && !sameValue(now[column], mine[column])) {
      issues[field] = opts.fieldCode;
    }
  }
  const count = Object.keys(issues).length;
  if (count) throw new AppError('CONFLICT', opts.code, { name: opts.name, count }, { issues });
  return merged;
}
