import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DocumentModel } from '../../../../shared/schemas/documents';
import { DocumentSheet } from './DocumentPrintView';

// The print view of an invoice paid in full (a cash delivery paid at the door) thanks for the
// payment instead of asking for it, without the bank transfer details, as its PDF does
// (ADR 056); every item of a qualified invoice stays. A cancelled invoice asks for nothing; a
// hand-made invoice prints each rate with tax, as its tax was computed; a statement says which
// part of its amount due was due earlier.

const INVOICE: DocumentModel = {
  kind: 'invoice',
  id: 'inv1',
  number: 'INV-000001',
  language: 'ja',
  issueDate: '2030-05-15',
  issuer: {
    legalName: '株式会社さくら食品',
    address: '東京都新宿区西新宿1-2-3',
    phone: '03-1234-5678',
    registrationNumber: 'T2011001012345',
    bank: {
      bankName: 'みずほ銀行',
      branchName: '新宿支店',
      accountType: 'ordinary',
      accountNumber: '7654321',
      accountHolder: 'カ）サクラショクヒン',
    },
  },
  recipient: { customerId: 'c1', name: 'ヒマラヤキッチン', address: '', customerCode: 'C1' },
  references: [],
  period: null,
  dueDate: '2030-05-15',
  lines: [
    {
      date: '2030-05-15',
      name: 'Basmati Rice 5kg',
      sku: 'Bag',
      unitPrice: 2480,
      quantity: 3,
      orderedQuantity: null,
      amount: 7440,
      rate: 8,
      reduced: true,
      slip: null,
    },
  ],
  perRate: [{ rate: 8, net: 7440, tax: 595, gross: 8035 }],
  taxBasis: 'exclusive',
  net: 7440,
  tax: 595,
  total: 8035,
  creditApplied: 0,
  amount: 8035,
  statement: null,
  reason: null,
  cancelled: false,
  cancellation: null,
  paidInFull: false,
};

