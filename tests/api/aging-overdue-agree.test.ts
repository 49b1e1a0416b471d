import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// The aging report's columns and the list of customers overdue more than two months count the
// same way (ADR 054): days past due, two months being more than 60 days. An invoice 61 days late
// is in the 61-90 days column and on the overdue list with the same amount; one 60 days late is
// in neither. On a fixed business day, 2026-11-27, whose two calendar months back (09-27) are
// 61 days: counted in months, the 61-day invoice was in the column and not on the list.

let t: TestApp;
let admin: ApiClient;
let lateId = '';
let borderId = '';

const TODAY = '2026-11-27';
const daysBefore = (days: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  // Noon in Tokyo.
  t = await startTestApp({ clock: () => new Date(`${TODAY}T03:00:00Z`) });
  const a = await makeAdmin(t.db);
  admin = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  lateId = (await makeCustomer(t.db, { restaurantName: 'Sixty-one Days Curry' })).id;
  borderId = (await makeCustomer(t.db, { restaurantName: 'Sixty Days Momo' })).id;
  const insert = t.db.$client.prepare(
    `INSERT INTO invoice (id, customer_id, kind, number, issue_date, due_date, net8, tax8, amount,
                          paid_amount)
     VALUES (?, ?, 'manual', ?, ?, ?, ?, ?, ?, ?)`,
  );
  // ¥92,094 billed, ¥5,726 paid: ¥86,368 pending, due 61 days ago.
  insert.run('late-1', lateId, 'INV-L1', daysBefore(91), daysBefore(61), 85272, 6822, 92094, 5726);
  // Due 60 days ago: late, not yet overdue.
  insert.run('border-1', borderId, 'INV-B1', daysBefore(90), daysBefore(60), 10000, 800, 10800, 0);
});
afterAll(() => t.close());

interface AgingRow {
  customerId: string;
  d31_60: number;
  d61_90: number;
  over90: number;
}

describe('aging and the overdue list agree', () => {
  it('an invoice 61 days past due is in the 61-90 days column and on the overdue list, with the same amount', async () => {
    const aging = await admin.get<{ today: string; customers: AgingRow[] }>('/api/invoice/aging');
    expect(aging.status).toBe(200);
    expect(aging.body.today).toBe(TODAY);
    const overdue =
      await admin.get<{ customerId: string; overdueAmount: number }[]>('/api/invoice/overdue');
    expect(overdue.status).toBe(200);

    const late = aging.body.customers.find((c) => c.customerId === lateId);
    expect(late).toMatchObject({ d31_60: 0, d61_90: 92094 - 5726, over90: 0 });
    const listed = overdue.body.find((c) => c.customerId === lateId);
    expect(listed?.overdueAmount).toBe((late?.d61_90 ?? 0) + (late?.over90 ?? 0));

    const border = aging.body.customers.find((c) => c.customerId === borderId);
    expect(border).toMatchObject({ d31_60: 10800, d61_90: 0, over90: 0 });
    expect(overdue.body.some((c) => c.customerId === borderId)).toBe(false);
  });

  it("the invoice's own overdue flag follows the same measure", async () => {
    const late = await admin.get<{ overdue: boolean }>('/api/invoice/late-1');
    expect(late.status).toBe(200);
    expect(late.body.overdue).toBe(true);
    const border = await admin.get<{ overdue: boolean }>('/api/invoice/border-1');
    expect(border.status).toBe(200);
    expect(border.body.overdue).toBe(false);
  });
});
