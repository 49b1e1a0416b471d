import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerTerms, deliveryJob } from '../../drizzle/schema';
import { dispatchOrder } from '../../server/orders/web-orders';
import { addDaysIso } from '../../shared/delivery-dates';
import { formatYen, isoDateInZone } from '../../shared/format';
import { en } from '../../shared/locales/en';
import { cutoffHalfADayAway, setCutoff } from './demo-data';
import { DESKTOP, type E2E, signIn, startE2E } from './harness';

// The office's day on a desktop (ADR 059): a date already closed shows what its closing made
// and its statements download again; an order phoned in is quoted with the customer's delivery
// charge and placed at that total; the driver's sheet heads each delivery date; Settings says
// what is not saved yet and the browser asks before a reload would lose it.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  // The earliest delivery date the phone order offers does not move while it is typed.
  setCutoff(e.db, cutoffHalfADayAway());
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

const one = <T>(sql: string, ...params: unknown[]) => e.db.$client.prepare(sql).get(...params) as T;
const all = <T>(sql: string, ...params: unknown[]) =>
  e.db.$client.prepare(sql).all(...params) as T[];

/** A date as the English interface writes it (client/src/dateFormat.ts). */
function showDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  const month = en.common.month[`m${Number(m)}` as keyof typeof en.common.month];
  return `${Number(d)} ${month} ${y}`;
}

async function signInOffice(page: Page) {
  await signIn(page, 'admin', 'admin1234');
  await page.waitForURL('**/admin');
}

