import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as xlsxModule from 'xlsx';
import { loadXlsx } from '../../server/reports/export';
import { deliveryCalendar } from '../../server/settings/settings';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { placeAndDeliver } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// The Excel export's Credit notes sheet (ADR 054): every credit note with what it corrects, its
// figures per rate and where it was deducted, or that it still waits (a credit note shown on the
// customer's Account must be on the office's sheet too). And the Invoices sheet's deducted column
// reads what is deducted on each invoice now: a cancelled invoice's credit notes were released to
// the invoice that replaced it, so they are not counted twice. Over HTTP, on the real app.

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let cust: ApiClient;
let driverId = '';
let customerCode = '';
let date = '';
let today = '';
const p: Record<string, { id: string }> = {};

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  today = isoDateInZone(new Date(), t.config.timeZone);
  p.rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' });
  p.soap = makeProduct(t.db, { name: 'Dish Detergent 4L', price: 1000, sku: 'Btl' });
  t.db.$client.prepare('UPDATE product SET tax_rate = 10 WHERE id = ?').run(p.soap.id);
  const c = await makeCustomer(t.db, { restaurantName: 'Kathmandu Corner' });
  customerCode =
    t.db.$client
      .prepare<[string], { code: string }>(
        'SELECT customer_code AS code FROM customer WHERE id = ?',
      )
      .get(c.id)?.code ?? '';
  const adm = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  driverId = dr.id;
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  cust = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
  await cust.login(c.username, c.password);
});
afterAll(() => t.close());

/** An order placed by the customer, dispatched and delivered (no cash taken): its invoice. */
async function deliver(rice: number, soap: number) {
  const { delivered } = await placeAndDeliver({ admin, driver, driverId }, cust, {
    orderItems: [
      { product: p.rice!.id, quantity: rice },
      { product: p.soap!.id, quantity: soap },
    ],
    deliveryDate: date,
  });
  return delivered.order.invoice!;
}

interface CreditNote {
  _id: string;
  number: string;
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
  total: number;
}

/** The office's credit note for one unit of a product on an invoice. */
async function creditOne(invoiceId: string, name: string, key: string) {
  const lines = await query<{ lines: { invoiceLineId: string; name: string }[] }>(
    admin,
    'creditNotes.creditable',
    { invoiceId },
  );
  const line = lines.data.lines.find((l) => l.name === name)!;
  const r = await mutate<CreditNote>(
    admin,
    'creditNotes.create',
    {
      invoiceId,
      reason: 'Damaged in delivery',
      lines: [{ invoiceLineId: line.invoiceLineId, quantity: 1 }],
    },
    key,
  );
  expect(r.status).toBe(200);
  return r.data;
}

async function workbook() {
  const XLSX = await loadXlsx();
  const file = await fetch(`${t.url}/api/data/all`, { headers: { cookie: admin.cookie ?? '' } });
  expect(file.status).toBe(200);
  const wb = XLSX.read(Buffer.from(await file.arrayBuffer()), { type: 'buffer' });
  const rows = (name: string) =>
    XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[name] as xlsxModule.WorkSheet, {
      raw: true,
      defval: '',
    });
  return { wb, rows };
}

const dayOf = (v: unknown) =>
  new Date(Date.UTC(1899, 11, 30) + Number(v) * 86_400_000).toISOString().slice(0, 10);

