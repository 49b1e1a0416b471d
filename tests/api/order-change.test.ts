import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPrice } from '../../drizzle/schema';
import { cutoffOf } from '../../server/orders/standing-orders';
import { deliveryCalendar } from '../../server/settings/settings';
import { addDaysIso } from '../../shared/delivery-dates';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate } from '../helpers/trpc';

// A customer changes or cancels their own order until the cut-off of its delivery day, and
// adds a cart to an order already placed for the same day (ADR 043): over HTTP on a real app
// and a fresh SQLite file, with the business's clock in the test's hand.

let t: TestApp;
let now = new Date();
let admin: ApiClient;
let ana: ApiClient;
let anaId = '';
let bob: ApiClient;
/** A delivery day well before its cut-off (two days after the earliest). */
let day = '';

type Order = {
  _id: string;
  orderNumber: number;
  totalPrice: number;
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
  orderItems: { product: string | null; name: string; quantity: number; price: number }[];
};
type Failure = { code?: string; message?: string; params?: Record<string, unknown> };

const stockOf = (id: string) =>
  (
    t.db.$client.prepare('SELECT stock_in_count AS n FROM product WHERE id = ?').get(id) as {
      n: number;
    }
  ).n;
const linesInDb = (orderId: string) =>
  t.db.$client
    .prepare('SELECT product_id AS p, quantity AS q FROM order_line WHERE order_id = ?')
    .all(orderId) as { p: string; q: number }[];

const place = (c: ApiClient, items: { product: string; quantity: number }[], date = day) =>
  c.post<Order & Failure>('/api/orders', {
    orderItems: items,
    customMessage: '',
    deliveryDate: date,
  });
const change = (c: ApiClient, id: string, items: { product: string; quantity: number }[]) =>
  c.put<Order & Failure>(`/api/orders/${id}`, { orderItems: items });
const cancel = (c: ApiClient, id: string) =>
  c.put<{ _id: string; cancelled: boolean } & Failure>(`/api/orders/${id}/cancel`);

beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
  day = addDaysIso(deliveryCalendar(t.db, t.config.timeZone).earliest, 2);
  const a = await makeAdmin(t.db);
  const c1 = await makeCustomer(t.db, { restaurantName: 'Everest Dining', deliveryDays: [] });
  const c2 = await makeCustomer(t.db, { restaurantName: 'Sakura Table', deliveryDays: [] });
  anaId = c1.id;
  admin = new ApiClient(t.url);
  ana = new ApiClient(t.url);
  bob = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  await ana.login(c1.username, c1.password);
  await bob.login(c2.username, c2.password);
});
afterAll(() => t.close());

