import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as xlsxModule from 'xlsx';
import { settled } from './axe';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

const XLSX: typeof xlsxModule =
  (xlsxModule as { default?: typeof xlsxModule }).default ?? xlsxModule;

// The money journey: the office invoices a restaurant for driver1 to collect, driver1 takes
// part of it on a phone, the office notes and takes the rest, the cash is handed over and
// confirmed, and the export downloads. Screenshots go to test-results/money/ (not committed).

const SHOTS = path.resolve('test-results/money');
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

async function axe(page: Page, where: string) {
  await settled(page);
  // Mantine's notifications come and go; they are not part of the screen.
  const all = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .disableRules(['color-contrast'])
    .exclude('.mantine-Notifications-root')
    .analyze();
  // Contrast of this group's own text; the theme's filled buttons and the shared breadcrumbs
  // (white on green.6 / dimmed links) belong to the theme and are reported separately.
  const contrast = await new AxeBuilder({ page })
    .withRules(['color-contrast'])
    .exclude('.mantine-Notifications-root')
    .exclude('.mantine-Button-root')
    .exclude('.mantine-Breadcrumbs-root')
    .exclude('.mantine-AppShell-header')
    // The shared table's own "no records" text (mantine-datatable's grey).
    .exclude('.mantine-datatable-empty-state')
    .analyze();
  const serious = [...all.violations, ...contrast.violations].filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ).toEqual([]);
}

/** The card of the journey's invoice: the only one with this exact amount. */
const card = (page: Page, amount: string): Locator =>
  page.getByTestId('invoice-card').filter({ hasText: amount });

