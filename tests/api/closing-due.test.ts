import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestClosingDate } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { ClosingDueOut, ClosingPreviewOut } from '../../shared/schemas/billing';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertDeliveredOrder } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// The closing screen opens on the closing the office has to run next (`closing.due`): the
// latest closing date up to today with a customer still to close, not a date already closed
// (the audit found it on a closed 10/31 while the 20th-closing customers waited). A customer
// with nothing to bill does not make a date due.

let t: TestApp;
let office: ApiClient;
let today = '';
let monthEnd = '';
let fifteenth = '';
const ids: Record<string, string> = {};

async function due(): Promise<ClosingDueOut> {
  const r = await query<ClosingDueOut>(office, 'closing.due');
  expect(r.status).toBe(200);
  return r.data;
}

async function close(closingDate: string) {
  const r = await mutate<{ invoiced: number }>(office, 'closing.run', { closingDate });
  expect(r.status).toBe(200);
  expect(r.data.invoiced).toBe(1);
}

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  monthEnd = latestClosingDate(null, today);
  fifteenth = latestClosingDate(15, today);
  const admin = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
  const rice = makeProduct(t.db, { name: 'Rice', price: 1000 });
  const monthly = async (name: string, closingDay: number | null) => {
    const c = await makeCustomer(t.db, { restaurantName: name, paymentMethod: 'monthly' });
    t.db.$client.prepare('UPDATE customer SET closing_day = ? WHERE id = ?').run(closingDay, c.id);
    return c.id;
  };
  ids.monthEnd = await monthly('Closes At Month End', 31);
  ids.fifteenth = await monthly('Closes On The 15th', 15);
  // Closes at month end too, with nothing delivered: nothing to close, never "closed".
  ids.idle = await monthly('Nothing To Bill', null);
  insertDeliveredOrder(t.db, {
    customerId: ids.monthEnd,
    productId: rice.id,
    day: addDaysIso(monthEnd, -3),
  });
  insertDeliveredOrder(t.db, {
    customerId: ids.fifteenth,
    productId: rice.id,
    day: addDaysIso(fifteenth, -3),
  });
});
afterAll(() => t.close());

describe('the closing to run next', () => {
  it('is the latest closing date up to today with something to close', async () => {
    const latest = monthEnd > fifteenth ? monthEnd : fifteenth;
    expect(await due()).toEqual({ closingDate: latest, customers: 1 });
  });

  it('moves to the other date once the latest is closed, not staying on a closed date', async () => {
    const [first, second] = monthEnd > fifteenth ? [monthEnd, fifteenth] : [fifteenth, monthEnd];
    await close(first);
    // The customer with nothing to bill is not closed on `first`, and does not make it due.
    expect(await due()).toEqual({ closingDate: second, customers: 1 });
    await close(second);
    // Nothing due: the latest closing date, where the preview shows everyone closed.
    const none = await due();
    expect(none).toEqual({ closingDate: first, customers: 0 });
    const preview = await query<ClosingPreviewOut>(office, 'closing.preview', {
      closingDate: none.closingDate,
    });
    expect(
      preview.data.customers.filter((c) => !c.closed && (c.orders > 0 || c.statement)),
    ).toEqual([]);
  });

  it('is for the office only', async () => {
    expect((await query(new ApiClient(t.url), 'closing.due')).status).toBe(401);
  });
});

describe('latestClosingDate', () => {
  it('is the closing day of this month once it has come, else of the month before', () => {
    expect(latestClosingDate(20, '2030-11-05')).toBe('2030-10-20');
    expect(latestClosingDate(20, '2030-11-20')).toBe('2030-11-20');
    expect(latestClosingDate(null, '2030-11-05')).toBe('2030-10-31');
    expect(latestClosingDate(31, '2030-11-30')).toBe('2030-11-30');
    expect(latestClosingDate(31, '2031-03-01')).toBe('2031-02-28');
    expect(latestClosingDate(30, '2031-03-15')).toBe('2031-02-28');
  });
});
