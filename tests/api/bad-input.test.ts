import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../server/doors/rest/routes';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// "No 500 for bad input": every path of the REST table, fed malformed bodies, params and
// queries by a visitor, a customer and an admin, answers a 4xx with a JSON message.

let t: TestApp;
const clients: Record<string, ApiClient> = {};

beforeAll(async () => {
  t = await startTestApp();
  makeProduct(t.db);
  const c = await makeCustomer(t.db);
  const a = await makeAdmin(t.db);
  clients.visitor = new ApiClient(t.url);
  clients.customer = new ApiClient(t.url);
  clients.admin = new ApiClient(t.url);
  await clients.customer.login(c.username, c.password);
  await clients.admin.login(a.username, a.password);
});
afterAll(() => t.close());

const badBodies: unknown[] = [
  '[]',
  'null',
  '"text"',
  '123',
  { orderItems: 'many', deliveryDate: 20260101, productId: ['x'], username: {}, password: [] },
  { orderItems: [{ product: null, quantity: '1e400' }], deliveryDate: '9999-99-99' },
  { orderItems: [{ product: 'x'.repeat(5000), quantity: -1 }], customMessage: 'x'.repeat(3000) },
];
const badParams = ["'; DROP TABLE account; --", '%00', 'x'.repeat(300), '..%2F..%2Fetc%2Fpasswd'];
const badQueries = ['?pageNumber=-1', '?pageNumber=1e99', '?type=%27', '?pageNumber[]=1'];

function fill(path: string, value: string): string {
  return path.replace(/:[a-zA-Z]+/g, value);
}

describe('malformed input never yields a 500', () => {
  for (const route of restRoutes) {
    it(`${route.method} ${route.path}`, async () => {
      for (const [who, client] of Object.entries(clients)) {
        const paths = route.path.includes(':')
          ? badParams.map((p) => fill(route.path, p))
          : [route.path];
        for (const path of paths) {
          const attempts =
            route.method === 'GET' || route.method === 'DELETE'
              ? badQueries.map((q) => client.request(route.method, path + q))
              : badBodies.map((b) => client.request(route.method, path, b));
          for (const r of await Promise.all(attempts)) {
            const context = `${who} ${route.method} ${path}: ${r.status} ${JSON.stringify(r.body)}`;
            expect(r.status, context).toBeLessThan(500);
            if (r.status >= 400) {
              expect(typeof (r.body as { message?: unknown })?.message, context).toBe('string');
              expect(JSON.stringify(r.body), context).not.toMatch(/SQLITE|constraint|at \//i);
            }
          }
        }
      }
    });
  }
});
