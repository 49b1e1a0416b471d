import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestClosingDate, nextClosingDate } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { ClosingCustomerOut, ClosingPreviewOut } from '../../shared/schemas/billing';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// The closing screen shows each statement's figures before the run: the hand-made invoices it
// counts (with their ids, to open them), the previous balance, payments received, bank fees
// written off (adjustments) and the amount due. An audit found a customer billed only by
// hand-made invoices shown as ¥0 while its statement billed ¥86,182. A closing date still to
// come is previewed (what it would bill so far) and its run refused. The customer picker learns
// who is monthly and on which day each closes.

let t: TestApp;
let office: ApiClient;
let today = '';
/** The month end closed here: before today, so a payment dated today falls after it. */
let closed = '';
/** The next month end, after today: previewed, not run. */
let ahead = '';
let monthlyId = '';
let cashId = '';
const made: Record<string, { id: string; number: string | null }> = {};

async function handMade(amount: number): Promise<{ id: string; number: string | null }> {
  const r = await office.post<{ _id: string; code?: string; number?: string | null }>(
    '/api/invoice',
    { customer: monthlyId, amount },
  );
  expect(r.status).toBe(201);
  const number = t.db.$client
    .prepare<[string], string | null>('SELECT number FROM invoice WHERE id = ?')
    .pluck()
    .get(r.body._id);
  return { id: r.body._id, number: number ?? null };
}

async function previewRow(closingDate: string): Promise<ClosingCustomerOut> {
  const r = await query<ClosingPreviewOut>(office, 'closing.preview', {
    closingDate,
    customerId: monthlyId,
  });
  expect(r.status).toBe(200);
  const row = r.data.customers.find((c) => c.customerId === monthlyId);
  if (!row) throw new Error('no preview row');
  return row;
}

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  closed = latestClosingDate(null, addDaysIso(today, -1));
  ahead = nextClosingDate(null, addDaysIso(today, 1));
  const a = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(a.username, a.password);
  monthlyId = (
    await makeCustomer(t.db, { restaurantName: 'Chiang Mai Kitchen', paymentMethod: 'monthly' })
  ).id;
  t.db.$client.prepare('UPDATE customer SET closing_day = 31 WHERE id = ?').run(monthlyId);
  cashId = (await makeCustomer(t.db, { restaurantName: 'Fuji Cash Diner' })).id;
  // Billed by hand only, in the period the closed month end covers.
  made.first = await handMade(20_000);
  t.db.$client
    .prepare('UPDATE invoice SET issue_date = ?, created_at = ? WHERE id = ?')
    .run(addDaysIso(closed, -5), `${addDaysIso(closed, -5)}T03:00:00.000Z`, made.first.id);
});
afterAll(() => t.close());

describe("the closing preview's statement figures", () => {
  it('counts a customer billed only by hand-made invoices, naming them, as its statement will', async () => {
    const row = await previewRow(closed);
    expect(row).toMatchObject({
      orders: 0,
      amount: 0,
      handMade: 20_000,
      handMadeInvoices: [{ id: made.first?.id, number: made.first?.number, amount: 20_000 }],
      previousBalance: 0,
      paymentsReceived: 0,
      adjustments: 0,
      amountDue: 20_000,
      statement: true,
      closed: false,
    });
    const run = await mutate<{ results: { statementId: string; amountDue: number }[] }>(
      office,
      'closing.run',
      { closingDate: closed, customerId: monthlyId },
    );
    expect(run.status).toBe(200);
    const statement = t.db.$client
      .prepare<[string], { amountDue: number; periodAmount: number }>(
        'SELECT amount_due AS amountDue, period_amount AS periodAmount FROM statement WHERE id = ?',
      )
      .get(run.data.results[0]?.statementId ?? '');
    // The preview said what the statement asks for.
    expect(statement).toEqual({
      amountDue: row.amountDue,
      periodAmount: row.handMade + row.amount,
    });
  });

  it('shows a closed date with its statement figures and hand-made invoices', async () => {
    const row = await previewRow(closed);
    expect(row).toMatchObject({
      closed: true,
      handMade: 20_000,
      handMadeInvoices: [{ id: made.first?.id, amount: 20_000 }],
      previousBalance: 0,
      paymentsReceived: 0,
      adjustments: 0,
      amountDue: 20_000,
    });
  });

  it('previews a closing date still to come with the payments and fees so far, and refuses to run it', async () => {
    // ¥19,340 arrived for the ¥20,000, the rest written off as the bank fee; a new hand-made one.
    const paid = await office.post(`/api/invoice/${made.first?.id}/payment`, {
      date: today,
      amount: 19_340,
      writeOffRest: true,
    });
    expect(paid.status).toBe(201);
    made.second = await handMade(5_500);
    const row = await previewRow(ahead);
    expect(row).toMatchObject({
      closed: false,
      previousBalance: 20_000,
      paymentsReceived: 19_340,
      adjustments: 660,
      handMade: 5_500,
      handMadeInvoices: [{ id: made.second.id, number: made.second.number, amount: 5_500 }],
      amountDue: 20_000 - 19_340 - 660 + 5_500,
      statement: true,
    });
    const run = await mutate(office, 'closing.run', { closingDate: ahead });
    expect(run.status).toBe(400);
    expect(run.code).toBe('invoice.closingInFuture');
    const statements = t.db.$client
      .prepare<[string], number>('SELECT COUNT(*) FROM statement WHERE customer_id = ?')
      .pluck()
      .get(monthlyId);
    expect(statements).toBe(1);
  });

  it("tells the closing screen's picker who is monthly and each one's closing day", async () => {
    // Searched on the server, monthly customers only (ADR 094).
    const r = await query<{ customers: { _id: string; closingDay?: number | null }[] }>(
      office,
      'customers.pick',
      { q: '', monthly: true, limit: 50 },
    );
    expect(r.status).toBe(200);
    expect(r.data.customers.find((c) => c._id === monthlyId)).toMatchObject({ closingDay: 31 });
    expect(r.data.customers.find((c) => c._id === cashId)).toBeUndefined();
  });
});