describe('credit notes in the Excel export', () => {
  it('lists each credit note with what it corrects and where it was deducted, or that it waits', async () => {
    const first = await deliver(2, 1);
    // Rice at 8 %: waits, then the next delivery's invoice deducts it.
    const riceNote = await creditOne(first._id, 'Basmati Rice 5kg', 'cn-rice');
    const second = await deliver(1, 1);
    const deducted = () =>
      t.db.$client
        .prepare<[string], { on: string | null }>(
          'SELECT applied_to_invoice_id AS "on" FROM credit_note WHERE id = ?',
        )
        .get(riceNote._id)?.on;
    expect(deducted()).toBe(second._id);
    // The second invoice is cancelled: the rice note waits again, and the invoice re-issued in
    // its place deducts it. The cancelled one still records what it once took.
    const cancelled = await mutate<{ reissued: { id: string; number: string } }>(
      admin,
      'invoices.cancel',
      { id: second._id, reason: 'Wrong restaurant name' },
    );
    expect(cancelled.status).toBe(200);
    const third = cancelled.data.reissued;
    expect(deducted()).toBe(third.id);
    expect(
      t.db.$client
        .prepare<[string], { credit: number }>(
          'SELECT credit_applied AS credit FROM invoice WHERE id = ?',
        )
        .get(second._id)?.credit,
    ).toBe(riceNote.total);
    // Detergent at 10 %, on the re-issued invoice: waits for the next one.
    const soapNote = await creditOne(third.id, 'Dish Detergent 4L', 'cn-soap');

    const { wb, rows } = await workbook();
    expect(wb.SheetNames).toEqual([
      'Customers',
      'Outstanding invoices',
      'Invoices',
      'Credit notes',
      'Payments',
    ]);
    const notes = rows('Credit notes');
    expect(Object.keys(notes[0] ?? {})).toEqual([
      'Number',
      'Issue date',
      'Code',
      'Restaurant',
      'Invoice corrected',
      'Claim: order no.',
      'Net 8%',
      'Tax 8%',
      'Net 10%',
      'Tax 10%',
      'Total (with tax)',
      'Deducted on invoice',
      'Deducted (date)',
      'Statement',
    ]);
    const rice = notes.find((n) => n.Number === riceNote.number)!;
    expect(dayOf(rice['Issue date'])).toBe(today);
    expect(rice).toMatchObject({
      Code: customerCode,
      Restaurant: 'Kathmandu Corner',
      'Invoice corrected': first.number,
      'Net 8%': riceNote.net8,
      'Tax 8%': riceNote.tax8,
      'Net 10%': 0,
      'Tax 10%': 0,
      'Total (with tax)': riceNote.total,
      'Deducted on invoice': third.number,
    });
    expect(dayOf(rice['Deducted (date)'])).toBe(today);
    const soap = notes.find((n) => n.Number === soapNote.number)!;
    expect(soap).toMatchObject({
      'Invoice corrected': third.number,
      'Net 10%': soapNote.net10,
      'Tax 10%': soapNote.tax10,
      'Total (with tax)': soapNote.total,
      'Deducted on invoice': 'Not yet deducted',
      'Deducted (date)': '',
    });
    const total = notes.at(-1)!;
    expect(total.Number).toBe('Total');
    expect(total['Total (with tax)']).toBe(riceNote.total + soapNote.total);

    // The Invoices sheet: the deducted column is the credit notes deducted on each invoice now.
    const invoices = rows('Invoices');
    const byNumber = (n: string) => invoices.find((r) => r.Number === n)!;
    expect(byNumber(first.number)['Credit notes deducted (with tax)']).toBe(0);
    expect(byNumber(second.number)['Credit notes deducted (with tax)']).toBe(0);
    expect(dayOf(byNumber(second.number)['Cancelled on'])).toBe(today);
    expect(byNumber(third.number)['Credit notes deducted (with tax)']).toBe(riceNote.total);
    const deductedOnInvoices = invoices
      .filter((r) => r.Number !== invoices.at(-1)?.Number)
      .reduce((s, r) => s + Number(r['Credit notes deducted (with tax)']), 0);
    expect(deductedOnInvoices).toBe(riceNote.total);
  });

  it("says so for a credit note whose customer is gone: no code, the restaurant 'Deleted Restaurant'", async () => {
    t.db.$client.prepare('UPDATE credit_note SET customer_id = NULL').run();
    const notes = (await workbook()).rows('Credit notes');
    expect(notes.length).toBeGreaterThan(1);
    for (const n of notes.slice(0, -1)) {
      expect(n).toMatchObject({ Code: 'Unknown', Restaurant: 'Deleted Restaurant' });
    }
  });
});
