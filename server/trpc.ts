import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { isStaff } from './auth/sessions';
import type { AuthUser, Context, CustomerRecord } from './context';
import { publicMessage, toTRPCError, zodIssues } from './errors';

const t = initTRPC.context<Context>().create({
  // Never send stacks, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const mapped = toTRPCError(error);
    return {
      ...shape,
      message: publicMessage(mapped),
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        issues: error.cause instanceof ZodError ? zodIssues(error.cause) : undefined,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Every procedure passes through here: anything thrown that is not already a deliberate
 * TRPCError (a constraint violation, a bug) is mapped once, so no SQL text or 500 leaks for
 * bad input. Unknown failures are logged by the host's onError.
 */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toTRPCError(result.error);
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in.' });
  }
  // next() merges these keys into ctx: pass only what changes (spreading ctx is measurable).
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});

const forbidden = () =>
  new TRPCError({ code: 'FORBIDDEN', message: 'You are not allowed to do this.' });

/**
 * The customer rule, in one place: signed in (else 401) as a restaurant customer (else 403).
 * Used by customerProcedure and by the plain cached routes in server/rest/.
 */
export function requireCustomer(user: AuthUser | null): CustomerRecord {
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in.' });
  if (user.account.kind !== 'customer' || !user.customer) throw forbidden();
  return user.customer;
}

/** A signed-in restaurant customer; `ctx.customer` is their record. */
export const customerProcedure = authedProcedure.use(({ ctx, next }) =>
  next({ ctx: { customer: requireCustomer(ctx.user) } }),
);

/** An employee with role driver. */
export const driverProcedure = authedProcedure.use(({ ctx, next }) => {
  const a = ctx.user.account;
  if (a.kind !== 'employee' || a.role !== 'driver') throw forbidden();
  return next();
});

/** Admins and managers: the office. */
export const staffProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!isStaff(ctx.user.account)) throw forbidden();
  return next();
});

/** Admins only (e.g. managing managers). */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.account.kind !== 'admin') throw forbidden();
  return next();
});

/** A customer acting on their own things, or staff acting on anyone's. */
export const customerOrStaffProcedure = authedProcedure.use(({ ctx, next }) => {
  const a = ctx.user.account;
  if (isStaff(a)) return next({ ctx: { customer: null as CustomerRecord | null } });
  if (a.kind === 'customer' && ctx.user.customer) {
    return next({ ctx: { customer: ctx.user.customer as CustomerRecord | null } });
  }
  throw forbidden();
});

/** A driver acting on what is assigned to them, or staff acting on anything. */
export const driverOrStaffProcedure = authedProcedure.use(({ ctx, next }) => {
  const a = ctx.user.account;
  if (isStaff(a)) return next({ ctx: { driverId: null as string | null } });
  if (a.kind === 'employee' && a.role === 'driver') {
    return next({ ctx: { driverId: a.id as string | null } });
  }
  throw forbidden();
});
