import { eq } from 'drizzle-orm';
import { account } from '../../drizzle/schema';
import type { Language } from '../../shared/enums';
import { isoDateInZone } from '../../shared/format';
import type { BusinessInfo, LoginInput, LoginOutput, UserInfo } from '../../shared/schemas/auth';
import { type AuthUser, type Context, loadCustomerForAccount } from '../context';
import { type Db, write } from '../platform/db';
import { AppError } from '../platform/errors';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { createSession, invalidateSession } from './sessions';
import { type Attempt, GateRefused } from './throttle';

/** The business's time zone and today's date in it, as the session tells the client. */
export function businessInfoOf(timeZone: string, now: Date = new Date()): BusinessInfo {
  return { timeZone, today: isoDateInZone(now, timeZone) };
}

export function toUserInfo(user: AuthUser, business: BusinessInfo): UserInfo {
  const a = user.account;
  const c = user.customer;
  // A restaurant's other people (ADR 036) go by their own name; the owner keeps the contact's.
  const owner = c !== null && c.accountId === a.id;
  return {
    _id: a.id,
    isAdmin: a.kind === 'admin',
    role: a.kind === 'employee' && a.role ? a.role : a.kind === 'admin' ? 'admin' : 'customer',
    userType: a.kind === 'admin' ? 'Admin' : a.kind === 'employee' ? 'Employee' : 'Customer',
    username: a.username,
    name: owner
      ? c.contactPerson || a.name || c.restaurantName || a.username
      : a.name || a.username,
    restaurantName: c?.restaurantName ?? null,
    photo: a.photo ?? null,
    customerId: c?.id ?? null,
    restaurantOwner: owner,
    deliveryDays: c?.deliveryDays ?? [],
    language: a.language ?? null,
    business,
  };
}

function throttled(ms: number): AppError {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new AppError('TOO_MANY_REQUESTS', 'auth.tooManyAttempts', { seconds });
}

/**
 * Counts the attempt, waits for a place at the password checks and checks `password` against
 * the account's hash (a dummy one when there is no account): login and the password change go
 * through the same limits (docs/decisions/010, 024). Throws 429 when refused.
 */
export async function judgePassword(
  ctx: Context,
  username: string,
  row: { id: string; passwordHash: string } | undefined,
  password: string,
): Promise<{ ok: boolean; attempt: Attempt }> {
  // Counted before the password is checked, synchronously: concurrent tries see each other
  // (docs/decisions/010). Nothing below may run before this.
  const reservation = ctx.throttle.reserve(username, ctx.ip, row?.id ?? null);
  if (!reservation.ok) throw throttled(reservation.retryAfterMs);
  const { attempt } = reservation;
  const gate = ctx.throttle.gate;
  const slot = gate.enter(ctx.ip, reservation.known);
  // Verify against a dummy hash for unknown users so both failures cost the same.
  const ok =
    typeof slot === 'string'
      ? null
      : await slot
          .run(async () =>
            verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), password),
          )
          .catch((err: unknown) => {
            if (err instanceof GateRefused) return null;
            throw err;
          });
  if (ok === null) {
    // Not evaluated: the password checks are full. The attempt does not count, and the caller
    // may try again in a second (429, not 503: nothing is wrong with the server, and a flood's
    // refusals are reported as one line a minute, docs/decisions/024).
    attempt.cancel();
    const refusedLately = gate.refusalReport();
    if (refusedLately !== null) {
      ctx.log?.warn({ refused: refusedLately }, 'sign-ins refused while password checks were full');
    }
    // Said as what it is: nothing failed, several sign-ins from one place met at once (an
    // office's staff behind one address at opening time).
    throw new AppError('TOO_MANY_REQUESTS', 'auth.signInBusy', { seconds: 1 });
  }
  if (ok) gate.succeeded(ctx.ip);
  else gate.failed(ctx.ip);
  return { ok, attempt };
}

export async function login(ctx: Context, input: LoginInput): Promise<LoginOutput> {
  // Usernames compare case-insensitively (a phone keyboard capitalises the first letter).
  const username = input.username.trim().toLowerCase();
  const row = ctx.db.select().from(account).where(eq(account.username, username)).get();
  const { ok, attempt } = await judgePassword(ctx, username, row, input.password);
  // A wrong password leaves the attempt counted as a failure.
  if (!row || !ok) throw new AppError('UNAUTHORIZED', 'auth.invalidLogin');
  const customer = row.kind === 'customer' ? loadCustomerForAccount(ctx.db, row.id) : null;
  // A login whose customer record is gone cannot do anything: treat as unknown.
  if (row.kind === 'customer' && !customer) throw new AppError('UNAUTHORIZED', 'auth.invalidLogin');
  attempt.succeeded(row.id);
  const { token, session } = createSession(ctx.db, row.id);
  ctx.cookies.set(token, session.expiresAtMs);
  const business = businessInfoOf(ctx.config.timeZone);
  return { ...toUserInfo({ account: row, customer }, business), token };
}

export function logout(ctx: Context): { message: string } {
  if (ctx.session) invalidateSession(ctx.db, ctx.session.id);
  ctx.cookies.clear();
  return { message: 'Logged out' };
}

/** Saves the person's interface language on their account (DESIGN §6: it follows them). */
export function setLanguage(db: Db, user: AuthUser, language: Language): { language: Language } {
  write(db, () => {
    db.update(account)
      .set({ language, updatedAt: new Date().toISOString() })
      .where(eq(account.id, user.account.id))
      .run();
  });
  return { language };
}
