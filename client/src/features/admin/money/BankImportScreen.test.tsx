import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BankReadOut, BankRecordOut } from '../../../../../shared/schemas/bank-import';
import i18n from '../../../i18n';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { serverError } from '../../../test/testServer';
import { BankImportScreen } from './BankImportScreen';

// The review screen of 入金消込 (ADR 085): the file's incoming transfers with the proposed
// customer, invoices, fee and status; the office ticks rows and records them at once.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

const customers: BankReadOut['customers'] = [
  {
    id: 'sakura',
    restaurantName: 'さくら食堂',
    customerCode: 'C001',
    transferName: 'ｻｸﾗｼｮｸﾄﾞｳ',
    invoices: [{ id: 'inv1', number: 'INV-000101', date: '2026-10-31', pending: 46_550 }],
  },
  {
    id: 'tanaka',
    restaurantName: '田中商店',
    customerCode: 'C002',
    transferName: null,
    invoices: [{ id: 'inv2', number: 'INV-000102', date: '2026-10-31', pending: 5_000 }],
  },
];

const row = (over: Partial<BankReadOut['rows'][number]>): BankReadOut['rows'][number] => ({
  date: '2026-11-25',
  amount: 45_890,
  name: 'ｶ)ｻｸﾗｼｮｸﾄﾞｳ',
  ordinal: 0,
  line: 2,
  status: 'matched',
  customerId: 'sakura',
  candidates: ['sakura'],
  invoiceIds: ['inv1'],
  fee: 660,
  ...over,
});

const firstRead: BankReadOut = {
  customers,
  rows: [
    row({}),
    row({
      line: 3,
      name: 'ﾔﾏﾀﾞ ﾀﾛｳ',
      amount: 5_000,
      status: 'unknown',
      customerId: null,
      candidates: [],
      invoiceIds: [],
      fee: 0,
    }),
    row({ line: 4, name: 'ｽｽﾞｷ', amount: 1_000, status: 'recorded', fee: 0 }),
  ],
};

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const choose = (content: string) =>
  fireEvent.change(fileInput(), { target: { files: [new File([content], 'meisai.csv')] } });

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('importing payments from the bank statement', () => {
  it('shows each incoming row with its proposal and records the chosen ones', async () => {
    let reads = 0;
    const { calls } = renderScreen(<BankImportScreen />, {
      path: '/admin/invoice/bank-import',
      user: admin,
      answers: {
        'bankImport.read': () => {
          reads++;
          return reads === 1
            ? firstRead
            : {
                customers,
                rows: firstRead.rows.map((r) => (r.line === 2 ? { ...r, status: 'recorded' } : r)),
              };
        },
        'bankImport.record': (): BankRecordOut => ({
          results: [
            {
              date: '2026-11-25',
              amount: 45_890,
              name: 'ｶ)ｻｸﾗｼｮｸﾄﾞｳ',
              ordinal: 0,
              outcome: 'recorded',
            },
          ],
        }),
      },
    });
    choose('取引日,摘要,お預入金額\n');
    const table = await screen.findByTestId('bank-rows');
    const matched = within(table).getByTestId('bank-row-2');
    expect(matched.textContent).toContain('ｶ)ｻｸﾗｼｮｸﾄﾞｳ');
    expect(matched.textContent).toContain('¥45,890');
    expect(matched.textContent).toContain('¥660');
    expect(within(matched).getByTestId('bank-status').textContent).toBe('Matched');
    const tick = within(matched).getByRole('checkbox', { name: 'Record the transfer of line 2' });
    expect((tick as HTMLInputElement).checked).toBe(true);
    const unknown = within(table).getByTestId('bank-row-3');
    expect(within(unknown).getByTestId('bank-status').textContent).toBe('Unknown payer');
    expect((within(unknown).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    const done = within(table).getByTestId('bank-row-4');
    expect(within(done).getByTestId('bank-status').textContent).toBe('Already recorded');
    expect((within(done).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('bank-summary').textContent).toBe(
      '3 incoming transfers: 1 matched, 0 customer only, 1 unknown payer, 1 already recorded.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Record selected transfers' }));
    expect((await screen.findByTestId('bank-outcome')).textContent).toContain(
      '1 transfer recorded.',
    );
    const sent = calls.find((c) => c.path === 'bankImport.record')?.input;
    expect(sent).toEqual({
      rows: [
        {
          date: '2026-11-25',
          amount: 45_890,
          name: 'ｶ)ｻｸﾗｼｮｸﾄﾞｳ',
          ordinal: 0,
          customerId: 'sakura',
          invoiceIds: ['inv1'],
        },
      ],
    });
    // The file is read again: the row now shows as recorded and cannot be ticked.
    await waitFor(() =>
      expect(within(screen.getByTestId('bank-row-2')).getByTestId('bank-status').textContent).toBe(
        'Already recorded',
      ),
    );
    expect(
      (screen.getByRole('button', { name: 'Record selected transfers' }) as HTMLInputElement)
        .disabled,
    ).toBe(true);
  });

  it('proposes the invoices of a customer the office picks for an unknown payer', async () => {
    renderScreen(<BankImportScreen />, {
      path: '/admin/invoice/bank-import',
      user: admin,
      answers: {
        'bankImport.read': () => firstRead,
        // The server made the payer's name the customer's transfer name (ADR 085).
        'bankImport.record': (): BankRecordOut => ({
          results: [
            {
              date: '2026-11-25',
              amount: 5_000,
              name: 'ﾔﾏﾀﾞ ﾀﾛｳ',
              ordinal: 0,
              outcome: 'recorded',
              rememberedName: 'ﾔﾏﾀﾞ ﾀﾛｳ',
            },
          ],
        }),
      },
    });
    choose('x');
    const unknown = await screen.findByTestId('bank-row-3');
    fireEvent.click(within(unknown).getByLabelText('Customer', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: '田中商店 (C002)' }));
    await waitFor(() =>
      expect(within(unknown).getByTestId('bank-status').textContent).toBe('Matched'),
    );
    expect((within(unknown).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    // Recorded, the office is told that the payer's name now finds the customer by itself.
    fireEvent.click(screen.getByRole('button', { name: 'Record selected transfers' }));
    expect((await screen.findByTestId('bank-learned')).textContent).toBe(
      "ﾔﾏﾀﾞ ﾀﾛｳ is now 田中商店's transfer name: its next transfers will be matched automatically.",
    );
  });

  it('says in Japanese what the file lacks', async () => {
    await i18n.changeLanguage('ja');
    renderScreen(<BankImportScreen />, {
      path: '/admin/invoice/bank-import',
      user: admin,
      answers: {
        'bankImport.read': () => {
          throw serverError(400, 'bankImport.noDepositColumn', { names: '入金・入金額' });
        },
      },
    });
    expect(screen.getByRole('heading', { name: '銀行明細から入金を取り込む' })).toBeTruthy();
    choose('日付,摘要\n');
    expect((await screen.findByTestId('bank-problem')).textContent).toBe(
      '入金額の列がありません。見出しに入金の列（入金・入金額）が必要です。',
    );
    expect(screen.queryByTestId('bank-rows')).toBeNull();
  });
});
