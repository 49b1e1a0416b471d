import { eq } from 'drizzle-orm';
import { account } from '../../drizzle/schema';
import type { Language } from '../../shared/enums';
import type { LoginInput, LoginOutput, UserInfo } from '../../shared/schemas/auth';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords';
import { createSession, invalidateSession } from '../auth/sessions';
import { type AuthUser, type Context, loadCustomerForAccount } from '../context';
import { type Db, write } from '../db';
import { AppError } from '../errors';

export const INVALID_LOGIN = 'Invalid username or password';

export function toUserInfo(user: AuthUser): UserInfo {
  const a = user.account;
  const c = user.customer;
  return {
    _id: a.id,
    isAdmin: a.kind === 'admin',
    role: a.kind === 'employee' && a.role ? a.role : a.kind === 'admin' ? 'admin' : 'customer',
    userType: a.kind === 'admin' ? 'Admin' : a.kind === 'employee' ? 'Employee' : 'Customer',
    username: a.username,
    name: c?.contactPerson || a.name || c?.restaurantName || a.username,
    restaurantName: c?.restaurantName ?? null,
    photo: a.photo ?? null,
    customerId: c?.id ?? null,
    deliveryDays: c?.deliveryDays ?? [],
  };
}

function throttled(ms: number): AppError {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new AppError('TOO_MANY_REQUESTS', 'auth.tooManyAttempts', { seconds });
}

export async function login(ctx: Context, input: LoginInput): Promise<LoginOutput> {
  const username = input.username.trim();
  const wait = ctx.throttle.retryAfterMs(username, ctx.ip);
  if (wait > 0) throw throttled(wait);

  // Usernames compare case-insensitively (a phone keyboard capitalises the first letter).
  const row = ctx.db
    .select()
    .from(account)
    .where(eq(account.username, username.toLowerCase()))
    .get();
  // Verify against a dummy hash for unknown users so both failures cost the same.
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!row || !ok) {
    ctx.throttle.fail(username, ctx.ip);
    throw new AppError('UNAUTHORIZED', 'auth.invalidLogin');
  }
  const customer = row.kind === 'customer' ? loadCustomerForAccount(ctx.db, row.id) : null;
  if (row.kind === 'customer' && !customer) {
    // A login whose customer record is gone cannot do anything: treat as unknown.
    ctx.throttle.fail(username, ctx.ip);
    throw new AppError('UNAUTHORIZED', 'auth.invalidLogin');
  }
  ctx.throttle.succeed(username);
  const { token, session } = createSession(ctx.db, row.id);
  ctx.cookies.set(token, session.expiresAtMs);
  return { ...toUserInfo({ account: row, customer }), token };
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
