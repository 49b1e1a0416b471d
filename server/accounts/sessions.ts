import { hash, timingSafeEqual } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { account, session } from '../../drizzle/schema';
import { StampedCache, tableStamp } from '../platform/cache';
import type { Db } from '../platform/db';
import { prepared } from '../platform/prepared';

// Sessions as the Lucia guide describes them (the `lucia` package itself is deprecated).
// Token: `<id>.<secret>`; the id finds the row, the secret is checked against its SHA-256.

const HOUR = 60 * 60 * 1000;
export const IDLE_EXPIRY_MS = 10 * 24 * HOUR;
export const STAFF_MAX_AGE_MS = 12 * HOUR;
const REFRESH_INTERVAL_MS = HOUR;

export type SessionAccount = typeof account.$inferSelect;
export interface ValidSession {
  id: string;
  accountId: string;
  createdAtMs: number;
  lastVerifiedAtMs: number;
  /** When the session will end if not used again (for the cookie's Max-Age). */
  expiresAtMs: number;
}

function randomSecret(bytes: number): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return encodeBase32LowerCaseNoPadding(buf);
}

/** SHA-256 of the secret (node's one-shot native hash: every signed-in request checks one). */
function hashSecret(secret: string): Buffer {
  return hash('sha256', secret, 'buffer');
}

export function isStaff(a: Pick<SessionAccount, 'kind' | 'role'>): boolean {
  return a.kind === 'admin' || (a.kind === 'employee' && a.role === 'manager');
}

function expiresAt(s: { createdAtMs: number; lastVerifiedAtMs: number }, staff: boolean): number {
  const idle = s.lastVerifiedAtMs + IDLE_EXPIRY_MS;
  return staff ? Math.min(idle, s.createdAtMs + STAFF_MAX_AGE_MS) : idle;
}

export function createSession(
  db: Db,
  accountId: string,
  now = Date.now(),
): { token: string; session: ValidSession; staff: boolean } {
  const id = randomSecret(15); // 120 bits: only needs to be unique
  const secret = randomSecret(32); // 256 bits
  db.insert(session)
    .values({
      id,
      accountId,
      secretHash: hashSecret(secret),
      createdAtMs: now,
      lastVerifiedAtMs: now,
    })
    .run();
  const acc = db.select().from(account).where(eq(account.id, accountId)).get();
  const staff = acc ? isStaff(acc) : false;
  const s = { id, accountId, createdAtMs: now, lastVerifiedAtMs: now };
  return { token: `${id}.${secret}`, session: { ...s, expiresAtMs: expiresAt(s, staff) }, staff };
}

/**
 * The version of who is signed in: sessions, accounts, and the customer records (with their
 * people) and routes a customer's session carries (server/context.ts). Orders, invoices and the rest leave it alone.
 */
export const identityStamp = (db: Db) =>
  tableStamp(db, 'identity', ['session', 'account', 'customer', 'customer_person', 'route']);

interface SessionRow {
  accountId: string;
  /** SHA-256 of the secret, base64 (a kept answer is frozen, and a Buffer cannot be). */
  secretHash: string;
  createdAtMs: number;
  lastVerifiedAtMs: number;
  account: SessionAccount;
}

const sessionRows = new WeakMap<Db, StampedCache<string, SessionRow | null>>();

/**
 * A session's row with its account, kept until any session, account or customer changes
 * (every request reads it: two statements and a read transaction each time otherwise). The
 * secret is still checked and the expiry still applied on every request.
 */
function sessionRow(db: Db, id: string): SessionRow | null {
  let cache = sessionRows.get(db);
  if (!cache) {
    cache = new StampedCache(db, SESSION_ROWS_KEPT, identityStamp);
    sessionRows.set(db, cache);
  }
  return cache.getOrMake(id, () => {
    const row = prepared(db, 'session.withAccount', () =>
      db
        .select({ s: session, a: account })
        .from(session)
        .innerJoin(account, eq(session.accountId, account.id))
        .where(eq(session.id, sql.placeholder('id')))
        .prepare(),
    ).get({ id });
    if (!row) return null;
    return {
      accountId: row.s.accountId,
      secretHash: Buffer.from(row.s.secretHash).toString('base64'),
      createdAtMs: row.s.createdAtMs,
      lastVerifiedAtMs: row.s.lastVerifiedAtMs,
      account: row.a,
    };
  });
}

/** Sessions whose rows are kept in memory at once (unknown ids count too: bounded). */
const SESSION_ROWS_KEPT = 2000;

/** Returns the session and its account, or null when the token is unknown, wrong or expired. */
export function validateSessionToken(
  db: Db,
  token: string,
  now = Date.now(),
): { session: ValidSession; account: SessionAccount; refreshed: boolean } | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  const [id, secret] = parts as [string, string];
  const row = sessionRow(db, id);
  if (!row) return null;
  const stored = Buffer.from(row.secretHash, 'base64');
  const given = hashSecret(secret);
  if (stored.length !== given.length || !timingSafeEqual(given, stored)) return null;
  const staff = isStaff(row.account);
  if (now >= expiresAt(row, staff)) {
    db.delete(session).where(eq(session.id, id)).run();
    return null;
  }
  let lastVerifiedAtMs = row.lastVerifiedAtMs;
  const refreshed = now - lastVerifiedAtMs >= REFRESH_INTERVAL_MS;
  if (refreshed) {
    lastVerifiedAtMs = now;
    db.update(session).set({ lastVerifiedAtMs }).where(eq(session.id, id)).run();
  }
  const s = { id, accountId: row.accountId, createdAtMs: row.createdAtMs, lastVerifiedAtMs };
  return { session: { ...s, expiresAtMs: expiresAt(s, staff) }, account: row.account, refreshed };
}

export function invalidateSession(db: Db, sessionId: string): void {
  db.delete(session).where(eq(session.id, sessionId)).run();
}

/** Password change and account deletion end every session of the account. */
export function invalidateAccountSessions(db: Db, accountId: string): void {
  db.delete(session).where(eq(session.accountId, accountId)).run();
}

/** A password change by the person: every other session of the account ends, this one stays. */
export function invalidateOtherSessions(db: Db, accountId: string, keepSessionId: string): number {
  return db
    .delete(session)
    .where(and(eq(session.accountId, accountId), ne(session.id, keepSessionId)))
    .run().changes;
}

/**
 * Deletes the sessions that can no longer be used, by the same rule as validateSessionToken.
 * Expired tokens are refused when presented anyway; this only keeps the table from growing
 * with sessions nobody comes back to (a closed browser, a lost phone). A few hundred rows,
 * read every few hours: simpler to apply expiresAt here than to restate it in SQL.
 */
export function deleteExpiredSessions(db: Db, now = Date.now()): number {
  const rows = db
    .select({ s: session, kind: account.kind, role: account.role })
    .from(session)
    .innerJoin(account, eq(session.accountId, account.id))
    .all();
  const expired = rows.filter((r) => now >= expiresAt(r.s, isStaff(r))).map((r) => r.s.id);
  if (expired.length === 0) return 0;
  return db.delete(session).where(inArray(session.id, expired)).run().changes;
}
