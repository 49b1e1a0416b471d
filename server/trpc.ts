import { initTRPC } from '@trpc/server';
import { isStaff } from './auth/sessions';
import type { AuthUser, Context, CustomerRecord } from './context';
import { durable } from './db';
import { AppError, publicError, toAppError } from './errors';
import { type Scope, scopeAll, scopeOfCustomer, scopeOfDriver } from './scope';

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
  /**
   * Conditional GET (server/transport.ts): a cheap tag that changes whenever this query's
   * answer may change, computed before the procedure runs. A GET whose procedures all declare
   * one carries an ETag, answers 304 to a matching If-None-Match, and may be answered from the
   * compressed bytes kept for that tag. Only for answers that are the same for everyone the
   * tag names (it must cover the caller, e.g. signed in or not): never for personal data.
   */
  cacheTag?: (ctx: Context) => string;
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
 * Every procedure passes through here: anything thrown that is not already a deliberate
 * AppError (a constraint violation, a bug) is mapped once, so no SQL text or 500 leaks for
 * bad input. Unknown failures are logged by the host's onError.
 */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toAppError(result.error);
  return result;
});

export function roleOf(user: AuthUser | null): Role {
  if (!user) return 'anonymous';
  const a = user.account;
  if (a.kind === 'admin') return 'admin';
  if (a.kind === 'customer') return user.customer ? 'customer' : 'anonymous';
  return a.role === 'manager' ? 'manager' : 'driver';
}

const enforceRoles = t.middleware(({ ctx, meta, next }) => {
  const allowed = meta?.roles;
  // A procedure without a declaration is refused outright (and fails the matrix test).
  if (!allowed) throw new AppError('FORBIDDEN', 'auth.forbidden');
  const role = roleOf(ctx.user);
  if (allowed.includes(role)) return next();
  if (role === 'anonymous') throw new AppError('UNAUTHORIZED', 'auth.signInFirst');
  throw new AppError('FORBIDDEN', 'auth.forbidden');
});

/**
 * A mutation is answered only once what it committed is on disk (group commit, server/db.ts,
 * docs/decisions/018): here, not in each procedure, so no door and no procedure can forget it;
 * a tRPC middleware, so it holds for any HTTP adapter and for the REST table (which calls the
 * procedures through a caller). Failed calls wait too: a refusal may follow a write (an
 * idempotency replay answers from a row another call just committed). Queries do not wait.
 */
const durableMutations = t.middleware(async ({ ctx, type, next }) => {
  const result = await next();
  if (type === 'mutation') await durable(ctx.db);
  return result;
});

const base = t.procedure.use(mapErrors).use(durableMutations);

const ANYONE: readonly Role[] = ROLES;
const SIGNED_IN: readonly Role[] = ['customer', 'driver', 'manager', 'admin'];
export const STAFF: readonly Role[] = ['manager', 'admin'];

/** Anyone, signed in or not. */
export const publicProcedure = base.meta({ roles: ANYONE }).use(enforceRoles);

/**
 * Anyone, for a query whose answer is the same for everyone `cacheTag` names: it gets
 * conditional GET and may be answered from kept compressed bytes (server/transport.ts).
 */
export function publicCachedProcedure(cacheTag: NonNullable<Meta['cacheTag']>) {
  return publicProcedure.meta({ roles: ANYONE, cacheTag });
}

/** Any signed-in account; `ctx.user` and `ctx.session` are set. */
export const authedProcedure = base
  .meta({ roles: SIGNED_IN })
  .use(enforceRoles)
  .use(({ ctx, next }) => {
    if (!ctx.user || !ctx.session) throw new AppError('UNAUTHORIZED', 'auth.signInFirst');
    // next() merges these keys into ctx: pass only what changes (spreading ctx is measurable).
    return next({ ctx: { user: ctx.user, session: ctx.session } });
  });

/** A restaurant customer; `ctx.customer` is their record and `ctx.scope` their own things. */
export const customerProcedure = authedProcedure
  .meta({ roles: ['customer'] })
  .use(({ ctx, next }) => {
    const customer = ctx.user.customer as CustomerRecord;
    return next({ ctx: { customer, scope: scopeOfCustomer(customer.id) } });
  });

/** An employee with role driver; `ctx.scope` is their own jobs and invoices. */
export const driverProcedure = authedProcedure
  .meta({ roles: ['driver'] })
  .use(({ ctx, next }) => next({ ctx: { scope: scopeOfDriver(ctx.user.account.id) } }));

/** Admins and managers: the office, acting on anything. */
export const staffProcedure = authedProcedure
  .meta({ roles: STAFF })
  .use(({ next }) => next({ ctx: { scope: scopeAll } }));

/** Admins only (e.g. managing managers). */
export const adminProcedure = authedProcedure
  .meta({ roles: ['admin'] })
  .use(({ next }) => next({ ctx: { scope: scopeAll } }));

/** A customer acting on their own things, or staff acting on anyone's. */
export const customerOrStaffProcedure = authedProcedure
  .meta({ roles: ['customer', ...STAFF] })
  .use(({ ctx, next }) => {
    const scope: Scope = isStaff(ctx.user.account)
      ? scopeAll
      : scopeOfCustomer((ctx.user.customer as CustomerRecord).id);
    return next({ ctx: { scope } });
  });

/** A driver acting on what is assigned to them, or staff acting on anything. */
export const driverOrStaffProcedure = authedProcedure
  .meta({ roles: ['driver', ...STAFF] })
  .use(({ ctx, next }) => {
    const scope: Scope = isStaff(ctx.user.account) ? scopeAll : scopeOfDriver(ctx.user.account.id);
    return next({ ctx: { scope } });
  });
