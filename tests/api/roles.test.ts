import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginThrottle } from '../../server/accounts/throttle';
import { createInnerContext, resolveUser } from '../../server/context';
import {
  adminProcedure,
  authedProcedure,
  createCallerFactory,
  customerOrStaffProcedure,
  customerProcedure,
  driverOrStaffProcedure,
  driverProcedure,
  publicProcedure,
  router,
  staffProcedure,
} from '../../server/trpc';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// Each builder, called by a real signed-in account of every kind (sessions made by the real
// login call and resolved as a request would be).
const ok = z.void();
const probe = router({
  public: publicProcedure.input(ok).query(() => 'ok'),
  authed: authedProcedure.input(ok).query(() => 'ok'),
  customer: customerProcedure.input(ok).query(({ ctx }) => ctx.customer.id),
  driver: driverProcedure.input(ok).query(() => 'ok'),
  staff: staffProcedure.input(ok).query(() => 'ok'),
  admin: adminProcedure.input(ok).query(() => 'ok'),
  customerOrStaff: customerOrStaffProcedure.input(ok).query(() => 'ok'),
  driverOrStaff: driverOrStaffProcedure
    .input(ok)
    .query(({ ctx }) => (ctx.scope.kind === 'driver' ? ctx.scope.driverId : 'all')),
});
const createCaller = createCallerFactory(probe);
type Name = Exclude<keyof typeof probe, '_def' | 'createCaller'>;

let t: TestApp;
const tokens: Record<string, string | null> = { anonymous: null };
let customerId = '';
let driverId = '';

beforeAll(async () => {
  t = await startTestApp();
  const c = new ApiClient(t.url);
  const admin = await makeAdmin(t.db);
  const manager = await makeEmployee(t.db, 'manager');
  const driver = await makeEmployee(t.db, 'driver');
  const cust = await makeCustomer(t.db);
  customerId = cust.id;
  driverId = driver.id;
  for (const [name, acc] of Object.entries({ admin, manager, driver, customer: cust })) {
    tokens[name] = (await c.login(acc.username, acc.password)).token;
  }
});
afterAll(() => t.close());

async function outcome(who: string, proc: Name): Promise<string> {
  const { user, session } = resolveUser(t.db, tokens[who] ?? null);
  const ctx = createInnerContext(
    { db: t.db, config: t.config, throttle: new LoginThrottle(t.db) },
    { user, session },
  );
  try {
    const caller = createCaller(ctx) as unknown as Record<Name, () => Promise<string>>;
    return await caller[proc]();
  } catch (err) {
    return err instanceof TRPCError ? err.code : 'ERROR';
  }
}

const expected: Record<Name, Record<string, string>> = {
  public: { anonymous: 'ok', customer: 'ok', driver: 'ok', manager: 'ok', admin: 'ok' },
  authed: { anonymous: 'UNAUTHORIZED', customer: 'ok', driver: 'ok', manager: 'ok', admin: 'ok' },
  customer: {
    anonymous: 'UNAUTHORIZED',
    customer: 'CUSTOMER',
    driver: 'FORBIDDEN',
    manager: 'FORBIDDEN',
    admin: 'FORBIDDEN',
  },
  driver: {
    anonymous: 'UNAUTHORIZED',
    customer: 'FORBIDDEN',
    driver: 'ok',
    manager: 'FORBIDDEN',
    admin: 'FORBIDDEN',
  },
  staff: {
    anonymous: 'UNAUTHORIZED',
    customer: 'FORBIDDEN',
    driver: 'FORBIDDEN',
    manager: 'ok',
    admin: 'ok',
  },
  admin: {
    anonymous: 'UNAUTHORIZED',
    customer: 'FORBIDDEN',
    driver: 'FORBIDDEN',
    manager: 'FORBIDDEN',
    admin: 'ok',
  },
  customerOrStaff: {
    anonymous: 'UNAUTHORIZED',
    customer: 'ok',
    driver: 'FORBIDDEN',
    manager: 'ok',
    admin: 'ok',
  },
  driverOrStaff: {
    anonymous: 'UNAUTHORIZED',
    customer: 'FORBIDDEN',
    driver: 'DRIVER',
    manager: 'all',
    admin: 'all',
  },
};

describe('procedure builders', () => {
  for (const [proc, byWho] of Object.entries(expected) as [Name, Record<string, string>][]) {
    for (const [who, want] of Object.entries(byWho)) {
      it(`${proc} for ${who}: ${want}`, async () => {
        const got = await outcome(who, proc);
        const resolved = want === 'CUSTOMER' ? customerId : want === 'DRIVER' ? driverId : want;
        expect(got).toBe(resolved);
      });
    }
  }
});

describe('over HTTP', () => {
  it('the staff-only pending count answers 401, 403 and 200 by role', async () => {
    const get = (token: string | null) =>
      new ApiClient(t.url, token ? { bearer: token } : {}).get<{
        count?: number;
        message?: string;
      }>('/api/orders/pendingcount');
    expect((await get(null)).status).toBe(401);
    const asDriver = await get(tokens.driver ?? null);
    expect(asDriver.status).toBe(403);
    expect(asDriver.body.message).toBe('You are not allowed to do this.');
    expect((await get(tokens.customer ?? null)).status).toBe(403);
    const asManager = await get(tokens.manager ?? null);
    expect(asManager.status).toBe(200);
    expect(asManager.body.count).toBe(0);
    expect((await get(tokens.admin ?? null)).status).toBe(200);
  });

  it('the same procedure answers over /trpc with the same rule', async () => {
    const r = await new ApiClient(t.url, { bearer: tokens.driver ?? '' }).get<{
      error: { message: string; data: { httpStatus: number } };
    }>('/trpc/orders.pendingWebCount');
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe('You are not allowed to do this.');
  });
});
