import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCustomer,
  makeEmployee,
  makeInvoice,
  makeProduct,
  makeRoute,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// The office's lists (ADR 044): sorted, filtered and totalled by the server over every filtered
// row; the bulk actions apply the single action's rules item by item in one transaction and
// report each refused item; "start from last order" marks what cannot be ordered again.

let t: TestApp;
let admin: ApiClient;
let manager: ApiClient;
let driverId = '';
let custAccountId = '';
let date = '';
const ids: Record<string, string> = {};

interface Bulk {
  done: string[];
  failed: { id: string; label: string; code: string }[];
}
interface Page<R, T> {
  rows: R[];
  page: number;
  pages: number;
  totals: T & { count: number };
}
type OrderRow = { _id: string; orderNumber: number; total: number; status: string };

const placeFor = async (customerId: string, items: [string, number][], key: string) => {
  const r = await mutate<{ _id: string; orderNumber: number; totalPrice: number }>(
    admin,
    'orders.placeFor',
    {
      customerId,
      deliveryDate: date,
      orderItems: items.map(([product, quantity]) => ({ product, quantity })),
    },
    key,
  );
  expect(r.status).toBe(200);
  return r.data;
};

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  const north = makeRoute(t.db, 'North');
  const south = makeRoute(t.db, 'South');
  ids.north = north.id;
  ids.south = south.id;
  const a = await makeCustomer(t.db, { restaurantName: 'Annapurna', routeId: north.id });
  const b = await makeCustomer(t.db, {
    restaurantName: 'Bamboo',
    routeId: south.id,
    paymentMethod: 'monthly',
  });
  const c = await makeCustomer(t.db, { restaurantName: 'Chautari', routeId: null });
  ids.a = a.id;
  ids.b = b.id;
  ids.c = c.id;
  custAccountId = a.accountId;
  ids.rice = makeProduct(t.db, { name: 'Rice', price: 2000 }).id;
  ids.ghee = makeProduct(t.db, { name: 'Ghee', price: 1000 }).id;
  ids.spice = makeProduct(t.db, { name: 'Spice', price: 500 }).id;
  ids.oil = makeProduct(t.db, { name: 'Oil', price: 700 }).id;
  const adm = await makeAdmin(t.db);
  admin = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  const mgr = await makeEmployee(t.db, 'manager');
  manager = new ApiClient(t.url);
  await manager.login(mgr.username, mgr.password);
  driverId = (await makeEmployee(t.db, 'driver')).id;
});
afterAll(() => t.close());