const sheet = () => screen.getByTestId('document-sheet').textContent ?? '';
/** The totals under the lines, as [label, amount] rows. */
const totals = () =>
  [...screen.getByTestId('document-totals').querySelectorAll('tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );

describe('the print view of an invoice', () => {
  it('asks for payment, with the due date and the bank, while something is owed', () => {
    render(<DocumentSheet model={INVOICE} />);
    expect(sheet()).toContain('下記の通りご請求申し上げます。');
    // Dates as a Japanese document writes them; a line's as a 請求書's table does.
    expect(sheet()).toContain('お支払期限: 2030年5月15日');
    expect(sheet()).toContain('発行日: 2030年5月15日');
    expect(sheet()).toContain('5/15※ Basmati Rice');
    expect(sheet()).toContain('お振込先');
    expect(sheet()).toContain('みずほ銀行 新宿支店 普通 7654321');
    expect(sheet()).not.toContain('ご入金済み');
  });

  it('says it is paid, without the due date or the bank, once paid in full', () => {
    render(<DocumentSheet model={{ ...INVOICE, paidInFull: true }} />);
    expect(screen.getByTestId('document-paid').textContent).toBe(
      'ご入金済みです。ありがとうございました。',
    );
    expect(sheet()).toContain('請求書 (入金済)');
    expect(sheet()).not.toContain('下記の通りご請求申し上げます');
    expect(sheet()).not.toContain('お支払期限');
    expect(sheet()).not.toContain('お振込先');
    expect(sheet()).not.toContain('みずほ銀行');
    // The qualified invoice's items stay.
    expect(sheet()).toContain('登録番号: T2011001012345');
    expect(sheet()).toContain('ヒマラヤキッチン 御中');
    expect(sheet()).toContain('※ Basmati Rice 5kg');
    expect(sheet()).toContain('8%対象 ¥7,440 消費税 ¥595');
    expect(totals()).toContainEqual(['合計（税込）', '¥8,035']);
  });

  it('sets the totals as label and amount, the amounts in a right-aligned column as on the PDF', () => {
    render(<DocumentSheet model={{ ...INVOICE, creditApplied: 500, amount: 7535 }} />);
    expect(totals()).toEqual([
      ['8%対象（税抜）', '¥7,440'],
      ['消費税 8%', '¥595'],
      ['小計（税抜）', '¥7,440'],
      ['消費税', '¥595'],
      ['合計（税込）', '¥8,035'],
      ['値引・返品控除', '¥500'],
      ['ご請求金額', '¥7,535'],
    ]);
    for (const amount of screen.getByTestId('document-totals').querySelectorAll('td + td')) {
      expect(amount.className).toBe('num');
    }
  });

  it('prints no empty registration number while the business has none', () => {
    render(
      <DocumentSheet
        model={{ ...INVOICE, issuer: { ...INVOICE.issuer, registrationNumber: '' } }}
      />,
    );
    expect(sheet()).toContain('株式会社さくら食品');
    expect(sheet()).not.toContain('登録番号');
  });

  it('in English: "Paid in full. Thank you."', () => {
    render(<DocumentSheet model={{ ...INVOICE, language: 'en', paidInFull: true }} />);
    expect(sheet()).toContain('Paid in full. Thank you.');
    expect(sheet()).toContain('Invoice amount');
    expect(sheet()).not.toContain('Please pay by bank transfer to');
  });

  it('says the bank transfer fee the restaurant deducted, in its language (ADR 069)', () => {
    render(<DocumentSheet model={{ ...INVOICE, paidInFull: true, bankFee: 660 }} />);
    expect(screen.getByTestId('document-paid').textContent).toContain('振込手数料差引 ¥660');
  });

  it('in English: "Bank transfer fee deducted ¥660"', () => {
    render(
      <DocumentSheet model={{ ...INVOICE, language: 'en', paidInFull: true, bankFee: 660 }} />,
    );
    expect(sheet()).toContain('Bank transfer fee deducted ¥660');
  });
});

/** INV-000109 of the demo: ¥81,323 typed with tax at 8 %, its tax ¥6,023 = floor(81,323 x 8/108). */
const TYPED: DocumentModel = {
  ...INVOICE,
  lines: [
    {
      date: '2030-05-15',
      name: 'Rice, phoned in',
      sku: '',
      unitPrice: 81323,
      quantity: 1,
      orderedQuantity: null,
      amount: 81323,
      rate: 8,
      reduced: true,
      slip: null,
    },
  ],
  perRate: [{ rate: 8, net: 75300, tax: 6023, gross: 81323 }],
  taxBasis: 'inclusive',
  net: 75300,
  tax: 6023,
  total: 81323,
  amount: 81323,
};

describe('the basis each rate is printed in', () => {
  it('a hand-made invoice prints each rate with tax and the tax it holds', () => {
    render(<DocumentSheet model={TYPED} />);
    expect(sheet()).toContain('8%対象（税込） ¥81,323 うち消費税 ¥6,023');
    expect(sheet()).not.toContain('¥75,300 消費税');
    expect(Math.floor((81323 * 8) / 108)).toBe(6023);
  });

  it('in English', () => {
    render(<DocumentSheet model={{ ...TYPED, language: 'en' }} />);
    expect(sheet()).toContain('8% items (incl. tax) ¥81,323, of which consumption tax ¥6,023');
  });
});

const CANCELLED: DocumentModel = {
  ...INVOICE,
  dueDate: null,
  cancelled: true,
  reason: '宛名の誤り',
  cancellation: { date: '2030-05-20', replacedBy: 'INV-000009' },
};

describe('a cancelled invoice', () => {
  it('says it was cancelled, when, why and by which invoice, and asks for nothing', () => {
    render(<DocumentSheet model={CANCELLED} />);
    const said = screen.getByTestId('document-cancelled').textContent ?? '';
    expect(said).toContain('この請求書は 2030年5月20日 に取り消されました。');
    expect(said).toContain('理由: 宛名の誤り');
    expect(said).toContain('訂正後の請求書番号: INV-000009');
    expect(sheet()).toContain('請求書 (取消済)');
    expect(sheet()).toContain('取消金額');
    expect(sheet()).not.toContain('ご請求金額');
    expect(sheet()).not.toContain('下記の通りご請求申し上げます');
    expect(sheet()).not.toContain('お支払期限');
    expect(sheet()).not.toContain('お振込先');
  });

  it('in English', () => {
    render(<DocumentSheet model={{ ...CANCELLED, language: 'en', reason: 'Wrong name' }} />);
    expect(sheet()).toContain('This invoice was cancelled on 2030-05-20.');
    expect(sheet()).toContain('Replaced by invoice: INV-000009');
    expect(sheet()).toContain('Amount cancelled');
    expect(sheet()).not.toContain('Amount due');
    expect(sheet()).not.toContain('Please find our invoice below');
    expect(sheet()).not.toContain('Please pay by bank transfer to');
  });
});

const STATEMENT: DocumentModel = {
  ...INVOICE,
  kind: 'statement',
  number: 'ST-000033',
  dueDate: '2030-06-25',
  amount: 567334,
  statement: {
    previousBalance: 290662,
    paymentsReceived: 0,
    adjustments: 0,
    paymentCorrections: 0,
    carriedOver: 290662,
    periodAmount: 276672,
    amountDue: 567334,
    byDate: [],
    dueParts: [
      { firstDue: '2030-05-25', lastDue: '2030-05-25', amount: 290662, overdue: true },
      { firstDue: '2030-06-25', lastDue: '2030-06-25', amount: 276672, overdue: false },
    ],
  },
};

describe('a statement with an overdue part', () => {
  it('says under the amount due which part was due earlier', () => {
    render(<DocumentSheet model={STATEMENT} />);
    const parts = screen.getByTestId('document-due-parts').textContent ?? '';
    expect(parts).toContain('うち期限切れ分（お支払期限 2030年5月25日）¥290,662');
    expect(parts).toContain('うちお支払期限 2030年6月25日 分¥276,672');
  });

  it('in English', () => {
    render(<DocumentSheet model={{ ...STATEMENT, language: 'en' }} />);
    const parts = screen.getByTestId('document-due-parts').textContent ?? '';
    expect(parts).toContain('Of which past due (was due 2030-05-25)¥290,662');
    expect(parts).toContain('Of which due 2030-06-25¥276,672');
  });
});

describe('a statement after a counted payment was corrected (ADR 072)', () => {
  it('counts the correction with the payments and says so under its figures', () => {
    // ¥10,000 counted last month was really ¥1,000: this period ¥20,000 came in, less ¥9,000.
    const statement = {
      ...STATEMENT.statement!,
      previousBalance: 50000,
      paymentsReceived: 11000,
      paymentCorrections: -9000,
      carriedOver: 39000,
      amountDue: 39000 + 276672,
    };
    render(<DocumentSheet model={{ ...STATEMENT, statement }} />);
    const rows = [...document.querySelectorAll('tr')].map((r) => r.textContent ?? '');
    expect(rows.find((r) => r.startsWith('¥50,000'))).toMatch(/^¥50,000¥11,000¥39,000/);
    expect(screen.getByTestId('document-payment-corrections').textContent).toBe(
      'ご入金額・調整額には、前回までのご請求書で計上したご入金の訂正 △¥9,000 を含みます。',
    );
  });

  it('says nothing when no counted payment changed', () => {
    render(<DocumentSheet model={STATEMENT} />);
    expect(screen.queryByTestId('document-payment-corrections')).toBeNull();
  });
});

describe("a statement's deliveries", () => {
  it('are not headed when the period had none (a balance carried over alone)', () => {
    render(<DocumentSheet model={STATEMENT} />);
    expect(document.body.textContent).not.toContain('日付別お買上明細');
    // The summary box is its own region, which a keyboard can scroll on a phone.
    expect(screen.getByRole('region', { name: 'ご請求金額の内訳' }).tabIndex).toBe(0);
  });

  it('lists each delivery by date with its slip number, a hand-made charge by its invoice', () => {
    const byDate = [
      { date: '2030-05-03', slip: 'DS-000101', basis: 'exclusive' as const, amount: 5540 },
      { date: '2030-05-03', slip: 'DS-000102', basis: 'exclusive' as const, amount: 2960 },
      { date: '2030-05-20', slip: 'INV-000120', basis: 'exclusive' as const, amount: 3000 },
    ];
    render(
      <DocumentSheet model={{ ...STATEMENT, statement: { ...STATEMENT.statement!, byDate } }} />,
    );
    const rows = [...document.querySelectorAll('tr')].map((r) => r.textContent ?? '');
    expect(rows).toContain('日付伝票番号金額（税抜）');
    expect(rows).toContain('2030年5月3日DS-000101¥5,540');
    expect(rows).toContain('2030年5月3日DS-000102¥2,960');
    expect(rows).toContain('2030年5月20日INV-000120¥3,000');
  });
});

describe("a monthly customer's delivery slip", () => {
  it('says its tax is for reference, as the monthly invoice computes it (ADR 070)', () => {
    render(
      <DocumentSheet
        model={{ ...INVOICE, kind: 'slip', number: 'DS-000001', taxForReference: true }}
      />,
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('この納品書の消費税額は参考です。');
    expect(text).toContain('8%対象 ¥7,440 消費税 ¥595（参考）');
  });

  it("a cash customer's slip does not", () => {
    render(<DocumentSheet model={{ ...INVOICE, kind: 'slip', number: 'DS-000002' }} />);
    expect(document.body.textContent ?? '').not.toContain('参考');
  });
});

// A receipt reads as a 領収書 (ADR 101): to whom (様), the amount received large, what it was for
// (但し書き), that it was received, each rate's part with the tax it holds and how it was paid;
// no item table. Printed on paper from ¥50,000 without tax it has a place for a revenue stamp.
const RECEIPT: DocumentModel = {
  ...INVOICE,
  kind: 'receipt',
  id: 'p1',
  number: 'RC-000164',
  issueDate: '2030-10-25',
  recipient: {
    customerId: 'c9',
    name: '株式会社バンコクスパイス',
    address: '',
    customerCode: 'C9',
  },
  references: [],
  dueDate: null,
  lines: [],
  perRate: [
    { rate: 8, net: 381340, tax: 30507, gross: 411847 },
    { rate: 10, net: 39960, tax: 3996, gross: 43956 },
  ],
  taxBasis: 'inclusive',
  net: 421300,
  tax: 34503,
  total: 455803,
  amount: 455803,
  receipt: { invoice: 'INV-000079', method: 'cash' },
};
const receiptRows = () =>
  [...screen.getByTestId('document-receipt').querySelectorAll('tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent).join(' '),
  );

describe('the print view of a receipt', () => {
  it('is a 領収書: 様, the amount received, 但し, 内訳 per rate, cash, the registration number', () => {
    render(<DocumentSheet model={RECEIPT} />);
    expect(sheet()).toContain('株式会社バンコクスパイス 様');
    expect(sheet()).toContain('領収金額¥455,803-');
    expect(sheet()).toContain('但し 請求書 INV-000079 のお支払いとして');
    expect(sheet()).toContain('上記正に領収いたしました。');
    expect(receiptRows()).toEqual([
      '8%対象（軽減税率） ¥411,847 （内消費税 ¥30,507）',
      '10%対象 ¥43,956 （内消費税 ¥3,996）',
      '合計 ¥455,803 （内消費税 ¥34,503）',
    ]);
    expect(sheet()).toContain('お支払方法: 現金');
    expect(sheet()).toContain('登録番号: T2011001012345');
    expect(sheet()).toContain('番号: RC-000164');
    expect(sheet()).not.toContain('品名');
    expect(screen.queryByTestId('document-totals')).toBeNull();
    // ¥421,300 without its tax: a paper copy carries a revenue stamp.
    expect(screen.getByTestId('document-stamp').textContent).toBe('収入印紙');
  });

  it('in English', () => {
    render(
      <DocumentSheet
        model={{
          ...RECEIPT,
          language: 'en',
          receipt: { invoice: 'INV-000079', method: 'transfer' },
        }}
      />,
    );
    expect(sheet()).toContain('Amount received¥455,803');
    expect(sheet()).not.toContain('¥455,803-');
    expect(sheet()).toContain('For payment of invoice INV-000079');
    expect(sheet()).toContain('Received with thanks.');
    expect(receiptRows()).toEqual([
      '8% items (reduced rate) ¥411,847 (incl. consumption tax ¥30,507)',
      '10% items ¥43,956 (incl. consumption tax ¥3,996)',
      'Total ¥455,803 (incl. consumption tax ¥34,503)',
    ]);
    expect(sheet()).toContain('Paid by: Bank transfer');
    expect(sheet()).not.toContain('様');
    expect(screen.getByTestId('document-stamp').textContent).toBe('Revenue stamp');
  });

  it('one rate, under ¥50,000 without its tax: no total row and no place for a stamp', () => {
    // ¥53,000 received with ¥3,925 tax: ¥49,075 without it.
    render(
      <DocumentSheet
        model={{
          ...RECEIPT,
          perRate: [{ rate: 8, net: 49075, tax: 3925, gross: 53000 }],
          net: 49075,
          tax: 3925,
          total: 53000,
          amount: 53000,
        }}
      />,
    );
    expect(receiptRows()).toEqual(['8%対象（軽減税率） ¥53,000 （内消費税 ¥3,925）']);
    expect(screen.queryByTestId('document-stamp')).toBeNull();
  });
});
