import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ja } from '../../shared/locales';
import { expectNoSeriousViolations } from './axe';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

// The office matches a transfer that arrived ¥660 short (the restaurant deducted the bank's fee,
// 振込手数料) and writes the rest off with the payment (ADR 069): on a phone in Japanese, as the
// office reads it, then on a desktop. Screenshots go to test-results/bank-fee/ (not committed).

const SHOTS = path.resolve('test-results/bank-fee');
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => e?.close());

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

describe('a transfer short by the bank fee', () => {
  it('is recorded with the rest written off: the invoice is settled, the fee said apart', {
    timeout: 120_000,
  }, async () => {
    const customer = e.db.$client
      .prepare(
        "SELECT id FROM customer WHERE payment_method = 'monthly' ORDER BY customer_code LIMIT 1",
      )
      .get() as { id: string };
    const page = await e.newPage(PHONE);
    await signIn(page, 'admin', 'admin1234');
    await page.waitForURL('**/admin');
    // An invoice of ¥46,550 for the office to collect by transfer.
    // (from the page, as the app's own invoice form sends it).
    const status = await page.evaluate(async (id) => {
      const r = await fetch('/api/invoice', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customer: id, amount: 46_550, note: 'Transfer expected' }),
      });
      return r.status;
    }, customer.id);
    expect(status).toBe(201);
    await page.evaluate(() => localStorage.setItem('lang', 'ja'));
    await page.goto(`/admin/invoice/bycustomer/${customer.id}`);
    const invoiceCard = page.getByTestId('invoice-card').filter({ hasText: '¥46,550' });
    await invoiceCard.getByRole('button', { name: /^入金/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/金額/).first().fill('45890');
    // Offered for a rest of at most ¥1,000, in the office's words.
    const writeOff = dialog.getByRole('checkbox', {
      name: ja.money.bankFee.writeOff.replace('{{amount}}', '¥660'),
    });
    await writeOff.waitFor();
    await expectNoSeriousViolations(page, { label: 'payment form with the bank fee (phone, ja)' });
    await shot(page, 'phone-payment-ja');
    // Not offered once the rest is more than a fee.
    await dialog.getByLabel(/金額/).first().fill('40000');
    await writeOff.waitFor({ state: 'detached' });
    await dialog.getByLabel(/金額/).first().fill('45890');
    await writeOff.check();
    await dialog
      .getByRole('button', { name: ja.money.bankFee.recordWithFee.replace('{{amount}}', '¥660') })
      .click();
    await dialog.waitFor({ state: 'hidden' });

    // On the desktop: the invoice is settled; Paid is the money received, the fee said under it.
    await page.setViewportSize(DESKTOP);
    await page.reload();
    const settled = page.getByTestId('invoice-card').filter({ hasText: '¥46,550' });
    // Exactly the Paid figure: the card's payment history, drawn when its own answer comes,
    // names the same amount in a longer line.
    await settled.getByText('¥45,890', { exact: true }).waitFor();
    expect(await settled.getByTestId('invoice-bank-fee').textContent()).toBe(
      ja.money.bankFee.deducted.replace('{{amount}}', '¥660'),
    );
    const owed = e.db.$client
      .prepare<[string], { pending: number; fees: number }>(
        `SELECT i.amount - i.paid_amount AS pending,
                (SELECT SUM(amount) FROM payment p WHERE p.invoice_id = i.id AND p.kind = 'bank_fee')
                  AS fees
           FROM invoice i WHERE i.customer_id = ? AND i.amount = 46550`,
      )
      .get(customer.id);
    expect(owed).toEqual({ pending: 0, fees: 660 });
    await expectNoSeriousViolations(page, {
      label: 'invoice settled with a bank fee (desktop, ja)',
    });
    await shot(page, 'desktop-settled-ja');
  });
});
