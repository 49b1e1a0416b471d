import iconv from 'iconv-lite';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../shared/csv';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// How a payment was paid (ADR 107) on the real app over HTTP on a fresh database: a monthly
// (transfer) customer who pays cash at the office gets a receipt saying 現金 and a journal entry
// debiting 現金; the office's choice is checked, a driver's collection is cash, a correction of
// the method issues the receipt again, and a payment recorded before the method was kept is read
// as before.

interface Payment {
  _id: string;
  amount: number;
  method?: 'cash' | 'transfer' | null;
}
interface Invoice {
  _id: string;
  paidAmount: number;
  payments: Payment[];
}

let t: TestApp;
let office: ApiClient;
let driver: ApiClient;
let driverId = '';
let today = '';
let monthlyId = '';
let cashId = '';
const MONTHLY = '株式会社ヒマラヤ食堂';
const CASH = 'Kathmandu Kitchen';

async function receiptText(paymentId: string): Promise<string> {
  const res = await fetch(`${t.url}/api/documents/receipt/${paymentId}.pdf`, {
    headers: { cookie: office.cookie ?? '' },
  });
  expect(res.status).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
  const out = await parser.getText();
  await parser.destroy();
  return out.text;
}

/** The journal's money entries for one customer: [debit account, credit account, amount]. */
async function moneyEntries(customer: string): Promise<string[][]> {
  const from = `${today.slice(0, 7)}-01`;
  const res = await fetch(`${t.url}/api/data/journal?from=${from}&to=${today}`, {
    headers: { cookie: office.cookie ?? '' },
  });
  expect(res.status).toBe(200);
  const parsed = parseCsv(iconv.decode(Buffer.from(await res.arrayBuffer()), 'cp932'));
  if (!parsed.ok) throw new Error('bad CSV');
  return parsed.records
    .map((r) => r.fields)
    .filter((l) => l[16]?.startsWith('入金') && l[11] === customer)
    .map((l) => [l[4] as string, l[10] as string, l[8] as string]);
}

async function handMade(customer: string, amount: number): Promise<string> {
  const made = await office.post<{ _id: string }>('/api/invoice', {
    customer,
    amount,
    dueDate: today,
    note: 'Other charges',
    taxRate: 10,
  });
  expect(made.status).toBe(201);
  return made.body._id;
}

const pay = (client: ApiClient, id: string, body: Record<string, unknown>) =>
  client.post<Invoice & { code?: string; message?: string }>(`/api/invoice/${id}/payment`, body);

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  const a = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(a.username, a.password);
  const d = await makeEmployee(t.db, 'driver');
  driverId = d.id;
  driver = new ApiClient(t.url);
  await driver.login(d.username, d.password);
  monthlyId = (await makeCustomer(t.db, { restaurantName: MONTHLY, paymentMethod: 'monthly' })).id;
  cashId = (await makeCustomer(t.db, { restaurantName: CASH, paymentMethod: 'cash' })).id;
});
afterAll(() => t.close());

