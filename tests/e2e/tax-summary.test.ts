import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDateInZone } from '../../shared/format';
import { en } from '../../shared/locales/en';
import { ja } from '../../shared/locales/ja';
import { expectNoSeriousViolations, screenshot } from './axe';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

// The monthly tax summary (ADR 034) in the built app on the demo: the office reaches it from
// the Reports page, picks this month, reads one row per rate with the figures the server sums
// (invoices issued in the month, less those cancelled in it, less its credit notes: ADR 054),
// downloads the accountant's workbook, and reads it in Japanese; at desktop and phone sizes,
// with axe.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

/**
 * Picks a month in the month field as the office does: opens its calendar, steps to the year
 * with the year arrows, and clicks the month, named as the app writes a month (Oct 2026,
 * 2026年10月) whatever the browser's locale.
 */
async function pickMonth(page: Page, label: string, yyyyMm: string, language: 'en' | 'ja') {
  const [y, mm] = yyyyMm.split('-');
  const texts = language === 'ja' ? ja : en;
  const name =
    language === 'ja'
      ? `${y}年${Number(mm)}月`
      : `${en.common.month[`m${Number(mm)}` as keyof typeof en.common.month]} ${y}`;
  // The field's name is its label and the month chosen ('開始月：2026年11月').
  const labelled = label.replace(/[()]/g, '\\$&');
  await page.getByRole('button', { name: new RegExp(`^${labelled}(：|: |$)`) }).click();
  const calendar = page.locator('[data-dates-dropdown]');
  // The month list opens after the click: count() below does not wait for it.
  await calendar.waitFor();
  for (let step = 0; step < 5; step += 1) {
    const month = calendar.getByRole('button', { name, exact: true });
    if ((await month.count()) > 0) {
      await month.click();
      return;
    }
    // The months shown are named with their year (the arrows are not).
    const labels = await calendar
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    const shownYear = Number(labels.map((l) => /\d{4}/.exec(l)?.[0]).find(Boolean) ?? 0);
    const arrow = shownYear > Number(y) ? texts.shell.previousYear : texts.shell.nextYear;
    await calendar.getByRole('button', { name: arrow, exact: true }).click();
  }
  throw new Error(`no ${name} in the month calendar`);
}

const jaDownload = ja.reports.taxSummary.download;

