import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaxSummaryOut } from '../../../../../shared/schemas/tax-summary';
import i18n from '../../../i18n';
import { pickMonth } from '../../../test/datePicker';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { TaxSummaryScreen } from './TaxSummaryScreen';

// The office's monthly tax summary (ADR 034): a month picked, one row per rate with sales
// without tax, consumption tax and total, the invoices cancelled in the month and the credit
// notes each on their own line (ADR 054), and the workbook download from the existing endpoint
// for that month; in Japanese, the terms an accountant expects.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

function summary(month: string): TaxSummaryOut {
  const m = {
    invoices: 12,
    cancelledInvoices: 1,
    creditNotes: 2,
    net8: 100_000,
    tax8: 8_000,
    net10: 50_000,
    tax10: 5_000,
    cancellations: 37_832,
    credits: 3_240,
    total: 163_000,
  };
  return { from: month, to: month, months: [{ month, ...m }], totals: m };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the tax summary screen', () => {
  it('shows a month per rate and downloads the same month as xlsx', async () => {
    const { calls } = renderScreen(<TaxSummaryScreen />, {
      path: '/admin/reports/tax-summary',
      user: admin,
      answers: { 'reports.taxSummary': (input) => summary(input.from) },
    });
    // The month as the app writes it, not as the browser's <input type="month"> did.
    const month = screen.getByLabelText('Month');
    await pickMonth(month, '2026-10', {
      month: 'Oct 2026',
      previousYear: 'Previous year',
      nextYear: 'Next year',
    });
    expect(month.textContent).toBe('Oct 2026');
    const table = await screen.findByRole('table', { name: /Oct 2026/ });
    expect(screen.getByTestId('tax-month').textContent).toBe('Oct 2026');
    const row8 = within(screen.getByTestId('tax-row-rate8'));
    expect(row8.getByText('8% (reduced rate)')).toBeTruthy();
    expect(row8.getByText('¥100,000')).toBeTruthy();
    expect(row8.getByText('¥8,000')).toBeTruthy();
    expect(row8.getByText('¥108,000')).toBeTruthy();
    const row10 = within(screen.getByTestId('tax-row-rate10'));
    expect(row10.getByText('¥55,000')).toBeTruthy();
    // Every invoice is in a rate (hand-made ones too): no row apart.
    expect(screen.queryByTestId('tax-row-rateUnclassified')).toBeNull();
    expect(within(screen.getByTestId('tax-row-total')).getByText('¥163,000')).toBeTruthy();
    expect(screen.getByTestId('tax-credits').textContent).toContain('¥3,240');
    expect(screen.getByTestId('tax-cancellations').textContent).toBe(
      'Cancelled in the month, subtracted above: ¥37,832 (invoices: 1).',
    );
    expect(table).toBeTruthy();
    expect(
      calls.some(
        (c) =>
          c.path === 'reports.taxSummary' &&
          JSON.stringify(c.input) === JSON.stringify({ from: '2026-10', to: '2026-10' }),
      ),
    ).toBe(true);
    const download = screen.getByRole('link', { name: 'Download for the accountant (xlsx)' });
    expect(download.getAttribute('href')).toBe('/api/data/tax-summary?from=2026-10&to=2026-10');
  });

  it('reads as an accountant expects in Japanese', async () => {
    await i18n.changeLanguage('ja');
    const { calls } = renderScreen(<TaxSummaryScreen />, {
      path: '/admin/reports/tax-summary',
      user: admin,
      answers: { 'reports.taxSummary': (input) => summary(input.from) },
    });
    await waitFor(() => expect(screen.getByTestId('tax-row-rate8')).toBeTruthy());
    const month = screen.getByLabelText('対象月');
    // A month of another year: the year arrows, then the month.
    await pickMonth(month, '2025-03', {
      month: '2025年3月',
      previousYear: '前年',
      nextYear: '翌年',
    });
    // The field writes the month as the rest of the app (2025年3月), the server gets 2025-03.
    expect(month.textContent).toBe('2025年3月');
    await waitFor(() => expect(screen.getByTestId('tax-month').textContent).toBe('2025年3月'));
    expect(
      calls.some(
        (c) =>
          c.path === 'reports.taxSummary' &&
          JSON.stringify(c.input) === JSON.stringify({ from: '2025-03', to: '2025-03' }),
      ),
    ).toBe(true);
    expect(screen.getByText('8%対象（軽減税率）')).toBeTruthy();
    expect(screen.getByText('10%対象')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '消費税' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '税抜金額' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '税込金額' })).toBeTruthy();
    expect(screen.getByTestId('tax-credits').textContent).toContain('返品・値引');
    expect(screen.getByTestId('tax-cancellations').textContent).toContain('当月の取消');
    // The journal entries below follow the month picked: they offered last month's still.
    const journal = screen.getByRole('link', { name: '仕訳データをダウンロード（弥生会計形式）' });
    expect(journal.getAttribute('href')).toBe(
      '/api/data/journal?from=2025-03-01&to=2025-03-31&books=exclusive',
    );
  });
});
