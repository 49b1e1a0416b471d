import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/accounts/sessions';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCategory,
  makeCustomer,
  makeEmployee,
  makeProduct,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// Stock that counts (ADR 036): placing takes, deleting a pending order and a short delivery
// give back, receipts add, nothing goes below zero, and every move is listed with who and why.

let t: TestApp;
let admin: ApiClient;
let ana: ApiClient;
let driver: ApiClient;
let driverId = '';
let date = '';

const stockOf = (id: string) =>
  (
    t.db.$client.prepare('SELECT stock_in_count AS n FROM product WHERE id = ?').get(id) as {
      n: number;
    }
  ).n;
const orderCount = () =>
  (t.db.$client.prepare('SELECT COUNT(*) AS n FROM customer_order').get() as { n: number }).n;

type Order = { _id: string; orderItems: { _id: string; name: string; quantity: number }[] };
const place = (c: ApiClient, items: { product: string; quantity: number }[]) =>
  c.post<Order & { code?: string; params?: Record<string, unknown>; message?: string }>(
    '/api/orders',
    { orderItems: items, customMessage: '', deliveryDate: date },
  );

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  const a = await makeAdmin(t.db);
  const c = await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen' });
  const d = await makeEmployee(t.db, 'driver');
  driverId = d.id;
  admin = new ApiClient(t.url);
  ana = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  await ana.login(c.username, c.password);
  await driver.login(d.username, d.password);
});
afterAll(() => t.close());

describe('placing takes stock of counted products', () => {
  it('takes the quantity in the same transaction and records the movement', async () => {
    const rice = makeProduct(t.db, { name: 'Rice', stockInCount: 20 });
    const r = await place(ana, [{ product: rice.id, quantity: 7 }]);
    expect(r.status).toBe(201);
    expect(stockOf(rice.id)).toBe(13);
    const m = await query<{ movements: { delta: number; reason: string; balance: number }[] }>(
      admin,
      'stock.movements',
      { productId: rice.id },
    );
    expect(m.data.movements[0]).toMatchObject({ delta: -7, reason: 'order', balance: 13 });
  });

  it('leaves products that are not counted alone', async () => {
    const bags = makeProduct(t.db, { name: 'Bags', itemCount: 'Not Count', stockInCount: 0 });
    const r = await place(ana, [{ product: bags.id, quantity: 50 }]);
    expect(r.status).toBe(201);
    expect(stockOf(bags.id)).toBe(0);
  });

  it('refuses more than is left with 409, the product and what is left, changing nothing', async () => {
    const ghee = makeProduct(t.db, { name: 'Ghee 1L', stockInCount: 3 });
    const dal = makeProduct(t.db, { name: 'Dal', stockInCount: 10 });
    const before = orderCount();
    const r = await place(ana, [
      { product: dal.id, quantity: 2 },
      { product: ghee.id, quantity: 4 },
    ]);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('stock.insufficient');
    expect(r.body.params).toMatchObject({ name: 'Ghee 1L', left: 3 });
    expect(r.body.message).toBe('Only 3 of Ghee 1L left in stock.');
    expect(orderCount()).toBe(before);
    expect(stockOf(dal.id)).toBe(10);
    expect(stockOf(ghee.id)).toBe(3);
  });

  it('at zero the catalogue shows the product Out of Stock and it cannot be ordered', async () => {
    const mango = makeProduct(t.db, { name: 'Mango Pulp', stockInCount: 2 });
    expect((await place(ana, [{ product: mango.id, quantity: 2 }])).status).toBe(201);
    const list =
      await ana.get<{ _id: string; stockInCount: number; itemCount: string }[]>('/api/products');
    const shown = list.body.find((p) => p._id === mango.id);
    expect(shown).toMatchObject({ stockInCount: 0, itemCount: 'Count' });
    const r = await place(ana, [{ product: mango.id, quantity: 1 }]);
    expect(r.status).toBe(409);
    expect(r.body.params).toMatchObject({ left: 0 });
  });

  it('50 parallel orders for the last 10 units sell exactly 10', async () => {
    const last = makeProduct(t.db, { name: 'Last Ten', stockInCount: 10 });
    const people = await Promise.all(
      Array.from({ length: 5 }, async () => {
        // Sessions made directly: five sign-ins at once would meet the login throttle.
        const c = await makeCustomer(t.db);
        const client = new ApiClient(t.url);
        client.cookie = `session=${createSession(t.db, c.accountId).token}`;
        return client;
      }),
    );
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        place(people[i % people.length] as ApiClient, [{ product: last.id, quantity: 1 }]),
      ),
    );
    const sold = replies.filter((r) => r.status === 201).length;
    const refused = replies.filter((r) => r.status === 409);
    expect(sold).toBe(10);
    expect(refused.length).toBe(40);
    expect(refused.every((r) => r.body.code === 'stock.insufficient')).toBe(true);
    expect(stockOf(last.id)).toBe(0);
    const lines = t.db.$client
      .prepare('SELECT SUM(quantity) AS n FROM order_line WHERE product_id = ?')
      .get(last.id) as { n: number };
    expect(lines.n).toBe(10);
  });
});

