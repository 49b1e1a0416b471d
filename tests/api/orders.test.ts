import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, customerOrder, orderLine, setting } from '../../drizzle/schema';
import { write } from '../../server/platform/db';
import { deliveryCalendar } from '../../server/settings/settings';
import { addDaysIso, weekdayOf } from '../../shared/delivery-dates';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCustomer,
  makeEmployee,
  makeProduct,
  makeRoute,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';

let t: TestApp;
let ana: ApiClient;
let bob: ApiClient;
let anaCustomerId = '';
const p: Record<string, { id: string; name: string; price: number }> = {};
/** A date every order may ask for, whatever the time of day (the cut-off closes today at 04:00). */
let today = '';

beforeAll(async () => {
  t = await startTestApp();
  today = deliveryCalendar(t.db, t.config.timeZone).earliest;
  p.rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' });
  p.ghee = makeProduct(t.db, { name: 'Ghee 1L', price: 1650, sku: 'Btl' });
  p.gone = makeProduct(t.db, { name: 'Alphonso Mango Pulp', price: 980, itemType: 'Out of Stock' });
  const r = makeRoute(t.db, 'Shinjuku');
  const a = await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen', routeId: r.id });
  const b = await makeCustomer(t.db, { restaurantName: 'Bangkok Spice' });
  anaCustomerId = a.id;
  ana = new ApiClient(t.url);
  bob = new ApiClient(t.url);
  await ana.login(a.username, a.password);
  await bob.login(b.username, b.password);
});
afterAll(() => t.close());

type Order = {
  _id: string;
  totalPrice: number;
  isDelivered: boolean;
  deliveryDate: string;
  customMessage: string;
  user: { restaurantName: string; route: { name: string } | null };
  orderItems: {
    name: string;
    sku: string;
    quantity: number;
    price: number;
    total: number;
    taxRate: number;
  }[];
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
};

const place = (c: ApiClient, body: unknown, key?: string) =>
  c.post<Order & { message?: string }>('/api/orders', body, key ? { 'idempotency-key': key } : {});

