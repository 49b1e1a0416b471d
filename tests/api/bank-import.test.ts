import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { BankReadOut, BankRecordOut } from '../../shared/schemas/bank-import';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeRoute } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// 入金消込 from the bank's statement (ADR 085), through the real app on a fresh SQLite file:
// the office uploads the account's CSV, the app proposes the customer and invoices of each
// incoming transfer, the office records them; the same or an overlapping file read again
// records nothing twice. Only the office may use it.

let t: TestApp;
let office: ApiClient;
let manager: ApiClient;
let driver: ApiClient;
let restaurant: ApiClient;
let today = '';
let yesterday = '';
let routeId = '';
const ids = { sakura: '', tanaka: '', sakuraInv: '', tanakaOld: '', tanakaNew: '' };

interface Invoice {
  _id: string;
  amount: number;
  paidAmount: number;
  payments: { amount: number; kind: 'payment' | 'bank_fee'; date: string }[];
}

const b64 = (csv: string) => Buffer.from(`\uFEFF${csv}`, 'utf8').toString('base64');
const slash = (iso: string) => iso.replaceAll('-', '/');

function statement(rows: [string, string, number][]): string {
  const lines = rows.map(
    ([date, name, amount]) => `${slash(date)},${name},,"${amount.toLocaleString('en')}",`,
  );
  return ['取引日,摘要,お引出金額,お預入金額,残高', ...lines, `${slash(today)},ｶｰﾄﾞ,"3,000",,`].join(
    '\r\n',
  );
}

const read = (c: ApiClient, file: string) => mutate<BankReadOut>(c, 'bankImport.read', { file });
const invoice = async (id: string) => (await office.get<Invoice>(`/api/invoice/${id}`)).body;

const form = {
  phoneNumber: '090-1234-5678',
  paymentMethod: 'monthly',
  paymentDate: '25',
  deliveryDays: ['Monday'],
  username: '',
  password: '',
};

async function customer(over: Record<string, unknown>): Promise<string> {
  const r = await office.post<{ _id: string }>('/api/customer', {
    ...form,
    customerCode: `C${Math.random().toString(36).slice(2, 8)}`,
    route: routeId,
    ...over,
  });
  expect(r.status).toBe(201);
  return r.body._id;
}

async function makeInvoice(customerId: string, amount: number): Promise<string> {
  const r = await office.post<Invoice>('/api/invoice', { customer: customerId, amount });
  expect(r.status).toBe(201);
  return r.body._id;
}

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  yesterday = addDaysIso(today, -1);
  routeId = makeRoute(t.db, 'North').id;
  const a = await makeAdmin(t.db);
  const m = await makeEmployee(t.db, 'manager');
  const d = await makeEmployee(t.db, 'driver');
  const c = await makeCustomer(t.db);
  office = new ApiClient(t.url);
  manager = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  restaurant = new ApiClient(t.url);
  await office.login(a.username, a.password);
  await manager.login(m.username, m.password);
  await driver.login(d.username, d.password);
  await restaurant.login(c.username, c.password);
  // The transfer name on the customer's billing details; another customer without one, whose
  // billing name is written in katakana.
  ids.sakura = await customer({ restaurantName: 'さくら食堂', transferName: 'ｻｸﾗｼｮｸﾄﾞｳ' });
  ids.tanaka = await customer({ restaurantName: '田中商店', billingName: 'タナカショウテン' });
  ids.sakuraInv = await makeInvoice(ids.sakura, 46_550);
  ids.tanakaOld = await makeInvoice(ids.tanaka, 12_000);
  ids.tanakaNew = await makeInvoice(ids.tanaka, 8_000);
});
afterAll(() => t.close());

