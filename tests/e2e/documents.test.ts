import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

// Documents in the browser (ADR 032): the office opens an invoice's PDF and print view from the
// invoice card (sending is off on the demo, and says why); a restaurant opens its Account
// screen on a phone and a document from it. Screenshots go to test-results/documents/.

const SHOTS = path.resolve('test-results/documents');
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => e?.close());

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

describe('documents journey', () => {
  it('the office opens an invoice as PDF and print view; a customer opens its Account', async () => {
    const customer = e.db.$client
      .prepare(
        `SELECT c.id, c.restaurant_name AS name FROM customer c JOIN account a ON a.id = c.account_id
          WHERE a.username = 'cust01'`,
      )
      .get() as { id: string; name: string };
    const invoiceCount = Number(
      e.db.$client
        .prepare('SELECT COUNT(*) FROM invoice WHERE customer_id = ?')
        .pluck()
        .get(customer.id),
    );
    expect(invoiceCount).toBeGreaterThan(0);

    // 1. The office: the customer's invoices, the first card's documents.
    const office = await e.newPage(DESKTOP);
    await signIn(office, 'admin', 'admin1234');
    await office.waitForURL('**/admin');
    // A customer with an invoice still to pay: a paid one thanks instead of giving the bank
    // account (ADR 056).
    const owing = e.db.$client
      .prepare(
        `SELECT customer_id FROM invoice WHERE paid_amount < amount AND cancelled_at IS NULL
            AND number IS NOT NULL ORDER BY number LIMIT 1`,
      )
      .pluck()
      .get() as string;
    await office.goto(`/admin/invoice/bycustomer/${owing}`);
    const card = office
      .getByTestId('invoice-card')
      .filter({ hasText: /Pending|Partial Paid/ })
      .filter({ hasNotText: 'Cancelled' })
      .first();
    await card.waitFor();
    const docs = card.getByTestId('invoice-documents');
    const pdfLink = docs.getByRole('link', { name: /PDF$/ });
    const href = await pdfLink.getAttribute('href');
    expect(href).toMatch(/^\/api\/documents\/invoice\/[^/]+\.pdf$/);
    const pdf = await office.request.get(href as string);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // No SMTP on the demo: the send button is off and says why.
    await expect
      .poll(() => docs.getByRole('button', { name: 'Send by e-mail' }).isDisabled())
      .toBe(true);
    // Said once, as the button's reason (a line under every document repeated it).
    await docs.getByRole('button', { name: 'Send by e-mail' }).first().hover({ force: true });
    await office
      .getByRole('tooltip')
      .filter({ hasText: 'E-mail sending is not set up, so this cannot be sent.' })
      .first()
      .waitFor();
    // The customer's documents list on the same screen.
    await office.getByTestId('document-table').waitFor();

    await docs.getByRole('link', { name: /Print view$/ }).click();
    await office.waitForURL('**/admin/print/invoice/**');
    const sheet = office.getByTestId('document-sheet');
    await sheet.waitFor();
    const text = await sheet.innerText();
    // The demo's customers read Japanese documents.
    expect(text).toContain('請求書');
    expect(text).toContain('御中');
    expect(text).toMatch(/INV-\d{6}/);
    expect(text).toContain('登録番号');
    // The bank account type in Japanese words, as on the PDF.
    expect(text).toContain('普通');
    expect(text).not.toContain('ordinary');
    await shot(office, 'office-invoice-print-view');

    // 2. The restaurant on a phone: Account from the home tiles, then a document.
    const phone = await e.newPage(PHONE);
    await signIn(phone, 'cust01', 'cust1234');
    await phone.waitForURL('**/customer');
    await phone.getByRole('link', { name: 'Account' }).click();
    await phone.waitForURL('**/customer/account');
    await phone.getByTestId('account-balance').waitFor();
    const table = phone.getByTestId('document-table');
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThan(1);
    // The whole list fits the phone's width: nothing to scroll sideways for the amounts.
    const box = await table.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(
      PHONE.width,
    );
    // Months of slips: the owner narrows the list to the statements, each with its number.
    await phone.getByLabel('Show').selectOption({ label: 'Statements' });
    const statements = table.getByRole('row');
    await expect.poll(() => statements.nth(1).innerText()).toContain('Statement');
    for (const row of (await statements.all()).slice(1)) {
      const cells = await row.innerText();
      expect(cells).toMatch(/ST-\d{6}/);
      expect(cells).not.toMatch(/Delivery slip|Receipt/);
    }
    await shot(phone, 'customer-account');
    await phone.getByLabel('Show').selectOption({ label: 'All documents' });
    const first = table.getByRole('row').nth(1).getByRole('link').first();
    await first.click();
    await phone.waitForURL('**/customer/print/**');
    await phone.getByTestId('document-sheet').waitFor();
    expect(await phone.getByTestId('document-sheet').innerText()).toContain('御中');
    await shot(phone, 'customer-document');

    expect(e.problems).toEqual([]);
  });
});