describe('placing an order', () => {
  it('prices every line from the product and ignores client names and prices', async () => {
    const r = await place(ana, {
      orderItems: [
        { product: p.rice!.id, quantity: 3, name: 'FREE RICE', price: 1, sku: 'Kg' },
        { id: p.ghee!.id, quantity: 2, price: 0 },
      ],
      customMessage: '  Please deliver before 11am  ',
      deliveryDate: today,
    });
    expect(r.status).toBe(201);
    expect(r.body.orderItems).toEqual([
      expect.objectContaining({
        name: 'Basmati Rice 5kg',
        sku: 'Bag',
        quantity: 3,
        price: 2480,
        total: 7440,
      }),
      expect.objectContaining({
        name: 'Ghee 1L',
        sku: 'Btl',
        quantity: 2,
        price: 1650,
        total: 3300,
      }),
    ]);
    // Both lines are food (8%, the categories' default); prices exclude tax (the default), and
    // the tax is rounded down once for the order: 10,740 x 8% = 859.2 -> 859.
    expect(r.body).toMatchObject({ net8: 10740, tax8: 859, net10: 0, tax10: 0 });
    expect(r.body.orderItems.map((l) => l.taxRate)).toEqual([8, 8]);
    expect(r.body.totalPrice).toBe(10740 + 859);
    expect(r.body.customMessage).toBe('Please deliver before 11am');
    expect(r.body.isDelivered).toBe(false);
    expect(r.body.user).toMatchObject({
      restaurantName: 'Himalaya Kitchen',
      route: { name: 'Shinjuku' },
    });
  });

  it('merges the same product sent twice into one line', async () => {
    const r = await place(ana, {
      orderItems: [
        { product: p.rice!.id, quantity: 1 },
        { product: p.rice!.id, quantity: 2 },
      ],
      deliveryDate: today,
    });
    expect(r.body.orderItems).toHaveLength(1);
    expect(r.body.orderItems[0]?.quantity).toBe(3);
  });

  it.each([
    [0, 400],
    [10000, 400],
    [1.5, 400],
    [9999, 201],
  ])('quantity %s answers %s', async (quantity, status) => {
    const r = await place(ana, {
      orderItems: [{ product: p.ghee!.id, quantity }],
      deliveryDate: today,
    });
    expect(r.status).toBe(status);
    if (status === 400)
      expect(r.body.message).toMatch(/Quantity must be a whole number from 1 to 9999/);
  });

  it('refuses a delivery date in the past, a malformed one and an empty order', async () => {
    const past = await place(ana, {
      orderItems: [{ product: p.ghee!.id, quantity: 1 }],
      deliveryDate: '2020-01-01',
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('The delivery date cannot be in the past.');
    const bad = await place(ana, {
      orderItems: [{ product: p.ghee!.id, quantity: 1 }],
      deliveryDate: '2026-02-30',
    });
    expect(bad.status).toBe(400);
    const empty = await place(ana, { orderItems: [], deliveryDate: today });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/The order has no items/);
    // Too many lines: the limit is named, in the text and for the reader's language.
    const many = await place(ana, {
      orderItems: Array.from({ length: 201 }, () => ({ product: p.ghee!.id, quantity: 1 })),
      deliveryDate: today,
    });
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({
      code: 'order.tooManyLines',
      params: { max: 200 },
      message: 'An order can have at most 200 lines.',
    });
  });

  it('refuses an Out of Stock product with a 400 naming it, and writes nothing', async () => {
    const before = t.db.select().from(customerOrder).all().length;
    const r = await place(ana, {
      orderItems: [
        { product: p.rice!.id, quantity: 1 },
        { product: p.gone!.id, quantity: 1 },
      ],
      deliveryDate: today,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Alphonso Mango Pulp is out of stock.');
    expect(t.db.select().from(customerOrder).all().length).toBe(before);
  });

  it('refuses an unknown product', async () => {
    const r = await place(ana, {
      orderItems: [{ product: 'no-such', quantity: 1 }],
      deliveryDate: today,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/no longer available/);
  });

  it('creates one order per Idempotency-Key, also when sent at once', async () => {
    const body = { orderItems: [{ product: p.rice!.id, quantity: 4 }], deliveryDate: today };
    const [a, b, c] = await Promise.all([
      place(ana, body, 'key-123'),
      place(ana, body, 'key-123'),
      place(ana, body, 'key-123'),
    ]);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body._id, b.body._id, c.body._id]).size).toBe(1);
    const rows = t.db.select().from(customerOrder).where(eq(customerOrder.id, a.body._id)).all();
    expect(rows).toHaveLength(1);
    // Another key is another order.
    const d = await place(ana, body, 'key-456');
    expect(d.body._id).not.toBe(a.body._id);
  });

  it('refuses a date before the earliest allowed one (cut-off) and a holiday; flags off-schedule days', async () => {
    const cal = deliveryCalendar(t.db, t.config.timeZone);
    const line = [{ product: p.rice!.id, quantity: 1 }];
    // A cut-off at 00:00 has always passed: today is closed.
    const setDelivery = (value: object) =>
      write(t.db, () =>
        t.db
          .insert(setting)
          .values({ key: 'delivery', value })
          .onConflictDoUpdate({ target: setting.key, set: { value } })
          .run(),
      );
    setDelivery({ cutoff: '00:00', holidays: [] });
    const late = await place(ana, { orderItems: line, deliveryDate: cal.today });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: 'order.deliveryDateTooEarly' });
    const tomorrow = addDaysIso(cal.today, 1);
    setDelivery({ cutoff: '00:00', holidays: [tomorrow] });
    const holiday = await place(ana, { orderItems: line, deliveryDate: addDaysIso(cal.today, 2) });
    expect(holiday.status).toBe(201);
    const onHoliday = await place(ana, { orderItems: line, deliveryDate: tomorrow });
    expect(onHoliday.body).toMatchObject({ code: 'order.deliveryDateTooEarly' });
    setDelivery({ cutoff: '04:00', holidays: [] });
    // Ana's restaurant takes deliveries on Wednesdays only.
    write(t.db, () =>
      t.db
        .update(customer)
        .set({ deliveryDays: ['Wednesday'] })
        .where(eq(customer.id, anaCustomerId))
        .run(),
    );
    let day = addDaysIso(cal.today, 1);
    while (weekdayOf(day) === 'Wednesday') day = addDaysIso(day, 1);
    const off = await place(ana, { orderItems: line, deliveryDate: day });
    expect(off.status).toBe(201);
    const row = t.db.select().from(customerOrder).where(eq(customerOrder.id, off.body._id)).get();
    expect(row?.offSchedule).toBe(true);
    write(t.db, () =>
      t.db.update(customer).set({ deliveryDays: [] }).where(eq(customer.id, anaCustomerId)).run(),
    );
  });

  it('is for customers only', async () => {
    const body = { orderItems: [{ product: p.rice!.id, quantity: 1 }], deliveryDate: today };
    expect((await place(new ApiClient(t.url), body)).status).toBe(401);
    const d = await makeEmployee(t.db, 'driver');
    const driver = new ApiClient(t.url);
    await driver.login(d.username, d.password);
    expect((await place(driver, body)).status).toBe(403);
  });

  it('stores line totals that add up per rate, and a total of the lines and their tax', () => {
    const orders = t.db.select().from(customerOrder).all();
    expect(orders.length).toBeGreaterThan(0);
    for (const o of orders) {
      const lines = t.db.select().from(orderLine).where(eq(orderLine.orderId, o.id)).all();
      const sum = (rate: number) =>
        lines.filter((l) => l.taxRate === rate).reduce((s, l) => s + l.lineTotal, 0);
      expect(sum(8)).toBe(o.net8);
      expect(sum(10)).toBe(o.net10);
      expect(o.tax8).toBe(Math.floor((o.net8 * 8) / 100));
      expect(o.tax10).toBe(Math.floor((o.net10 * 10) / 100));
      expect(o.total).toBe(o.net8 + o.tax8 + o.net10 + o.tax10);
    }
  });
});