describe('giving stock back', () => {
  it('deleting a pending order gives back what it took', async () => {
    const oil = makeProduct(t.db, { name: 'Oil', stockInCount: 10 });
    const r = await place(ana, [{ product: oil.id, quantity: 6 }]);
    expect(stockOf(oil.id)).toBe(4);
    const del = await admin.delete(`/api/orders/${r.body._id}`);
    expect(del.status).toBe(200);
    expect(stockOf(oil.id)).toBe(10);
    const m = await query<{ movements: { delta: number; reason: string; by: string }[] }>(
      admin,
      'stock.movements',
      { productId: oil.id },
    );
    expect(m.data.movements.map((x) => [x.delta, x.reason])).toEqual([
      [6, 'cancel'],
      [-6, 'order'],
    ]);
  });

  it('a short delivery gives back what did not leave', async () => {
    const salt = makeProduct(t.db, { name: 'Salt', stockInCount: 10 });
    const r = await place(ana, [{ product: salt.id, quantity: 5 }]);
    expect((await mutate(admin, 'orders.dispatch', { id: r.body._id, driverId })).status).toBe(200);
    const jobs = await query<{ _id: string; order: { _id: string } | null }[]>(
      driver,
      'ordertrack.driverPending',
      { driverId, keyword: '' },
    );
    const job = jobs.data.find((j) => j.order?._id === r.body._id);
    const line = r.body.orderItems[0];
    const d = await mutate(driver, 'ordertrack.deliver', {
      id: job?._id,
      lines: [{ lineId: line?._id, deliveredQuantity: 2, reason: 'short' }],
    });
    expect(d.status).toBe(200);
    expect(stockOf(salt.id)).toBe(8);
    // The delivered order deleted later: its goods have left, nothing more comes back.
    expect((await admin.delete(`/api/orders/${r.body._id}`)).status).toBe(200);
    expect(stockOf(salt.id)).toBe(8);
  });
});

