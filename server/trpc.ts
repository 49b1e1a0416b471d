import { initTRPC, type ProcedureType } from '@trpc/server';
import { isStaff, type ValidSession } from './accounts/sessions';
import type { AuthUser, Context, CustomerRecord } from './context';
import { durable } from './platform/db';
import { AppError, publicError, toAppError } from './platform/errors';
import { type Scope, scopeAll, scopeOfCustomer, scopeOfDriver } from './platform/scope';

/** Who may call a procedure. `anonymous` is a visitor without a session. */
export const ROLES = ['anonymous', 'customer', 'driver', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Every procedure declares who may call it; the one `enforceRoles` middleware reads the same
 * declaration, so what is declared is what is enforced. A router-wide test walks every
 * procedure against the role matrix (tests/api/access-matrix.test.ts).
 */
export interface Meta {
  roles: readonly Role[];
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Never send stacks, whatever NODE_ENV says.
    isDev: false,
    errorFormatter({ shape, error }) {
      const { message, ...app } = publicError(toAppError(error));
      return {
        ...shape,
        message,
        // tRPC's own `code` stays (clients switch on it); `appCode` and `params` are ours.
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          appCode: app.code,
          params: app.params,
          issues: app.issues,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Anything a procedure throws that is not already a deliberate AppError (a constraint
 * violation, a bug) is mapped once, so no SQL text or 500 leaks for bad input. Unknown
 * failures are logged by the host's onError.
 */
function settle<R extends { ok: boolean }>(result: R): R {
  if (!result.ok) throw toAppError((result as unknown as { error: unknown }).error);
  return result;
}

export function roleOf(user: AuthUser | null): Role {
  if (!user) return 'anonymous';
  const a = user.account;
  if (a.kind === 'admin') return 'admin';
  if (a.kind === 'customer') return user.customer ? 'customer' : 'anonymous';
  return a.role === 'manager' ? 'manager' : 'driver';
}

/** The one role check: what `meta.roles` declares is what is enforced. */
function enforceRoles(ctx: Context, meta: Meta | undefined): void {
  const allowed = meta?.roles;
  // A procedure without a declaration is refused outright (and fails the matrix test).
  if (!allowed) throw new AppError('FORBIDDEN', 'auth.forbidden');
  const role = roleOf(ctx.user);
  if (allowed.includes(role)) return;
  if (role === 'anonymous') throw new AppError('UNAUTHORIZED', 'auth.signInFirst');
  throw new AppError('FORBIDDEN', 'auth.forbidden');
}

function signedIn(ctx: Context): { user: AuthUser; session: ValidSession } {
  if (!ctx.user || !ctx.session) throw new AppError('UNAUTHORIZED', 'auth.signInFirst');
  return { user: ctx.user, session: ctx.session };
}

/**
 * How every call ends. A mutation is answered only once what it committed is on disk (group
 * commit, server/platform/db.ts, docs/decisions/018): here, not in each procedure, so no door and no
 * procedure can forget it; the REST table calls the procedures through a caller, so it waits
 * too. Failed calls wait as well: a refusal may follow a write (an idempotency replay answers
 * from a row another call just committed). Queries do not wait. Then errors are mapped.
 */
async function finish<R extends { ok: boolean }>(
  ctx: Context,
  type: ProcedureType,
  result: R,
): Promise<R> {
  if (type === 'mutation') await durable(ctx.db);
  return settle(result);
}

// Each builder is ONE middleware (roles, the signed-in narrowing, the scope, durability, the
// error mapping): tRPC copies its options and the context at every middleware level, and that
// copying was a tenth of a small read's CPU with four levels (docs/decisions/020).

const ANYONE: readonly Role[] = ROLES;
export const SIGNED_IN: readonly Role[] = ['customer', 'driver', 'manager', 'admin'];
export const STAFF: readonly Role[] = ['manager', 'admin'];

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure
  .meta({ roles: ANYONE })
  .use(async ({ ctx, meta, type, next }) => {
    enforceRoles(ctx, meta);
    return finish(ctx, type, await next());
  });

/** Any signed-in account; `ctx.user` and `ctx.session` are set. */
export const authedProcedure = t.procedure
  .meta({ roles: SIGNED_IN })
  .use(async ({ ctx, meta, type, next }) => {
    enforceRoles(ctx, meta);
    // next() merges these keys into ctx: pass only what changes (spreading ctx is measurable).
    return finish(ctx, type, await next({ ctx: signedIn(ctx) }));
  });

/** A restaurant customer; `ctx.customer` is their record and `ctx.scope` their own things. */
export const customerProcedure = t.procedure
  .meta({ roles: ['customer'] })
  .use(async ({ ctx, meta, type, next }) => {
    enforceRoles(ctx, meta);
    const { user, session } = signedIn(ctx);
    const customer = user.customer as CustomerRecord;
    return finish(
      ctx,
      type,
      await next({ ctx: { user, session, customer, scope: scopeOfCustomer(customer.id) } }),
    );
  });

/** An employee with role driver; `ctx.scope` is their own jobs and invoices. */
export const driverProcedure = t.procedure
  .meta({ roles: ['driver'] })
  .use(async ({ ctx, meta, type, next }) => {
    enforceRoles(ctx, meta);
    const { user, session } = signedIn(ctx);
    return finish(
      ctx,
      type,
      await next({ ctx: { user, session, scope: scopeOfDriver(user.account.id) } }),
    );
  });

/** Admins and managers: the office, acting on anything. */
export const staffProcedure = t.procedure
  .meta({ roles: STAFF })
  .use(async ({ ctx, meta, type, next }) => {
    enforceRoles(ctx, meta);
    const { user, session } = signedIn(ctx);
    return finish(ctx, type, await next({ ctx: { user, session, scope: scopeAll } }));
  });

/**
 * Admins only: the state of the server itself (settings.backupStatus). The admin-only rule on
 * records (only an admin manages managers) depends on the record, so it lives in
 * server/accounts/employees.ts behind staffProcedure.
 */
export const adminProcedure = t.procedure
  .meta({ roles: ['admin'] })
  .use(async ({ ctx, meta, type, next }) => {
    enforceRoles(ctx, meta);
    const { user, session } = signedIn(ctx);
    return finish(ctx, type, await next({ ctx: { user, session, scope: scopeAll } }));
  });

/** A customer acting on their own things, or staff acting on anyone's. */
export const customerOrStaffProcedure = t.procedure
  .meta({ roles: ['customer', ...STAFF] })
  .use(async ({ ctx, meta, type, next }) => {
    enforceRoles(ctx, meta);
    const { user, session } = signedIn(ctx);
    const scope: Scope = isStaff(user.account)
      ? scopeAll
      : scopeOfCustomer((user.customer as CustomerRecord).id);
    return finish(ctx, type, await next({ ctx: { user, session, scope } }));
  });

/** A driver acting on what is assigned to them, or staff acting on anything. */
export const driverOrStaffProcedure = t.procedure
  .meta({ roles: ['driver', ...STAFF] })
  .use(async ({ ctx, meta, type, next }) => {
    enforceRoles(ctx, meta);
    const { user, session } = signedIn(ctx);
    const scope: Scope = isStaff(user.account) ? scopeAll : scopeOfDriver(user.account.id);
    return finish(ctx, type, await next({ ctx: { user, session, scope } }));
  });
