import { lt } from 'drizzle-orm';
import { idempotencyKey } from '../../drizzle/schema';
import { deleteExpiredSessions } from '../accounts/sessions';
import { sweepLoginThrottle } from '../accounts/throttle';
import type { Db } from './db';

// Rows that only matter for a while: expired sessions, old idempotency keys, sign-in attempts
// older than every throttle window and addresses not signed in from lately. Without a sweep
// these tables grow for as long as the office box runs.

/** A retried Place Order arrives within seconds or minutes; a week is far beyond any retry. */
export const IDEMPOTENCY_KEY_DAYS = 7;
/** How often the running server sweeps (it also sweeps once at start). */
export const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

export function sweepExpired(
  db: Db,
  now = new Date(),
): { sessions: number; keys: number; loginFailures: number; loginAddresses: number } {
  return db.transaction(() => {
    const sessions = deleteExpiredSessions(db, now.getTime());
    const before = new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 24 * 60 * 60 * 1000);
    const keys = db
      .delete(idempotencyKey)
      .where(lt(idempotencyKey.createdAt, before.toISOString()))
      .run().changes;
    const login = sweepLoginThrottle(db, now.getTime());
    return { sessions, keys, loginFailures: login.failures, loginAddresses: login.addresses };
  });
}