describe('the office', () => {
  it('records goods received, with the note and who', async () => {
    const tea = makeProduct(t.db, { name: 'Tea', stockInCount: 1 });
    const r = await mutate<{ stockInCount: number }>(admin, 'stock.receive', {
      productId: tea.id,
      quantity: 24,
      note: 'Delivery note 881',
    });
    expect(r.status).toBe(200);
    expect(r.data.stockInCount).toBe(25);
    const m = await query<{ movements: { delta: number; reason: string; note: string }[] }>(
      admin,
      'stock.movements',
      { productId: tea.id },
    );
    expect(m.data.movements[0]).toMatchObject({
      delta: 24,
      reason: 'receipt',
      note: 'Delivery note 881',
    });
  });

  it('a correction below zero is refused with a clear code, changing nothing', async () => {
    const jar = makeProduct(t.db, { name: 'Pickle Jar', stockInCount: 4 });
    const r = await mutate(admin, 'stock.adjust', { productId: jar.id, delta: -5, note: 'broken' });
    expect(r.status).toBe(409);
    expect(r.code).toBe('stock.insufficient');
    expect(stockOf(jar.id)).toBe(4);
    const ok = await mutate<{ stockInCount: number }>(admin, 'stock.adjust', {
      productId: jar.id,
      delta: -4,
      note: 'broken',
    });
    expect(ok.data.stockInCount).toBe(0);
  });

  it('the product form: a new stock is an adjustment; a negative one is refused', async () => {
    const cat = makeCategory(t.db);
    const jar = makeProduct(t.db, { name: 'Vinegar', categoryId: cat.id, stockInCount: 4 });
    const body = (stockInCount: number) => ({
      name: 'Vinegar',
      category: cat.id,
      price: 100,
      description: 'Rice vinegar',
      sku: 'Btl',
      itemCount: 'Count',
      stockInCount,
    });
    const ok = await admin.put(`/api/products/${jar.id}`, body(9));
    expect(ok.status).toBe(200);
    const m = await query<{ movements: { delta: number; reason: string; balance: number }[] }>(
      admin,
      'stock.movements',
      { productId: jar.id },
    );
    expect(m.data.movements[0]).toMatchObject({ delta: 5, reason: 'adjust', balance: 9 });
    const bad = await admin.put<{ issues?: Record<string, string> }>(
      `/api/products/${jar.id}`,
      body(-3),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toHaveProperty('stockInCount');
    expect(stockOf(jar.id)).toBe(9);
  });

  it('saving the product form opened before an order keeps what the order took', async () => {
    const cat = makeCategory(t.db);
    const pepper = makeProduct(t.db, { name: 'Timur', categoryId: cat.id, stockInCount: 3 });
    // The office opens the form (stock 3); a restaurant orders all three meanwhile.
    const form = {
      id: pepper.id,
      name: 'Timur',
      category: cat.id,
      price: 100,
      description: 'Sichuan pepper, now with a longer description',
      sku: 'Pcs',
      itemCount: 'Count',
      stockInCount: 3,
      stockSeen: 3,
    };
    expect((await place(ana, [{ product: pepper.id, quantity: 3 }])).status).toBe(201);
    expect(stockOf(pepper.id)).toBe(0);
    // Saved with the stock left as shown: the description changes, the stock stays 0.
    const saved = await mutate(admin, 'products.update', form);
    expect(saved.status).toBe(200);
    expect(stockOf(pepper.id)).toBe(0);
    expect(
      (
        t.db.$client.prepare('SELECT description FROM product WHERE id = ?').get(pepper.id) as {
          description: string;
        }
      ).description,
    ).toBe(form.description);
    // No one can order what is not there.
    expect((await place(ana, [{ product: pepper.id, quantity: 1 }])).status).toBe(409);
    // A count typed over a stock that moved is refused, saying what the stock is now.
    const typed = await mutate(admin, 'products.update', { ...form, stockInCount: 8 });
    expect(typed.status).toBe(409);
    expect(typed.code).toBe('catalogue.stockChangedMeanwhile');
    expect(stockOf(pepper.id)).toBe(0);
    // Typed over the stock as it is now, it is the office's count.
    const counted = await mutate(admin, 'products.update', {
      ...form,
      stockInCount: 8,
      stockSeen: 0,
    });
    expect(counted.status).toBe(200);
    expect(stockOf(pepper.id)).toBe(8);
  });

  it('receiving a product that is not counted, or a quantity of 0, is refused', async () => {
    const bag = makeProduct(t.db, { name: 'Paper Bag', itemCount: 'Not Count' });
    const r = await mutate(admin, 'stock.receive', { productId: bag.id, quantity: 5 });
    expect(r.status).toBe(400);
    expect(r.code).toBe('stock.notCounted');
    const tea = makeProduct(t.db, { name: 'Green Tea', stockInCount: 1 });
    const zero = await mutate(admin, 'stock.receive', { productId: tea.id, quantity: 0 });
    expect(zero.status).toBe(400);
    expect(stockOf(tea.id)).toBe(1);
  });

  it('lists counted products at or below their threshold (own or the default)', async () => {
    const low = makeProduct(t.db, { name: 'AAA Low Chili', stockInCount: 3 });
    const ok = makeProduct(t.db, { name: 'AAA Plenty Chili', stockInCount: 30 });
    const own = makeProduct(t.db, { name: 'AAA Own Chili', stockInCount: 30 });
    expect(
      (await mutate(admin, 'stock.setLowStockAt', { productId: own.id, lowStockAt: 40 })).status,
    ).toBe(200);
    const list = await query<{ products: { _id: string }[]; defaultLowStockAt: number }>(
      admin,
      'stock.lowStock',
    );
    const ids = list.data.products.map((p) => p._id);
    expect(list.data.defaultLowStockAt).toBe(5);
    expect(ids).toContain(low.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(ok.id);
    await mutate(admin, 'stock.updateSettings', { lowStockAt: 50 });
    const again = await query<{ products: { _id: string }[] }>(admin, 'stock.lowStock');
    expect(again.data.products.map((p) => p._id)).toContain(ok.id);
  });

  it('a customer cannot read or change stock', async () => {
    expect((await query(ana, 'stock.lowStock')).status).toBe(403);
    const p = makeProduct(t.db, { stockInCount: 1 });
    expect((await mutate(ana, 'stock.receive', { productId: p.id, quantity: 5 })).status).toBe(403);
    expect(stockOf(p.id)).toBe(1);
  });
});
