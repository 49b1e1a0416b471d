import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

let t: TestApp;
let ana: ApiClient;
let bob: ApiClient;
const p: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  p.rice = makeProduct(t.db, { name: 'Rice', productRank: 1 }).id;
  p.ghee = makeProduct(t.db, { name: 'Ghee', productRank: 7, itemType: 'Special' }).id;
  p.dal = makeProduct(t.db, { name: 'Dal', productRank: 2, itemType: 'Restocked' }).id;
  const a = await makeCustomer(t.db);
  const b = await makeCustomer(t.db);
  ana = new ApiClient(t.url);
  bob = new ApiClient(t.url);
  await ana.login(a.username, a.password);
  await bob.login(b.username, b.password);
});
afterAll(() => t.close());

const names = (l: { name: string }[]) => l.map((x) => x.name);

describe('wishlist', () => {
  it('adds, lists in catalogue order, and removes per customer', async () => {
    for (const id of [p.rice, p.ghee, p.dal]) {
      expect((await ana.post('/api/wishlist', { productId: id })).status).toBe(201);
    }
    // Adding twice keeps one entry.
    await ana.post('/api/wishlist', { productId: p.rice });
    const list = await ana.get<{ name: string }[]>('/api/wishlist');
    expect(names(list.body)).toEqual(['Ghee', 'Dal', 'Rice']);
    // Bob's list is his own.
    expect((await bob.get<unknown[]>('/api/wishlist')).body).toEqual([]);
    // Bob cannot remove Ana's entry: it is not in his list.
    expect((await bob.delete(`/api/wishlist/${p.ghee}`)).status).toBe(404);
    const removed = await ana.delete<{ name: string }[]>(`/api/wishlist/${p.ghee}`);
    expect(removed.status).toBe(200);
    expect(names(removed.body)).toEqual(['Dal', 'Rice']);
  });

  it('refuses unknown products, visitors and staff', async () => {
    expect((await ana.post('/api/wishlist', { productId: 'nope' })).status).toBe(404);
    expect((await ana.post('/api/wishlist', {})).status).toBe(400);
    expect((await new ApiClient(t.url).get('/api/wishlist')).status).toBe(401);
    const d = await makeEmployee(t.db, 'driver');
    const driver = new ApiClient(t.url);
    await driver.login(d.username, d.password);
    expect((await driver.get('/api/wishlist')).status).toBe(403);
  });
});
