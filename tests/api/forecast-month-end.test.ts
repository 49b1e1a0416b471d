import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForecastOut } from '../../shared/schemas/invoices';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { query } from '../helpers/trpc';

// The collection screen on 30 November: its chart counts the customers paid at the month's end
// (payment day 31, 月末払い) on the 30th, the month's last day; the list below it, for payment
// day 30, showed nothing for them. The list of the month's last day now takes them too, and a
// day that is not the month's last takes only its own customers.

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  // Noon in Tokyo on 30 November 2026.
  t = await startTestApp({ clock: () => new Date('2026-11-30T03:00:00Z') });
  const insert = t.db.$client.prepare(
    `INSERT INTO invoice (id, customer_id, kind, number, issue_date, due_date, net8, tax8, net10,
                          tax10, credit_applied, amount, paid_amount)
     VALUES (@id, @customerId, 'manual', @number, '2026-10-31', '2026-11-30', 0, 0, 0, 0, 0,
             @amount, 0)`,
  );
  const terms = [
    ['31', 50_000],
    ['30', 20_000],
    ['29', 5_000],
  ] as const;
  for (const [i, [paymentDay, amount]] of terms.entries()) {
    const c = await makeCustomer(t.db, { paymentMethod: 'monthly' });
    t.db.$client.prepare('UPDATE customer SET payment_date = ? WHERE id = ?').run(paymentDay, c.id);
    insert.run({ id: `inv-f${i}`, customerId: c.id, number: `INV-90000${i}`, amount });
  }
  const a = await makeAdmin(t.db);
  admin = new ApiClient(t.url);
  await admin.login(a.username, a.password);
});
afterAll(() => t.close());

const byDay = async (paymentDate: string) => {
  const r = await query<{ totalAmountToCollect: number }>(admin, 'invoices.byDate', {
    paymentDate,
  });
  expect(r.status).toBe(200);
  return r.data.totalAmountToCollect;
};

describe("the collection list of the month's last day", () => {
  it('agrees with the chart: the customers paid at the month end are due on the 30th', async () => {
    const forecast = await query<ForecastOut>(admin, 'invoices.forecast');
    const today = forecast.data.days.find((d) => d.date === '2026-11-30');
    expect(today?.amount).toBe(70_000);
    expect(await byDay('30')).toBe(70_000);
    expect(await byDay('2026-11-30')).toBe(70_000);
  });

  it('another day keeps only its own customers', async () => {
    expect(await byDay('29')).toBe(5_000);
    expect(await byDay('31')).toBe(50_000);
  });
});
