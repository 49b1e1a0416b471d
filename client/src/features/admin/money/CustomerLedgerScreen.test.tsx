import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerOut, LedgerRow } from '../../../../../shared/schemas/ledger';
import i18n from '../../../i18n';
import { showDataTableColumns } from '../../../test/dataTable';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { CustomerLedgerScreen } from './CustomerLedgerScreen';

// The customer's ledger in the office (ADR 074): the balance brought forward, each movement with
// its description and the balance after it, the totals and the closing balance, and the Excel
// download of the same period.

showDataTableColumns();

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

const row = (over: Partial<LedgerRow>): LedgerRow => ({
  kind: 'invoice',
  date: '2030-11-02',
  number: null,
  invoiceId: 'i1',
  invoiceNumber: null,
  invoiceKind: 'delivery',
  periodStart: null,
  periodEnd: null,
  creditNotes: [],
  creditApplied: 0,
  replacedBy: null,
  replaces: null,
  collectedBy: null,
  byDriver: false,
  debit: 0,
  credit: 0,
  balance: 0,
  ...over,
});

function ledger(input: { from?: string; to?: string }): LedgerOut {
  return {
    customer: { _id: 'c1', customerCode: 'C-001', restaurantName: 'Himalaya Kitchen' },
    from: input.from ?? '2030-08-21',
    to: input.to ?? '2030-11-20',
    openingBalance: 37_800,
    rows: [
      row({
        kind: 'cancellation',
        number: 'INV-000102',
        invoiceNumber: 'INV-000102',
        replacedBy: 'INV-000104',
        credit: 5_400,
        balance: 32_400,
      }),
      row({
        number: 'INV-000104',
        invoiceNumber: 'INV-000104',
        invoiceId: 'i2',
        replaces: 'INV-000102',
        creditNotes: ['CN-000007'],
        creditApplied: 500,
        debit: 4_900,
        balance: 37_300,
      }),
      row({
        kind: 'payment',
        date: '2030-11-10',
        number: 'RCP-000031',
        invoiceNumber: 'INV-000103',
        invoiceKind: 'closing',
        collectedBy: 'Office Admin',
        credit: 20_000,
        balance: 17_300,
      }),
      row({
        kind: 'bank_fee',
        date: '2030-11-20',
        invoiceNumber: 'INV-000103',
        invoiceKind: 'closing',
        credit: 440,
        balance: 16_860,
      }),
    ],
    totals: { debit: 4_900, credit: 25_840 },
    closingBalance: 16_860,
  };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe("a customer's ledger", () => {
  it('shows the opening balance, each movement with its balance, the totals and the closing balance', async () => {
    const { calls } = renderScreen(<CustomerLedgerScreen />, {
      path: '/admin/invoice/bycustomer/c1/ledger',
      pattern: '/admin/invoice/bycustomer/:id/ledger',
      user: admin,
      answers: { 'customers.ledger': (input) => ledger(input) },
    });
    const table = await screen.findByRole('table');
    // The library fills its cells once it has measured the table.
    await within(table).findByText('Opening balance');
    const rows = within(table).getAllByRole('row');
    // Header, opening balance, four movements, totals.
    expect(rows).toHaveLength(7);
    expect(rows[1]?.textContent).toContain('Opening balance');
    expect(rows[1]?.textContent).toContain('¥37,800');
    expect(rows[2]?.textContent).toContain(
      'Invoice INV-000102 cancelled / re-issued as INV-000104',
    );
    expect(rows[2]?.textContent).toContain('¥32,400');
    expect(rows[3]?.textContent).toContain(
      'Delivery invoice / re-issued in place of INV-000102 / credit notes CN-000007 (¥500) deducted',
    );
    expect(rows[4]?.textContent).toContain('Payment for INV-000103, recorded by Office Admin');
    expect(rows[4]?.textContent).toContain('RCP-000031');
    expect(rows[5]?.textContent).toContain('Bank transfer fee written off on INV-000103');
    expect(rows[6]?.textContent).toContain('Period totals');
    expect(rows[6]?.textContent).toContain('¥4,900');
    expect(rows[6]?.textContent).toContain('¥25,840');
    expect(screen.getByTestId('ledger-closing').textContent).toBe('¥16,860');
    // The invoice's number opens its document.
    expect(within(rows[3]!).getByRole('link', { name: 'INV-000104' }).getAttribute('href')).toBe(
      '/admin/print/invoice/i2',
    );
    // The screen asks for the period it shows, and the download is the same period.
    const asked = calls.find((c) => c.path === 'customers.ledger')?.input as {
      customerId: string;
      from: string;
      to: string;
    };
    expect(asked.customerId).toBe('c1');
    expect(asked.from < asked.to).toBe(true);
    const download = screen.getByRole('link', { name: 'Download Excel' });
    expect(download.getAttribute('href')).toBe(
      `/api/data/ledger/c1?from=${asked.from}&to=${asked.to}`,
    );
  });

  it('reads in Japanese: 請求額, 入金額, 残高 and 前期繰越', async () => {
    await i18n.changeLanguage('ja');
    // A closing invoice: its period is written as the date column writes dates.
    const closing = row({
      date: '2030-11-20',
      number: 'INV-000105',
      invoiceNumber: 'INV-000105',
      invoiceId: 'i5',
      invoiceKind: 'closing',
      periodStart: '2030-10-21',
      periodEnd: '2030-11-20',
    });
    renderScreen(<CustomerLedgerScreen />, {
      path: '/admin/invoice/bycustomer/c1/ledger',
      pattern: '/admin/invoice/bycustomer/:id/ledger',
      user: admin,
      answers: {
        'customers.ledger': (input) => {
          const l = ledger(input);
          return { ...l, rows: [...l.rows, closing] };
        },
      },
    });
    const table = await screen.findByRole('table');
    await within(table).findByText('前期繰越');
    const header = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    // The header, then the totals row's cells (the footer's cells are column headers too).
    expect(header.slice(0, 6)).toEqual(['日付', '伝票', '摘要', '請求額', '入金額', '残高']);
    expect(header.slice(6)).toEqual(['', '', '期間合計', '¥4,900', '¥25,840', '¥16,860']);
    await waitFor(() => expect(within(table).getAllByText('前期繰越')).toHaveLength(1));
    expect(within(table).getByText('振込手数料（INV-000103）')).toBeTruthy();
    expect(within(table).getByText('締め請求（2030/10/21～2030/11/20）')).toBeTruthy();
    expect(within(table).getAllByText('2030/11/20').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Excelでダウンロード' })).toBeTruthy();
  });

  it('keeps the restaurant in the title while the period typed is wrong, and shows no rows', async () => {
    renderScreen(<CustomerLedgerScreen />, {
      path: '/admin/invoice/bycustomer/c1/ledger',
      pattern: '/admin/invoice/bycustomer/:id/ledger',
      user: admin,
      answers: { 'customers.ledger': (input) => ledger(input) },
    });
    const table = await screen.findByRole('table');
    await within(table).findByText('Opening balance');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Himalaya Kitchen');
    // A first day after the last one.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2099/01/01' } });
    fireEvent.blur(screen.getByLabelText('From'));
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Himalaya Kitchen');
  });
});
