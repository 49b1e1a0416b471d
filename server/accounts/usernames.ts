import { and, ne, sql } from 'drizzle-orm';
import { account } from '../../drizzle/schema';
import type { Db } from '../platform/db';
import { AppError, type ErrorCode } from '../platform/errors';

// Logins of every kind share one username space (DESIGN §1): one check for customers' and
// employees' forms alike. Usernames compare case-insensitively, as people type them.

/** 409 naming the field when another account already uses `username`. */
export function assertUsernameFree(
  db: Db,
  username: string,
  code: ErrorCode,
  exceptAccountId: string | null = null,
): void {
  const lower = sql`lower(${account.username}) = lower(${username})`;
  const taken = db
    .select({ id: account.id })
    .from(account)
    .where(exceptAccountId ? and(lower, ne(account.id, exceptAccountId)) : lower)
    .get();
  if (taken) {
    throw new AppError('CONFLICT', code, { field: 'username' }, { issues: { username: code } });
  }
}

/** A 400 that names one field, as a form shows it. */
export function fieldError(
  field: string,
  code: ErrorCode,
  params?: Record<string, string | number>,
) {
  return new AppError('BAD_REQUEST', code, params, { issues: { [field]: code } });
}

/** A 409 that names one field. */
export function fieldConflict(
  field: string,
  code: ErrorCode,
  params: Record<string, string | number> = {},
) {
  return new AppError('CONFLICT', code, { field, ...params }, { issues: { [field]: code } });
}