describe('tax summary journey', () => {
  it('the office reads a month per rate and downloads it, in English and Japanese', async () => {
    const month = isoDateInZone(new Date(), 'Asia/Tokyo').slice(0, 7);
    // The office types an invoice for food phoned in, at the reduced rate (ADR 046): it counts
    // in the 8 % row with ¥400 of tax in its ¥5,400.
    const customer = e.db.$client
      .prepare('SELECT customer_code AS code FROM customer ORDER BY customer_code LIMIT 1')
      .get() as { code: string };
    const office = await e.newPage(DESKTOP);
    await signIn(office, 'admin', 'admin1234');
    await office.waitForURL('**/admin');
    await office.goto('/admin/invoice');
    await office.getByRole('button', { name: 'New Invoice' }).click();
    const form = office.getByRole('dialog', { name: 'Invoice Form' });
    await form.getByLabel(/^Customer/).fill(customer.code);
    await office.getByRole('option', { name: new RegExp(`\\(${customer.code}\\)`) }).click();
    await form.getByLabel(/^Amount \(¥\)/).fill('5400');
    await form.getByLabel('Consumption tax in the amount').click();
    await office.getByRole('option', { name: /^8% reduced/ }).click();
    await form.getByLabel('Note').fill('Rice and lentils, phoned in');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'hidden' });
    await expect
      .poll(() =>
        e.db.$client
          .prepare(
            "SELECT net8, tax8, net10 FROM invoice WHERE note = 'Rice and lentils, phoned in'",
          )
          .get(),
      )
      .toEqual({ net8: 5000, tax8: 400, net10: 0 });
    await office.close();

    const sums = e.db.$client
      .prepare(
        `SELECT COALESCE(SUM(net8), 0) AS net8, COALESCE(SUM(tax8), 0) AS tax8 FROM invoice
          WHERE substr(COALESCE(issue_date, created_at), 1, 7) = ?`,
      )
      .get(month) as { net8: number; tax8: number };
    // A cancellation counts in the month it was made (Tokyo), whenever its invoice was issued.
    const cancelled = e.db.$client
      .prepare(
        `SELECT COALESCE(SUM(net8), 0) AS net8, COALESCE(SUM(tax8), 0) AS tax8,
                COUNT(*) AS n FROM invoice
          WHERE cancelled_at IS NOT NULL AND strftime('%Y-%m', cancelled_at, '+9 hours') = ?`,
      )
      .get(month) as { net8: number; tax8: number; n: number };
    const credits = e.db.$client
      .prepare(
        `SELECT COALESCE(SUM(net8), 0) AS net8, COALESCE(SUM(tax8), 0) AS tax8 FROM credit_note
          WHERE substr(issue_date, 1, 7) = ?`,
      )
      .get(month) as { net8: number; tax8: number };

    for (const [size, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await e.newPage(size);
      await signIn(page, 'admin', 'admin1234');
      await page.waitForURL('**/admin');
      await page.goto('/admin/reports');
      await page.getByRole('link', { name: 'Tax summary' }).click();
      await page.waitForURL('**/admin/reports/tax-summary');
      await pickMonth(page, 'From (month)', month, 'en');
      const shown = `${en.common.month[`m${Number(month.slice(5))}` as keyof typeof en.common.month]} ${month.slice(0, 4)}`;
      // The field shows the month and is named with it (a screen reader hears both).
      expect(
        await page
          .getByRole('button', { name: `From (month): ${shown}`, exact: true })
          .textContent(),
      ).toBe(shown);
      const row8 = page.getByTestId('tax-row-rate8');
      await row8.waitFor();
      await expect
        .poll(() => row8.textContent())
        .toContain(yen(sums.net8 - cancelled.net8 - credits.net8));
      expect(await row8.textContent()).toContain(yen(sums.tax8 - cancelled.tax8 - credits.tax8));
      expect(await page.getByTestId('tax-cancellations').textContent()).toContain(
        `(invoices: ${cancelled.n})`,
      );
      const link = page.getByRole('link', { name: 'Download for the accountant (xlsx)' });
      const href = (await link.getAttribute('href')) as string;
      expect(href).toBe(`/api/data/tax-summary?from=${month}&to=${month}`);
      const file = await page.request.get(href);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toContain('spreadsheetml');
      await screenshot(page, `tax-summary-${label}-en`);
      await expectNoSeriousViolations(page, {
        label: `tax summary, ${label}, en`,
        exclude: ['.mantine-Notifications-root'],
      });
      await page.close();
    }

    const ja = await e.newPage(DESKTOP);
    await signIn(ja, 'admin', 'admin1234');
    await ja.waitForURL('**/admin');
    await ja.evaluate(() => localStorage.setItem('lang', 'ja'));
    await ja.goto('/admin/reports/tax-summary');
    await pickMonth(ja, '開始月', month, 'ja');
    await ja.getByText('8%対象（軽減税率）').waitFor();
    await ja.getByText('10%対象', { exact: true }).waitFor();
    // The month in the accountant's words, not 2026-10.
    const [y, mm] = month.split('-');
    await ja.getByRole('heading', { name: `${y}年${Number(mm)}月` }).waitFor();
    await ja.getByRole('columnheader', { name: '消費税' }).waitFor();
    await screenshot(ja, 'tax-summary-desktop-ja');
    await expectNoSeriousViolations(ja, { label: 'tax summary, desktop, ja' });

    // A period (ADR 114): last month to this month. The start moves back, the end stays; the
    // server's figures of each month add up to the period's, in the month table and per rate.
    const before = new Date(Date.UTC(Number(y), Number(mm) - 2, 1)).toISOString().slice(0, 7);
    const [by, bm] = before.split('-');
    await pickMonth(ja, '開始月', before, 'ja');
    const period = `${by}年${Number(bm)}月～${y}年${Number(mm)}月`;
    await ja.getByRole('heading', { name: period }).waitFor();
    const months = ja.getByRole('table', { name: `${period} 月別内訳` });
    await months.waitFor();
    const figures = async (testId: string) =>
      (await ja.getByTestId(testId).locator('td').allTextContents()).map((c) =>
        Number(c.replace(/[^\d-]/g, '')),
      );
    const first = await figures(`tax-month-${before}`);
    const second = await figures(`tax-month-${month}`);
    const total = await figures('tax-months-total');
    expect(first).toHaveLength(5);
    expect(total).toEqual(first.map((n, i) => n + (second[i] ?? 0)));
    // This month's row holds what the database says of this month alone.
    expect(second[0]).toBe(sums.net8 - cancelled.net8 - credits.net8);
    expect(second[1]).toBe(sums.tax8 - cancelled.tax8 - credits.tax8);
    // The per-rate table above is the period's: its 8 % row and total are the month table's.
    const rate8 = await figures('tax-row-rate8');
    expect(rate8.slice(0, 2)).toEqual(total.slice(0, 2));
    expect((await figures('tax-row-total'))[2]).toBe(total[4]);
    expect(await ja.getByTestId('tax-cancellations').textContent()).toContain('期間中の取消');
    const periodLink = ja.getByRole('link', { name: jaDownload });
    expect(await periodLink.getAttribute('href')).toBe(
      `/api/data/tax-summary?from=${before}&to=${month}`,
    );
    expect((await ja.request.get((await periodLink.getAttribute('href')) as string)).status()).toBe(
      200,
    );
    await screenshot(ja, 'tax-summary-period-desktop-ja');
    await expectNoSeriousViolations(ja, { label: 'tax summary, period, desktop, ja' });
    await ja.close();

    // In Nepali on a phone: the quick choice "January to last month", the month table scrolling
    // sideways in its own region.
    const ne = await e.newPage(PHONE);
    await signIn(ne, 'admin', 'admin1234');
    await ne.waitForURL('**/admin');
    await ne.evaluate(() => localStorage.setItem('lang', 'ne'));
    await ne.goto('/admin/reports/tax-summary');
    await ne.getByTestId('tax-row-rate8').waitFor();
    await ne.getByRole('button', { name: 'जनवरीदेखि गत महिनासम्म' }).click();
    await ne.getByTestId('tax-months').waitFor();
    await ne.getByText('यस अवधिमा जारी बिल', { exact: false }).waitFor();
    await ne.getByRole('region', { name: /महिना अनुसार$/ }).scrollIntoViewIfNeeded();
    await screenshot(ne, 'tax-summary-period-phone-ne');
    await expectNoSeriousViolations(ne, {
      label: 'tax summary, period, phone, ne',
      exclude: ['.mantine-Notifications-root'],
    });
  }, 240_000);
});
