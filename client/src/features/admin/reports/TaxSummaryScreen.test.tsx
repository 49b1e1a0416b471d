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

/** A period's answer: each month's figures (month index i scales them) and their sums. */
function periodSummary(from: string, to: string): TaxSummaryOut {
  const months: TaxSummaryOut['months'] = [];
  for (let d = new Date(`${from}-01T00:00:00Z`); d.toISOString().slice(0, 7) <= to; ) {
    const i = months.length + 1;
    months.push({
      month: d.toISOString().slice(0, 7),
      invoices: 10 * i,
      cancelledInvoices: i,
      creditNotes: 1,
      net8: 1_000 * i,
      tax8: 80 * i,
      net10: 2_000 * i,
      tax10: 200 * i,
      cancellations: 500,
      credits: 100,
      total: 3_280 * i,
    });
    d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  }
  const sum = (k: keyof TaxSummaryOut['totals']) => months.reduce((s, m) => s + m[k], 0);
  const totals = {
    invoices: sum('invoices'),
    cancelledInvoices: sum('cancelledInvoices'),
    creditNotes: sum('creditNotes'),
    net8: sum('net8'),
    tax8: sum('tax8'),
    net10: sum('net10'),
    tax10: sum('tax10'),
    cancellations: sum('cancellations'),
    credits: sum('credits'),
    total: sum('total'),
  };
  return { from, to, months, totals };
}

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
    const month = screen.getByLabelText('From (month)');
    await pickMonth(month, '2026-10', {
      month: 'Oct 2026',
      previousYear: 'Previous year',
      nextYear: 'Next year',
    });
    await pickMonth(screen.getByLabelText('To (month)'), '2026-10', {
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
    const month = screen.getByLabelText('開始月');
    // A month of another year: the year arrows, then the month; the same month as the end.
    await pickMonth(month, '2025-03', {
      month: '2025年3月',
      previousYear: '前年',
      nextYear: '翌年',
    });
    await pickMonth(screen.getByLabelText('終了月'), '2025-03', {
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

  it('shows a period: its totals per rate, each month with a total row, and downloads the period', async () => {
    await i18n.changeLanguage('ja');
    const { calls } = renderScreen(<TaxSummaryScreen />, {
      path: '/admin/reports/tax-summary',
      user: admin,
      answers: { 'reports.taxSummary': (input) => periodSummary(input.from, input.to) },
    });
    await waitFor(() => expect(screen.getByTestId('tax-row-rate8')).toBeTruthy());
    const names = (month: string) => ({ month, previousYear: '前年', nextYear: '翌年' });
    // A business year for the return: April to March.
    await pickMonth(screen.getByLabelText('開始月'), '2025-04', names('2025年4月'));
    await pickMonth(screen.getByLabelText('終了月'), '2026-03', names('2026年3月'));
    await waitFor(() =>
      expect(screen.getByTestId('tax-month').textContent).toBe('2025年4月～2026年3月'),
    );
    expect(
      calls.some(
        (c) =>
          c.path === 'reports.taxSummary' &&
          JSON.stringify(c.input) === JSON.stringify({ from: '2025-04', to: '2026-03' }),
      ),
    ).toBe(true);
    // The per-rate table holds the period's totals: 1,000 × (1 + … + 12) = 78,000.
    const row8 = within(screen.getByTestId('tax-row-rate8'));
    expect(row8.getByText('¥78,000')).toBeTruthy();
    expect(row8.getByText('¥6,240')).toBeTruthy();
    expect(within(screen.getByTestId('tax-row-total')).getByText('¥255,840')).toBeTruthy();
    // The notes speak of the period, not of a month.
    expect(screen.getByTestId('tax-cancellations').textContent).toBe(
      '上の金額から差し引いた期間中の取消：¥6,000（78件）。',
    );
    expect(screen.getByTestId('tax-credits').textContent).toContain('期間中発行の返品・値引');
    // Each month below, in a region a keyboard can scroll on a phone, and the total row.
    const region = screen.getByRole('region', { name: '2025年4月～2026年3月 月別内訳' });
    expect(region.getAttribute('tabindex')).toBe('0');
    const months = within(region).getByRole('table');
    expect(within(months).getAllByRole('row')).toHaveLength(1 + 12 + 1);
    for (const h of [
      '月',
      '8%対象 売上（税抜）',
      '消費税 8%',
      '10%対象 売上（税抜）',
      '消費税 10%',
      '税込合計',
    ]) {
      expect(within(months).getByRole('columnheader', { name: h })).toBeTruthy();
    }
    const april = within(screen.getByTestId('tax-month-2025-04'));
    expect(april.getByRole('rowheader', { name: '2025年4月' })).toBeTruthy();
    expect(april.getByText('¥3,280')).toBeTruthy();
    const march = within(screen.getByTestId('tax-month-2026-03'));
    expect(march.getByText('¥12,000')).toBeTruthy();
    const total = within(screen.getByTestId('tax-months-total'));
    expect(total.getByRole('rowheader', { name: '合計' })).toBeTruthy();
    expect(total.getByText('¥78,000')).toBeTruthy();
    expect(total.getByText('¥255,840')).toBeTruthy();
    // The workbook and the journal entries are for the period.
    const download = screen.getByRole('link', { name: '会計用にダウンロード（xlsx）' });
    expect(download.getAttribute('href')).toBe('/api/data/tax-summary?from=2025-04&to=2026-03');
    const journal = screen.getByRole('link', { name: '仕訳データをダウンロード（弥生会計形式）' });
    expect(journal.getAttribute('href')).toBe(
      '/api/data/journal?from=2025-04-01&to=2026-03-31&books=exclusive',
    );
  });

  it('refuses a reversed period and one over 24 months at the field, fetching nothing', async () => {
    const { calls } = renderScreen(<TaxSummaryScreen />, {
      path: '/admin/reports/tax-summary',
      user: admin,
      answers: { 'reports.taxSummary': (input) => periodSummary(input.from, input.to) },
    });
    await waitFor(() => expect(screen.getByTestId('tax-row-rate8')).toBeTruthy());
    const names = (month: string) => ({
      month,
      previousYear: 'Previous year',
      nextYear: 'Next year',
    });
    await pickMonth(screen.getByLabelText('From (month)'), '2025-06', names('Jun 2025'));
    await pickMonth(screen.getByLabelText('To (month)'), '2025-06', names('Jun 2025'));
    await pickMonth(screen.getByLabelText('To (month)'), '2025-03', names('Mar 2025'));
    await screen.findByText('The period must end on or after its first month.');
    // Without an address the download is no link at all.
    const link = screen.getByText('Download for the accountant (xlsx)').closest('a');
    expect(link?.getAttribute('href')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download for the accountant (xlsx)' })).toBeNull();
    expect(screen.queryByTestId('tax-row-rate8')).toBeNull();
    // 2023-01 to 2025-03: 27 months.
    await pickMonth(screen.getByLabelText('From (month)'), '2023-01', names('Jan 2023'));
    await screen.findByText('A summary covers at most 24 months.');
    expect(link?.getAttribute('href')).toBeNull();
    const asked = calls
      .filter((c) => c.path === 'reports.taxSummary')
      .map((c) => JSON.stringify(c.input));
    expect(asked).not.toContain(JSON.stringify({ from: '2025-06', to: '2025-03' }));
    expect(asked).not.toContain(JSON.stringify({ from: '2023-01', to: '2025-03' }));
  });
});