describe('how a payment was paid', () => {
  it('a monthly customer paying cash at the office: the receipt says 現金 and the journal debits 現金', async () => {
    const id = await handMade(monthlyId, 11_000);
    const paid = await pay(office, id, { amount: 11_000, date: today, method: 'cash' });
    expect(paid.status).toBe(201);
    const payment = paid.body.payments[0] as Payment;
    expect(payment.method).toBe('cash');
    const text = await receiptText(payment._id);
    expect(text).toContain('お支払方法: 現金');
    expect(text).not.toContain('お振込');
    expect(await moneyEntries(MONTHLY)).toEqual([['現金', '売掛金', '11000']]);
  });

  it("without a choice the office's payment is as the customer pays; a correction of the method issues the receipt again", async () => {
    const id = await handMade(monthlyId, 5_500);
    const paid = await pay(office, id, { amount: 5_500, date: today });
    expect(paid.status).toBe(201);
    const payment = paid.body.payments[0] as Payment;
    expect(payment.method).toBe('transfer');
    expect(await receiptText(payment._id)).toContain('お支払方法: お振込');
    const number = () =>
      t.db.$client
        .prepare('SELECT receipt_number FROM payment WHERE id = ?')
        .pluck()
        .get(payment._id);
    const before = number();
    // Corrected without naming the method: it keeps its own.
    const same = await office.put<Invoice>(`/api/invoice/${id}/payment`, {
      _id: payment._id,
      amount: 5_500,
      date: today,
    });
    expect(same.status).toBe(200);
    expect(same.body.payments[0]?.method).toBe('transfer');
    expect(number()).toBe(before);
    const edited = await office.put<Invoice>(`/api/invoice/${id}/payment`, {
      _id: payment._id,
      amount: 5_500,
      date: today,
      method: 'cash',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.payments[0]?.method).toBe('cash');
    expect(number()).not.toBe(before);
    expect(await receiptText(payment._id)).toContain('お支払方法: 現金');
    expect(await moneyEntries(MONTHLY)).toEqual([
      ['現金', '売掛金', '11000'],
      ['現金', '売掛金', '5500'],
    ]);
  });

  it('a method that is neither cash nor transfer is refused with a clear message, changing nothing', async () => {
    const id = await handMade(monthlyId, 2_200);
    for (const method of ['cheque', 42, '']) {
      const r = await pay(office, id, { amount: 2_200, date: today, method });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('invoice.paidByInvalid');
      expect(r.body.message).toBe('Say how it was paid: cash or bank transfer.');
    }
    const full = await office.post<{ code: string }>(`/api/invoice/${id}/fullpayment`, {
      date: today,
      method: 'card',
    });
    expect(full.status).toBe(400);
    expect(full.body.code).toBe('invoice.paidByInvalid');
    const after = await office.get<Invoice>(`/api/invoice/${id}`);
    expect(after.body).toMatchObject({ paidAmount: 0, payments: [] });
  });

  it('a bank fee is written off from a transfer only: with cash it is refused, changing nothing', async () => {
    // A customer of its own: the journal's entries of the others stay as the other tests expect.
    const own = await makeCustomer(t.db, { restaurantName: 'Pokhara Cafe', paymentMethod: 'cash' });
    const id = await handMade(own.id, 2_200);
    const r = await pay(office, id, {
      amount: 1_540,
      date: today,
      method: 'cash',
      writeOffRest: true,
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('invoice.bankFeeTransferOnly');
    expect(r.body.message).toBe(
      'A bank transfer fee is written off only for a payment by bank transfer: cash had nothing taken from it.',
    );
    expect((await office.get<Invoice>(`/api/invoice/${id}`)).body).toMatchObject({
      paidAmount: 0,
      payments: [],
    });
    // Unsaid, the fee makes it a transfer, even for a customer who pays cash.
    const ok = await pay(office, id, { amount: 1_540, date: today, writeOffRest: true });
    expect(ok.status).toBe(201);
    expect(ok.body.payments.find((p) => p.amount === 1_540)?.method).toBe('transfer');
  });

  it("a driver's collection is cash; a driver naming a transfer is refused", async () => {
    const id = await handMade(monthlyId, 3_300);
    t.db.$client.prepare('UPDATE invoice SET assign_to_collect = ? WHERE id = ?').run(driverId, id);
    const refused = await pay(driver, id, { amount: 1_000, method: 'transfer' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invoice.paidByDriverCash');
    const paid = await pay(driver, id, { amount: 1_000 });
    expect(paid.status).toBe(201);
    const method = t.db.$client
      .prepare('SELECT method FROM payment WHERE invoice_id = ?')
      .pluck()
      .get(id);
    expect(method).toBe('cash');
  });

  it('a payment recorded before the method was kept reads as before', async () => {
    const transfer = await handMade(monthlyId, 1_100);
    const cash = await handMade(cashId, 1_100);
    for (const id of [transfer, cash]) {
      expect((await pay(office, id, { amount: 1_100, date: today })).status).toBe(201);
    }
    t.db.$client
      .prepare('UPDATE payment SET method = NULL WHERE invoice_id IN (?, ?)')
      .run(transfer, cash);
    const read = async (id: string) =>
      (await office.get<Invoice>(`/api/invoice/${id}`)).body.payments[0] as Payment;
    expect((await read(transfer)).method).toBe('transfer');
    expect((await read(cash)).method).toBe('cash');
    expect(await receiptText((await read(transfer))._id)).toContain('お支払方法: お振込');
    expect(await receiptText((await read(cash))._id)).toContain('お支払方法: 現金');
    expect(await moneyEntries(CASH)).toEqual([['現金', '売掛金', '1100']]);
  });
});
