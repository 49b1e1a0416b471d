import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '../../drizzle/schema';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// Product search (docs/decisions/039): spelling as it is said, Nepali names, usual items first.

let t: TestApp;
let ana: ApiClient;
let bob: ApiClient;
let office: ApiClient;
let anaId = '';
let bobId = '';
const p: Record<string, string> = {};

const search = async (c: ApiClient, q: string, customerId?: string) => {
  const qs = new URLSearchParams({ q, ...(customerId ? { customerId } : {}) });
  return c.get<{ ids: string[] }>(`/api/products/search?${qs}`);
};
const named = (ids: string[]) => ids.map((id) => Object.entries(p).find(([, v]) => v === id)?.[0]);

beforeAll(async () => {
  t = await startTestApp();
  const today = deliveryCalendar(t.db, t.config.timeZone).earliest;
  p.moong = makeProduct(t.db, { name: 'Moong Dal 1kg', productRank: 1 }).id;
  p.toor = makeProduct(t.db, { name: 'Toor Daal 1kg', productRank: 2 }).id;
  p.masoor = makeProduct(t.db, { name: 'Red Lentils 1kg', productRank: 3 }).id;
  t.db.update(product).set({ nameNe: 'मसुरो दाल' }).where(eq(product.id, p.masoor)).run();
  p.garam = makeProduct(t.db, { name: 'Garam Masala 100g', productRank: 4 }).id;
  p.chana = makeProduct(t.db, { name: 'Chana Masala 100g', productRank: 5 }).id;
  p.idli = makeProduct(t.db, { name: 'Idli Rice 5kg', productRank: 6 }).id;
  const a = await makeCustomer(t.db);
  const b = await makeCustomer(t.db);
  anaId = a.id;
  bobId = b.id;
  ana = new ApiClient(t.url);
  bob = new ApiClient(t.url);
  office = new ApiClient(t.url);
  await ana.login(a.username, a.password);
  await bob.login(b.username, b.password);
  const admin = await makeAdmin(t.db);
  await office.login(admin.username, admin.password);
  // Ana orders Toor Daal three times and Red Lentils once; Bob orders Chana Masala.
  for (const items of [[p.toor], [p.toor, p.masoor], [p.toor]]) {
    const r = await ana.post('/api/orders', {
      orderItems: items.map((id) => ({ product: id, quantity: 1 })),
      deliveryDate: today,
    });
    expect(r.status).toBe(201);
  }
  expect(
    (
      await bob.post('/api/orders', {
        orderItems: [{ product: p.chana, quantity: 2 }],
        deliveryDate: today,
      })
    ).status,
  ).toBe(201);
});
afterAll(() => t.close());

describe('product search', () => {
  it('finds "dal" from "daal" and "daal" from "dal", and the Nepali name, for a visitor', async () => {
    const visitor = new ApiClient(t.url);
    const r = await search(visitor, 'daal');
    expect(r.status).toBe(200);
    expect(named(r.body.ids)).toEqual(['moong', 'toor', 'masoor']);
    expect(named((await search(visitor, 'dal')).body.ids)).toEqual(['moong', 'toor', 'masoor']);
    // Typed in Devanagari: the Nepali name matches, and so do the romanised English names.
    expect(named((await search(visitor, 'दाल')).body.ids)).toEqual(['moong', 'toor', 'masoor']);
    // "dal" is not inside "Idli".
    expect(named((await search(visitor, 'dal')).body.ids)).not.toContain('idli');
  });

  it('finds "masala" from "masla", with every word of the query', async () => {
    const visitor = new ApiClient(t.url);
    expect(named((await search(visitor, 'masla')).body.ids)).toEqual(['garam', 'chana']);
    expect(named((await search(visitor, 'garam masla')).body.ids)).toEqual(['garam']);
    expect((await search(visitor, 'saffron')).body.ids).toEqual([]);
  });

  it("puts the customer's usually ordered products first", async () => {
    // Ana: Toor (3 orders), then Red Lentils (1), then the rest in catalogue order.
    expect(named((await search(ana, 'dal')).body.ids)).toEqual(['toor', 'masoor', 'moong']);
    // Bob never ordered dal: catalogue order.
    expect(named((await search(bob, 'dal')).body.ids)).toEqual(['moong', 'toor', 'masoor']);
    expect(named((await search(bob, 'masala')).body.ids)).toEqual(['chana', 'garam']);
  });

  it('lets the office rank for the customer on the phone, and no one else', async () => {
    expect(named((await search(office, 'dal', anaId)).body.ids)).toEqual([
      'toor',
      'masoor',
      'moong',
    ]);
    expect((await search(office, 'dal', 'no-such-customer')).status).toBe(404);
    // A customer cannot read another's habits; a driver neither.
    expect((await search(bob, 'dal', anaId)).status).toBe(404);
    expect((await search(ana, 'dal', anaId)).status).toBe(200);
    const d = await makeEmployee(t.db, 'driver');
    const driver = new ApiClient(t.url);
    await driver.login(d.username, d.password);
    expect((await search(driver, 'dal', bobId)).status).toBe(404);
  });

  it('answers 400 to a query that is too long', async () => {
    expect((await search(ana, 'x'.repeat(101))).status).toBe(400);
  });

  it('sees a product renamed at once', async () => {
    t.db
      .update(product)
      .set({ name: 'Jeera Whole 500g' })
      .where(eq(product.id, p.idli as string))
      .run();
    const r = await search(new ApiClient(t.url), 'jira');
    expect(named(r.body.ids)).toEqual(['idli']);
  });
});