describe('money journey', () => {
  it('invoice -> partial payment on a phone -> note -> full payment -> Done; handover; export', async () => {
    const customer = e.db.$client
      .prepare(
        "SELECT id, customer_code AS code, restaurant_name AS name FROM customer WHERE payment_method = 'cash' ORDER BY customer_code LIMIT 1",
      )
      .get() as { id: string; code: string; name: string };
    const AMOUNT = '¥9,137';

    // 1. The office creates the invoice, assigned to driver1.
    const office = await e.newPage(DESKTOP);
    await signIn(office, 'admin', 'admin1234');
    await office.waitForURL('**/admin');
    await office.goto('/admin/invoice');
    await office.getByRole('tab', { name: 'Cash' }).waitFor();
    await office.getByRole('button', { name: 'New Invoice' }).click();
    const form = office.getByRole('dialog', { name: 'Invoice Form' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => form.getByText('This field is required.').count()).toBe(2);
    await form.getByLabel(/^Customer/).fill(customer.code);
    await office.getByRole('option', { name: new RegExp(`\\(${customer.code}\\)`) }).click();
    await form.getByLabel(/^Amount \(¥\)/).fill('9137');
    await form.getByLabel('Assigned collector').click();
    await office.getByRole('option', { name: /^driver1/ }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.waitFor({ state: 'hidden' });
    await axe(office, 'invoices');

    // 2. driver1 records a partial payment on a phone.
    const phone = await e.newPage(PHONE);
    await signIn(phone, 'driver1', 'driver1234');
    await phone.waitForURL('**/driver');
    await phone.getByRole('link', { name: 'Payments' }).click();
    await phone.waitForURL('**/driver/payments');
    await phone.getByRole('heading', { name: 'PAYMENTS' }).waitFor();
    const mine = card(phone, AMOUNT);
    await mine.getByRole('button', { name: /^Payment(:| |$)/ }).click();
    const pay = phone.getByRole('dialog', { name: 'Payment' });
    const partial = pay.getByRole('button', { name: 'Pay Partial Amount' });
    const full = pay.getByRole('button', { name: 'Pay Full Amount' });
    expect(await partial.isDisabled()).toBe(true);
    expect(await full.isDisabled()).toBe(false);
    await pay.getByLabel(/^Amount \(¥\)/).fill('4000');
    expect(await full.isDisabled()).toBe(true);
    await partial.click();
    await pay.waitFor({ state: 'hidden' });
    await mine.getByText('Partial Paid').waitFor();
    await mine.getByRole('button', { name: 'Details' }).click();
    await mine.getByRole('button', { name: 'Receipt' }).click();
    const receipt = phone.getByTestId('receipt');
    await receipt.getByText('¥5,137').waitFor();
    expect(await receipt.textContent()).toContain(customer.name);
    expect(await receipt.textContent()).toContain('driver1');
    await shot(phone, 'phone-receipt-en');
    await phone
      .getByRole('dialog', { name: 'Payment receipt' })
      .getByRole('button', { name: 'Close' })
      .click();
    await shot(phone, 'phone-driver-payments-en');
    await axe(phone, 'driver payments');

    // 3. The office sees Partial Paid, adds a note and takes the rest with Pay Full Amount.
    await office.reload();
    const desk = card(office, AMOUNT);
    await desk.getByText('Partial Paid').waitFor();
    await desk.getByRole('button', { name: /^Note: / }).click();
    const note = office.getByRole('dialog', { name: 'Add Note' });
    await note.getByRole('button', { name: 'Add Note' }).click();
    await note.getByText('Note content is required').waitFor();
    await note.getByLabel(/^Note/).fill('  Rest promised today  ');
    await note.getByRole('button', { name: 'Add Note' }).click();
    await office.getByText('Note added successfully!').waitFor();
    await note.waitFor({ state: 'hidden' });
    await desk.getByRole('button', { name: /^Payment(:| |$)/ }).click();
    const payDesk = office.getByRole('dialog', { name: 'Payment' });
    await payDesk.getByRole('button', { name: 'Pay Full Amount' }).click();
    // It asks first, naming the balance.
    await payDesk.getByRole('button', { name: /^Yes, record ¥/ }).click();
    await desk.waitFor({ state: 'detached' });
    await office.getByRole('tab', { name: 'Done' }).click();
    const done = card(office, AMOUNT);
    await done.getByText('Completed').waitFor();
    expect(await done.getByRole('button', { name: /^Payment(:| |$)/ }).count()).toBe(0);
    await done.getByRole('button', { name: 'Details' }).click();
    await done.getByText(/· admin: Rest promised today$/).waitFor();
    await done.getByText(/admin created the invoice/).waitFor();
    await shot(office, 'desktop-invoices-done-en');

    // 4. The driver hands the day's cash over; the office confirms it.
    await phone.goto('/driver/payments/handover');
    await phone.getByTestId('cash-total').waitFor();
    const total = (await phone.getByTestId('cash-total').textContent()) ?? '';
    expect(total).toMatch(/^¥[\d,]+$/);
    await phone.getByRole('button', { name: 'Hand over' }).click();
    await phone.getByText('Waiting for the office to confirm').waitFor();
    await shot(phone, 'phone-handover-en');
    await axe(phone, 'handover');
    await office.goto('/admin/reports/handovers');
    const row = office
      .getByRole('row')
      .filter({ hasText: 'driver1' })
      .filter({ has: office.getByRole('button', { name: 'Confirm' }) });
    await row.getByRole('button', { name: 'Confirm' }).click();
    await office
      .getByRole('dialog', { name: 'Confirm handover' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await office.getByText('Handover confirmed').waitFor();
    await office
      .getByRole('row')
      .filter({ hasText: 'driver1' })
      .first()
      .getByText(total)
      .first()
      .waitFor();
    await shot(office, 'desktop-handovers-en');
    await axe(office, 'handovers');

    // 5. The export: a route first, then the download, read back.
    await office.goto('/admin/reports/export');
    await office.getByRole('button', { name: 'Export' }).click();
    await office.getByText('Please select a route first').first().waitFor();
    await office.getByRole('combobox', { name: 'Route' }).click();
    await office.getByRole('option', { name: 'All routes' }).click();
    const [download] = await Promise.all([
      office.waitForEvent('download'),
      office.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^all-data-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await office
      .getByText(/^Data exported successfully as all-data-\d{4}-\d{2}-\d{2}\.xlsx$/)
      .waitFor();
    const file = await download.path();
    const wb = XLSX.read(fs.readFileSync(file), { type: 'buffer' });
    expect(wb.SheetNames).toEqual([
      'Customers',
      'Outstanding invoices',
      'Invoices',
      'Credit notes',
      'Payments',
    ]);
    await axe(office, 'export');

    // 6. The other screens, in Nepali too.
    for (const [url, name] of [
      ['/admin/reports/aging', 'aging'],
      ['/admin/reports/payment', 'payment-report'],
      ['/admin/invoice/followups', 'followups'],
      [`/admin/invoice/bycustomer/${customer.id}`, 'bycustomer'],
    ] as const) {
      await office.goto(url);
      await office.getByRole('heading', { level: 1 }).waitFor();
      await office.waitForLoadState('networkidle');
      await shot(office, `desktop-${name}-en`);
      await axe(office, name);
    }
    await office.evaluate(() => localStorage.setItem('lang', 'ne'));
    await office.goto('/admin/invoice');
    await office.getByRole('tab', { name: 'नगद' }).waitFor();
    await office.waitForLoadState('networkidle');
    await shot(office, 'desktop-invoices-ne');
    await office.goto('/admin/reports/aging');
    await office.getByText('बाँकी रकमको उमेर विवरण').first().waitFor();
    await office.waitForLoadState('networkidle');
    await shot(office, 'desktop-aging-ne');
    await phone.evaluate(() => localStorage.setItem('lang', 'ne'));
    await phone.goto('/driver/payments');
    await phone.getByRole('heading', { name: 'भुक्तानीहरू' }).waitFor();
    await phone.waitForLoadState('networkidle');
    await shot(phone, 'phone-driver-payments-ne');

    expect(e.problems).toEqual([]);
  }, 240_000);
});