describe('order history and details', () => {
  it('pages the customer own orders newest first as {orders, page, pages}', async () => {
    for (let i = 0; i < 12; i++) {
      await place(bob, {
        orderItems: [{ product: p.ghee!.id, quantity: i + 1 }],
        deliveryDate: today,
      });
    }
    const first = await bob.get<{ orders: Order[]; page: number; pages: number }>(
      '/api/orders/myorders',
    );
    expect(first.status).toBe(200);
    expect(first.body.page).toBe(1);
    expect(first.body.pages).toBe(2);
    expect(first.body.orders).toHaveLength(10);
    expect(first.body.orders[0]?.orderItems[0]?.quantity).toBe(12);
    const second = await bob.get<{ orders: Order[]; page: number }>(
      '/api/orders/myorders?pageNumber=2',
    );
    expect(second.body.page).toBe(2);
    expect(second.body.orders).toHaveLength(2);
    expect(second.body.orders.every((o) => o.user.restaurantName === 'Bangkok Spice')).toBe(true);
    expect((await bob.get('/api/orders/myorders?pageNumber=0')).status).toBe(400);
    expect((await bob.get('/api/orders/myorders?pageNumber=abc')).status).toBe(400);
  });

  it('opens an own order; another customer gets 404, staff see it', async () => {
    const mine = await ana.get<{ orders: Order[] }>('/api/orders/myorders');
    const id = mine.body.orders[0]!._id;
    const own = await ana.get<Order>(`/api/orders/${id}`);
    expect(own.status).toBe(200);
    expect(own.body._id).toBe(id);
    const other = await bob.get(`/api/orders/${id}`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'Order not found.', code: 'order.notFound' });
    expect((await bob.get('/api/orders/does-not-exist')).status).toBe(404);
    const a = await makeAdmin(t.db);
    const admin = new ApiClient(t.url);
    await admin.login(a.username, a.password);
    expect((await admin.get(`/api/orders/${id}`)).status).toBe(200);
  });

  it('a new order shows at once in a history already read (no stale page)', async () => {
    const before = await bob.get<{ orders: Order[] }>('/api/orders/myorders');
    const placed = await place(bob, {
      orderItems: [{ product: p.rice!.id, quantity: 7 }],
      deliveryDate: today,
    });
    const after = await bob.get<{ orders: Order[] }>('/api/orders/myorders');
    expect(after.body.orders[0]?._id).toBe(placed.body._id);
    expect(after.body.orders[0]?._id).not.toBe(before.body.orders[0]?._id);
  });

  it('the history is for the signed-in customer only, and both doors answer the same', async () => {
    expect((await new ApiClient(t.url).get('/api/orders/myorders')).status).toBe(401);
    const d = await makeEmployee(t.db, 'driver');
    const driver = new ApiClient(t.url);
    await driver.login(d.username, d.password);
    const refused = await driver.get('/api/orders/myorders');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'You are not allowed to do this.',
      code: 'auth.forbidden',
    });
    const rest = await bob.get('/api/orders/myorders?pageNumber=2');
    const trpc = await bob.get<{ result: { data: unknown } }>(
      `/trpc/orders.mine?input=${encodeURIComponent(JSON.stringify({ pageNumber: 2 }))}`,
    );
    expect(trpc.body.result.data).toEqual(rest.body);
  });

  it('an empty history is one empty page', async () => {
    const c = await makeCustomer(t.db);
    const fresh = new ApiClient(t.url);
    await fresh.login(c.username, c.password);
    const r = await fresh.get<{ orders: Order[]; page: number; pages: number }>(
      '/api/orders/myorders',
    );
    expect(r.body).toEqual({ orders: [], page: 1, pages: 1 });
    expect(anaCustomerId).not.toBe(c.id);
  });

  it('the staff pending count sees the new orders', async () => {
    const a = await makeAdmin(t.db);
    const admin = new ApiClient(t.url);
    await admin.login(a.username, a.password);
    const r = await admin.get<{ count: number }>('/api/orders/pendingcount');
    expect(r.body.count).toBe(t.db.select().from(customerOrder).all().length);
  });
});
