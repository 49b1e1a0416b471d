import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BankReadOut } from '../../../../../shared/schemas/bank-import';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { BankImportScreen } from './BankImportScreen';

// A month's bank file at a wholesaler's size (ADR 090): every row has a customer picker that
// can choose any customer, and an invoice picker. Mantine keeps a closed picker's options in
// the page, so 435 rows x 600 customers were 261,000 options and 537,000 elements: 17 s before
// the rows showed, 38 s after recording. A picker's options are in the page only while it is
// open; opening one still lists every customer, the row's candidates first.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const CUSTOMERS = 40;
const ROWS = 30;

const customers: BankReadOut['customers'] = Array.from({ length: CUSTOMERS }, (_, i) => ({
  id: `c${i}`,
  restaurantName: `レストラン ${i}`,
  customerCode: `C${String(i).padStart(4, '0')}`,
  transferName: null,
  invoices: [
    {
      id: `inv${i}`,
      number: `INV-${String(i).padStart(6, '0')}`,
      date: '2026-10-31',
      pending: 5_000,
    },
    {
      id: `old${i}`,
      number: `INV-9${String(i).padStart(5, '0')}`,
      date: '2026-09-30',
      pending: 1_000,
    },
  ],
}));

const read: BankReadOut = {
  customers,
  rows: Array.from({ length: ROWS }, (_, i) => ({
    date: '2026-11-25',
    amount: 5_000,
    name: `ﾚｽﾄﾗﾝ${i}`,
    ordinal: 0,
    line: i + 2,
    status: 'matched' as const,
    customerId: `c${i + 5}`,
    candidates: [`c${i + 5}`],
    invoiceIds: [`inv${i + 5}`],
    fee: 0,
  })),
};

describe("a month's bank file", () => {
  it('draws its rows without every picker’s options; an opened picker lists every customer, its candidate first', async () => {
    renderScreen(<BankImportScreen />, {
      path: '/admin/invoice/bank-import',
      user: admin,
      answers: { 'bankImport.read': () => read },
    });
    const file = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(file, {
      target: { files: [new File(['取引日,摘要,お預入金額\n'], 'meisai.csv')] },
    });
    const table = await screen.findByTestId('bank-rows');
    expect(within(table).getAllByTestId('bank-status')).toHaveLength(ROWS);
    // Closed pickers leave no options in the page (before: ROWS x CUSTOMERS and the invoices).
    expect(document.querySelectorAll('[role="option"]')).toHaveLength(0);

    const row = within(table).getByTestId('bank-row-2');
    const picker = within(row).getByRole('combobox', { name: 'Customer' });
    expect((picker as HTMLInputElement).value).toBe('レストラン 5 (C0005)');
    fireEvent.click(picker);
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(CUSTOMERS));
    expect(within(list).getAllByRole('option')[0]?.textContent).toBe('レストラン 5 (C0005)');
  });
});
