import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/accounts/sessions';
import { appRouter } from '../../server/router';
import { deliveryCalendar } from '../../server/settings/settings';
import type { Role } from '../../server/trpc';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// Every procedure of appRouter, for every kind of caller, over HTTP: a procedure must declare
// who may call it (`meta.roles`), and answer by that declaration. Procedures added later are
// walked automatically. Each call gets a fresh real session of its account, so a call that
// ends a session (auth.logout) cannot change the outcome of the next.

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; meta?: { roles?: readonly Role[] } };
}
const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, ProcedureDef>,
);

/** The callers: a role each, and the account whose session they use (none for anonymous). */
const CALLERS = [
  'anonymous',
  'customer',
  'another customer',
  'driver',
  'manager',
  'admin',
] as const;
type Caller = (typeof CALLERS)[number];
const roleOf = (caller: Caller): Role => (caller === 'another customer' ? 'customer' : caller);

let t: TestApp;
const accounts: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  t = await startTestApp();
  accounts.customer = (await makeCustomer(t.db)).accountId;
  accounts['another customer'] = (await makeCustomer(t.db)).accountId;
  accounts.driver = (await makeEmployee(t.db, 'driver')).id;
  accounts.manager = (await makeEmployee(t.db, 'manager')).id;
  accounts.admin = (await makeAdmin(t.db)).id;
});
afterAll(() => t.close());

/** Calls a procedure with no input as `caller`; returns the HTTP status. */
async function statusOf(caller: Caller, path: string, type: string): Promise<number> {
  const accountId = accounts[caller];
  const bearer = accountId ? createSession(t.db, accountId).token : undefined;
  const c = new ApiClient(t.url, bearer ? { bearer } : {});
  const r = type === 'query' ? await c.get(`/trpc/${path}`) : await c.post(`/trpc/${path}`);
  return r.status;
}

describe('access matrix', () => {
  it('walks every procedure of the router', () => {
    const paths = procedures.map(([path]) => path);
    for (const known of ['auth.login', 'orders.place', 'orders.byId', 'orders.pendingWebCount'])
      expect(paths).toContain(known);
  });

  for (const [path, proc] of procedures) {
    describe(path, () => {
      it('declares who may call it', () => {
        expect(proc._def.meta?.roles, `${path} has no meta.roles`).toBeDefined();
        expect(proc._def.meta?.roles?.length ?? 0).toBeGreaterThan(0);
      });

      for (const caller of CALLERS) {
        it(`answers ${caller} by its rule`, async () => {
          const roles = proc._def.meta?.roles ?? [];
          const allowed = roles.includes(roleOf(caller));
          const status = await statusOf(caller, path, proc._def.type);
          if (allowed) {
            // Missing input may be refused (400) or name nothing (404); never 401/403 or 500.
            expect([401, 403], `${caller} on ${path}`).not.toContain(status);
            expect(status, `${caller} on ${path}`).toBeLessThan(500);
          } else {
            expect(status, `${caller} on ${path}`).toBe(caller === 'anonymous' ? 401 : 403);
          }
        });
      }
    });
  }
});

describe("another account's order", () => {
  const as = (caller: Caller) => {
    const accountId = accounts[caller];
    return new ApiClient(t.url, accountId ? { bearer: createSession(t.db, accountId).token } : {});
  };
  const input = (id: string) => encodeURIComponent(JSON.stringify({ id }));

  it('answers 404 to another customer, as for a missing one, on both doors; staff see it', async () => {
    const product = makeProduct(t.db);
    const placed = await as('customer').post<{ _id: string }>('/api/orders', {
      orderItems: [{ product: product.id, quantity: 1 }],
      deliveryDate: deliveryCalendar(t.db, t.config.timeZone).earliest,
    });
    expect(placed.status).toBe(201);
    const id = placed.body._id;

    for (const asked of [id, 'no-such-order']) {
      const rest = await as('another customer').get(`/api/orders/${asked}`);
      expect(rest.status).toBe(404);
      expect(rest.body).toEqual({ message: 'Order not found.', code: 'order.notFound' });
      const trpc = await as('another customer').get<{ error: { data: { appCode: string } } }>(
        `/trpc/orders.byId?input=${input(asked)}`,
      );
      expect(trpc.status).toBe(404);
      expect(trpc.body.error.data.appCode).toBe('order.notFound');
    }

    for (const caller of ['customer', 'manager', 'admin'] as const) {
      const rest = await as(caller).get<{ _id: string }>(`/api/orders/${id}`);
      expect(rest.status, caller).toBe(200);
      expect(rest.body._id).toBe(id);
      const trpc = await as(caller).get<{ result: { data: { _id: string } } }>(
        `/trpc/orders.byId?input=${input(id)}`,
      );
      expect(trpc.status, caller).toBe(200);
      expect(trpc.body.result.data._id).toBe(id);
    }
    expect((await as('driver').get(`/api/orders/${id}`)).status).toBe(403);
    expect((await as('anonymous').get(`/api/orders/${id}`)).status).toBe(401);
  });
});
