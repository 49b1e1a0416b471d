import { PDFParse } from 'pdf-parse';
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

// A payment a statement counted and the office corrected afterwards (¥10,000 typed for a
// ¥1,000 transfer, ADR 072). Before, the next statement started from the last one's amount due
// and counted only new payments: the ¥9,000 the restaurant still owed was on no statement ever
// again, while the aging list asked for it. Now the correction reaches the next statement with
// the payments, and a payment moved to a later date is not counted a second time.

let t: TestApp;
let office: ApiClient;
let customerId = '';
let riceId = '';
let today = '';
const closings = { first: '', second: '', third: '' };

interface StatementRow {
  id: string;
  previousBalance: number;
  paymentsReceived: number;
  adjustments: number;
  paymentCorrections: number;
  carriedOver: number;
  periodAmount: number;
  amountDue: number;
  invoiceId: string | null;
}

const statementOn = (closingDate: string) =>
  t.db.$client
    .prepare<[string, string], StatementRow>(
      `SELECT id, previous_balance AS previousBalance, payments_received AS paymentsReceived,
              adjustments, payment_corrections AS paymentCorrections,
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
  const r = await mutate(office, 'closing.run', { closingDate, customerId });
  expect(r.status).toBe(200);
}

/** A transfer, the rest of the invoice written off as the bank's fee (ADR 069). */
async function payLessFee(invoiceId: string | null | undefined, amount: number, date: string) {
  const r = await mutate<{ payments: { _id: string; kind: string }[] }>(office, 'invoices.pay', {
    invoiceId,
    amount,
    date,
    writeOffRest: true,
  });
  expect(r.status, r.code).toBe(200);
  const id = (kind: string) => r.data.payments.find((p) => p.kind === kind)?._id ?? '';
  return { paymentId: id('payment'), feeId: id('bank_fee') };
}

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  const admin = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
  riceId = makeProduct(t.db, { name: 'Rice', price: 1000 }).id;
  const c = await makeCustomer(t.db, {
    restaurantName: 'Corrected Transfer',
    paymentMethod: 'monthly',
  });
  customerId = c.id;
  t.db.$client.prepare('UPDATE customer SET closing_day = 15 WHERE id = ?').run(customerId);
  // Three closings of the 15th before today; payments are dated within the office's 90 days.
  closings.third = latestClosingDate(15, addDaysIso(today, -1));
  closings.second = previousClosingDate(15, closings.third);
  closings.first = previousClosingDate(15, closings.second);
});
afterAll(() => t.close());

describe('a payment a statement counted, corrected after it', () => {
  let paid = { paymentId: '', feeId: '' };

  it('is counted once, on the statement of its period', async () => {
    // ¥10,800
    insertDeliveredOrder(t.db, {
      customerId,
      productId: riceId,
      day: addDaysIso(closings.first, -3),
      quantity: 10,
    });
    await close(closings.first);
    const one = statementOn(closings.first);
    expect(one).toMatchObject({ previousBalance: 0, amountDue: 10800 });

    // The office types ¥10,000 for a transfer of ¥1,000, and writes the ¥800 left off as the
    // bank's fee.
    paid = await payLessFee(one?.invoiceId, 10000, addDaysIso(closings.second, -1));
    // ¥5,400
    insertDeliveredOrder(t.db, {
      customerId,
      productId: riceId,
      day: addDaysIso(closings.second, -3),
      quantity: 5,
    });
    await close(closings.second);
    expect(statementOn(closings.second)).toMatchObject({
      previousBalance: 10800,
      paymentsReceived: 10000,
      adjustments: 800,
      paymentCorrections: 0,
      carriedOver: 0,
      periodAmount: 5400,
      amountDue: 5400,
    });
  });

  it('reaches the next statement as a correction, with the payments, and is said there', async () => {
    const one = statementOn(closings.first);
    // Corrected to what came in, and dated the day it was checked: after the second closing.
    const edited = await mutate(office, 'invoices.editPayment', {
      invoiceId: one?.invoiceId,
      _id: paid.paymentId,
      amount: 1000,
      date: today,
    });
    expect(edited.status, edited.code).toBe(200);
    // The ¥800 was no bank fee: taken back.
    const back = await mutate(office, 'invoices.removeBankFee', {
      invoiceId: one?.invoiceId,
      _id: paid.feeId,
    });
    expect(back.status, back.code).toBe(200);
    // The restaurant owes ¥9,800 on the first invoice and ¥5,400 on the second.
    expect(owed()).toBe(15200);

    const preview = await query<ClosingPreviewOut>(office, 'closing.preview', {
      closingDate: closings.third,
      customerId,
    });
    expect(preview.status).toBe(200);
    expect(preview.data.customers).toEqual([
      expect.objectContaining({
        previousBalance: 5400,
        paymentsReceived: -9000,
        adjustments: -800,
        amountDue: 15200,
      }),
    ]);

    await close(closings.third);
    const three = statementOn(closings.third);
    // Not counted a second time for its new date; the ¥9,000 less is asked for again.
    expect(three).toMatchObject({
      previousBalance: 5400,
      paymentsReceived: -9000,
      adjustments: -800,
      paymentCorrections: -9800,
      carriedOver: 15200,
      periodAmount: 0,
      amountDue: 15200,
    });
    expect(three?.amountDue).toBe(owed());

    const res = await fetch(`${t.url}/api/documents/statement/${three?.id}.pdf`, {
      headers: office.cookie ? { cookie: office.cookie } : {},
    });
    expect(res.status).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    expect(text).toContain('ご入金額 △¥9,000 調整額 （振込手数料） △¥800 繰越金額 ¥15,200');
    expect(text).toContain(
      'ご入金額・調整額には、前回までのご請求書で計上したご入金の訂正 △¥9,800 を含みます。',
    );
  });
});
