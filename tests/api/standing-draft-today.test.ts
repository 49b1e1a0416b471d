import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutoffOf } from '../../server/orders/standing-orders';
import { standingTick } from '../../server/orders/standing-scheduler';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCategory, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// A standing order's draft shows what the cut-off will place (ADR 088): the office raises a
// price and retires a product after the draft was made; the restaurant reviewing its draft
// before the cut-off sees today's price and the product left out, and the order placed at the
// cut-off is exactly that, not the draft's stale figures.

const TZ = 'Asia/Tokyo';
const MON = '2030-12-23';
let t: TestApp;
let now = new Date('2030-12-20T00:00:00Z');
let admin: ApiClient;

interface Run {
  deliveryDate: string;
  status: string;
  total: number;
  lines: {
    name: string;
    unitPrice: number;
    lineTotal: number;
    available: boolean;
    reason: string | null;
  }[];
}

beforeAll(async () => {
  t = await startTestApp({ clock: () => now, env: { BUSINESS_TIME_ZONE: TZ } });
  admin = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  await admin.login(a.username, a.password);
});
afterAll(() => t?.close());

describe("a standing order's draft", () => {
  it('shows a price raised and a product retired since it was drafted, as the cut-off places it', async () => {
    const cat = makeCategory(t.db);
    const rice = makeProduct(t.db, { name: 'Rice', price: 2000, categoryId: cat.id });
    const ghee = makeProduct(t.db, { name: 'Ghee', price: 1500, categoryId: cat.id });
    const c = await makeCustomer(t.db, { deliveryDays: ['Monday', 'Thursday'] });
    const cust = new ApiClient(t.url);
    await cust.login(c.username, c.password);
    const set = await mutate(cust, 'standing.setUsual', {
      weekday: 'Monday',
      lines: [
        { product: rice.id, quantity: 2 },
        { product: ghee.id, quantity: 1 },
      ],
    });
    expect(set.status).toBe(200);
    const cutoff = cutoffOf(MON, '04:00', TZ);
    now = new Date(cutoff.getTime() - 6 * 3_600_000);
    expect(standingTick(t.db, { timeZone: TZ, now }).drafted).toBe(1);
    const draft = async () =>
      (await query<Run[]>(cust, 'standing.upcoming')).data.find((r) => r.deliveryDate === MON);
    expect((await draft())?.total).toBe(5940);

    // The office raises rice to ¥2,500 and retires the ghee.
    const raised = await admin.put(`/api/products/${rice.id}`, {
      name: 'Rice',
      category: cat.id,
      price: 2500,
      description: 'x',
      sku: 'Kg',
    });
    expect(raised.status).toBe(200);
    expect((await admin.delete(`/api/products/${ghee.id}`)).status).toBe(200);

    const before = await draft();
    expect(before?.status).toBe('draft');
    expect(before?.lines.map((l) => [l.name, l.unitPrice, l.available])).toEqual([
      ['Rice', 2500, true],
      ['Ghee', 0, false],
    ]);
    expect(before?.total).toBe(5400);
    // The office sees the customer's drafts the same way.
    const office = await query<Run[]>(admin, 'standing.upcomingFor', { customerId: c.id });
    expect(office.data.find((r) => r.deliveryDate === MON)?.total).toBe(5400);

    // The cut-off places what the draft said.
    now = cutoff;
    expect(standingTick(t.db, { timeZone: TZ, now }).confirmed).toBe(1);
    const placed = t.db.$client
      .prepare<[string], { total: number }>(
        'SELECT total FROM customer_order WHERE customer_id = ?',
      )
      .all(c.id);
    expect(placed).toEqual([{ total: 5400 }]);
  });
});
