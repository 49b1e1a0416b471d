import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeDocumentNumber } from '../../server/money/numbering';
import { write } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { placeAndDeliver } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { pdfTextAt } from '../helpers/pdf';
import { mutate, query } from '../helpers/trpc';

// What an accountant's check of the documents found (their PDFs read back as text, in Japanese
// and in English): a cancelled invoice still asked for payment; an invoice re-issued after a
// cancellation did not name the one it replaces; a statement asked by one due date for money
// partly due earlier. (A hand-made invoice's and a receipt's tax checked against the figure
// printed beside it: tests/api/documents.test.ts.)

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let driverId = '';
let date = '';
const p: Record<string, { id: string }> = {};

const pdfText = (path: string) => pdfTextAt(admin, path);

const BUSINESS = {
  legalName: '株式会社さくら食品',
  address: '東京都新宿区西新宿1-2-3',
  phone: '03-1234-5678',
  registrationNumber: 'T8010001000000',
  bank: {
    bankName: 'みずほ銀行',
    branchName: '新宿支店',
    accountType: 'ordinary',
    accountNumber: '7654321',
    accountHolder: 'カ）サクラショクヒン',
  },
};

/**
 * A customer who reads its documents in `language` (recorded on each document when it is
 * numbered, ADR 049), signed in.
 */
async function customerReading(
  language: 'ja' | 'en',
  over: Parameters<typeof makeCustomer>[1] = {},
) {
  const c = await makeCustomer(t.db, over);
  t.db.$client
    .prepare('UPDATE customer SET document_language = ? WHERE id = ?')
    .run(language, c.id);
  const client = new ApiClient(t.url);
  await client.login(c.username, c.password);
  return { id: c.id, client };
}

beforeAll(async () => {
  t = await startTestApp();
  t.db.$client
    .prepare("INSERT INTO setting (key, value) VALUES ('business', ?)")
    .run(JSON.stringify(BUSINESS));
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  p.rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' });
  const adm = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  driverId = dr.id;
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
});
afterAll(() => t.close());

/** A cash order placed, dispatched and delivered without payment: its invoice. */
async function deliveredInvoice(cust: ApiClient) {
  const { delivered } = await placeAndDeliver({ admin, driver, driverId }, cust, {
    orderItems: [{ product: p.rice!.id, quantity: 2 }],
    deliveryDate: date,
  });
  const inv = delivered.order.invoice!;
  return { id: inv._id, number: inv.number, amount: inv.amount };
}

/** A cash delivery's invoice cancelled and re-issued at once: both, as numbered. */
async function cancelledAndReissued(cust: ApiClient) {
  const old = await deliveredInvoice(cust);
  const r = await admin.post<{ reissued: { id: string; number: string } | null }>(
    `/api/invoice/${old.id}/cancel`,
    { reason: 'Billed to the old company name' },
  );
  expect(r.status).toBe(200);
  return { old, next: r.body.reissued! };
}

