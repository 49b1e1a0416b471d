import { lt } from 'drizzle-orm';
import { idempotencyKey } from '../../drizzle/schema';
import { deleteExpiredSessions } from '../accounts/sessions';
import { sweepLoginThrottle } from '../accounts/throttle';
import type { Db } from './db';
import { IDEMPOTENCY_KEY_DAYS } from './idempotency';

// Rows that only matter for a while: expired sessions, old idempotency keys, sign-in attempts
// older than every throttle window and addresses not signed in from lately. Without a sweep
// these tables grow for as long as the office box runs.

/**
 * The most idempotency keys kept, newest first: expiry bounds the table by time, this by size
 * (a flood of keyed calls within a week). Each key is a few hundred bytes (ADR 029).
 */
export const MAX_IDEMPOTENCY_KEYS = 200_000;
/** How often the running server sweeps (it also sweeps once at start). */
export const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

export function sweepExpired(
  db: Db,
  now = new Date(),
  maxKeys = MAX_IDEMPOTENCY_KEYS,
): { sessions: number; keys: number; loginFailures: number; loginAddresses: number } {
  return db.transaction(() => {
    const sessions = deleteExpiredSessions(db, now.getTime());
    const before = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 24 * 60 * 60 * 1000);
    const keys = db
      .delete(idempotencyKey)
      .where(lt(idempotencyKey.createdAt, before.toISOString()))
      .run().changes;
    const overflow = db.$client
      .prepare(
        `DELETE FROM idempotency_key WHERE rowid IN
           (SELECT rowid FROM idempotency_key ORDER BY created_at DESC LIMIT -1 OFFSET ?)`,
      )
      .run(maxKeys).changes;
    const login = sweepLoginThrottle(db, now.getTime());
    return {
      sessions,
      keys: keys + overflow,
      loginFailures: login.failures,
      loginAddresses: login.addresses,
    };
  });
}
