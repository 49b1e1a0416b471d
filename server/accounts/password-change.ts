import { and, eq } from 'drizzle-orm';
import { account, customer } from '../../drizzle/schema';
import type { ChangePasswordInput, ResetPasswordInput } from '../../shared/schemas/auth';
import type { AuthUser, Context } from '../context';
import { type Actor, recordAudit } from '../platform/audit';
import { write } from '../platform/db';
import { AppError, notFound } from '../platform/errors';
import { judgePassword } from './auth';
import { hashPassword } from './passwords';
import { invalidateAccountSessions, invalidateOtherSessions } from './sessions';

// Passwords after the first (docs/decisions/024). A person changes their own with the current
// one, through the login's limits (a stolen session cannot guess it faster than a login
// could); their other sessions end, this one stays. The office sets a new password for a
// customer or an employee; every session of that login ends. Both leave an entry in the trail
// (the password itself never: recorded as changed). Resets are capped per office account
// (`resetsPerHour`).

export async function changeOwnPassword(
  ctx: Context & { user: AuthUser },
  input: ChangePasswordInput,
): Promise<{ message: string }> {
  const me = ctx.user.account;
  const row = ctx.db.select().from(account).where(eq(account.id, me.id)).get();
  if (!row) throw new AppError('UNAUTHORIZED', 'auth.signInFirst');
  const { ok, attempt } = await judgePassword(ctx, row.username, row, input.currentPassword);
  // Not 401: that would mean "signed out" to the client. The attempt stays a failure.
  if (!ok) {
    throw new AppError('BAD_REQUEST', 'auth.currentPasswordWrong', undefined, {
      issues: { currentPassword: 'auth.currentPasswordWrong' },
    });
  }
  attempt.succeeded(row.id);
  const hash = await hashPassword(input.newPassword);
  const sessionId = ctx.session?.id;
  write(ctx.db, () => {
    ctx.db
      .update(account)
      .set({ passwordHash: hash, updatedAt: new Date().toISOString() })
      .where(eq(account.id, row.id))
      .run();
    if (sessionId) invalidateOtherSessions(ctx.db, row.id, sessionId);
    else invalidateAccountSessions(ctx.db, row.id);
    recordAudit(
      ctx.db,
      { id: row.id, name: row.username },
      {
        entity: row.kind === 'customer' ? 'customer' : row.kind === 'admin' ? 'admin' : 'employee',
        entityId: row.kind === 'customer' ? (ctx.user.customer?.id ?? row.id) : row.id,
        action: 'update',
        before: { password: '' },
        after: { password: '*' },
      },
    );
  });
  return { message: 'Password changed' };
}

function throttleReset(ctx: Context & { user: AuthUser }): void {
  const r = ctx.throttle.cap(`reset:${ctx.user.account.id}`, ctx.throttle.limits.resetsPerHour);
  if (!r.ok) {
    throw new AppError('TOO_MANY_REQUESTS', 'auth.tooManyAttempts', {
      seconds: Math.max(1, Math.ceil(r.retryAfterMs / 1000)),
    });
  }
}

async function setPassword(
  ctx: Context & { user: AuthUser },
  actor: Actor,
  target: { accountId: string; entity: 'customer' | 'employee'; entityId: string },
  newPassword: string,
): Promise<{ message: string }> {
  throttleReset(ctx);
  const hash = await hashPassword(newPassword);
  write(ctx.db, () => {
    const changed = ctx.db
      .update(account)
      .set({ passwordHash: hash, updatedAt: new Date().toISOString() })
      .where(eq(account.id, target.accountId))
      .run().changes;
    if (changed === 0) {
      throw notFound(target.entity === 'customer' ? 'customer.notFound' : 'employee.notFound');
    }
    invalidateAccountSessions(ctx.db, target.accountId);
    recordAudit(ctx.db, actor, {
      entity: target.entity,
      entityId: target.entityId,
      action: 'update',
      before: { password: '' },
      after: { password: '*' },
    });
  });
  return { message: 'Password reset' };
}

/** The office sets a customer's password; the customer's sessions end. */
export async function resetCustomerPassword(
  ctx: Context & { user: AuthUser },
  actor: Actor,
  input: ResetPasswordInput,
): Promise<{ message: string }> {
  const c = ctx.db
    .select({ id: customer.id, accountId: customer.accountId })
    .from(customer)
    .where(eq(customer.id, input.id))
    .get();
  if (!c) throw notFound('customer.notFound');
  if (!c.accountId) throw new AppError('CONFLICT', 'customer.noLogin');
  return setPassword(
    ctx,
    actor,
    { accountId: c.accountId, entity: 'customer', entityId: c.id },
    input.newPassword,
  );
}

/** The office sets a driver's password (a manager's: admins only); their sessions end. */
export async function resetEmployeePassword(
  ctx: Context & { user: AuthUser },
  actor: Actor,
  input: ResetPasswordInput,
): Promise<{ message: string }> {
  const e = ctx.db
    .select({ id: account.id, role: account.role })
    .from(account)
    .where(and(eq(account.id, input.id), eq(account.kind, 'employee')))
    .get();
  if (!e) throw notFound('employee.notFound');
  if (e.role === 'manager' && ctx.user.account.kind !== 'admin') {
    throw new AppError('FORBIDDEN', 'employee.managerAdminOnly');
  }
  return setPassword(
    ctx,
    actor,
    { accountId: e.id, entity: 'employee', entityId: e.id },
    input.newPassword,
  );
}
