import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestClosingDate, previousClosingDate } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { ClosingPreviewOut } from '../../shared/schemas/billing';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertDeliveredOrder } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// A transfer the office matches against the bank a week late is entered after the closing, dated
// the day it arrived, in the period that closing already covered (ADR 070). The next statement
// counts it: before, the closing counted only payments dated in its own period, so this one was on
// no statement, and the restaurant was asked for it again while the aging list said it was paid.

let t: TestApp;
let office: ApiClient;
let customerId = '';
let riceId = '';
let first = '';
let second = '';

interface StatementRow {
  previousBalance: number;
  paymentsReceived: number;
  carriedOver: number;
  periodAmount: number;
  amountDue: number;
  invoiceId: string | null;
}

const statementOn = (closingDate: string) =>
  t.db.$client
    .prepare<[string, string], StatementRow>(
      `SELECT previous_balance AS previousBalance, payments_received AS paymentsReceived,
              carried_over AS carriedOver, period_amount AS periodAmount,
              amount_due AS amountDue, invoice_id AS invoiceId
         FROM statement WHERE customer_id = ? AND closing_date = ?`,
    )
    .get(customerId, closingDate);

/** What the customer owes on its invoices: what the aging list and the customer's page say. */
const owed = () =>
  t.db.$client
    .prepare<[string], number>(
      `SELECT COALESCE(SUM(amount - paid_amount), 0) FROM invoice
        WHERE customer_id = ? AND cancelled_at IS NULL`,
    )
    .pluck()
    .get(customerId);

async function close(closingDate: string) {
  const r = await mutate<{ invoiced: number }>(office, 'closing.run', {
    closingDate,
    customerId,
  });
  expect(r.status).toBe(200);
  expect(r.data.invoiced).toBe(1);
}

beforeAll(async () => {
  t = await startTestApp();
  const today = isoDateInZone(new Date(), t.config.timeZone);
  const admin = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
  riceId = makeProduct(t.db, { name: 'Rice', price: 1000 }).id;
  const c = await makeCustomer(t.db, { restaurantName: 'Late Transfer', paymentMethod: 'monthly' });
  customerId = c.id;
  t.db.$client.prepare('UPDATE customer SET closing_day = 15 WHERE id = ?').run(customerId);
  // Two closings of the 15th, both behind today, the first within the office's 90 days back.
  second = latestClosingDate(15, today);
  first = previousClosingDate(15, second);
});
afterAll(() => t.close());

describe('a payment entered after its closing, dated before it', () => {
  it('is counted on the next statement, which then asks for what is owed', async () => {
    // ¥10,800
    insertDeliveredOrder(t.db, {
      customerId,
      productId: riceId,
      day: addDaysIso(first, -3),
      quantity: 10,
    });
    await close(first);
    const one = statementOn(first);
    expect(one).toMatchObject({ previousBalance: 0, paymentsReceived: 0, amountDue: 10800 });

    // The transfer arrived the day before the closing; the office enters it after the run.
    const paid = await mutate(office, 'invoices.pay', {
      invoiceId: one?.invoiceId,
      amount: 6000,
      date: addDaysIso(first, -1),
    });
    expect(paid.status).toBe(200);
    // The statement already issued never changes.
    expect(statementOn(first)).toEqual(one);

    // ¥5,400
    insertDeliveredOrder(t.db, {
      customerId,
      productId: riceId,
      day: addDaysIso(second, -3),
      quantity: 5,
    });
    await close(second);
    const two = statementOn(second);
    expect(two).toMatchObject({
      previousBalance: 10800,
      paymentsReceived: 6000,
      carriedOver: 4800,
      periodAmount: 5400,
      amountDue: 10200,
    });
    // The statement asks for what the invoices say is owed, no more.
    expect(two?.amountDue).toBe(owed());
  });

  it('is counted once: the closing after counts the next late one and not the first again', async () => {
    const two = statementOn(second);
    const paid = await mutate(office, 'invoices.pay', {
      invoiceId: two?.invoiceId,
      amount: 5400,
      date: second,
    });
    expect(paid.status).toBe(200);
    // The next closing a month on, with nothing delivered, as the closing screen previews it
    // (ahead of today too): the ¥5,400 is counted, the ¥6,000 is not counted again.
    const third = latestClosingDate(15, addDaysIso(second, 31));
    const preview = await query<ClosingPreviewOut>(office, 'closing.preview', {
      closingDate: third,
      customerId,
    });
    expect(preview.status).toBe(200);
    expect(preview.data.customers).toEqual([
      expect.objectContaining({ statement: true, amountDue: 4800 }),
    ]);
    expect(owed()).toBe(4800);
  });
});