describe('orders list', () => {
  it('sorts by total on the server, filters by route and status, totals the filtered rows', async () => {
    const big = await placeFor(ids.a!, [[ids.rice!, 3]], 'o-1'); // 6,000 + 8%
    const small = await placeFor(ids.b!, [[ids.ghee!, 1]], 'o-2'); // 1,000 + 8%
    const mid = await placeFor(
      ids.a!,
      [
        [ids.ghee!, 2],
        [ids.spice!, 2],
        [ids.oil!, 1],
      ],
      'o-3',
    );
    ids.lastOfA = mid._id;
    const desc = await query<Page<OrderRow, { total: number }>>(manager, 'lists.orders', {
      sort: 'total',
      dir: 'desc',
    });
    expect(desc.status).toBe(200);
    expect(desc.data.rows.map((r) => r._id)).toEqual([big._id, mid._id, small._id]);
    expect(desc.data.totals).toEqual({
      count: 3,
      total: big.totalPrice + mid.totalPrice + small.totalPrice,
    });
    const asc = await query<Page<OrderRow, { total: number }>>(manager, 'lists.orders', {
      sort: 'total',
      dir: 'asc',
    });
    expect(asc.data.rows.map((r) => r._id)).toEqual([small._id, mid._id, big._id]);

    const north = await query<Page<OrderRow, { total: number }>>(admin, 'lists.orders', {
      route: ids.north,
    });
    expect(north.data.totals).toEqual({ count: 2, total: big.totalPrice + mid.totalPrice });
    const searched = await query<Page<OrderRow, { total: number }>>(admin, 'lists.orders', {
      search: 'bamb',
    });
    expect(searched.data.rows.map((r) => r._id)).toEqual([small._id]);
    const later = await query<Page<OrderRow, { total: number }>>(admin, 'lists.orders', {
      from: '2099-01-01',
    });
    expect(later.data.totals).toEqual({ count: 0, total: 0 });
    const pending = await query<Page<OrderRow, { total: number }>>(admin, 'lists.orders', {
      status: 'pending',
      route: ids.north,
    });
    expect(pending.data.rows.map((r) => r._id).sort()).toEqual([big._id, mid._id].sort());
    const held = await query<Page<OrderRow, { total: number }>>(admin, 'lists.orders', {
      status: 'onHold',
    });
    expect(held.data.totals).toEqual({ count: 0, total: 0 });
    ids.big = big._id;
    ids.small = small._id;
  });

  it('refuses a sort column it does not know (400), and customers and drivers (403)', async () => {
    expect((await query(admin, 'lists.orders', { sort: 'id; DROP TABLE x' })).status).toBe(400);
    const cust = new ApiClient(t.url);
    const c = await makeCustomer(t.db);
    await cust.login(c.username, c.password);
    expect((await query(cust, 'lists.invoices', {})).status).toBe(403);
  });

  it('dispatches a selection: the held and unknown ones are reported, the rest commit', async () => {
    t.db.$client.prepare('UPDATE customer_order SET on_hold = 1 WHERE id = ?').run(ids.small);
    const r = await mutate<Bulk>(admin, 'orders.dispatchSelected', {
      ids: [ids.big, ids.small, 'no-such-order'],
    });
    expect(r.status).toBe(200);
    expect(r.data.done).toEqual([ids.big]);
    expect(r.data.failed).toEqual([
      expect.objectContaining({ id: ids.small, code: 'order.onHold' }),
      expect.objectContaining({ id: 'no-such-order', code: 'order.notFound' }),
    ]);
    expect(r.data.failed[0]?.label).toMatch(/^#\d+$/);
    const statuses = await query<Page<OrderRow, { total: number }>>(admin, 'lists.orders', {
      sort: 'number',
    });
    const byId = new Map(statuses.data.rows.map((o) => [o._id, o.status]));
    expect(byId.get(ids.big!)).toBe('dispatched');
    expect(byId.get(ids.small!)).toBe('onHold');
    // Dispatched by the office: billed as the single action bills it (cash: an invoice).
    const inv = await query<Page<{ restaurantName: string }, object>>(admin, 'lists.invoices', {
      search: 'Annapurna',
    });
    expect(inv.data.totals.count).toBe(1);
    t.db.$client.prepare('UPDATE customer_order SET on_hold = 0 WHERE id = ?').run(ids.small);
  });

  it('two offices dispatching the same selection at once: each order once', async () => {
    const one = await placeFor(ids.c!, [[ids.rice!, 1]], 'o-4');
    const two = await placeFor(ids.c!, [[ids.ghee!, 1]], 'o-5');
    const sel = { ids: [one._id, two._id] };
    const [x, y] = await Promise.all([
      mutate<Bulk>(admin, 'orders.dispatchSelected', sel),
      mutate<Bulk>(manager, 'orders.dispatchSelected', sel),
    ]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    expect([...x.data.done, ...y.data.done].sort()).toEqual([one._id, two._id].sort());
    const refused = [...x.data.failed, ...y.data.failed];
    expect(refused).toHaveLength(2);
    for (const f of refused) expect(f.code).toBe('delivery.alreadyDispatched');
    const invoices = t.db.$client
      .prepare(
        'SELECT COUNT(*) AS n FROM customer_order WHERE id IN (?, ?) AND invoice_id IS NOT NULL',
      )
      .get(one._id, two._id) as { n: number };
    expect(invoices.n).toBe(2);
  });
});

describe('invoices and payments lists', () => {
  type InvRow = { _id: string; amount: number; balance: number; state: string };
  it('filters unpaid and overdue, sorts by amount, totals amount and balance', async () => {
    const overdue = makeInvoice(t.db, { customerId: ids.b!, amount: 9000, dueDate: '2000-01-10' });
    const open = makeInvoice(t.db, {
      customerId: ids.b!,
      amount: 4000,
      paidAmount: 1000,
      dueDate: '2999-01-01',
    });
    const paid = makeInvoice(t.db, { customerId: ids.b!, amount: 3000, paidAmount: 3000 });
    ids.overdue = overdue.id;
    ids.paid = paid.id;
    ids.open = open.id;
    const bamboo = { search: 'Bamboo', sort: 'amount', dir: 'desc' };
    const all = await query<Page<InvRow, { amount: number; balance: number }>>(
      admin,
      'lists.invoices',
      bamboo,
    );
    expect(all.data.rows.map((r) => [r.amount, r.state])).toEqual([
      [9000, 'overdue'],
      [4000, 'unpaid'],
      [3000, 'paid'],
    ]);
    expect(all.data.totals).toEqual({ count: 3, amount: 16000, balance: 9000 + 3000 });
    const unpaid = await query<Page<InvRow, { amount: number; balance: number }>>(
      admin,
      'lists.invoices',
      { ...bamboo, state: 'unpaid' },
    );
    expect(unpaid.data.totals).toEqual({ count: 2, amount: 13000, balance: 12000 });
    const over = await query<Page<InvRow, { amount: number; balance: number }>>(
      admin,
      'lists.invoices',
      { ...bamboo, state: 'overdue' },
    );
    expect(over.data.rows.map((r) => r._id)).toEqual([overdue.id]);
    expect(over.data.totals.balance).toBe(9000);
  });

  it('gives a selection to a collector: the paid one is reported, the others change', async () => {
    const r = await mutate<Bulk>(admin, 'invoices.assignCollector', {
      ids: [ids.overdue, ids.paid, ids.open],
      collector: driverId,
    });
    expect(r.status).toBe(200);
    expect(r.data.done.sort()).toEqual([ids.overdue, ids.open].sort());
    expect(r.data.failed).toEqual([
      expect.objectContaining({ id: ids.paid, code: 'invoice.nothingDue' }),
    ]);
    const rows = t.db.$client
      .prepare('SELECT id, assign_to_collect AS c FROM invoice WHERE id IN (?, ?, ?)')
      .all(ids.overdue, ids.paid, ids.open) as { id: string; c: string | null }[];
    expect(Object.fromEntries(rows.map((x) => [x.id, x.c]))).toEqual({
      [ids.overdue!]: driverId,
      [ids.open!]: driverId,
      [ids.paid!]: null,
    });
    // A customer's login is no collector: nothing changes at all.
    const bad = await mutate<Bulk>(admin, 'invoices.assignCollector', {
      ids: [ids.open],
      collector: custAccountId,
    });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe('invoice.collectorNotEmployee');
  });

  it('lists payments by method and date with their total', async () => {
    const pay = async (invoiceId: string, amount: number, payDate: string) => {
      const r = await mutate(admin, 'invoices.pay', { invoiceId, amount, date: payDate }, payDate);
      expect([r.status, r.code]).toEqual([200, undefined]);
    };
    const today = isoDateInZone(new Date(), t.config.timeZone);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    await pay(ids.open!, 500, yesterday);
    await pay(ids.overdue!, 2000, today);
    const monthly = await query<Page<{ amount: number; method: string }, { amount: number }>>(
      admin,
      'lists.payments',
      { method: 'monthly', sort: 'amount', dir: 'desc' },
    );
    expect(monthly.data.rows.map((r) => r.amount)).toEqual([2000, 500]);
    expect(monthly.data.totals).toEqual({ count: 2, amount: 2500 });
    const march5 = await query<Page<{ amount: number }, { amount: number }>>(
      admin,
      'lists.payments',
      { from: today, to: today, method: 'monthly' },
    );
    expect(march5.data.totals).toEqual({ count: 1, amount: 2000 });
    const cash = await query<Page<{ amount: number }, { amount: number }>>(
      admin,
      'lists.payments',
      { method: 'cash', search: 'Bamboo' },
    );
    expect(cash.data.totals).toEqual({ count: 0, amount: 0 });
  });
});

describe('customers list', () => {
  type CustRow = { _id: string; routeName: string | null; dues: number };
  it('filters by route (or none) and dues, sorts by dues, totals the dues', async () => {
    const none = await query<Page<CustRow, { dues: number }>>(admin, 'lists.customers', {
      route: 'none',
    });
    expect(none.data.rows.map((r) => r._id)).toContain(ids.c);
    const monthly = await query<Page<CustRow, { dues: number }>>(admin, 'lists.customers', {
      method: 'monthly',
    });
    expect(monthly.data.rows.map((r) => r._id)).toEqual([ids.b]);
    const owing = await query<Page<CustRow, { dues: number }>>(admin, 'lists.customers', {
      withDues: true,
      sort: 'dues',
      dir: 'desc',
    });
    expect(owing.data.rows[0]?._id).toBe(ids.b);
    expect(owing.data.totals.dues).toBe(owing.data.rows.reduce((sum, r) => sum + r.dues, 0));
  });

  it('moves a selection to a route; an unknown customer is reported, an unknown route refused', async () => {
    const r = await mutate<Bulk>(admin, 'customers.assignRoute', {
      ids: [ids.a, ids.c, 'no-such-customer'],
      route: ids.south,
    });
    expect(r.status).toBe(200);
    expect(r.data.done.sort()).toEqual([ids.a, ids.c].sort());
    expect(r.data.failed).toEqual([
      { id: 'no-such-customer', label: 'no-such-customer', code: 'customer.notFound' },
    ]);
    const south = await query<Page<CustRow, object>>(admin, 'lists.customers', {
      route: ids.south,
    });
    expect(south.data.rows.map((x) => x._id).sort()).toEqual([ids.a, ids.b, ids.c].sort());
    const audit = t.db.$client
      .prepare("SELECT COUNT(*) AS n FROM audit_entry WHERE entity = 'customer' AND entity_id = ?")
      .get(ids.c) as { n: number };
    expect(audit.n).toBe(1);
    const bad = await mutate<Bulk>(admin, 'customers.assignRoute', {
      ids: [ids.a],
      route: 'no-such-route',
    });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe('route.notFound');
  });
});

describe('start from last order', () => {
  type Last = {
    order: { _id: string } | null;
    lines: { productId: string; name: string; quantity: number; problem: string | null }[];
  };
  it('gives the latest order lines and marks the hidden and out-of-stock ones', async () => {
    t.db.$client
      .prepare('INSERT INTO hidden_for_customer (product_id, customer_id) VALUES (?, ?)')
      .run(ids.spice, ids.a);
    t.db.$client.prepare("UPDATE product SET item_type = 'Out of Stock' WHERE id = ?").run(ids.oil);
    const r = await query<Last>(manager, 'orders.lastOf', { customerId: ids.a });
    expect(r.status).toBe(200);
    expect(r.data.order?._id).toBe(ids.lastOfA);
    expect(r.data.lines.map((l) => [l.name, l.quantity, l.problem])).toEqual([
      ['Ghee', 2, null],
      ['Spice', 2, 'hidden'],
      ['Oil', 1, 'outOfStock'],
    ]);
  });

  it('a customer with no order has none; an unknown customer is 404', async () => {
    const fresh = await makeCustomer(t.db);
    const none = await query<Last>(admin, 'orders.lastOf', { customerId: fresh.id });
    expect(none.data).toEqual({ order: null, lines: [] });
    expect((await query(admin, 'orders.lastOf', { customerId: 'nobody' })).status).toBe(404);
  });
});
