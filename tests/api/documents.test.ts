import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeDocumentNumber } from '../../server/money/numbering';
import { write } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { type Mailbox, type ReceivedMail, startMailbox } from '../helpers/mailbox';

// Documents (docs/decisions/032) on the real app: each kind's PDF read back as text with the
// items Japan's qualified invoice system requires, English documents, who may open what,
// gapless numbers, and e-mail through a real SMTP server this test runs on 127.0.0.1.

type Received = ReceivedMail;
let received: Received[] = [];
let mailbox: Mailbox | undefined;

let t: TestApp;
let admin: ApiClient;
let cust1: ApiClient;
let cust2: ApiClient;
let drv1: ApiClient;
let drv2: ApiClient;
let anon: ApiClient;
let today = '';
const ids = {
  c1: '',
  c2: '',
  d1: '',
  d2: '',
  order: '',
  orderEn: '',
  invoice: '',
  invoiceEn: '',
  statement: '',
  creditNote: '',
  manual: '',
};
const REG = 'T8010001000000';

const BUSINESS = {
  legalName: '株式会社さくら食品',
  address: '東京都新宿区西新宿1-2-3',
  phone: '03-1234-5678',
  registrationNumber: REG,
  bank: {
    bankName: 'みずほ銀行',
    branchName: '新宿支店',
    accountType: '普通',
    accountNumber: '7654321',
    accountHolder: 'カ）サクラショクヒン',
  },
};

async function pdfText(
  client: ApiClient,
  path: string,
): Promise<{ status: number; text: string; bytes: number }> {
  const res = await fetch(t.url + path, {
    headers: client.cookie ? { cookie: client.cookie } : {},
  });
  if (res.status !== 200) return { status: res.status, text: await res.text(), bytes: 0 };
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const buf = Buffer.from(await res.arrayBuffer());
  expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(buf) });
  const out = await parser.getText();
  await parser.destroy();
  return { status: 200, text: out.text, bytes: buf.length };
}

