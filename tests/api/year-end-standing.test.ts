import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutoffOf } from '../../server/orders/standing-orders';
import { standingTick } from '../../server/orders/standing-scheduler';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCategory, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// 年末年始: the business closes 12/30 to 1/3. A restaurant with usual orders on Thursday and
// Friday looks at its coming standing orders on 12/29 in the evening: 12/31 (Thu) and 1/1 (Fri)
// will not come. The runs are made only hours before each cut-off, so it read nothing of them
// until the evening before each, too late to order for 12/29 instead. It now reads them two
// weeks ahead, as the scheduler will mark them, and once the scheduler has, still once.

const TZ = 'Asia/Tokyo';
const YEAR_END = ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03'];
let t: TestApp;
let now = new Date('2026-12-29T11:00:00Z'); // 20:00 in Tokyo on 12/29
let admin: ApiClient;
let cust: ApiClient;
let other: ApiClient;

interface Run {
  id: string;
  deliveryDate: string;
  status: string;
  total: number;
  lines: { name: string; available: boolean; reason: string | null }[];
}

beforeAll(async () => {
  t = await startTestApp({ clock: () => now, env: { BUSINESS_TIME_ZONE: TZ } });
  admin = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  await admin.login(a.username, a.password);
  expect(
    (await mutate(admin, 'settings.update', { cutoff: '04:00', holidays: YEAR_END })).status,
  ).toBe(200);
  const cat = makeCategory(t.db);
  const rice = makeProduct(t.db, { name: 'Rice', price: 2000, categoryId: cat.id });
  const c = await makeCustomer(t.db, { deliveryDays: ['Monday', 'Thursday', 'Friday'] });
  cust = new ApiClient(t.url);
  await cust.login(c.username, c.password);
  for (const weekday of ['Monday', 'Thursday', 'Friday']) {
    const set = await mutate(cust, 'standing.setUsual', {
      weekday,
      lines: [{ product: rice.id, quantity: 2 }],
    });
    expect(set.status).toBe(200);
  }
  // A restaurant with no usual order on those days reads nothing of them.
  const o = await makeCustomer(t.db, { deliveryDays: ['Thursday'] });
  other = new ApiClient(t.url);
  await other.login(o.username, o.password);
});
afterAll(() => t?.close());

const upcoming = async (who: ApiClient) => {
  const r = await query<Run[]>(who, 'standing.upcoming');
  expect(r.status).toBe(200);
  return r.data;
};

describe('standing orders over the year-end break', () => {
  it('on 12/29 the restaurant reads that its Thursday and Friday orders will not come', async () => {
    const runs = await upcoming(cust);
    expect(runs.map((r) => [r.deliveryDate, r.status])).toEqual([
      ['2026-12-31', 'holiday'],
      ['2027-01-01', 'holiday'],
    ]);
    expect(runs[0]?.lines).toEqual([
      expect.objectContaining({ name: 'Rice', available: false, reason: 'standing.holiday' }),
    ]);
    expect(runs[0]?.total).toBe(0);
    expect(await upcoming(other)).toEqual([]);
  });

  it('once the scheduler has marked 12/31, it is listed once; after the break, the Monday draft', async () => {
    now = new Date(cutoffOf('2026-12-31', '04:00', TZ).getTime() - 6 * 3_600_000);
    standingTick(t.db, { timeZone: TZ, now });
    const runs = await upcoming(cust);
    expect(runs.map((r) => [r.deliveryDate, r.status])).toEqual([
      ['2026-12-31', 'holiday'],
      ['2027-01-01', 'holiday'],
    ]);
    expect(runs[0]?.id.startsWith('holiday-')).toBe(false);

    now = new Date(cutoffOf('2027-01-04', '04:00', TZ).getTime() - 6 * 3_600_000);
    expect(standingTick(t.db, { timeZone: TZ, now }).drafted).toBe(1);
    expect((await upcoming(cust)).map((r) => [r.deliveryDate, r.status])).toEqual([
      ['2027-01-04', 'draft'],
    ]);
  });
});