describe('a cancelled invoice and the invoice issued in its place', () => {
  let ja: Awaited<ReturnType<typeof cancelledAndReissued>>;
  let en: Awaited<ReturnType<typeof cancelledAndReissued>>;

  beforeAll(async () => {
    ja = await cancelledAndReissued((await customerReading('ja')).client);
    en = await cancelledAndReissued((await customerReading('en')).client);
  });

  it('re-issuing links the new invoice to the cancelled one, in the same transaction', () => {
    for (const { old, next } of [ja, en]) {
      expect(next.number > old.number).toBe(true);
      expect(
        t.db.$client
          .prepare('SELECT replaces_invoice_id FROM invoice WHERE id = ?')
          .pluck()
          .get(next.id),
      ).toBe(old.id);
    }
  });

  it('the re-issued invoice names the invoice it replaces, in Japanese and in English', async () => {
    const jaText = await pdfText(`/api/documents/invoice/${ja.next.id}.pdf`);
    expect(jaText).toContain(`訂正前の請求書番号: ${ja.old.number}`);
    // It is the live one: it asks for payment.
    expect(jaText).toContain('下記の通りご請求申し上げます。');
    const enText = await pdfText(`/api/documents/invoice/${en.next.id}.pdf`);
    expect(enText).toContain(`Replaces invoice: ${en.old.number}`);
  });

  it('the cancelled invoice asks for nothing: it says when and why, and which invoice replaces it', async () => {
    const jaText = await pdfText(`/api/documents/invoice/${ja.old.id}.pdf`);
    expect(jaText).toContain('取消済');
    expect(jaText).toMatch(/この請求書は \d{4}年\d{1,2}月\d{1,2}日 に取り消されました。/);
    expect(jaText).toContain('この請求書によるお支払いは不要です。');
    expect(jaText).toContain('理由: Billed to the old company name');
    expect(jaText).toContain(`訂正後の請求書番号: ${ja.next.number}`);
    expect(jaText).toMatch(new RegExp(`取消金額\\s*¥${ja.old.amount.toLocaleString('en-US')}`));
    for (const asks of ['ご請求金額', '下記の通りご請求申し上げます', 'お支払期限', 'お振込先']) {
      expect(jaText).not.toContain(asks);
    }
    expect(jaText).not.toContain('みずほ銀行');

    const enText = await pdfText(`/api/documents/invoice/${en.old.id}.pdf`);
    expect(enText).toContain('CANCELLED');
    expect(enText).toMatch(
      /This invoice was cancelled on \d{4}-\d{2}-\d{2}\. Nothing is to be paid on it\./,
    );
    expect(enText).toContain('Reason: Billed to the old company name');
    expect(enText).toContain(`Replaced by invoice: ${en.next.number}`);
    expect(enText).toMatch(
      new RegExp(`Amount cancelled\\s*¥${en.old.amount.toLocaleString('en-US')}`),
    );
    for (const asks of ['Amount due', 'Please find our invoice below', 'Payment due', 'bank']) {
      expect(enText).not.toContain(asks);
    }
  });

  it('a cancelled invoice that nothing replaces says so without naming one', async () => {
    const { id } = await customerReading('ja');
    const made = await admin.post<{ _id: string }>('/api/invoice', {
      customer: id,
      amount: 5400,
      note: 'Containers',
      taxRate: 10,
    });
    expect(made.status).toBe(201);
    const r = await mutate(admin, 'invoices.cancel', { id: made.body._id, reason: 'Typed twice' });
    expect(r.status).toBe(200);
    const text = await pdfText(`/api/documents/invoice/${made.body._id}.pdf`);
    expect(text).toContain('この請求書によるお支払いは不要です。');
    expect(text).toContain('理由: Typed twice');
    expect(text).toContain('取消金額');
    expect(text).not.toContain('訂正後の請求書番号');
    expect(text).not.toContain('ご請求金額');
  });
});