/** A delivered order with lines written directly (the closing's own flow lands separately). */
function deliveredOrder(
  customerId: string,
  driverId: string,
  lines: {
    name: string;
    price: number;
    qty: number;
    delivered?: number;
    rate: 8 | 10;
    sku?: string;
  }[],
  date: string,
  /** When it was delivered (an instant); 12:00 in Tokyo on `date` unless said. */
  deliveredAt = `${date}T03:00:00.000Z`,
): string {
  const id = newId();
  const n = Number(
    t.db.$client
      .prepare('SELECT COALESCE(MAX(order_number), 10000) + 1 FROM customer_order')
      .pluck()
      .get(),
  );
  const total = lines.reduce((s, l) => s + l.price * (l.delivered ?? l.qty), 0);
  t.db.$client
    .prepare(
      `INSERT INTO customer_order (id, order_number, customer_id, restaurant_name, customer_code, username,
         delivery_date, total, is_delivered, delivered_by, delivered_at)
       SELECT ?, ?, id, restaurant_name, customer_code, 'u', ?, ?, 1, ?, ? FROM customer WHERE id = ?`,
    )
    .run(id, n, date, total, driverId, deliveredAt, customerId);
  lines.forEach((l, i) => {
    t.db.$client
      .prepare(
        `INSERT INTO order_line (id, order_id, position, name, sku, unit_price, quantity, line_total,
           tax_rate, delivered_quantity, short_reason)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        newId(),
        id,
        i,
        l.name,
        l.sku ?? 'Kg',
        l.price,
        l.qty,
        l.price * l.qty,
        l.rate,
        l.delivered ?? null,
        l.delivered !== undefined ? 'short' : null,
      );
  });
  return id;
}

/** A closing run's invoice with its lines and per-rate figures, numbered in its transaction. */
function closingInvoice(
  customerId: string,
  lines: { date: string; name: string; price: number; qty: number; rate: 8 | 10 }[],
) {
  const id = newId();
  const sum = (rate: number) =>
    lines.filter((l) => l.rate === rate).reduce((s, l) => s + l.price * l.qty, 0);
  const net8 = sum(8);
  const net10 = sum(10);
  const tax8 = Math.floor((net8 * 8) / 100);
  const tax10 = Math.floor((net10 * 10) / 100);
  write(t.db, () => {
    t.db.$client
      .prepare(
        `INSERT INTO invoice (id, customer_id, due_date, amount, kind, number, issue_date, period_start, period_end,
           net8, tax8, net10, tax10)
         VALUES (?, ?, '2026-12-25', ?, 'closing', ?, '2026-10-31', '2026-10-01', '2026-10-31', ?, ?, ?, ?)`,
      )
      .run(
        id,
        customerId,
        net8 + tax8 + net10 + tax10,
        takeDocumentNumber(t.db, 'invoice', customerId),
        net8,
        tax8,
        net10,
        tax10,
      );
    lines.forEach((l, i) => {
      t.db.$client
        .prepare(
          `INSERT INTO invoice_line (id, invoice_id, position, date, name, sku, unit_price, quantity, amount, tax_rate)
           VALUES (?, ?, ?, ?, ?, 'Kg', ?, ?, ?, ?)`,
        )
        .run(newId(), id, i, l.date, l.name, l.price, l.qty, l.price * l.qty, l.rate);
    });
  });
  return { id, net8, tax8, net10, tax10, total: net8 + tax8 + net10 + tax10 };
}

/** The From header as a mail app shows it (RFC 2047 encoded words decoded). */
function fromHeader(raw: string): string {
  const header = /^From: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return (
    header
      .replace(/\r?\n[ \t]/g, ' ')
      // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, b64: string) =>
        Buffer.from(b64, 'base64').toString('utf8'),
      )
      .replace(/^"(.*)"(?= <)/, '$1')
      .trim()
  );
}

const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

beforeAll(async () => {
  mailbox = await startMailbox();
  received = mailbox.received;

  t = await startTestApp({
    env: mailbox.env,
  });
  today = isoDateInZone(new Date(), t.config.timeZone);
  t.db.$client
    .prepare("INSERT INTO setting (key, value) VALUES ('business', ?)")
    .run(JSON.stringify(BUSINESS));
  const a = await makeAdmin(t.db);
  const d1 = await makeEmployee(t.db, 'driver');
  const d2 = await makeEmployee(t.db, 'driver');
  const c1 = await makeCustomer(t.db, { restaurantName: 'レストラン桜', paymentMethod: 'monthly' });
  const c2 = await makeCustomer(t.db, { restaurantName: 'Blue Lotus Kitchen' });
  t.db.$client
    .prepare(
      "UPDATE customer SET billing_name = '株式会社桜レストラン', billing_address = '〒150-0002 東京都渋谷区渋谷2-21-1 渋谷ヒカリエ 11階 経理部', email = 'keiri@sakura-rest.example', document_language = 'ja' WHERE id = ?",
    )
    .run(c1.id);
  t.db.$client
    .prepare(
      "UPDATE customer SET email = 'owner@bluelotus.example', document_language = 'en' WHERE id = ?",
    )
    .run(c2.id);
  Object.assign(ids, { c1: c1.id, c2: c2.id, d1: d1.id, d2: d2.id });

  ids.order = deliveredOrder(
    c1.id,
    d1.id,
    [
      { name: '鶏もも肉', price: 1200, qty: 10, delivered: 8, rate: 8 },
      { name: '業務用洗剤', price: 800, qty: 2, rate: 10 },
    ],
    '2026-10-15',
  );
  ids.orderEn = deliveredOrder(
    c2.id,
    d1.id,
    [{ name: 'Basmati rice', price: 3000, qty: 1, rate: 8 }],
    '2026-10-16',
  );
  const inv = closingInvoice(c1.id, [
    { date: '2026-10-15', name: '鶏もも肉', price: 1200, qty: 8, rate: 8 },
    { date: '2026-10-15', name: '業務用洗剤', price: 800, qty: 2, rate: 10 },
    { date: '2026-10-20', name: '玉ねぎ', price: 350, qty: 7, rate: 8 },
    { date: '2026-10-20', name: 'ビール 中瓶', price: 290, qty: 24, rate: 10 },
  ]);
  ids.invoice = inv.id;
  ids.invoiceEn = closingInvoice(c2.id, [
    { date: '2026-10-16', name: 'Basmati rice', price: 3000, qty: 1, rate: 8 },
  ]).id;
  ids.statement = newId();
  write(t.db, () => {
    t.db.$client
      .prepare(
        `INSERT INTO statement (id, number, customer_id, invoice_id, closing_date, period_start, previous_balance,
           payments_received, carried_over, period_amount, amount_due, due_date)
         VALUES (?, ?, ?, ?, '2026-10-31', '2026-10-01', 50000, 30000, 20000, ?, ?, '2026-11-25')`,
      )
      .run(
        ids.statement,
        takeDocumentNumber(t.db, 'statement', c1.id),
        c1.id,
        inv.id,
        inv.total,
        20000 + inv.total,
      );
    ids.creditNote = newId();
    t.db.$client
      .prepare(
        `INSERT INTO credit_note (id, number, customer_id, invoice_id, issue_date, reason, net8, tax8, total)
         VALUES (?, ?, ?, ?, '2026-11-02', '傷みがあったため', 2400, 192, 2592)`,
      )
      .run(ids.creditNote, takeDocumentNumber(t.db, 'creditNote', c1.id), c1.id, inv.id);
    t.db.$client
      .prepare(
        `INSERT INTO credit_note_line (id, credit_note_id, position, name, unit_price, quantity, amount, tax_rate)
         VALUES (?, ?, 0, '鶏もも肉', 1200, 2, 2400, 8)`,
      )
      .run(newId(), ids.creditNote);
  });

  const login = async (u: { username: string; password: string }) => {
    const c = new ApiClient(t.url);
    await c.login(u.username, u.password);
    return c;
  };
  admin = await login(a);
  cust1 = await login(c1);
  cust2 = await login(c2);
  drv1 = await login(d1);
  drv2 = await login(d2);
  anon = new ApiClient(t.url);
});

afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

describe('each kind of document carries what a qualified invoice requires', () => {
  it('a delivery slip: number, issuer and registration number, 御中, ※, delivered quantities, tax per rate', async () => {
    const { status, text } = await pdfText(admin, `/api/documents/slip/${ids.order}.pdf`);
    expect(status).toBe(200);
    expect(text).toContain('納品書');
    expect(text).toMatch(/DS-\d{6}/);
    expect(text).toContain(BUSINESS.legalName);
    expect(text).toContain(REG);
    expect(text).toContain('株式会社桜レストラン 御中');
    expect(text).toContain('※ 鶏もも肉');
    expect(text).not.toContain('※ 業務用洗剤');
    // The short line says why, beside what was ordered.
    expect(text).toContain('鶏もも肉 [欠品]');
    expect(text).toContain('注文数 10');
    // 8 delivered x 1200 = 9,600 at 8% (768); 1,600 at 10% (160).
    expect(text).toContain(`8%対象 ${yen(9600)} 消費税 ${yen(768)}`);
    expect(text).toContain(`10%対象 ${yen(1600)} 消費税 ${yen(160)}`);
    expect(text).toContain(yen(9600 + 768 + 1600 + 160));
    // A monthly customer's qualified invoice is the closing's, which computes the tax once for
    // the month: the slip's tax is for reference and says so (ADR 070).
    expect(text).toContain(`8%対象 ${yen(9600)} 消費税 ${yen(768)}（参考）`);
    expect(text).toContain('この納品書の消費税額は参考です。');
    // A cash customer's slip and its invoice bill the same delivery alone: its tax is its own.
    const cash = await pdfText(admin, `/api/documents/slip/${ids.orderEn}.pdf`);
    expect(cash.text).toContain('Delivery slip');
    expect(cash.text).not.toContain('for reference');
  });

  it('a qualified invoice: its number, period, due date, ※ marks, totals and tax per rate, the bank', async () => {
    const model = await admin.get<{
      number: string;
      perRate: { rate: number; net: number; tax: number }[];
    }>(`/api/documents/invoice/${ids.invoice}`);
    expect(model.status).toBe(200);
    const { text } = await pdfText(admin, `/api/documents/invoice/${ids.invoice}.pdf`);
    expect(text).toContain('請求書');
    expect(text).toContain(model.body.number);
    expect(text).toContain(REG);
    expect(text).toContain('株式会社桜レストラン 御中');
    // A long address is printed whole, on as many lines as it needs (before: cut with "…").
    expect(text).toContain('〒150-0002');
    expect(text).toContain('経理部');
    expect(text).not.toContain('…');
    // Dates as a Japanese document writes them (an English one keeps 2026-10-01).
    expect(text).toContain('2026年10月1日 ～ 2026年10月31日');
    expect(text).toContain('お支払期限: 2026年12月25日');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).toContain('※ 玉ねぎ');
    expect(text).toContain('※印は軽減税率（8%）対象品目です。');
    // 8%: 9,600 + 2,450 = 12,050, tax 964; 10%: 1,600 + 6,960 = 8,560, tax 856.
    expect(text).toContain(`8%対象 ${yen(12050)} 消費税 ${yen(964)}`);
    expect(text).toContain(`10%対象 ${yen(8560)} 消費税 ${yen(856)}`);
    expect(text).toContain(yen(12050 + 964 + 8560 + 856));
    expect(text).toContain('みずほ銀行 新宿支店 普通 7654321');
    expect(model.body.perRate).toEqual([
      { rate: 8, net: 12050, tax: 964, gross: 13014 },
      { rate: 10, net: 8560, tax: 856, gross: 9416 },
    ]);
  });

  it('a monthly statement: balances, deliveries by date, tax per rate, amount due and due date', async () => {
    const { text } = await pdfText(admin, `/api/documents/statement/${ids.statement}.pdf`);
    expect(text).toContain('月次請求書');
    expect(text).toMatch(/ST-\d{6}/);
    expect(text).toContain(REG);
    for (const label of [
      '前回ご請求額',
      'ご入金額',
      '繰越金額',
      '今回お買上額',
      '日付別お買上明細',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain(yen(50000));
    expect(text).toContain(yen(30000));
    expect(text).toContain(yen(20000 + 22430));
    expect(text).toContain('2026年10月15日');
    expect(text).toContain('2026年10月20日');
    expect(text).toContain(`8%対象 ${yen(12050)} 消費税 ${yen(964)}`);
    expect(text).toContain('2026年11月25日');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).toContain('7654321');
  });

  it('a receipt (領収書) for a payment: to whom, the amount received, 但し, each rate with the tax it holds, numbered in the payment', async () => {
    const paid = await admin.post<{ payments: { _id: string }[] }>(
      `/api/invoice/${ids.invoice}/payment`,
      {
        amount: 10000,
        date: today,
      },
    );
    expect(paid.status).toBe(201);
    const paymentId = paid.body.payments[0]?._id ?? '';
    const number = t.db.$client
      .prepare('SELECT receipt_number FROM payment WHERE id = ?')
      .pluck()
      .get(paymentId);
    expect(number).toMatch(/^RC-\d{6}$/);
    const invoiceNumber = t.db.$client
      .prepare('SELECT number FROM invoice WHERE id = ?')
      .pluck()
      .get(ids.invoice);
    const model = await admin.get<{
      lines: unknown[];
      perRate: { rate: number; gross: number; tax: number }[];
      net: number;
      tax: number;
      total: number;
      taxBasis: string;
    }>(`/api/documents/receipt/${paymentId}`);
    const { text } = await pdfText(admin, `/api/documents/receipt/${paymentId}.pdf`);
    const flat = text.replace(/\s+/g, ' ');
    expect(text).toContain('領収書');
    expect(text).toContain(String(number));
    expect(text).toContain(`登録番号: ${REG}`);
    // A receipt is addressed 様, states the amount received as a receipt writes it, what it was
    // for (但し書き) and that it was received: no item table read like an invoice's.
    expect(text).toContain('株式会社桜レストラン 様');
    expect(flat).toContain(`領収金額 ${yen(10000)}-`);
    expect(text).toContain(`但し 請求書 ${invoiceNumber} のお支払いとして`);
    expect(text).toContain('上記正に領収いたしました。');
    expect(text).not.toContain('品名');
    expect(text).not.toContain('単価');
    // Each rate's part of the money received, with the tax it holds (8/108 or 10/110 of it), and
    // the two adding up to the amount received: what a simplified qualified invoice states.
    expect(text).toContain('内訳');
    expect(model.body.perRate.map((r) => r.rate)).toEqual([8, 10]);
    for (const r of model.body.perRate) {
      expect(r.tax).toBe(Math.floor((r.gross * r.rate) / (100 + r.rate)));
      const label = r.rate === 8 ? '8%対象（軽減税率）' : '10%対象';
      expect(flat).toContain(`${label} ${yen(r.gross)} （内消費税 ${yen(r.tax)}）`);
    }
    expect(flat).toContain(`合計 ${yen(10000)} （内消費税 ${yen(model.body.tax)}）`);
    // A monthly customer's payment the office recorded: a bank transfer, as the journal says.
    expect(text).toContain('お支払方法: お振込');
    // The figures as the model computes them: with tax, adding up to what was received.
    expect(model.body.taxBasis).toBe('inclusive');
    expect(model.body.lines).toEqual([]);
    expect(model.body.perRate.reduce((sum, r) => sum + r.gross, 0)).toBe(10000);
    expect(model.body.net + model.body.tax).toBe(10000);
    expect(model.body.total).toBe(10000);
  });

  it('a credit note: its number, the reason, ※, the credited amount and tax per rate', async () => {
    const { text } = await pdfText(cust1, `/api/documents/creditNote/${ids.creditNote}.pdf`);
    expect(text).toMatch(/CN-\d{6}/);
    expect(text).toContain('傷みがあったため');
    expect(text).toContain('※ 鶏もも肉');
    expect(text).toContain(`8%対象 ${yen(2400)} 消費税 ${yen(192)}`);
    expect(text).toContain(yen(2592));
    expect(text).toContain(REG);
    // It is the statutory 適格返還請求書 and pays nothing back: it says which invoice it comes off.
    expect(text).toContain('適格返還請求書（返品・値引）');
    expect(text).not.toContain('返還いたします');
    const applied = () =>
      t.db.$client
        .prepare<[string], string | null>(
          'SELECT applied_to_invoice_id FROM credit_note WHERE id = ?',
        )
        .pluck()
        .get(ids.creditNote);
    const was = applied() ?? null;
    try {
      t.db.$client
        .prepare('UPDATE credit_note SET applied_to_invoice_id = NULL WHERE id = ?')
        .run(ids.creditNote);
      const waiting = await pdfText(cust1, `/api/documents/creditNote/${ids.creditNote}.pdf`);
      expect(waiting.text).toContain('この金額は次回のご請求額から差し引きます。');
      t.db.$client
        .prepare('UPDATE credit_note SET applied_to_invoice_id = ? WHERE id = ?')
        .run(ids.invoice, ids.creditNote);
      const number = t.db.$client
        .prepare<[string], string>('SELECT number FROM invoice WHERE id = ?')
        .pluck()
        .get(ids.invoice);
      const deducted = await pdfText(cust1, `/api/documents/creditNote/${ids.creditNote}.pdf`);
      expect(deducted.text).toContain(`この金額は請求書 ${number} のご請求額から差し引きました。`);
    } finally {
      t.db.$client
        .prepare('UPDATE credit_note SET applied_to_invoice_id = ? WHERE id = ?')
        .run(was, ids.creditNote);
    }
  });

  it('English documents for a customer who reads English', async () => {
    const { text } = await pdfText(admin, `/api/documents/invoice/${ids.invoiceEn}.pdf`);
    expect(text).toContain('Invoice');
    expect(text).toContain(`Registration No.: ${REG}`);
    expect(text).toContain('Blue Lotus Kitchen');
    expect(text).not.toContain('御中');
    expect(text).toContain('※ Basmati rice');
    expect(text).toContain(`8% items ${yen(3000)}, consumption tax ${yen(240)}`);
    // The issuer's Japanese name still prints (the font covers both).
    expect(text).toContain(BUSINESS.legalName);
    const slip = await pdfText(admin, `/api/documents/slip/${ids.orderEn}.pdf`);
    expect(slip.text).toContain('Delivery slip');
  });

  it('a hand-made invoice without lines prints its amount as one standard-rate line, tax included', async () => {
    const made = await admin.post<{ _id: string }>('/api/invoice', {
      customer: ids.c2,
      amount: 11000,
      dueDate: today,
      note: 'Delivery fee',
    });
    expect(made.status).toBe(201);
    ids.manual = made.body._id;
    const { text } = await pdfText(admin, `/api/documents/invoice/${ids.manual}.pdf`);
    expect(text).toMatch(/INV-\d{6}/);
    expect(text).toContain('Delivery fee');
    // Its tax was taken out of the amount with tax: that is the figure printed for the rate.
    expect(text).toContain(
      `10% items (incl. tax) ${yen(11000)}, of which consumption tax ${yen(1000)}`,
    );
    expect(text).not.toContain('items (excl. tax)');
    expect(text).not.toContain('※ Delivery fee');
  });

  it('a hand-made invoice for food at 8 %: its figures, its PDF and the tax summary agree (ADR 046)', async () => {
    const made = await admin.post<{ _id: string; taxRate: number }>('/api/invoice', {
      customer: ids.c2,
      amount: 5400,
      dueDate: today,
      note: 'Rice, phoned in',
      taxRate: 8,
    });
    expect(made.status).toBe(201);
    expect(made.body.taxRate).toBe(8);
    const row = () =>
      t.db.$client
        .prepare('SELECT net8, tax8, net10, tax10 FROM invoice WHERE id = ?')
        .get(made.body._id);
    expect(row()).toEqual({ net8: 5000, tax8: 400, net10: 0, tax10: 0 });
    const { text } = await pdfText(admin, `/api/documents/invoice/${made.body._id}.pdf`);
    expect(text).toContain('※ Rice, phoned in');
    expect(text).toContain(
      `8% items (incl. tax) ${yen(5400)}, of which consumption tax ${yen(400)}`,
    );
    const month = today.slice(0, 7);
    const summary = async () =>
      (
        await admin.get<{
          result: { data: { totals: { net8: number; tax10: number; total: number } } };
        }>(
          `/trpc/reports.taxSummary?input=${encodeURIComponent(JSON.stringify({ from: month, to: month }))}`,
        )
      ).body.result.data.totals;
    const before = await summary();
    // Issued, it keeps its amount and rate (ADR 046, amended): an edit to ¥11,000 at the
    // standard rate is refused, and neither its figures nor the summary move.
    const edited = await admin.put<{ code: string }>(`/api/invoice/${made.body._id}`, {
      customer: ids.c2,
      amount: 11000,
      dueDate: today,
      note: 'Containers',
      taxRate: 10,
    });
    expect(edited.status).toBe(409);
    expect(edited.body.code).toBe('invoice.issuedLocked');
    expect(row()).toEqual({ net8: 5000, tax8: 400, net10: 0, tax10: 0 });
    expect(await summary()).toEqual(before);
    // Its note may still change, with the same amount and rate.
    const noted = await admin.put<{ taxRate: number; note: string }>(
      `/api/invoice/${made.body._id}`,
      {
        customer: ids.c2,
        amount: 5400,
        dueDate: today,
        note: 'Rice, phoned in (5 kg)',
        taxRate: 8,
      },
    );
    expect(noted.status).toBe(200);
    expect(noted.body).toMatchObject({ taxRate: 8, note: 'Rice, phoned in (5 kg)' });
    expect(row()).toEqual({ net8: 5000, tax8: 400, net10: 0, tax10: 0 });
    // An unknown rate is refused and changes nothing.
    const bad = await admin.put<{ code: string; message: string }>(
      `/api/invoice/${made.body._id}`,
      { customer: ids.c2, amount: 11000, taxRate: 5 },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('settings.unknownTaxRate');
    expect(row()).toEqual({ net8: 5000, tax8: 400, net10: 0, tax10: 0 });
  });
});

describe('who may open what', () => {
  it('a customer opens its own documents; another customer’s answer 404', async () => {
    expect((await pdfText(cust1, `/api/documents/invoice/${ids.invoice}.pdf`)).status).toBe(200);
    expect((await pdfText(cust1, `/api/documents/statement/${ids.statement}.pdf`)).status).toBe(
      200,
    );
    expect((await pdfText(cust2, `/api/documents/invoice/${ids.invoice}.pdf`)).status).toBe(404);
    expect((await pdfText(cust2, `/api/documents/slip/${ids.order}.pdf`)).status).toBe(404);
    expect((await pdfText(cust2, `/api/documents/creditNote/${ids.creditNote}.pdf`)).status).toBe(
      404,
    );
    expect((await cust2.get(`/api/documents/statement/${ids.statement}`)).status).toBe(404);
    expect((await cust1.get(`/api/documents/statement/${ids.statement}`)).status).toBe(200);
  });

  it('a driver opens the slips of its deliveries and receipts of its collections, nothing else', async () => {
    expect((await pdfText(drv1, `/api/documents/slip/${ids.order}.pdf`)).status).toBe(200);
    expect((await pdfText(drv2, `/api/documents/slip/${ids.order}.pdf`)).status).toBe(404);
    expect((await pdfText(drv1, `/api/documents/invoice/${ids.invoice}.pdf`)).status).toBe(404);
    expect((await pdfText(drv1, `/api/documents/statement/${ids.statement}.pdf`)).status).toBe(404);
    // A payment the driver collects.
    t.db.$client
      .prepare('UPDATE invoice SET assign_to_collect = ? WHERE id = ?')
      .run(ids.d1, ids.invoiceEn);
    const paid = await drv1.post<{ payments: { _id: string }[] }>(
      `/api/invoice/${ids.invoiceEn}/payment`,
      {
        amount: 1000,
        date: today,
      },
    );
    expect(paid.status).toBe(201);
    const receipt = paid.body.payments[0]?._id ?? '';
    const opened = await pdfText(drv1, `/api/documents/receipt/${receipt}.pdf`);
    expect(opened.status).toBe(200);
    // An English receipt of cash a driver collected: the amount, what for, each rate, cash.
    const flat = opened.text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Amount received ${yen(1000)}`);
    expect(flat).toMatch(/For payment of invoice INV-\d{6}/);
    expect(flat).toContain('Received with thanks.');
    expect(flat).toContain(
      `8% items (reduced rate) ${yen(1000)} (incl. consumption tax ${yen(74)})`,
    );
    expect(flat).toContain(`Registration No.: ${REG}`);
    expect(flat).toContain('Paid by: Cash');
    expect(flat).not.toContain('様');
    expect((await pdfText(drv2, `/api/documents/receipt/${receipt}.pdf`)).status).toBe(404);
    expect((await pdfText(cust2, `/api/documents/receipt/${receipt}.pdf`)).status).toBe(200);
    expect((await pdfText(cust1, `/api/documents/receipt/${receipt}.pdf`)).status).toBe(404);
  });

  it('signed out answers 401; an unknown kind or id 404; the closing download is staff only', async () => {
    expect((await pdfText(anon, `/api/documents/invoice/${ids.invoice}.pdf`)).status).toBe(401);
    expect((await pdfText(admin, `/api/documents/bogus/${ids.invoice}.pdf`)).status).toBe(404);
    expect((await pdfText(admin, '/api/documents/invoice/nope.pdf')).status).toBe(404);
    expect((await pdfText(cust1, '/api/documents/statements/2026-10-31.pdf')).status).toBe(403);
    expect((await pdfText(admin, '/api/documents/statements/2026-02-30.pdf')).status).toBe(400);
    expect((await pdfText(admin, '/api/documents/statements/2026-09-30.pdf')).status).toBe(404);
  });

  it("the closing run's statements download as one PDF", async () => {
    const list = await admin.get<{ statements: { id: string }[] }>(
      '/api/documents/statements/2026-10-31',
    );
    expect(list.status).toBe(200);
    expect(list.body.statements.map((s) => s.id)).toEqual([ids.statement]);
    const { status, text } = await pdfText(admin, '/api/documents/statements/2026-10-31.pdf');
    expect(status).toBe(200);
    expect(text).toContain('月次請求書');
  });

  it("the customer's Account lists its documents, balance and what is overdue", async () => {
    const mine = await cust1.get<{
      balance: number;
      overdue: number;
      documents: { kind: string; id: string }[];
    }>('/api/documents/mine');
    expect(mine.status).toBe(200);
    const kinds = new Set(mine.body.documents.map((d) => d.kind));
    expect([...kinds].sort()).toEqual(['creditNote', 'invoice', 'receipt', 'slip', 'statement']);
    expect(mine.body.documents.some((d) => d.id === ids.invoiceEn)).toBe(false);
    expect(mine.body.balance).toBe(22430 - 10000);
    expect((await cust1.get(`/api/documents/customer/${ids.c2}`)).status).toBe(403);
    const office = await admin.get<{ documents: unknown[] }>(`/api/documents/customer/${ids.c1}`);
    expect(office.body.documents).toHaveLength(mine.body.documents.length);
  });
});

