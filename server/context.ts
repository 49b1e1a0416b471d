import { eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { customer, customerPerson, route } from '../drizzle/schema';
import {
  bearerToken,
  readSessionToken,
  type SessionCookies,
  sessionCookies,
} from './accounts/session-cookies';
import {
  identityStamp,
  type SessionAccount,
  type ValidSession,
  validateSessionToken,
} from './accounts/sessions';
import type { LoginThrottle } from './accounts/throttle';
import { StampedCache } from './platform/cache';
import type { Config } from './platform/config';
import type { Db } from './platform/db';
import { prepared } from './platform/prepared';

export type CustomerRecord = typeof customer.$inferSelect & { routeName: string | null };

export interface AuthUser {
  account: SessionAccount;
  /** Present when the account is a customer's login. */
  customer: CustomerRecord | null;
}

export interface Services {
  db: Db;
  config: Config;
  throttle: LoginThrottle;
  /** The server's log (absent for scripts and tests that build a context by hand). */
  log?: FastifyBaseLogger;
  /** The business's clock (tests move it); the real time when absent. */
  clock?: () => Date;
}

export interface Context extends Services {
  user: AuthUser | null;
  session: ValidSession | null;
  /** The caller's address (for login throttling). */
  ip: string;
  /** `Idempotency-Key` header, for calls that create things. */
  idempotencyKey: string | null;
  /** Sets or clears the session cookie; a no-op for callers without HTTP (scripts, tests). */
  cookies: SessionCookies;
}

const noCookies: SessionCookies = { set() {}, clear() {} };

const customersByAccount = new WeakMap<Db, StampedCache<string, CustomerRecord | null>>();

/**
 * The customer record of a customer's login, kept like its session (`identityStamp`): the
 * restaurant's own login (its owner) or one of its people (`customer_person`, ADR 036). Every
 * ownership check goes by this record's id, never by the account.
 */
export function loadCustomerForAccount(db: Db, accountId: string): CustomerRecord | null {
  let cache = customersByAccount.get(db);
  if (!cache) {
    cache = new StampedCache(db, 2000, identityStamp);
    customersByAccount.set(db, cache);
  }
  return cache.getOrMake(accountId, () => {
    const row = prepared(db, 'customer.byAccount', () =>
      db
        .select({ c: customer, routeName: route.name })
        .from(customer)
        .leftJoin(route, eq(customer.routeId, route.id))
        .where(
          or(
            eq(customer.accountId, sql.placeholder('accountId')),
            eq(
              customer.id,
              db
                .select({ id: customerPerson.customerId })
                .from(customerPerson)
                .where(eq(customerPerson.accountId, sql.placeholder('accountId'))),
            ),
          ),
        )
        .prepare(),
    ).get({ accountId });
    return row ? { ...row.c, routeName: row.routeName } : null;
  });
}

export function resolveUser(
  db: Db,
  token: string | null,
): Pick<Context, 'user' | 'session'> & { refreshed: boolean } {
  const none = { user: null, session: null, refreshed: false };
  if (!token) return none;
  const found = validateSessionToken(db, token);
  if (!found) return none;
  const cust =
    found.account.kind === 'customer' ? loadCustomerForAccount(db, found.account.id) : null;
  return {
    user: { account: found.account, customer: cust },
    session: found.session,
    refreshed: found.refreshed,
  };
}

/** For tests and scripts: a context with a given user and no HTTP around it. */
export function createInnerContext(
  services: Services,
  extra: Partial<Omit<Context, keyof Services>> = {},
): Context {
  // Written out rather than spread: built on every request.
  return {
    db: services.db,
    config: services.config,
    throttle: services.throttle,
    log: services.log,
    clock: services.clock,
    user: extra.user ?? null,
    session: extra.session ?? null,
    ip: extra.ip ?? '127.0.0.1',
    idempotencyKey: extra.idempotencyKey ?? null,
    cookies: extra.cookies ?? noCookies,
  };
}

// One context per request: the conditional-GET hook (server/doors/transport.ts) builds it before the
// procedure runs, and the tRPC adapter or the REST handler reuse it instead of looking the
// session up a second time.
const contexts = new WeakMap<FastifyRequest, Context>();

export function createContextFromRequest(
  services: Services,
  req: FastifyRequest,
  reply: FastifyReply,
): Context {
  let ctx = contexts.get(req);
  if (ctx === undefined) {
    ctx = buildContext(services, req, reply);
    contexts.set(req, ctx);
  }
  return ctx;
}

function buildContext(services: Services, req: FastifyRequest, reply: FastifyReply): Context {
  const cookies = sessionCookies(req, reply);
  const token = readSessionToken(req);
  const { user, session, refreshed } = resolveUser(services.db, token);
  // Renewal: when the session's expiry moved, the browser's cookie moves with it.
  if (session && refreshed && token && !bearerToken(req)) cookies.set(token, session.expiresAtMs);
  const key = req.headers['idempotency-key'];
  return createInnerContext(services, {
    user,
    session,
    ip: req.ip,
    // Validated by the idempotency middleware, so a malformed key is refused, not ignored.
    idempotencyKey: typeof key === 'string' ? key : null,
    cookies,
  });
}
