import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { ja } from '../../shared/locales';
import { expectNoSeriousViolations } from './axe';
import { DESKTOP, type E2E, signIn, startE2E } from './harness';

// The office records the month's transfers from the bank's CSV (入金消込, ADR 085) on a
// 1366 px laptop in Japanese: it opens the import from Payments, chooses the file, sees each
// transfer matched to its restaurant and invoice (one short by the bank fee, one payer unknown),
// records them, and sees them as recorded. Screenshots go to test-results/bank-import/.

const SHOTS = path.resolve('test-results/bank-import');
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => e?.close());

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

interface Open {
  id: string;
  billingName: string;
  pending: number;
}

describe('payments from the bank statement', () => {
  it('proposes each transfer’s restaurant and invoice and records the chosen ones once', {
    timeout: 120_000,
  }, async () => {
    // Two monthly restaurants with an open invoice, their billing names in katakana (株式会社…).
    const open = e.db.$client
      .prepare<[], Open>(
        `SELECT i.id, c.billing_name AS billingName, i.amount - i.paid_amount AS pending
           FROM invoice i JOIN customer c ON c.id = i.customer_id
          WHERE c.billing_name LIKE '株式会社%' AND i.cancelled_at IS NULL
            AND i.paid_amount < i.amount
            AND (SELECT COUNT(*) FROM invoice o WHERE o.customer_id = c.id
                   AND o.cancelled_at IS NULL AND o.paid_amount < o.amount) = 1
          ORDER BY c.customer_code LIMIT 2`,
      )
      .all();
    expect(open).toHaveLength(2);
    const [a, b] = open as [Open, Open];
    const day = addDaysIso(isoDateInZone(new Date(), 'Asia/Tokyo'), -1).replaceAll('-', '/');
    const payer = (o: Open) => `ﾌﾘｺﾐ カ)${o.billingName.replace('株式会社', '')}`;
    const csv = [
      '"取引日","摘要","お引出金額","お預入金額","残高"',
      `"${day}","${payer(a)}","","${a.pending.toLocaleString('en')}",""`,
      `"${day}","${payer(b)}","","${(b.pending - 660).toLocaleString('en')}",""`,
      `"${day}","ﾌﾘｺﾐ ﾔﾏﾀﾞ ﾀﾛｳ","","12,000",""`,
      `"${day}","ｶｰﾄﾞ","5,000","",""`,
    ].join('\r\n');

    const page = await e.newPage(DESKTOP);
    await signIn(page, 'admin', 'admin1234');
    await page.waitForURL('**/admin');
    await page.evaluate(() => localStorage.setItem('lang', 'ja'));
    await page.goto('/admin/invoice');
    await page.getByRole('link', { name: ja.bankImport.link }).click();
    await page.getByRole('heading', { name: ja.bankImport.title }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'meisai.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv}`, 'utf8'),
    });

    const row = (line: number) => page.getByTestId(`bank-row-${line}`);
    const status = (line: number) => row(line).getByTestId('bank-status');
    await status(2).getByText(ja.bankImport.status.matched).waitFor();
    await status(3).getByText(ja.bankImport.status.matched).waitFor();
    await status(4).getByText(ja.bankImport.status.unknown).waitFor();
    await row(3).getByText('¥660', { exact: true }).waitFor();
    expect(await page.getByTestId('bank-rows').locator('tbody tr').count()).toBe(3);
    // It fits the laptop's width: no sideways scrolling of the page.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectNoSeriousViolations(page, { label: 'bank statement review (desktop, ja)' });
    await shot(page, 'review-ja');
    // On a 1024 px laptop too, every column shows without scrolling the table sideways (the
    // status at its right end was hidden): the fee stands under the amount.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect
      .poll(() =>
        page.getByTestId('bank-rows').evaluate((table) => {
          const box = table.closest('.mantine-ScrollArea-viewport') ?? table.parentElement;
          return box ? box.scrollWidth - box.clientWidth : -1;
        }),
      )
      .toBe(0);
    await shot(page, 'review-ja-1024');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: ja.bankImport.record }).click();
    await page
      .getByTestId('bank-outcome')
      .getByText(ja.bankImport.recorded_other.replace('{{count}}', '2'))
      .waitFor();
    await status(2).getByText(ja.bankImport.status.recorded).waitFor();
    await status(3).getByText(ja.bankImport.status.recorded).waitFor();
    await shot(page, 'recorded-ja');

    const settled = e.db.$client.prepare<[string], { pending: number; fees: number | null }>(
      `SELECT i.amount - i.paid_amount AS pending,
              (SELECT SUM(amount) FROM payment p WHERE p.invoice_id = i.id
                 AND p.kind = 'bank_fee') AS fees
         FROM invoice i WHERE i.id = ?`,
    );
    const paid = (id: string) => settled.get(id);
    expect(paid(a.id)).toEqual({ pending: 0, fees: null });
    expect(paid(b.id)).toEqual({ pending: 0, fees: 660 });
    expect(e.problems).toEqual([]);
  });
});
