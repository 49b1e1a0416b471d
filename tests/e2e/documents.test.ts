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

  it('every kind of document reads on a 360 px phone: nothing past the sheet, the name on its own line', async () => {
    const small = { width: 360, height: 740 };
    /** The sheet's width taken by the recipient, and what reaches past the sheet's edge. */
    const fits = async (page: Page, what: string) => {
      await page.getByTestId('document-sheet').waitFor();
      const m = await page.getByTestId('document-sheet').evaluate((sheet) => {
        const box = sheet.getBoundingClientRect();
        const style = getComputedStyle(sheet);
        const left = box.left + Number.parseFloat(style.paddingLeft);
        const right = box.right - Number.parseFloat(style.paddingRight);
        const recipient = sheet.querySelector('.doc-recipient')?.getBoundingClientRect();
        return {
          sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          recipient: recipient ? recipient.width / (right - left) : 0,
          // The statement's summary box scrolls in its own box (a phone keeps its words whole).
          past: [...sheet.querySelectorAll('h1, h2, p, div, th, td')]
            .filter((el) => !el.closest('.doc-box'))
            .filter((el) => el.getBoundingClientRect().right > right + 1)
            .map((el) => el.textContent?.trim().slice(0, 30)),
        };
      });
      expect({ what, ...m }).toEqual({ what, sideways: 0, recipient: m.recipient, past: [] });
      // The head's blocks one under the other: the restaurant's name has the sheet's width.
      expect(m.recipient, what).toBeGreaterThan(0.95);
      await shot(page, `phone-360-${what}`);
    };

    // A restaurant: each kind its Account screen lists.
    const phone = await e.newPage(small);
    await signIn(phone, 'cust01', 'cust1234');
    await phone.waitForURL('**/customer');
    await phone.goto('/customer/account');
    const table = phone.getByTestId('document-table');
    await table.waitFor();
    const kinds = (
      await phone
        .getByTestId('document-kind')
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
    ).filter((k) => k !== 'all');
    expect(kinds).toEqual(expect.arrayContaining(['slip', 'invoice', 'statement', 'receipt']));
    for (const kind of kinds) {
      await phone.getByTestId('document-kind').selectOption(kind);
      await table.getByRole('row').nth(1).getByRole('link').first().click();
      await phone.waitForURL(`**/customer/print/${kind}/**`);
      await fits(phone, `customer-${kind}`);
      await phone.goBack();
      await table.waitFor();
    }

    // A driver at the door: a delivered job's slip and the receipt of a payment it took.
    const driverId = e.db.$client
      .prepare(`SELECT id FROM account WHERE username = 'driver1'`)
      .pluck()
      .get() as string;
    const slip = e.db.$client
      .prepare(
        `SELECT order_id FROM delivery_job WHERE delivered_by = ? AND is_delivered = 1
          AND order_id IS NOT NULL ORDER BY delivered_at DESC LIMIT 1`,
      )
      .pluck()
      .get(driverId) as string;
    const receipt = e.db.$client
      .prepare(
        `SELECT id FROM payment WHERE collected_by = ? AND receipt_number IS NOT NULL
          ORDER BY taken_at DESC LIMIT 1`,
      )
      .pluck()
      .get(driverId) as string;
    const driver = await e.newPage(small);
    await signIn(driver, 'driver1', 'driver1234');
    await driver.waitForURL((url) => url.pathname.startsWith('/driver'));
    await driver.goto(`/driver/print/slip/${slip}`);
    await fits(driver, 'driver-slip');
    await driver.goto(`/driver/print/receipt/${receipt}`);
    await fits(driver, 'driver-receipt');

    expect(e.problems).toEqual([]);
  });
});