describe('a statement with money due earlier than its due date', () => {
  // ST-000033 of the demo asked ¥567,334 by 2026-12-25, ¥290,662 of it due on 2026-11-25.

  /**
   * A monthly customer's statement closing 2026-11-25, due 2026-12-25: last month's invoice
   * due 2026-11-25, ¥10,000 of it paid by the closing (¥5,000 more after: not the statement's);
   * this period's closing invoice; a hand-made invoice typed with its own due date, 2026-11-15.
   */
  async function statementWithOverdue(language: 'ja' | 'en'): Promise<string> {
    const { id: customerId } = await customerReading(language, { paymentMethod: 'monthly' });
    const invoice = (over: {
      kind: 'closing' | 'manual';
      issue: string;
      due: string;
      amount: number;
      net8: number;
      tax8: number;
    }) => {
      const id = newId();
      t.db.$client
        .prepare(
          `INSERT INTO invoice (id, customer_id, due_date, amount, kind, number, issue_date,
             net8, tax8, tax_basis, tax_rounding)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'exclusive', 'down')`,
        )
        .run(
          id,
          customerId,
          over.due,
          over.amount,
          over.kind,
          takeDocumentNumber(t.db, 'invoice', customerId),
          over.issue,
          over.net8,
          over.tax8,
        );
      return id;
    };
    const pay = (invoiceId: string, amount: number, on: string) => {
      t.db.$client
        .prepare(
          `INSERT INTO payment (id, invoice_id, amount, date, receipt_number)
           VALUES (?, ?, ?, ?, ?)`,
        )
        .run(newId(), invoiceId, amount, on, takeDocumentNumber(t.db, 'receipt', customerId));
      t.db.$client
        .prepare('UPDATE invoice SET paid_amount = paid_amount + ? WHERE id = ?')
        .run(amount, invoiceId);
    };
    const statementId = newId();
    let earlier = '';
    write(t.db, () => {
      earlier = invoice({
        kind: 'closing',
        issue: '2026-10-25',
        due: '2026-11-25',
        amount: 290662,
        net8: 269131,
        tax8: 21531,
      });
      pay(earlier, 10000, '2026-11-20');
      const own = invoice({
        kind: 'closing',
        issue: '2026-11-25',
        due: '2026-12-25',
        amount: 276672,
        net8: 256178,
        tax8: 20494,
      });
      t.db.$client
        .prepare(
          `INSERT INTO invoice_line (id, invoice_id, position, date, name, sku, unit_price,
             quantity, amount, tax_rate)
           VALUES (?, ?, 0, '2026-11-24', 'Jasmine Rice 20kg', 'Bag', 256178, 1, 256178, 8)`,
        )
        .run(newId(), own);
      const typed = invoice({
        kind: 'manual',
        issue: '2026-11-05',
        due: '2026-11-15',
        amount: 5400,
        net8: 5000,
        tax8: 400,
      });
      t.db.$client
        .prepare(
          `INSERT INTO statement (id, number, customer_id, invoice_id, closing_date, period_start,
             previous_balance, payments_received, carried_over, period_amount, amount_due,
             due_date)
           VALUES (?, ?, ?, ?, '2026-11-25', '2026-10-26', 290662, 10000, 280662, 282072,
                   562734, '2026-12-25')`,
        )
        .run(statementId, takeDocumentNumber(t.db, 'statement', customerId), customerId, own);
      t.db.$client
        .prepare('UPDATE invoice SET statement_id = ? WHERE id = ?')
        .run(statementId, typed);
    });
    // Paid after the statement was made: the statement as issued does not move.
    write(t.db, () => pay(earlier, 5000, '2026-11-30'));
    return statementId;
  }

  it('says which part of the amount due is overdue and which is due on its due date', async () => {
    const id = await statementWithOverdue('ja');
    const model = await query<{ statement: { dueParts: unknown[] }; dueDate: string }>(
      admin,
      'documents.model',
      { kind: 'statement', id },
    );
    expect(model.data.dueDate).toBe('2026-12-25');
    // 5,400 due 11-15 is overdue on the statement's date, 11-25; the 280,662 still owed on the
    // invoice due 11-25 is due that very day, not late; the rest of 562,734 is due on 12-25.
    expect(model.data.statement.dueParts).toEqual([
      { firstDue: '2026-11-15', lastDue: '2026-11-15', amount: 5400, overdue: true },
      { firstDue: '2026-11-25', lastDue: '2026-11-25', amount: 280662, overdue: false },
      { firstDue: '2026-12-25', lastDue: '2026-12-25', amount: 276672, overdue: false },
    ]);
    const ja = await pdfText(`/api/documents/statement/${id}.pdf`);
    expect(ja).toMatch(/ご請求金額\s*¥562,734/);
    // Dates as a Japanese document writes them.
    expect(ja).toMatch(/うち期限切れ分（お支払期限 2026年11月15日）\s*¥5,400/);
    expect(ja).toMatch(/うちお支払期限 2026年11月25日 分\s*¥280,662/);
    expect(ja).toMatch(/うちお支払期限 2026年12月25日 分\s*¥276,672/);
    expect(ja).toContain('お支払期限: 2026年12月25日');
    expect(ja).not.toMatch(/期限切れ分（お支払期限[^）]*11月25日/);
  });

  it('in English', async () => {
    const en = await pdfText(`/api/documents/statement/${await statementWithOverdue('en')}.pdf`);
    expect(en).toMatch(/Amount due\s*¥562,734/);
    expect(en).toMatch(/Of which past due \(was due 2026-11-15\)\s*¥5,400/);
    expect(en).toMatch(/Of which due 2026-11-25\s*¥280,662/);
    expect(en).toMatch(/Of which due 2026-12-25\s*¥276,672/);
    expect(en).not.toMatch(/was due[^)]*2026-11-25/);
  });

  it('a statement whose amount is all due on its due date prints no parts', async () => {
    const { id: customerId } = await customerReading('ja', { paymentMethod: 'monthly' });
    const plain = newId();
    write(t.db, () => {
      t.db.$client
        .prepare(
          `INSERT INTO statement (id, number, customer_id, closing_date, period_start,
             previous_balance, payments_received, carried_over, period_amount, amount_due,
             due_date)
           VALUES (?, ?, ?, '2026-10-25', '2026-09-26', 0, 0, 0, 0, 0, '2026-11-25')`,
        )
        .run(plain, takeDocumentNumber(t.db, 'statement', customerId), customerId);
    });
    const ja = await pdfText(`/api/documents/statement/${plain}.pdf`);
    expect(ja).not.toContain('期限切れ');
    expect(ja).not.toContain('うちお支払期限');
  });
});