describe('numbers run in sequence per kind, without gaps', () => {
  it('hand-made invoices and receipts take the next number; a refused one takes none', async () => {
    const numberOf = (id: string) =>
      String(t.db.$client.prepare('SELECT number FROM invoice WHERE id = ?').pluck().get(id));
    const first = await admin.post<{ _id: string }>('/api/invoice', {
      customer: ids.c1,
      amount: 500,
      dueDate: today,
    });
    const refused = await admin.post('/api/invoice', {
      customer: 'no-such-customer',
      amount: 500,
      dueDate: today,
    });
    expect(refused.status).toBe(400);
    const second = await admin.post<{ _id: string }>('/api/invoice', {
      customer: ids.c1,
      amount: 700,
      dueDate: today,
    });
    const a = Number(numberOf(first.body._id).slice(4));
    const b = Number(numberOf(second.body._id).slice(4));
    expect(b).toBe(a + 1);
    const all = t.db.$client
      .prepare('SELECT number FROM invoice WHERE number IS NOT NULL ORDER BY number')
      .pluck()
      .all() as string[];
    expect(all.map((n) => Number(n.slice(4)))).toEqual(all.map((_, i) => i + 1));
    const receipts = t.db.$client
      .prepare('SELECT receipt_number FROM payment ORDER BY receipt_number')
      .pluck()
      .all() as string[];
    expect(receipts).toEqual(receipts.map((_, i) => `RC-${String(i + 1).padStart(6, '0')}`));
  });

  it('an order delivered before slips existed gets its slip number once, on first opening', async () => {
    const number = t.db.$client
      .prepare('SELECT slip_number FROM customer_order WHERE id = ?')
      .pluck()
      .get(ids.order);
    expect(number).toMatch(/^DS-\d{6}$/);
    await pdfText(admin, `/api/documents/slip/${ids.order}.pdf`);
    expect(
      t.db.$client
        .prepare('SELECT slip_number FROM customer_order WHERE id = ?')
        .pluck()
        .get(ids.order),
    ).toBe(number);
  });
});

