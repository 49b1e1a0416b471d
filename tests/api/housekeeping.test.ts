import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKey, session } from '../../drizzle/schema';
import { sweepExpired } from '../../server/platform/housekeeping';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// The sweep removes what can no longer be used and nothing else: a session still valid keeps
// working, and a recent Idempotency-Key still returns the first order.

let t: TestApp;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(username: string, password: string) {
  const c = new ApiClient(t.url);
  const info = await c.login(username, password);
  return { c, id: info.token.split('.')[0] as string };
}
const setTimes = (id: string, createdAgo: number, usedAgo: number) =>
  t.db
    .update(session)
    .set({ createdAtMs: Date.now() - createdAgo, lastVerifiedAtMs: Date.now() - usedAgo })
    .where(eq(session.id, id))
    .run();
const exists = (id: string) => !!t.db.select().from(session).where(eq(session.id, id)).get();

describe('housekeeping sweep', () => {
  it('deletes idle and over-age staff sessions, and keeps the ones still valid', async () => {
    const cust = await makeCustomer(t.db);
    const admin = await makeAdmin(t.db);
    const idle = await signedIn(cust.username, cust.password);
    const recentCustomer = await signedIn(cust.username, cust.password);
    const oldCustomer = await signedIn(cust.username, cust.password);
    const oldStaff = await signedIn(admin.username, admin.password);
    const freshStaff = await signedIn(admin.username, admin.password);
    setTimes(idle.id, 20 * DAY, 11 * DAY);
    setTimes(recentCustomer.id, 2 * HOUR, HOUR);
    // A customer signed in 13 hours ago and still using it: only staff have the 12-hour limit.
    setTimes(oldCustomer.id, 13 * HOUR, 10 * 60_000);
    setTimes(oldStaff.id, 13 * HOUR, 10 * 60_000);
    setTimes(freshStaff.id, 11 * HOUR, 10 * 60_000);

    const swept = sweepExpired(t.db);

    expect(swept.sessions).toBe(2);
    expect(exists(idle.id)).toBe(false);
    expect(exists(oldStaff.id)).toBe(false);
    for (const kept of [recentCustomer, oldCustomer, freshStaff]) {
      expect(exists(kept.id)).toBe(true);
      expect((await kept.c.get('/api/users/profile')).status).toBe(200);
    }
  });

  it('forgets Idempotency-Keys after a week; a recent key still returns the first order', async () => {
    const cust = await makeCustomer(t.db);
    const product = makeProduct(t.db);
    const { c } = await signedIn(cust.username, cust.password);
    const body = {
      orderItems: [{ product: product.id, quantity: 1 }],
      deliveryDate: deliveryCalendar(t.db, t.config.timeZone).earliest,
    };
    const first = await c.post<{ _id: string }>('/api/orders', body, { 'idempotency-key': 'old' });
    const recent = await c.post<{ _id: string }>('/api/orders', body, {
      'idempotency-key': 'recent',
    });
    t.db
      .update(idempotencyKey)
      .set({ createdAt: new Date(Date.now() - 8 * DAY).toISOString() })
      .where(eq(idempotencyKey.key, 'old'))
      .run();

    expect(sweepExpired(t.db).keys).toBe(1);

    const again = await c.post<{ _id: string }>('/api/orders', body, {
      'idempotency-key': 'recent',
    });
    expect(again.body._id).toBe(recent.body._id);
    const keys = t.db
      .select()
      .from(idempotencyKey)
      .all()
      .map((k) => k.key);
    expect(keys).toEqual(['recent']);
    expect(first.status).toBe(201);
  });
});