describe('changing an order before the cut-off', () => {
  it('prices the lines again from the customer prices and moves stock by the difference', async () => {
    const rice = makeProduct(t.db, { name: 'Rice 5kg', price: 2000, stockInCount: 50 });
    const dal = makeProduct(t.db, { name: 'Dal 1kg', price: 500, stockInCount: 30 });
    const ghee = makeProduct(t.db, { name: 'Ghee', price: 1500, stockInCount: 10 });
    const placed = await place(ana, [
      { product: rice.id, quantity: 10 },
      { product: dal.id, quantity: 4 },
    ]);
    expect(placed.status).toBe(201);
    expect(stockOf(rice.id)).toBe(40);
    expect(stockOf(dal.id)).toBe(26);

    // Ana's own price for rice from now on: the changed order uses it, like a placement would.
    t.db.insert(customerPrice).values({ customerId: anaId, productId: rice.id, price: 1800 }).run();

    // Rice down to 6, dal removed, ghee added.
    const changed = await change(ana, placed.body._id, [
      { product: rice.id, quantity: 6 },
      { product: ghee.id, quantity: 2 },
    ]);
    expect(changed.status).toBe(200);
    expect(changed.body.orderNumber).toBe(placed.body.orderNumber);
    expect(changed.body.orderItems.map((l) => [l.name, l.quantity, l.price])).toEqual([
      ['Rice 5kg', 6, 1800],
      ['Ghee', 2, 1500],
    ]);
    expect(stockOf(rice.id)).toBe(44);
    expect(stockOf(dal.id)).toBe(30);
    expect(stockOf(ghee.id)).toBe(8);

    // Tax once per rate on the document, as placement computes it.
    const goods = 1800 * 6 + 1500 * 2;
    expect(changed.body.net8 + changed.body.net10).toBe(goods);
    expect(changed.body.totalPrice).toBe(
      changed.body.net8 + changed.body.tax8 + changed.body.net10 + changed.body.tax10,
    );
    expect(changed.body.tax8 + changed.body.tax10).toBe(Math.floor(goods * 0.08));

    // What the customer and the office read afterwards is the changed order.
    const again = await ana.get<Order>(`/api/orders/${placed.body._id}`);
    expect(again.body.totalPrice).toBe(changed.body.totalPrice);
    const counts = await admin.get<{ itemName: string; totalQuantity: number }[]>(
      `/api/orders/itemquantities?deliveryDate=${day}`,
    );
    const rice6 = counts.body.find((r) => r.itemName === 'Rice 5kg');
    expect(rice6?.totalQuantity).toBe(6);
    expect(counts.body.find((r) => r.itemName === 'Dal 1kg')).toBeUndefined();

    // The change is on the trail with before and after.
    const trail = t.db.$client
      .prepare(
        "SELECT before, after FROM audit_entry WHERE entity = 'customer_order' AND entity_id = ? AND action = 'update'",
      )
      .all(placed.body._id) as { before: string; after: string }[];
    expect(trail).toHaveLength(1);
    expect(JSON.parse(trail[0]?.after ?? '{}').total).toBe(changed.body.totalPrice);
  });

  it('refuses more than the stock left with the out-of-stock code, changing nothing', async () => {
    const tuna = makeProduct(t.db, { name: 'Tuna', price: 3000, stockInCount: 5 });
    const placed = await place(ana, [{ product: tuna.id, quantity: 3 }]);
    expect(stockOf(tuna.id)).toBe(2);
    const tooMany = await change(ana, placed.body._id, [{ product: tuna.id, quantity: 6 }]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe('stock.insufficient');
    expect(stockOf(tuna.id)).toBe(2);
    expect(linesInDb(placed.body._id)).toEqual([{ p: tuna.id, q: 3 }]);
  });

  it('says what this order can have: the units it holds plus what is left', async () => {
    // The order holds the whole stock (8): one more is refused, and the refusal says 8, not 0.
    const rice = makeProduct(t.db, { name: 'Jeera Rice 5kg', price: 3200, stockInCount: 8 });
    const placed = await place(ana, [{ product: rice.id, quantity: 8 }]);
    expect(placed.status).toBe(201);
    expect(stockOf(rice.id)).toBe(0);
    const nine = await change(ana, placed.body._id, [{ product: rice.id, quantity: 9 }]);
    expect(nine.status).toBe(409);
    expect(nine.body.code).toBe('stock.insufficient');
    expect(nine.body.params).toMatchObject({ productId: rice.id, left: 8, held: 8 });
    expect(nine.body.message).toBe('Only 8 of Jeera Rice 5kg left in stock.');
    // Some left besides: 8 held and 3 in stock make 11.
    t.db.$client.prepare('UPDATE product SET stock_in_count = 3 WHERE id = ?').run(rice.id);
    const twelve = await change(ana, placed.body._id, [{ product: rice.id, quantity: 12 }]);
    expect(twelve.body.params).toMatchObject({ left: 11, held: 8 });
    // What it said can be had is taken.
    const eleven = await change(ana, placed.body._id, [{ product: rice.id, quantity: 11 }]);
    expect(eleven.status).toBe(200);
    expect(stockOf(rice.id)).toBe(0);
    // A product new to the order holds nothing: the figure is what is left.
    const salt = makeProduct(t.db, { name: 'Rock Salt', stockInCount: 2 });
    const added = await change(ana, placed.body._id, [
      { product: rice.id, quantity: 11 },
      { product: salt.id, quantity: 5 },
    ]);
    expect(added.body.params).toMatchObject({ productId: salt.id, left: 2, held: 0 });
  });

  it('adding a cart to the order keeps the figure as what is left (what can be added)', async () => {
    const ghee = makeProduct(t.db, { name: 'Cow Ghee', stockInCount: 6 });
    const placed = await place(ana, [{ product: ghee.id, quantity: 4 }], addDaysIso(day, 3));
    const more = await ana.post<Order & Failure>(`/api/orders/${placed.body._id}/add`, {
      orderItems: [{ product: ghee.id, quantity: 5 }],
    });
    expect(more.status).toBe(409);
    expect(more.body.params).toMatchObject({ productId: ghee.id, left: 2 });
    expect(more.body.params?.held).toBeUndefined();
  });

  it('keeps the terms of placement: a lot is refused when broken', async () => {
    const eggs = makeProduct(t.db, { name: 'Eggs (tray)', price: 400 });
    t.db.$client.prepare('UPDATE product SET lot = 6, min_quantity = 6 WHERE id = ?').run(eggs.id);
    const placed = await place(ana, [{ product: eggs.id, quantity: 12 }]);
    expect(placed.status).toBe(201);
    const broken = await change(ana, placed.body._id, [{ product: eggs.id, quantity: 13 }]);
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('terms.notLot');
    const ok = await change(ana, placed.body._id, [{ product: eggs.id, quantity: 18 }]);
    expect(ok.status).toBe(200);
    expect(ok.body.orderItems[0]?.quantity).toBe(18);
  });

  it("answers 404 for another customer's order, for change, cancel and its window", async () => {
    const p = makeProduct(t.db, { name: 'Salt' });
    const placed = await place(ana, [{ product: p.id, quantity: 1 }]);
    const byBob = await change(bob, placed.body._id, [{ product: p.id, quantity: 9 }]);
    expect(byBob.status).toBe(404);
    expect((await cancel(bob, placed.body._id)).status).toBe(404);
    expect((await bob.get(`/api/orders/${placed.body._id}/changewindow`)).status).toBe(404);
    expect(linesInDb(placed.body._id)).toEqual([{ p: p.id, q: 1 }]);
  });
});

describe('after the cut-off', () => {
  it('refuses change and cancel with a clear 409, translated', async () => {
    const p = makeProduct(t.db, { name: 'Flour', stockInCount: 10 });
    const placed = await place(ana, [{ product: p.id, quantity: 2 }]);
    const open = await ana.get<{ changeable: boolean; cutoff: string; deliveryDate: string }>(
      `/api/orders/${placed.body._id}/changewindow`,
    );
    expect(open.body).toMatchObject({ changeable: true, cutoff: '04:00', deliveryDate: day });

    const business = await mutate(admin, 'settings.updateBusiness', {
      legalName: 'Everest Foods',
      phone: '03-5338-1234',
    });
    expect(business.status).toBe(200);
    const saved = now;
    now = new Date(cutoffOf(day, '04:00', t.config.timeZone).getTime() + 60_000);
    try {
      const late = await change(ana, placed.body._id, [{ product: p.id, quantity: 5 }]);
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('order.changeClosed');
      expect(late.body.message).toContain('cut-off');
      const lateCancel = await cancel(ana, placed.body._id);
      expect(lateCancel.status).toBe(409);
      expect(lateCancel.body.code).toBe('order.changeClosed');
      const closed = await ana.get<{ changeable: boolean; closed: string; officePhone: string }>(
        `/api/orders/${placed.body._id}/changewindow`,
      );
      expect(closed.body.changeable).toBe(false);
      // Why, and whom to call: the business's phone from its settings.
      expect(closed.body.closed).toBe('cutoff');
      expect(closed.body.officePhone).toBe('03-5338-1234');
      expect(stockOf(p.id)).toBe(8);
      expect(linesInDb(placed.body._id)).toEqual([{ p: p.id, q: 2 }]);
    } finally {
      now = saved;
    }
  });

  it('refuses a dispatched order', async () => {
    const p = makeProduct(t.db, { name: 'Oil' });
    const placed = await place(ana, [{ product: p.id, quantity: 1 }]);
    expect((await admin.put(`/api/orders/${placed.body._id}/deliver`)).status).toBe(200);
    const late = await change(ana, placed.body._id, [{ product: p.id, quantity: 2 }]);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('order.notChangeable');
    // Handed over by the office itself: delivered, not on its way.
    const window = await ana.get<{ closed: string }>(`/api/orders/${placed.body._id}/changewindow`);
    expect(window.body.closed).toBe('delivered');
  });

  it('says an order dispatched to a driver is on its way until the driver delivers it', async () => {
    const p = makeProduct(t.db, { name: 'Mustard seeds' });
    const placed = await place(ana, [{ product: p.id, quantity: 1 }]);
    const driver = await makeEmployee(t.db, 'driver');
    const dispatched = await admin.put(`/api/orders/${placed.body._id}/dispatch`, {
      driverId: driver.id,
    });
    expect(dispatched.status).toBe(200);
    const window = () =>
      ana.get<{ changeable: boolean; closed: string }>(
        `/api/orders/${placed.body._id}/changewindow`,
      );
    expect((await window()).body).toMatchObject({ changeable: false, closed: 'dispatched' });
    t.db.$client
      .prepare('UPDATE delivery_job SET is_delivered = 1 WHERE order_id = ?')
      .run(placed.body._id);
    expect((await window()).body.closed).toBe('delivered');
  });
});

describe('cancelling', () => {
  it('gives the stock back and removes the order from the office lists', async () => {
    const p = makeProduct(t.db, { name: 'Paneer', stockInCount: 12 });
    const placed = await place(ana, [{ product: p.id, quantity: 5 }]);
    expect(stockOf(p.id)).toBe(7);
    const done = await cancel(ana, placed.body._id);
    expect(done.status).toBe(200);
    expect(done.body.cancelled).toBe(true);
    expect(stockOf(p.id)).toBe(12);
    expect((await ana.get(`/api/orders/${placed.body._id}`)).status).toBe(404);
    const counts = await admin.get<{ itemName: string }[]>(
      `/api/orders/itemquantities?deliveryDate=${day}`,
    );
    expect(counts.body.find((r) => r.itemName === 'Paneer')).toBeUndefined();
  });
});

describe('the last units', () => {
  it('a change and a placement at once sell no more than the stock', async () => {
    const p = makeProduct(t.db, { name: 'Saffron', stockInCount: 6 });
    const placed = await place(ana, [{ product: p.id, quantity: 2 }]);
    expect(stockOf(p.id)).toBe(4);
    // Ana wants 4 more (all that is left), Bob wants 4 (all that is left): one of them wins.
    const [changed, other] = await Promise.all([
      change(ana, placed.body._id, [{ product: p.id, quantity: 6 }]),
      place(bob, [{ product: p.id, quantity: 4 }]),
    ]);
    const sold = t.db.$client
      .prepare('SELECT COALESCE(SUM(quantity), 0) AS n FROM order_line WHERE product_id = ?')
      .get(p.id) as { n: number };
    expect(sold.n).toBeLessThanOrEqual(6);
    expect(stockOf(p.id)).toBe(6 - sold.n);
    expect(stockOf(p.id)).toBeGreaterThanOrEqual(0);
    // Exactly one of the two went through.
    const wins = [changed.status === 200, other.status === 201].filter(Boolean).length;
    expect(wins).toBe(1);
    const loser = changed.status === 200 ? other : changed;
    expect(loser.status).toBe(409);
    expect(loser.body.code).toBe('stock.insufficient');
  });
});

describe('a second order for the same delivery day', () => {
  it('is offered the first, and adding the cart merges into it', async () => {
    const date = addDaysIso(day, 1);
    const a = makeProduct(t.db, { name: 'Mustard oil', price: 800, stockInCount: 40 });
    const b = makeProduct(t.db, { name: 'Cumin', price: 300, stockInCount: 40 });
    const none = await ana.get<{ order: unknown }>(`/api/orders/sameday?deliveryDate=${date}`);
    expect(none.body.order).toBeNull();
    const first = await place(ana, [{ product: a.id, quantity: 2 }], date);
    const flagged = await ana.get<{ order: { _id: string; orderNumber: number } | null }>(
      `/api/orders/sameday?deliveryDate=${date}`,
    );
    expect(flagged.body.order?._id).toBe(first.body._id);
    // Bob has no order that day: not flagged with Ana's.
    const bobs = await bob.get<{ order: unknown }>(`/api/orders/sameday?deliveryDate=${date}`);
    expect(bobs.body.order).toBeNull();

    const key = { 'idempotency-key': 'add-cart-1' };
    const body = {
      orderItems: [
        { product: a.id, quantity: 3 },
        { product: b.id, quantity: 1 },
      ],
    };
    const merged = await ana.post<Order>(`/api/orders/${first.body._id}/add`, body, key);
    expect(merged.status).toBe(200);
    expect(merged.body.orderItems.map((l) => [l.name, l.quantity])).toEqual([
      ['Mustard oil', 5],
      ['Cumin', 1],
    ]);
    expect(stockOf(a.id)).toBe(35);
    expect(stockOf(b.id)).toBe(39);
    // A retry with the same key adds nothing more.
    const retry = await ana.post<Order>(`/api/orders/${first.body._id}/add`, body, key);
    expect(retry.body.orderItems.map((l) => l.quantity)).toEqual([5, 1]);
    expect(stockOf(a.id)).toBe(35);
    const ordersThatDay = t.db.$client
      .prepare(
        'SELECT COUNT(*) AS n FROM customer_order WHERE customer_id = ? AND delivery_date = ?',
      )
      .get(anaId, date) as { n: number };
    expect(ordersThatDay.n).toBe(1);
  });
});
