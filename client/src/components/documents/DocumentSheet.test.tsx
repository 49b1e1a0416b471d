import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DocumentModel } from '../../../../shared/schemas/documents';
import { DocumentSheet } from './DocumentPrintView';

// The print view of an invoice paid in full (a cash delivery paid at the door) thanks for the
// payment instead of asking for it, without the bank transfer details, as its PDF does
// (ADR 056); every item of a qualified invoice stays.

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
    },
  ],
  perRate: [{ rate: 8, net: 7440, tax: 595, gross: 8035 }],
  net: 7440,
  tax: 595,
  total: 8035,
  creditApplied: 0,
  amount: 8035,
  statement: null,
  reason: null,
  cancelled: false,
  paidInFull: false,
};

const sheet = () => screen.getByTestId('document-sheet').textContent ?? '';

describe('the print view of an invoice', () => {
  it('asks for payment, with the due date and the bank, while something is owed', () => {
    render(<DocumentSheet model={INVOICE} />);
    expect(sheet()).toContain('下記の通りご請求申し上げます。');
    expect(sheet()).toContain('お支払期限: 2030-05-15');
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
    expect(sheet()).toContain('合計（税込） ¥8,035');
  });

  it('in English: "Paid in full. Thank you."', () => {
    render(<DocumentSheet model={{ ...INVOICE, language: 'en', paidInFull: true }} />);
    expect(sheet()).toContain('Paid in full. Thank you.');
    expect(sheet()).toContain('Invoice amount');
    expect(sheet()).not.toContain('Please pay by bank transfer to');
  });
});
