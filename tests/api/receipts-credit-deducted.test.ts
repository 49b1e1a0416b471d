import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { placeAndDeliver } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate } from '../helpers/trpc';

// The receipts of an invoice that deducted credit notes, paid in parts, state per rate what the
// invoice asks: its figures less each credit note's at the rates it credited (ADR 054, amended).
// Spreading the deduction over the rates in proportion put part of the 10 % money under 8 %
// (INV-000303: the receipts declared ¥4,932 received at 10 % of the invoice's ¥5,456).

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let driverId = '';
let date = '';
let today = '';
const p: Record<string, { id: string }> = {};

type RateFigures = { rate: number; net: number; tax: number; gross: number };
type Figures = { perRate: RateFigures[]; total: number; amount: number; creditApplied: number };

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  today = isoDateInZone(new Date(), t.config.timeZone);
  p.rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' });
  p.soap = makeProduct(t.db, { name: 'Dish Detergent 4L', price: 1000, sku: 'Btl' });
  t.db.$client.prepare('UPDATE product SET tax_rate = 10 WHERE id = ?').run(p.soap.id);
  const adm = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  driverId = dr.id;
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
});
afterAll(() => t.close());

/** An order delivered without cash taken: its invoice, and its lines by product name. */
async function delivered(c: ApiClient, rice: number, soap: number) {
  const { orderId, pending: job } = await placeAndDeliver({ admin, driver, driverId }, c, {
    orderItems: [
      { product: p.rice!.id, quantity: rice },
      { product: p.soap!.id, quantity: soap },
    ],
    deliveryDate: date,
  });
  const invoiceId = String(
    t.db.$client.prepare('SELECT invoice_id FROM customer_order WHERE id = ?').pluck().get(orderId),
  );
  const line = (name: string) => job.order.orderItems.find((l) => l.name.startsWith(name))!._id;
  return { invoiceId, rice: line('Basmati'), soap: line('Dish') };
}

/** A goods claim approved by the office: its credit note's figures. */
async function credited(c: ApiClient, orderLineId: string): Promise<Figures> {
  const claim = await mutate<{ _id: string }>(c, 'claims.create', {
    orderLineId,
    quantity: 1,
    reason: 'Damaged',
  });
  expect(claim.status).toBe(200);
  const decided = await mutate<{ creditNoteId: string }>(admin, 'claims.decide', {
    id: claim.data._id,
    approve: true,
  });
  expect(decided.status).toBe(200);
  return (await admin.get<Figures>(`/api/documents/creditNote/${decided.data.creditNoteId}`)).body;
}

/** Pays the invoice in `amounts` and reads its receipts: what they received per rate, summed. */
async function paidInParts(invoiceId: string, amounts: number[]) {
  for (const amount of amounts) {
    const r = await admin.post(`/api/invoice/${invoiceId}/payment`, { amount, date: today });
    expect(r.status).toBe(201);
  }
  const payments = t.db.$client
    .prepare<[string], string>('SELECT id FROM payment WHERE invoice_id = ? ORDER BY created_at')
    .pluck()
    .all(invoiceId);
  expect(payments.length).toBe(amounts.length);
  const sums = new Map<number, { gross: number; tax: number }>();
  const receipts: Figures[] = [];
  for (const id of payments) {
    const receipt = (await admin.get<Figures>(`/api/documents/receipt/${id}`)).body;
    receipts.push(receipt);
    for (const r of receipt.perRate) {
      const s = sums.get(r.rate) ?? { gross: 0, tax: 0 };
      sums.set(r.rate, { gross: s.gross + r.gross, tax: s.tax + r.tax });
    }
  }
  return { sums, receipts };
}

/** The invoice's figures per rate less the credit notes', at the rates each credited. */
function asked(invoice: Figures, credits: Figures[]) {
  return new Map(
    invoice.perRate.map((r) => {
      const off = credits.flatMap((c) => c.perRate.filter((x) => x.rate === r.rate));
      return [
        r.rate,
        {
          gross: r.gross - off.reduce((s, x) => s + x.gross, 0),
          tax: r.tax - off.reduce((s, x) => s + x.tax, 0),
        },
      ];
    }),
  );
}

describe('receipts of an invoice that deducted credit notes', () => {
  it('a credit note for rice (8 %) comes off the 8 % part only: the receipts of two payments state the whole 10 % part', async () => {
    const made = await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen' });
    const c = new ApiClient(t.url);
    await c.login(made.username, made.password);
    const first = await delivered(c, 2, 1);
    const cn = await credited(c, first.rice);
    expect(cn.perRate.map((r) => r.rate)).toEqual([8]);
    const second = await delivered(c, 4, 5);
    const invoice = (await admin.get<Figures>(`/api/documents/invoice/${second.invoiceId}`)).body;
    // 2480 x 4 = 9920 (+793) at 8 %, 1000 x 5 = 5000 (+500) at 10 %, less ¥2,678 of rice.
    expect(invoice.creditApplied).toBe(cn.total);
    expect(invoice.amount).toBe(invoice.total - cn.total);
    const { sums, receipts } = await paidInParts(second.invoiceId, [
      10_000,
      invoice.amount - 10_000,
    ]);
    expect(receipts.map((r) => r.total)).toEqual([10_000, invoice.amount - 10_000]);
    expect(sums).toEqual(asked(invoice, [cn]));
    expect(sums.get(10)).toEqual({ gross: 5_500, tax: 500 });
    expect(sums.get(8)).toEqual({ gross: 10_713 - 2_678, tax: 793 - 198 });
  });

  it('credit notes at both rates come off each rate; three payments add up to the invoice less them, rate by rate', async () => {
    const made = await makeCustomer(t.db, { restaurantName: 'Everest Momo' });
    const c = new ApiClient(t.url);
    await c.login(made.username, made.password);
    const first = await delivered(c, 2, 2);
    const credits = [await credited(c, first.rice), await credited(c, first.soap)];
    expect(credits.map((x) => x.perRate.map((r) => r.rate))).toEqual([[8], [10]]);
    const second = await delivered(c, 3, 3);
    const invoice = (await admin.get<Figures>(`/api/documents/invoice/${second.invoiceId}`)).body;
    const deducted = credits.reduce((s, x) => s + x.total, 0);
    expect(invoice.creditApplied).toBe(deducted);
    const { sums, receipts } = await paidInParts(second.invoiceId, [
      1_000,
      3_333,
      invoice.amount - 4_333,
    ]);
    expect(receipts.reduce((s, r) => s + r.total, 0)).toBe(invoice.amount);
    for (const r of receipts) {
      for (const x of r.perRate) expect(x.net + x.tax).toBe(x.gross);
    }
    expect(sums).toEqual(asked(invoice, credits));
    // 3,300 at 10 % less the detergent's ¥1,100; 8,035 at 8 % less the rice's ¥2,678.
    expect(sums.get(10)).toEqual({ gross: 2_200, tax: 200 });
    expect(sums.get(8)).toEqual({ gross: 8_035 - 2_678, tax: 595 - 198 });
  });
});