describe('sending by e-mail', () => {
  it('sends the PDF to the customer through the SMTP server and records it', async () => {
    const before = received.length;
    const sent = await admin.post<{ configured: boolean; mails: { to: string; status: string }[] }>(
      `/api/documents/invoice/${ids.invoice}/send`,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.configured).toBe(true);
    expect(sent.body.mails[0]).toMatchObject({ to: 'keiri@sakura-rest.example', status: 'sent' });
    expect(received).toHaveLength(before + 1);
    const mail = received[before] as Received;
    expect(mail.to).toEqual(['keiri@sakura-rest.example']);
    expect(mail.from).toBe('billing@sakura.example');
    // The restaurant's mail app lists it under the business's name, not a bare address.
    expect(fromHeader(mail.raw)).toBe('株式会社さくら食品 <billing@sakura.example>');
    // The attachment: a PDF part, whose text is the invoice's.
    const part =
      /Content-Type: application\/pdf[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
        mail.raw,
      );
    expect(part).not.toBeNull();
    const pdf = Buffer.from((part?.[1] ?? '').replace(/\s+/g, ''), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(REG);
    expect(text).toContain('株式会社桜レストラン 御中');
    const log = await admin.get<{ mails: { to: string; sentBy: string }[] }>(
      `/api/documents/invoice/${ids.invoice}/mails`,
    );
    expect(log.body.mails).toHaveLength(1);
    const row = t.db.$client
      .prepare(
        'SELECT kind, document_id AS documentId, status FROM document_mail WHERE document_id = ?',
      )
      .get(ids.invoice);
    expect(row).toEqual({ kind: 'invoice', documentId: ids.invoice, status: 'sent' });
  });

  it('refuses a customer without an e-mail address, staff only, and says why', async () => {
    t.db.$client.prepare('UPDATE customer SET email = NULL WHERE id = ?').run(ids.c2);
    const r = await admin.post<{ code: string }>(`/api/documents/invoice/${ids.invoiceEn}/send`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('document.noEmail');
    expect((await cust1.post(`/api/documents/invoice/${ids.invoice}/send`)).status).toBe(403);
  });

  it('without SMTP configured, sending is off and says why', async () => {
    const other = await startTestApp();
    try {
      const a = await makeAdmin(other.db);
      const c = await makeCustomer(other.db);
      const client = new ApiClient(other.url);
      await client.login(a.username, a.password);
      const inv = await client.post<{ _id: string }>('/api/invoice', {
        customer: c.id,
        amount: 1100,
        dueDate: today,
      });
      const log = await client.get<{ configured: boolean }>(
        `/api/documents/invoice/${inv.body._id}/mails`,
      );
      expect(log.body.configured).toBe(false);
      const r = await client.post<{ code: string }>(`/api/documents/invoice/${inv.body._id}/send`);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('document.mailNotConfigured');
    } finally {
      await other.close();
    }
  });
});

describe('an issued document never changes (ADR 049)', () => {
  it('keeps the issuer and the recipient it was issued with after the settings and the customer change', async () => {
    const issued = await admin.post<{ _id: string }>('/api/invoice', {
      customer: ids.c1,
      amount: 1100,
      dueDate: today,
    });
    expect(issued.status).toBe(201);
    const before = await pdfText(admin, `/api/documents/invoice/${issued.body._id}.pdf`);
    expect(before.text).toContain(BUSINESS.legalName);
    expect(before.text).toContain('株式会社桜レストラン 御中');

    // The business moves and re-registers; the restaurant changes its billing name.
    const moved = {
      ...BUSINESS,
      bank: { ...BUSINESS.bank, accountType: 'ordinary' },
      legalName: '株式会社ひまわり食品',
      address: '大阪府大阪市北区梅田1-1-1',
      registrationNumber: 'T7000012050002',
    };
    const saved = await admin.post('/trpc/settings.updateBusiness', moved);
    expect(saved.status).toBe(200);
    t.db.$client
      .prepare("UPDATE customer SET billing_name = '株式会社新桜' WHERE id = ?")
      .run(ids.c1);
    try {
      const after = await pdfText(admin, `/api/documents/invoice/${issued.body._id}.pdf`);
      expect(after.text).toContain(BUSINESS.legalName);
      expect(after.text).toContain(BUSINESS.address);
      expect(after.text).toContain(REG);
      expect(after.text).toContain('株式会社桜レストラン 御中');
      expect(after.text).not.toContain(moved.legalName);
      expect(after.text).not.toContain('T7000012050002');
      expect(after.text).not.toContain('株式会社新桜');

      // A document issued now carries the new details.
      const next = await admin.post<{ _id: string }>('/api/invoice', {
        customer: ids.c1,
        amount: 1100,
        dueDate: today,
      });
      const fresh = await pdfText(admin, `/api/documents/invoice/${next.body._id}.pdf`);
      expect(fresh.text).toContain(moved.legalName);
      expect(fresh.text).toContain('T7000012050002');
      expect(fresh.text).toContain('株式会社新桜 御中');
    } finally {
      t.db.$client
        .prepare("UPDATE setting SET value = ? WHERE key = 'business'")
        .run(JSON.stringify(BUSINESS));
      t.db.$client
        .prepare("UPDATE customer SET billing_name = '株式会社桜レストラン' WHERE id = ?")
        .run(ids.c1);
    }
  });
});

describe('what the office audit found (dates, words, sums, references)', () => {
  /** The business setting with another bank account type, for what is issued inside `run`. */
  async function withAccountType(accountType: string, run: () => Promise<void>) {
    t.db.$client.prepare("UPDATE setting SET value = ? WHERE key = 'business'").run(
      JSON.stringify({
        ...BUSINESS,
        bank: {
          ...BUSINESS.bank,
          bankName: '三井住友銀行',
          branchName: '新宿西口支店',
          accountNumber: '1234567',
          accountType,
        },
      }),
    );
    try {
      await run();
    } finally {
      t.db.$client
        .prepare("UPDATE setting SET value = ? WHERE key = 'business'")
        .run(JSON.stringify(BUSINESS));
    }
  }

  /** A statement of `customerId` over a closing invoice of which `credit` was deducted. */
  function statementWithCredit(customerId: string, credit: number) {
    const inv = closingInvoice(customerId, [
      { date: '2026-11-10', name: '鶏もも肉', price: 1200, qty: 100, rate: 8 },
      { date: '2026-11-12', name: 'ビール 中瓶', price: 290, qty: 240, rate: 10 },
    ]);
    const period = inv.total - credit;
    const id = newId();
    write(t.db, () => {
      t.db.$client
        .prepare('UPDATE invoice SET credit_applied = ?, amount = ? WHERE id = ?')
        .run(credit, period, inv.id);
      t.db.$client
        .prepare(
          `INSERT INTO statement (id, number, customer_id, invoice_id, closing_date, period_start,
             previous_balance, payments_received, carried_over, period_amount, amount_due, due_date)
           VALUES (?, ?, ?, ?, '2026-11-30', '2026-11-01', 250000, 53000, 197000, ?, ?, '2026-12-25')`,
        )
        .run(
          id,
          takeDocumentNumber(t.db, 'statement', customerId),
          customerId,
          inv.id,
          period,
          197000 + period,
        );
    });
    return { id, gross: inv.total, period, due: 197000 + period };
  }

  /** `parts` appear in `text` in this order. */
  function inOrder(text: string, parts: string[]) {
    let at = -1;
    for (const part of parts) {
      const next = text.indexOf(part, at + 1);
      expect(next, `"${part}" after position ${at}`).toBeGreaterThan(at);
      at = next;
    }
  }

  it('dates a morning delivery’s slip by the business’s day, not UTC’s, and prints units as the screens do', async () => {
    // Delivered at 07:33 in Tokyo on 2026-11-25: 22:33 UTC the day before.
    const order = deliveredOrder(
      ids.c1,
      ids.d1,
      [
        { name: 'ラガービール 中瓶', price: 290, qty: 6, rate: 10, sku: 'Btl' },
        { name: '鶏もも肉 2kg', price: 2400, qty: 2, rate: 8, sku: 'C/s' },
        { name: '特注トレー', price: 100, qty: 3, rate: 10, sku: 'Tray' },
      ],
      '2026-11-25',
      '2026-11-24T22:33:00.000Z',
    );
    const { text } = await pdfText(admin, `/api/documents/slip/${order}.pdf`);
    expect(text).toContain('発行日: 2026年11月25日');
    expect(text).toContain('納品日: 2026年11月25日');
    expect(text).not.toContain('11月24日');
    // A line's date is the compact month/day of a 納品書's table.
    expect(text).toContain('11/25 ラガービール 中瓶 6 本 ¥290 ¥1,740 10%');
    // Known units in Japanese, as the pick list shows them; an unknown one as written.
    expect(text).toContain('2 ケース ¥2,400');
    expect(text).toContain('3 Tray ¥100');
    expect(text).not.toMatch(/\b(Btl|C\/s)\b/);
    // An English document keeps the English unit.
    const english = deliveredOrder(
      ids.c2,
      ids.d1,
      [{ name: 'Lager', price: 290, qty: 6, rate: 10, sku: 'Btl' }],
      '2026-11-25',
      '2026-11-24T22:33:00.000Z',
    );
    const en = await pdfText(admin, `/api/documents/slip/${english}.pdf`);
    expect(en.text).toContain('Date of issue: 2026-11-25');
    expect(en.text).toContain('6 Btl ¥290');
  });

  it('prints the bank account type in the document’s language: 普通 and 当座, Ordinary', async () => {
    await withAccountType('ordinary', async () => {
      const ja = await admin.post<{ _id: string }>('/api/invoice', {
        customer: ids.c1,
        amount: 1100,
        dueDate: today,
      });
      const en = await admin.post<{ _id: string }>('/api/invoice', {
        customer: ids.c2,
        amount: 1100,
        dueDate: today,
      });
      const jaText = (await pdfText(admin, `/api/documents/invoice/${ja.body._id}.pdf`)).text;
      expect(jaText).toContain('三井住友銀行 新宿西口支店 普通 1234567');
      expect(jaText).not.toContain('ordinary');
      const enText = (await pdfText(admin, `/api/documents/invoice/${en.body._id}.pdf`)).text;
      expect(enText).toContain('三井住友銀行 新宿西口支店 Ordinary 1234567');
    });
    await withAccountType('current', async () => {
      const ja = await admin.post<{ _id: string }>('/api/invoice', {
        customer: ids.c1,
        amount: 1100,
        dueDate: today,
      });
      const jaText = (await pdfText(admin, `/api/documents/invoice/${ja.body._id}.pdf`)).text;
      expect(jaText).toContain('三井住友銀行 新宿西口支店 当座 1234567');
      expect(jaText).not.toContain('current');
    });
  });

  it('prints a hand-made invoice with tax, the basis its tax was taken out in, its line adding up to it', async () => {
    const made = await admin.post<{ _id: string }>('/api/invoice', {
      customer: ids.c1,
      amount: 81323,
      dueDate: today,
      note: '米 30kg（電話注文）',
      taxRate: 8,
    });
    expect(made.status).toBe(201);
    // Stored as split: 81,323 with tax at 8 % is 75,300 without and 6,023 tax (81,323 x 8/108).
    expect(
      t.db.$client.prepare('SELECT net8, tax8 FROM invoice WHERE id = ?').get(made.body._id),
    ).toEqual({ net8: 75300, tax8: 6023 });
    const { text } = await pdfText(admin, `/api/documents/invoice/${made.body._id}.pdf`);
    // Printed without tax (¥75,300), 8 % of it is ¥6,024, a yen more than the tax printed: the
    // document says with tax and prints that figure, which the tax checks against.
    expect(text).toContain('※ 米 30kg（電話注文） 1 ¥81,323 ¥81,323 8%');
    expect(text).toContain('8%対象（税込） ¥81,323');
    expect(text).toContain('うち消費税 8% ¥6,023');
    expect(text).toContain(`8%対象（税込） ${yen(81323)} うち消費税 ${yen(6023)}`);
    expect(text).not.toContain('8%対象（税抜）');
    expect(text).toContain('合計（税込） ¥81,323');
    const figure = /8%対象（税込） ¥([\d,]+) うち消費税 ¥([\d,]+)/.exec(text);
    const [gross, tax] = [figure?.[1], figure?.[2]].map((v) => Number(v?.replaceAll(',', '')));
    expect(tax).toBe(Math.floor(((gross ?? 0) * 8) / 108));
    const model = await admin.get<{ lines: { amount: number }[]; total: number; taxBasis: string }>(
      `/api/documents/invoice/${made.body._id}`,
    );
    expect(model.body.taxBasis).toBe('inclusive');
    expect(model.body.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(model.body.total);
  });

  it('dates a credit note’s line with the original sale and names the invoice, order and slip it corrects', async () => {
    const order = deliveredOrder(
      ids.c1,
      ids.d1,
      [{ name: '鶏もも肉', price: 1200, qty: 5, rate: 8 }],
      '2026-11-25',
      '2026-11-24T22:33:00.000Z',
    );
    const orderNumber = t.db.$client
      .prepare('SELECT order_number FROM customer_order WHERE id = ?')
      .pluck()
      .get(order);
    const slip = (await pdfText(admin, `/api/documents/slip/${order}.pdf`)).text;
    const slipNumber = /DS-\d{6}/.exec(slip)?.[0] ?? '';
    const orderLine = String(
      t.db.$client.prepare('SELECT id FROM order_line WHERE order_id = ?').pluck().get(order),
    );
    // The closing invoice that billed the delivery.
    const inv = closingInvoice(ids.c1, [
      { date: '2026-11-25', name: '鶏もも肉', price: 1200, qty: 5, rate: 8 },
    ]);
    t.db.$client
      .prepare('UPDATE invoice_line SET order_id = ?, order_line_id = ? WHERE invoice_id = ?')
      .run(order, orderLine, inv.id);
    const invNumber = String(
      t.db.$client.prepare('SELECT number FROM invoice WHERE id = ?').pluck().get(inv.id),
    );
    const lineId = String(
      t.db.$client.prepare('SELECT id FROM invoice_line WHERE invoice_id = ?').pluck().get(inv.id),
    );
    const made = await admin.post<{ result: { data: { _id: string } } }>(
      '/trpc/creditNotes.create',
      { invoiceId: inv.id, reason: '破損のため', lines: [{ invoiceLineId: lineId, quantity: 2 }] },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const cn = made.body.result.data._id;
    const { text } = await pdfText(admin, `/api/documents/creditNote/${cn}.pdf`);
    // The line carries the date of the sale (適格返還請求書), not the credit note's own date.
    expect(text).toContain('11/25 ※ 鶏もも肉 2 kg ¥1,200 ¥2,400 8%');
    expect(text).toContain(`請求書番号: ${invNumber}`);
    expect(text).toContain(`注文番号: #${orderNumber}`);
    expect(text).toContain(`納品書番号: ${slipNumber}`);

    // Goods credited before they were billed (a claim decided before the closing): the invoice
    // that billed them since is named.
    const early = newId();
    write(t.db, () => {
      t.db.$client
        .prepare(
          `INSERT INTO credit_note (id, number, customer_id, invoice_id, issue_date, reason, net8, tax8, total)
           VALUES (?, ?, ?, NULL, '2026-11-26', '傷み', 1200, 96, 1296)`,
        )
        .run(early, takeDocumentNumber(t.db, 'creditNote', ids.c1), ids.c1);
      t.db.$client
        .prepare(
          `INSERT INTO credit_note_line (id, credit_note_id, position, order_line_id, name, unit_price, quantity, amount, tax_rate)
           VALUES (?, ?, 0, ?, '鶏もも肉', 1200, 1, 1200, 8)`,
        )
        .run(newId(), early, orderLine);
    });
    const before = (await pdfText(admin, `/api/documents/creditNote/${early}.pdf`)).text;
    expect(before).toContain('11/25 ※ 鶏もも肉 1 kg');
    expect(before).toContain(`請求書番号: ${invNumber}`);
    expect(before).toContain(`注文番号: #${orderNumber}`);
  });

  it('lays a statement’s totals out as sums a reader can follow, in Japanese and in English', async () => {
    // 1200 x 100 = 120,000 at 8 % (9,600); 290 x 240 = 69,600 at 10 % (6,960): 206,160.
    const ja = statementWithCredit(ids.c1, 19224);
    expect(ja.gross).toBe(206160);
    const { text } = await pdfText(admin, `/api/documents/statement/${ja.id}.pdf`);
    inOrder(text, [
      `合計（税込） ${yen(206160)}`,
      // A Japanese 請求書 prints what a row takes away as its label's amount, positive, as the
      // summary boxes above do (前回ご請求額 − ご入金額 ＝ 繰越金額).
      `値引・返品控除 ${yen(19224)}`,
      `今回お買上額（税込・値引後） ${yen(206160 - 19224)}`,
      `前回ご請求額 ${yen(250000)}`,
      `ご入金額 ${yen(53000)}`,
      `繰越金額 ${yen(197000)}`,
      `今回お買上額（税込・値引後） ${yen(206160 - 19224)}`,
      `ご請求金額 ${yen(197000 + 206160 - 19224)}`,
    ]);
    // The old block went from the total straight to the amount due.
    expect(text).not.toMatch(/値引・返品控除 -?¥19,224\s+ご請求金額/);
    // The summary box above heads it as a 合計請求書 does: the purchases without tax and their
    // tax in cells of their own, adding up to the amount due (197,000 − 19,224 + 189,600 +
    // 16,560).
    const box = text.slice(0, text.indexOf('日付別お買上明細')).replace(/\s+/g, ' ');
    inOrder(box, [
      `前回ご請求額 ${yen(250000)}`,
      `ご入金額 ${yen(53000)}`,
      `繰越金額 ${yen(197000)}`,
      `値引・返品控除 ${yen(19224)}`,
      `今回お買上額 （税抜） ${yen(189600)}`,
      `消費税額 ${yen(16560)}`,
      `今回ご請求額 ${yen(197000 + 206160 - 19224)}`,
    ]);
    expect(text).not.toContain('-¥');

    const en = statementWithCredit(ids.c2, 5000);
    const english = (await pdfText(admin, `/api/documents/statement/${en.id}.pdf`)).text;
    inOrder(english, [
      `Total (incl. tax) ${yen(206160)}`,
      `Credit notes deducted -${yen(5000)}`,
      `This period's purchases (incl. tax, after credits) ${yen(206160 - 5000)}`,
      `Previous balance ${yen(250000)}`,
      `Payments received -${yen(53000)}`,
      `Balance carried over ${yen(197000)}`,
      `This period's purchases (incl. tax, after credits) ${yen(206160 - 5000)}`,
      `Amount due ${yen(197000 + 206160 - 5000)}`,
    ]);
    expect(english).not.toContain('…');
    const englishBox = english.slice(0, english.indexOf('Deliveries by date')).replace(/\s+/g, ' ');
    inOrder(englishBox, [
      `Credit notes deducted -${yen(5000)}`,
      `Purchases (excl. tax) ${yen(189600)}`,
      `Consumption tax ${yen(16560)}`,
      `Amount due ${yen(197000 + 206160 - 5000)}`,
    ]);
  });

  it('an overpaid statement shows its negative balance with △ in Japanese, and a minus in English', async () => {
    const overpaid = (customerId: string) => {
      const id = newId();
      write(t.db, () => {
        t.db.$client
          .prepare(
            `INSERT INTO statement (id, number, customer_id, closing_date, period_start,
               previous_balance, payments_received, carried_over, period_amount, amount_due,
               due_date)
             VALUES (?, ?, ?, '2026-11-30', '2026-11-01', 10000, 79787, -69787, 0, -69787,
                     '2026-12-25')`,
          )
          .run(id, takeDocumentNumber(t.db, 'statement', customerId), customerId);
      });
      return id;
    };
    const { text } = await pdfText(admin, `/api/documents/statement/${overpaid(ids.c1)}.pdf`);
    // The payment reads ¥79,787 in the summary box and in the sum below alike.
    expect(text.match(/ご入金額\s*¥79,787/g)).toHaveLength(2);
    expect(text).toMatch(/繰越金額\s*△¥69,787/);
    inOrder(text, [
      `前回ご請求額 ${yen(10000)}`,
      `ご入金額 ${yen(79787)}`,
      `繰越金額 △${yen(69787)}`,
      `ご請求金額 △${yen(69787)}`,
    ]);
    expect(text).not.toContain('-¥');
    const english = (await pdfText(admin, `/api/documents/statement/${overpaid(ids.c2)}.pdf`)).text;
    inOrder(english, [`Payments received -${yen(79787)}`, `Balance carried over -${yen(69787)}`]);
    expect(english).not.toContain('△');
  });

  it('the Account’s documents say which are cancelled, dated by the business’s day', async () => {
    const made = await admin.post<{ _id: string }>('/api/invoice', {
      customer: ids.c1,
      amount: 2200,
      dueDate: today,
    });
    const cancelled = await admin.post(`/api/invoice/${made.body._id}/cancel`, {
      reason: '二重に作成したため',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // An invoice from before issue dates: made at 05:00 in Tokyo on 2026-11-27.
    const old = newId();
    t.db.$client
      .prepare(
        `INSERT INTO invoice (id, customer_id, due_date, amount, kind, created_at)
         VALUES (?, ?, '2026-12-25', 3300, 'manual', '2026-11-26T20:00:00.000Z')`,
      )
      .run(old, ids.c1);
    const mine = await cust1.get<{
      documents: { kind: string; id: string; date: string; cancelled: boolean }[];
    }>('/api/documents/mine');
    expect(mine.status).toBe(200);
    const doc = (id: string) => mine.body.documents.find((d) => d.id === id);
    expect(doc(made.body._id)?.cancelled).toBe(true);
    expect(doc(ids.invoice)?.cancelled).toBe(false);
    expect(mine.body.documents.filter((d) => d.cancelled).map((d) => d.id)).toEqual([
      made.body._id,
    ]);
    expect(doc(old)?.date).toBe('2026-11-27');
    const slips = mine.body.documents.filter((d) => d.kind === 'slip');
    expect(slips.map((d) => d.date)).toContain('2026-11-25');
    expect(slips.map((d) => d.date)).not.toContain('2026-11-24');
    const pdf = (await pdfText(admin, `/api/documents/invoice/${old}.pdf`)).text;
    expect(pdf).toContain('発行日: 2026年11月27日');
  });
});

// Last: it pays the invoice the tests above read as partly unpaid.
describe('receipts of an invoice paid in parts', () => {
  it("the receipts of an invoice paid in parts add up to the invoice's figures per rate", async () => {
    type Figures = {
      perRate: { rate: number; net: number; tax: number; gross: number }[];
      amount: number;
      creditApplied: number;
    };
    const inv = (await admin.get<Figures>(`/api/documents/invoice/${ids.invoice}`)).body;
    const card = await admin.get<{ paidAmount: number; amount: number }>(
      `/api/invoice/${ids.invoice}`,
    );
    const rest = card.body.amount - card.body.paidAmount;
    // The rest in two odd parts (the first payment above was ¥10,000).
    for (const amount of [3333, rest - 3333]) {
      const r = await admin.post(`/api/invoice/${ids.invoice}/payment`, { amount, date: today });
      expect(r.status).toBe(201);
    }
    const payments = t.db.$client
      .prepare<[string], string>('SELECT id FROM payment WHERE invoice_id = ? ORDER BY created_at')
      .pluck()
      .all(ids.invoice);
    expect(payments.length).toBe(3);
    const sums = new Map<number, { net: number; tax: number }>();
    let received = 0;
    for (const id of payments) {
      const receipt = (await admin.get<Figures & { total: number }>(`/api/documents/receipt/${id}`))
        .body;
      received += receipt.total;
      for (const r of receipt.perRate) {
        const s = sums.get(r.rate) ?? { net: 0, tax: 0 };
        sums.set(r.rate, { net: s.net + r.net, tax: s.tax + r.tax });
      }
    }
    expect(received).toBe(card.body.amount);
    expect(inv.creditApplied).toBe(0);
    for (const r of inv.perRate) expect(sums.get(r.rate)).toEqual({ net: r.net, tax: r.tax });
  });
});

describe('a receipt never changes once issued (ADR 058)', () => {
  it('a corrected payment issues its receipt again under a new number; the first never changes', async () => {
    const made = await admin.post<{ _id: string }>('/api/invoice', {
      customer: ids.c2,
      amount: 11000,
      dueDate: today,
      note: 'Cold-box rental',
    });
    expect(made.status).toBe(201);
    const invoiceId = made.body._id;
    const paid = await admin.post<{ payments: { _id: string }[] }>(
      `/api/invoice/${invoiceId}/payment`,
      { amount: 3000, date: today },
    );
    expect(paid.status).toBe(201);
    const paymentId = paid.body.payments.at(-1)?._id ?? '';
    const numberOf = () =>
      t.db.$client
        .prepare('SELECT receipt_number AS n, receipt_replaces AS r FROM payment WHERE id = ?')
        .get(paymentId) as { n: string; r: string | null };
    const first = numberOf();
    expect(first.r).toBeNull();
    expect((await pdfText(admin, `/api/documents/receipt/${paymentId}.pdf`)).text).toContain(
      yen(3000),
    );
    // The office typed 3,000 for 2,500: corrected, the receipt is issued again.
    const fixed = await admin.put(`/api/invoice/${invoiceId}/payment`, {
      _id: paymentId,
      amount: 2500,
      date: today,
    });
    expect(fixed.status).toBe(200);
    const second = numberOf();
    expect(second.n).toMatch(/^RC-\d{6}$/);
    expect(Number(second.n.slice(3))).toBeGreaterThan(Number(first.n.slice(3)));
    expect(second.r).toBe(first.n);
    const { text } = await pdfText(admin, `/api/documents/receipt/${paymentId}.pdf`);
    expect(text).toContain(second.n);
    expect(text).toContain(`Replaces receipt: ${first.n}`);
    expect(text).toContain(yen(2500));
    expect(text).not.toContain(yen(3000));
    // Saved again unchanged (a note elsewhere on the invoice), it keeps its number.
    const same = await admin.put(`/api/invoice/${invoiceId}/payment`, {
      _id: paymentId,
      amount: 2500,
      date: today,
    });
    expect(same.status).toBe(200);
    expect(numberOf().n).toBe(second.n);
  });
});