describe("the office's day", () => {
  it('a customer already closed for a date shows what its closing made; the statements download again', async () => {
    // The latest closing of the demo that billed deliveries: its statement and the closing
    // invoices it billed them with (one per price basis).
    const closed = one<{
      statementId: string;
      statementNumber: string;
      closingDate: string;
      customerId: string;
      code: string;
      name: string;
    }>(
      `SELECT s.id AS statementId, s.number AS statementNumber, s.closing_date AS closingDate,
              c.id AS customerId, c.customer_code AS code, c.restaurant_name AS name
         FROM statement s JOIN customer c ON c.id = s.customer_id
         JOIN invoice i ON i.id = s.invoice_id
        WHERE i.amount > 0
        ORDER BY s.closing_date DESC, s.number LIMIT 1`,
    );
    expect(closed).toBeTruthy();
    const invoices = all<{ number: string; amount: number; orders: number }>(
      `SELECT i.number, i.amount,
              (SELECT COUNT(*) FROM customer_order o WHERE o.invoice_id = i.id) AS orders
         FROM invoice i
        WHERE i.id = (SELECT invoice_id FROM statement WHERE id = ?)
           OR (i.statement_id = ? AND i.kind = 'closing')
        ORDER BY i.number`,
      closed.statementId,
      closed.statementId,
    );
    const orders = invoices.reduce((s, i) => s + i.orders, 0);
    const amount = invoices.reduce((s, i) => s + i.amount, 0);
    expect(orders).toBeGreaterThan(0);
    expect(amount).toBeGreaterThan(0);
    const statementsOfDate = all<{ number: string }>(
      'SELECT number FROM statement WHERE closing_date = ? ORDER BY number',
      closed.closingDate,
    );

    const page = await e.newPage(DESKTOP);
    await signInOffice(page);
    await page.goto('/admin/invoice/closing');
    await page.getByRole('heading', { name: 'Closing' }).waitFor();
    // Typed as the app writes dates (30 Nov 2026), whatever the browser's locale.
    const closingDate = page.getByLabel('Closing date');
    await closingDate.fill(showDate(closed.closingDate));
    // Escape closes the calendar under the field (it would cover what is below it).
    await closingDate.press('Escape');
    expect(await closingDate.inputValue()).toBe(showDate(closed.closingDate));
    const row = page
      .getByRole('row')
      .filter({ hasText: closed.code })
      .filter({ hasText: closed.name });
    await row.getByText('Already closed').waitFor();
    const cells = (await row.getByRole('cell').allInnerTexts()).map((c) => c.trim());
    // The customer (its code above the name), orders, amount: what the closing billed, not ¥0.
    expect(cells[0]?.split('\n')[0]).toBe(closed.code);
    expect(cells[1]).toBe(String(orders));
    expect(cells[2]).toBe(formatYen(amount));
    await row.getByRole('link', { name: closed.statementNumber, exact: true }).waitFor();
    await row.getByRole('link', { name: invoices.map((i) => i.number).join(', ') }).waitFor();

    // The date's statements, all in one PDF, downloaded again from the screen.
    const again = page.getByRole('link', {
      name:
        statementsOfDate.length === 1
          ? `Download the statement of ${showDate(closed.closingDate)} (PDF, 1)`
          : `Download all statements of ${showDate(closed.closingDate)} (PDF, ${statementsOfDate.length})`,
    });
    const [download] = await Promise.all([page.waitForEvent('download'), again.click()]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'statements-')), 'all.pdf');
    try {
      await download.saveAs(file);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      for (const s of statementsOfDate) expect(text).toContain(s.number);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }

    // A closing still to come (ADR 071): previewed with what is recorded so far, not run.
    const ahead = addDaysIso(isoDateInZone(new Date(), 'Asia/Tokyo'), 3);
    await closingDate.fill(showDate(ahead));
    await closingDate.press('Escape');
    await page.getByText(`Preview only: ${showDate(ahead)} has not come yet`).waitFor();
    await page
      .getByText(`Can be run from ${showDate(ahead)} on`)
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Run closing' }).isDisabled()).toBe(true);
    expect(e.problems).toEqual([]);
  });

  it("an order phoned in is quoted with the customer's delivery charge and placed at that total", async () => {
    // A customer whose orders below ¥100,000 carry an ¥800 delivery charge (plus tax).
    const who = one<{ id: string; code: string }>(
      `SELECT c.id, c.customer_code AS code FROM customer c JOIN account a ON a.id = c.account_id
        WHERE a.username = 'cust09'`,
    );
    const terms = { minOrderRule: 'charge' as const, minOrderValue: 100_000, deliveryCharge: 800 };
    e.db
      .insert(customerTerms)
      .values({ customerId: who.id, ...terms })
      .onConflictDoUpdate({ target: customerTerms.customerId, set: terms })
      .run();
    const product = one<{ name: string }>(
      `SELECT name FROM product
        WHERE item_type = 'Regular' AND min_quantity = 1 AND lot = 1 AND price < 5000
          AND (item_count = 'Not Count' OR stock_in_count >= 10)
        ORDER BY product_rank, name LIMIT 1`,
    );
    const before = one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM customer_order WHERE customer_id = ?',
      who.id,
    ).n;

    const page = await e.newPage(DESKTOP);
    await signInOffice(page);
    await page.goto('/admin/orders');
    await page.getByRole('button', { name: 'Order for a customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order phoned in by a customer' });
    await dialog.getByLabel('Customer', { exact: false }).first().fill(who.code);
    await page.getByRole('option', { name: new RegExp(`\\(${who.code}\\)`) }).click();
    await dialog.getByLabel('Product, line 1', { exact: true }).fill(product.name);
    await page.getByRole('option').filter({ hasText: product.name }).first().click();
    const lineAmount = dialog.getByTestId('place-for-line-amount-0');
    await expect.poll(() => lineAmount.innerText()).toMatch(/¥\d/);
    const goods = Number((await lineAmount.innerText()).replace(/[^\d]/g, ''));

    // The quote counts the charge (the goods alone are below the minimum): goods under ¥5,000
    // with at most 10 % tax come to less than goods + ¥880. And it says so.
    const total = dialog.getByTestId('place-for-total');
    const yen = async () => Number((await total.innerText()).replace(/[^\d]/g, ''));
    await expect.poll(yen).toBeGreaterThanOrEqual(goods + 880);
    const quoted = await yen();
    await dialog
      .getByTestId('place-for-minimum')
      .getByText(/a delivery charge of ¥800 \(plus tax\) is added, already in the total above/)
      .waitFor();

    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const placed = one<{ orderNumber: number; total: number }>(
      `SELECT order_number AS orderNumber, total FROM customer_order
        WHERE customer_id = ? ORDER BY created_at DESC LIMIT 1`,
      who.id,
    );
    expect(
      one<{ n: number }>('SELECT COUNT(*) AS n FROM customer_order WHERE customer_id = ?', who.id)
        .n,
    ).toBe(before + 1);
    await page.getByText(`Order #${placed.orderNumber} placed`).first().waitFor();
    // What was read out on the phone is what the order costs.
    expect(placed.total).toBe(quoted);
    expect(e.problems).toEqual([]);
  });

  it("the driver's sheet heads each delivery date, earliest first", async () => {
    const driver = one<{ id: string }>("SELECT id FROM account WHERE username = 'driver2'");
    const admin = one<{ id: string }>("SELECT id FROM account WHERE username = 'admin'");
    // Two orders not yet on the road: one for three days on, dispatched first, and one for
    // tomorrow. The van's sheet must not mix them with the day's stops.
    const waiting = all<{ id: string }>(
      `SELECT o.id FROM customer_order o
        WHERE o.is_delivered = 0 AND o.on_hold = 0
          AND NOT EXISTS (SELECT 1 FROM delivery_job j WHERE j.order_id = o.id)
        ORDER BY o.order_number LIMIT 2`,
    );
    expect(waiting).toHaveLength(2);
    const today = isoDateInZone(new Date(), 'Asia/Tokyo');
    const later = [addDaysIso(today, 3), addDaysIso(today, 1)];
    waiting.forEach((o, i) => {
      e.db.$client
        .prepare('UPDATE customer_order SET delivery_date = ? WHERE id = ?')
        .run(later[i], o.id);
      dispatchOrder(
        e.db,
        { id: admin.id, name: 'admin' },
        { id: o.id, driverId: driver.id },
        { timeZone: 'Asia/Tokyo' },
      );
    });
    const dateOf = new Map(
      all<{ orderNumber: number; deliveryDate: string }>(
        `SELECT o.order_number AS orderNumber, o.delivery_date AS deliveryDate
           FROM delivery_job j JOIN customer_order o ON o.id = j.order_id
          WHERE j.delivered_by = ? AND j.is_delivered = 0`,
        driver.id,
      ).map((r) => [r.orderNumber, r.deliveryDate]),
    );
    // A job typed in without an order is for the business day it was made on (ADR 060).
    const orderless = e.db
      .select()
      .from(deliveryJob)
      .where(and(eq(deliveryJob.deliveredBy, driver.id), eq(deliveryJob.isDelivered, false)))
      .all()
      .filter((j) => !j.orderId)
      .map((j) => isoDateInZone(new Date(j.createdAt), 'Asia/Tokyo'));
    const dates = [...new Set([...dateOf.values(), ...orderless])].sort();
    expect(dates.length).toBeGreaterThanOrEqual(2);

    const page = await e.newPage(DESKTOP);
    await signInOffice(page);
    await page.goto('/admin/ordertrack');
    await page.getByPlaceholder('Driver for the sheet').click();
    await page.getByRole('option', { name: 'driver2', exact: true }).click();
    await page.getByRole('link', { name: 'Print delivery sheet' }).click();
    await page.waitForURL(`**/admin/ordertrack/sheet/${driver.id}`);
    const headings = page.getByTestId('sheet-date');
    await headings.first().waitFor();

    // One heading per date, earliest first.
    expect(await headings.allInnerTexts()).toEqual(
      dates.map((d) => `Delivery date: ${showDate(d)}`),
    );
    // Every order's stop sits under the heading of its own order's date, and every stop without
    // an order under some heading, none above the first.
    const sheet = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="sheet-date"], .print-block')].map((el) =>
        el.matches('[data-testid="sheet-date"]')
          ? { kind: 'heading', text: el.textContent ?? '' }
          : { kind: 'stop', text: /#(\d+)/.exec(el.textContent ?? '')?.[1] ?? '' },
      ),
    );
    let under = '';
    let stops = 0;
    for (const item of sheet) {
      if (item.kind === 'heading') {
        under = item.text;
        continue;
      }
      expect(under, 'a stop above every heading').not.toBe('');
      stops++;
      if (item.text === '') continue;
      const date = dateOf.get(Number(item.text));
      expect(date, `stop #${item.text}`).toBeTruthy();
      expect(under, `stop #${item.text}`).toBe(`Delivery date: ${showDate(date ?? '')}`);
    }
    expect(stops).toBe(dateOf.size + orderless.length);
    expect(e.problems).toEqual([]);
  });

  it('Settings says a change is not saved yet, and asks before a reload or a link loses it', async () => {
    const page = await e.newPage(DESKTOP);
    await signInOffice(page);
    await page.goto('/admin/settings');
    const name = page.getByLabel('Legal name');
    await name.waitFor();
    const stored = await name.inputValue();
    expect(stored).not.toBe('');
    const unsaved = page.getByTestId('settings-unsaved');
    expect(await unsaved.count()).toBe(0);

    // Typed as a person types (the browser asks before leaving only a page someone used).
    await name.click();
    await name.press('End');
    await name.pressSequentially(' 本店');
    await unsaved.getByText('Not saved yet: press Save in this section to keep it.').waitFor();
    expect(await unsaved.count()).toBe(1);
    // Beside the Save of the section the name is in.
    const section = page.locator('form, .mantine-Paper-root').filter({ has: name }).last();
    expect(await section.getByTestId('settings-unsaved').count()).toBe(1);

    // A reload asks first; staying keeps what was typed.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.reload({ timeout: 5_000 }).catch(() => {});
    expect(asked).toEqual(['beforeunload']);
    expect(await name.inputValue()).toBe(`${stored} 本店`);

    // So does one of the app's own links (the logo, home); staying keeps what was typed.
    const home = page.getByRole('link', { name: en.common.appName });
    await home.click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin/settings');
    expect(await name.inputValue()).toBe(`${stored} 本店`);

    // Saved: nothing to say, and a reload goes without asking.
    await section.getByRole('button', { name: 'Save' }).click();
    await unsaved.waitFor({ state: 'detached' });
    await page.reload();
    await name.waitFor();
    expect(await name.inputValue()).toBe(`${stored} 本店`);
    expect(asked).toEqual(['beforeunload']);
    await home.click();
    await page.waitForURL((url) => url.pathname !== '/admin/settings');
    expect(await leave.count()).toBe(0);
    expect(e.problems).toEqual([]);
  });
});