describe('the transfer name on the customer', () => {
  it('is kept, shown, and left alone by an edit that does not send it', async () => {
    const byId = async () =>
      (await query<{ transferName: string | null }>(office, 'customers.byId', { id: ids.sakura }))
        .data.transferName;
    expect(await byId()).toBe('ｻｸﾗｼｮｸﾄﾞｳ');
    const edit = await office.put(`/api/customer/${ids.sakura}`, {
      ...form,
      route: routeId,
      restaurantName: 'さくら食堂',
      customerCode: `C${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(edit.status).toBe(200);
    expect(await byId()).toBe('ｻｸﾗｼｮｸﾄﾞｳ');
  });
});

describe('reading and recording a bank statement', () => {
  const first = () =>
    statement([
      [yesterday, 'ﾌﾘｺﾐ ｶ)ｻｸﾗｼｮｸﾄﾞｳ', 45_890],
      [today, 'ﾕ)ﾀﾅｶｼｮｳﾃﾝ', 20_000],
      [today, 'ﾔﾏﾀﾞ ﾀﾛｳ', 5_000],
    ]);

  it('proposes customer, invoices and fee for each incoming row, and writes nothing', async () => {
    const r = await read(office, b64(first()));
    expect(r.status).toBe(200);
    expect(r.data.rows.map((x) => [x.line, x.status, x.customerId, x.invoiceIds, x.fee])).toEqual([
      [2, 'matched', ids.sakura, [ids.sakuraInv], 660],
      [3, 'matched', ids.tanaka, [ids.tanakaOld, ids.tanakaNew], 0],
      [4, 'unknown', null, [], 0],
    ]);
    expect(r.data.customers.find((c) => c.id === ids.tanaka)?.invoices).toHaveLength(2);
    expect((await invoice(ids.sakuraInv)).paidAmount).toBe(0);
  });

  it('records the chosen rows through the payment service, and never twice', async () => {
    const proposal = (await read(office, b64(first()))).data;
    const chosen = proposal.rows
      .filter((r) => r.status === 'matched')
      .map((r) => ({
        date: r.date,
        amount: r.amount,
        name: r.name,
        ordinal: r.ordinal,
        customerId: r.customerId as string,
        invoiceIds: r.invoiceIds,
      }));
    const done = await mutate<BankRecordOut>(manager, 'bankImport.record', { rows: chosen });
    expect(done.status).toBe(200);
    expect(done.data.results.map((r) => r.outcome)).toEqual(['recorded', 'recorded']);

    const sakura = await invoice(ids.sakuraInv);
    expect(sakura.paidAmount).toBe(46_550);
    expect(sakura.payments.map((p) => [p.kind, p.amount, p.date])).toEqual([
      ['payment', 45_890, yesterday],
      ['bank_fee', 660, yesterday],
    ]);
    expect((await invoice(ids.tanakaOld)).paidAmount).toBe(12_000);
    expect((await invoice(ids.tanakaNew)).paidAmount).toBe(8_000);
    // The payments list shows the money received (the fee is no money received).
    const list = await query<{ rows: { amount: number }[]; totals: { amount: number } }>(
      office,
      'lists.payments',
      { from: yesterday, to: today },
    );
    expect(list.data.rows.map((r) => r.amount).sort()).toEqual([12_000, 45_890, 8_000].sort());
    expect(list.data.totals.amount).toBe(65_890);

    // The same file again: those rows are already recorded, and recording them again does nothing.
    const again = await read(office, b64(first()));
    expect(again.data.rows.map((r) => r.status)).toEqual(['recorded', 'recorded', 'unknown']);
    const twice = await mutate<BankRecordOut>(office, 'bankImport.record', { rows: chosen });
    expect(twice.data.results.map((r) => r.outcome)).toEqual(['already', 'already']);
    expect((await invoice(ids.sakuraInv)).payments).toHaveLength(2);
    expect((await invoice(ids.tanakaOld)).payments).toHaveLength(1);

    // An overlapping file: the row already recorded shows so; a second identical transfer the
    // same day is another transfer (its place among identical rows differs).
    const overlap = statement([
      [yesterday, 'ﾌﾘｺﾐ ｶ)ｻｸﾗｼｮｸﾄﾞｳ', 45_890],
      [yesterday, 'ﾌﾘｺﾐ ｶ)ｻｸﾗｼｮｸﾄﾞｳ', 45_890],
    ]);
    const next = await read(office, b64(overlap));
    expect(next.data.rows.map((r) => [r.ordinal, r.status])).toEqual([
      [0, 'recorded'],
      [1, 'customerOnly'],
    ]);
  });

  it('reports a row it cannot record with its reason and records the others', async () => {
    const inv = await makeInvoice(ids.tanaka, 3_000);
    const rows = [
      {
        date: today,
        amount: 9_999,
        name: 'ﾕ)ﾀﾅｶｼｮｳﾃﾝ',
        ordinal: 0,
        customerId: ids.tanaka,
        invoiceIds: [inv],
      },
      {
        date: today,
        amount: 3_000,
        name: 'ﾕ)ﾀﾅｶｼｮｳﾃﾝ',
        ordinal: 0,
        customerId: ids.tanaka,
        invoiceIds: [inv],
      },
      // Another customer's invoice.
      {
        date: today,
        amount: 100,
        name: 'ｻｸﾗ',
        ordinal: 0,
        customerId: ids.sakura,
        invoiceIds: [inv],
      },
    ];
    const r = await mutate<BankRecordOut>(office, 'bankImport.record', { rows });
    expect(r.data.results.map((x) => [x.outcome, x.code])).toEqual([
      ['failed', 'bankImport.moreThanDue'],
      ['recorded', undefined],
      ['failed', 'bankImport.invoiceNotOpen'],
    ]);
    expect((await invoice(inv)).paidAmount).toBe(3_000);
  });
});

describe('a payer the office chose by hand', () => {
  const byHand = (customerId: string, invoiceId: string, name: string, amount: number) => ({
    date: today,
    amount,
    name,
    ordinal: 0,
    customerId,
    invoiceIds: [invoiceId],
  });
  const transferName = async (id: string) =>
    (await query<{ transferName: string | null }>(office, 'customers.byId', { id })).data
      .transferName;

  it('becomes the transfer name of a customer that has none, so next month finds it', async () => {
    // A kanji name with no reading: the bank's ﾔﾏﾀﾞﾔ ｼﾞﾛｳ is nobody's until the office says.
    const yamada = await customer({ restaurantName: '山田屋' });
    const first = await makeInvoice(yamada, 7_000);
    const file = b64(statement([[today, 'ﾌﾘｺﾐ ﾔﾏﾀﾞﾔ ｼﾞﾛｳ', 7_000]]));
    expect((await read(office, file)).data.rows[0]?.status).toBe('unknown');
    const r = await mutate<BankRecordOut>(office, 'bankImport.record', {
      rows: [byHand(yamada, first, 'ﾌﾘｺﾐ ﾔﾏﾀﾞﾔ ｼﾞﾛｳ', 7_000)],
    });
    expect(r.data.results[0]).toMatchObject({ outcome: 'recorded', rememberedName: 'ﾔﾏﾀﾞﾔ ｼﾞﾛｳ' });
    expect(await transferName(yamada)).toBe('ﾔﾏﾀﾞﾔ ｼﾞﾛｳ');
    // In the customer's history, by who recorded the transfer.
    const trail = t.db.$client
      .prepare<[string], { after: string }>(
        "SELECT after FROM audit_entry WHERE entity = 'customer' AND entity_id = ? AND action = 'update'",
      )
      .all(yamada);
    expect(trail.map((e) => JSON.parse(e.after))).toContainEqual({ transferName: 'ﾔﾏﾀﾞﾔ ｼﾞﾛｳ' });
    // Next month's transfer is matched by itself.
    const second = await makeInvoice(yamada, 5_000);
    const next = await read(office, b64(statement([[today, 'ﾌﾘｺﾐ ﾔﾏﾀﾞﾔ ｼﾞﾛｳ', 5_000]])));
    expect(next.data.rows.map((x) => [x.status, x.customerId, x.invoiceIds])).toEqual([
      ['matched', yamada, [second]],
    ]);
  });

  it('leaves a transfer name the office set as it is', async () => {
    const inv = await makeInvoice(ids.sakura, 2_000);
    const r = await mutate<BankRecordOut>(office, 'bankImport.record', {
      rows: [byHand(ids.sakura, inv, 'ｻｸﾗ ﾀﾛｳ', 2_000)],
    });
    expect(r.data.results[0]?.outcome).toBe('recorded');
    expect(r.data.results[0]?.rememberedName).toBeUndefined();
    expect(await transferName(ids.sakura)).toBe('ｻｸﾗｼｮｸﾄﾞｳ');
  });
});

describe('two offices recording the same transfer at once', () => {
  it('records it once: one answer says recorded, the other already', async () => {
    const rice = await customer({ restaurantName: '米屋', transferName: 'ｺﾒﾔ' });
    const inv = await makeInvoice(rice, 9_000);
    const row = {
      date: today,
      amount: 9_000,
      name: 'ｺﾒﾔ',
      ordinal: 0,
      customerId: rice,
      invoiceIds: [inv],
    };
    const both = await Promise.all([
      mutate<BankRecordOut>(office, 'bankImport.record', { rows: [row] }),
      mutate<BankRecordOut>(manager, 'bankImport.record', { rows: [row] }),
    ]);
    expect(both.map((r) => r.data.results[0]?.outcome).sort()).toEqual(['already', 'recorded']);
    const paid = await invoice(inv);
    expect(paid.paidAmount).toBe(9_000);
    expect(paid.payments).toHaveLength(1);
  });
});

describe('a file it cannot read', () => {
  it('says what is missing, in the reader’s words, and records nothing', async () => {
    const recorded = () => t.db.$client.prepare('SELECT COUNT(*) FROM bank_transfer').pluck().get();
    const before = recorded();
    const noDeposit = await read(office, b64('日付,摘要,出金\n2026/11/30,x,100\n'));
    expect(noDeposit.status).toBe(400);
    expect(noDeposit.code).toBe('bankImport.noDepositColumn');
    // The REST-style message is in English; the screen translates the code (ja/ne).
    expect((await read(office, '')).code).toBe('bankImport.empty');
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]).toString('base64');
    expect((await read(office, binary)).code).toBe('bankImport.notCsv');
    expect((await read(office, 'not base64 at all!')).code).toBe('bankImport.notCsv');
    const big = Buffer.alloc(600 * 1024, 0x41).toString('base64');
    const tooBig = await read(office, big);
    expect(tooBig.status).toBe(400);
    expect(tooBig.code).toBe('bankImport.tooLarge');
    // 10 MB is refused at the door, as every request over the limit.
    const huge = await office.post('/trpc/bankImport.read', {
      file: Buffer.alloc(10 * 1024 * 1024, 0x41).toString('base64'),
    });
    expect(huge.status).toBe(413);
    expect(recorded()).toBe(before);
  });
});

describe('who may use it', () => {
  it('is the office’s: a driver and a customer are refused, a stranger must sign in', async () => {
    const file = b64(statement([[today, 'ｻｸﾗｼｮｸﾄﾞｳ', 1]]));
    expect((await read(driver, file)).status).toBe(403);
    expect((await read(restaurant, file)).status).toBe(403);
    expect((await read(new ApiClient(t.url), file)).status).toBe(401);
    const row = {
      date: today,
      amount: 1,
      name: 'x',
      ordinal: 0,
      customerId: ids.sakura,
      invoiceIds: [ids.sakuraInv],
    };
    expect((await mutate(driver, 'bankImport.record', { rows: [row] })).status).toBe(403);
    expect((await mutate(restaurant, 'bankImport.record', { rows: [row] })).status).toBe(403);
  });
});
