import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// A delivered order's lines say what was handed over (ADR 033, 050): the restaurant's and the
// office's order read carries each line's delivered quantity, its reason and the line a
// substitute replaced, so the lines add up to the totals, which follow the delivery. Over HTTP
// on a real app: the customer reads only its own order (another restaurant gets 404).

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let cust: ApiClient;
let other: ApiClient;
let driverId = '';
let date = '';

interface Line {
  _id: string;
  name: string;
  quantity: number;
  price: number;
  total: number;
  taxRate: number;
  deliveredQuantity?: number | null;
  shortReason?: string | null;
  substituteFor?: string | null;
}
interface Order {
  _id: string;
  orderItems: Line[];
  totalPrice: number;
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
}

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  const a = await makeAdmin(t.db);
  const d = await makeEmployee(t.db, 'driver');
  driverId = d.id;
  const c = await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen', deliveryDays: [] });
  const o = await makeCustomer(t.db, { restaurantName: 'Sakura Table', deliveryDays: [] });
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  cust = new ApiClient(t.url);
  other = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  await driver.login(d.username, d.password);
  await cust.login(c.username, c.password);
  await other.login(o.username, o.password);
});
afterAll(() => t.close());

describe("a delivered order's lines", () => {
  it('carry what was delivered and why, and add up to the totals', async () => {
    const bags = makeProduct(t.db, { name: 'Naan Paper Bags', price: 620, sku: 'Pkt' });
    t.db.$client.prepare('UPDATE product SET tax_rate = 10 WHERE id = ?').run(bags.id);
    const rice = makeProduct(t.db, { name: 'Rice', price: 2480, sku: 'Bag' });
    const dal = makeProduct(t.db, { name: 'Dal', price: 500, sku: 'Kg' });
    const oil = makeProduct(t.db, { name: 'Oil', price: 900, sku: 'Btl' });
    const placed = await cust.post<Order>('/api/orders', {
      orderItems: [
        { product: bags.id, quantity: 10 },
        { product: rice.id, quantity: 3 },
        { product: dal.id, quantity: 2 },
      ],
      deliveryDate: date,
      customMessage: '',
    });
    expect(placed.status).toBe(201);
    // Not yet delivered: every line as ordered.
    for (const l of placed.body.orderItems) {
      expect(l.deliveredQuantity ?? null).toBeNull();
      expect(l.shortReason ?? null).toBeNull();
    }
    const id = placed.body._id;
    expect((await mutate(admin, 'orders.dispatch', { id, driverId })).status).toBe(200);
    const jobs = await query<{ _id: string; order: { _id: string } | null }[]>(
      driver,
      'ordertrack.driverPending',
      { driverId, keyword: '' },
    );
    const job = jobs.data.find((j) => j.order?._id === id);
    const lineOf = (name: string) => placed.body.orderItems.find((l) => l.name === name) as Line;
    const delivered = await mutate(driver, 'ordertrack.deliver', {
      id: job?._id,
      lines: [
        { lineId: lineOf('Naan Paper Bags')._id, deliveredQuantity: 8, reason: 'short' },
        {
          lineId: lineOf('Rice')._id,
          deliveredQuantity: 1,
          reason: 'substituted',
          substitute: { productId: oil.id, quantity: 2 },
        },
      ],
    });
    expect(delivered.status).toBe(200);

    const mine = await cust.get<Order>(`/api/orders/${id}`);
    expect(mine.status).toBe(200);
    const byName = new Map(mine.body.orderItems.map((l) => [l.name, l]));
    expect(byName.get('Naan Paper Bags')).toMatchObject({
      quantity: 10,
      deliveredQuantity: 8,
      shortReason: 'short',
    });
    expect(byName.get('Rice')).toMatchObject({
      quantity: 3,
      deliveredQuantity: 1,
      shortReason: 'substituted',
    });
    expect(byName.get('Dal')).toMatchObject({ quantity: 2, deliveredQuantity: null });
    expect(byName.get('Oil')).toMatchObject({
      quantity: 2,
      substituteFor: lineOf('Rice')._id,
      deliveredQuantity: null,
    });
    // The lines at what was delivered are the totals' subtotals: 8 x 620 at 10 %.
    const handedOver = (rate: number) =>
      mine.body.orderItems
        .filter((l) => l.taxRate === rate)
        .reduce((sum, l) => sum + l.price * (l.deliveredQuantity ?? l.quantity), 0);
    expect(mine.body.net10).toBe(4960);
    expect(handedOver(10)).toBe(mine.body.net10);
    expect(handedOver(8)).toBe(mine.body.net8);

    // The history's page and the office's read say the same.
    const history = await cust.get<{ orders: Order[] }>('/api/orders/myorders');
    const inHistory = history.body.orders.find((o) => o._id === id);
    expect(inHistory?.orderItems.find((l) => l.name === 'Naan Paper Bags')).toMatchObject({
      deliveredQuantity: 8,
      shortReason: 'short',
    });
    const office = await admin.get<Order>(`/api/orders/${id}`);
    expect(office.body.orderItems.find((l) => l.name === 'Oil')?.substituteFor).toBe(
      lineOf('Rice')._id,
    );

    // Another restaurant reads nothing of it.
    expect((await other.get(`/api/orders/${id}`)).status).toBe(404);
  });
});
