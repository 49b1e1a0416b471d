import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dispatchOrder } from '../../server/orders/web-orders';
import { isoDateInZone } from '../../shared/format';
import { en } from '../../shared/locales/en';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

// Money from deliveries in the browser (ADR 033): driver1 delivers a cash web order on a phone
// with one line short and takes part of the cash; the office runs a closing and sees the
// invoices made; a customer reports a goods issue.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

let deliveredOrder = '';
const one = <T>(q: string, ...params: unknown[]) => e.db.$client.prepare(q).get(...params) as T;

describe('billing journeys', () => {
  it("a driver's short delivery with cash taken makes its invoice and payment", async () => {
    // A pending web order of a cash customer, dispatched to driver1 by the office.
    const order = one<{
      id: string;
      orderNumber: number;
      restaurantName: string;
      name: string;
      quantity: number;
    }>(
      `SELECT o.id, o.order_number AS orderNumber, o.restaurant_name AS restaurantName, l.name,
              l.quantity
         FROM customer_order o JOIN customer c ON c.id = o.customer_id
         JOIN order_line l ON l.order_id = o.id
        WHERE o.is_delivered = 0 AND o.on_hold = 0 AND c.payment_method = 'cash' AND l.quantity >= 2
        ORDER BY o.order_number, l.position LIMIT 1`,
    );
    const driver = one<{ id: string }>("SELECT id FROM account WHERE username = 'driver1'");
    const admin = one<{ id: string }>("SELECT id FROM account WHERE username = 'admin'");
    dispatchOrder(
      e.db,
      { id: admin.id, name: 'admin' },
      { id: order.id, driverId: driver.id },
      { timeZone: 'Asia/Tokyo' },
    );

    const phone = await e.newPage(PHONE);
    await signIn(phone, 'driver1', 'driver1234');
    await phone.waitForURL('**/driver');
    await phone.goto('/driver/ordertrack');
    await phone.getByRole('heading', { name: 'ORDERS' }).waitFor();
    // This order's card, by its number: another of the driver's jobs may hold the same product.
    const card = phone.getByTestId('job-card').filter({
      has: phone
        .getByTestId('job-order-number')
        .getByText(`Order #${order.orderNumber}`, { exact: true }),
    });
    await card.waitFor();
    await card.getByRole('button', { name: 'Mark As Delivered' }).click();
    const ask = phone.getByRole('dialog', { name: 'Are You Sure to Mark Delivered?' });
    await ask.getByLabel(`Delivered: ${order.name}`).fill(String(order.quantity - 1));
    await ask.getByLabel(`Why different: ${order.name}`).waitFor();
    await ask.getByLabel('Cash taken').fill('1000');
    await ask.getByRole('button', { name: 'Yes' }).click();

    await expect
      .poll(
        () =>
          one<{ invoiceId: string | null }>(
            'SELECT invoice_id AS invoiceId FROM customer_order WHERE id = ?',
            order.id,
          ).invoiceId,
        { timeout: 20_000 },
      )
      .toBeTruthy();
    const inv = one<{ kind: string; paid: number; assign: string }>(
      `SELECT i.kind, i.paid_amount AS paid, i.assign_to_collect AS assign FROM invoice i
         JOIN customer_order o ON o.invoice_id = i.id WHERE o.id = ?`,
      order.id,
    );
    expect(inv).toEqual({ kind: 'delivery', paid: 1000, assign: driver.id });
    const line = one<{ q: number; r: string }>(
      `SELECT delivered_quantity AS q, short_reason AS r FROM order_line
        WHERE order_id = ? AND name = ?`,
      order.id,
      order.name,
    );
    expect(line).toEqual({ q: order.quantity - 1, r: 'short' });
    deliveredOrder = order.id;
    expect(e.problems).toEqual([]);
  });

  it('a driver hands over another product instead of a line, and the invoice bills it', async () => {
    // Another pending web order of a cash customer (ADR 050), dispatched to driver1.
    const order = one<{
      id: string;
      orderNumber: number;
      name: string;
      lineId: string;
      productId: string;
    }>(
      `SELECT o.id, o.order_number AS orderNumber, l.name, l.id AS lineId,
              l.product_id AS productId
         FROM customer_order o JOIN customer c ON c.id = o.customer_id
         JOIN order_line l ON l.order_id = o.id
        WHERE o.is_delivered = 0 AND o.on_hold = 0 AND c.payment_method = 'cash'
          AND o.id <> ? AND NOT EXISTS (SELECT 1 FROM delivery_job j WHERE j.order_id = o.id)
        ORDER BY o.order_number, l.position LIMIT 1`,
      deliveredOrder,
    );
    const rice = one<{ id: string; name: string }>(
      "SELECT id, name FROM product WHERE name LIKE 'Jasmine Rice%' AND id <> ? LIMIT 1",
      order.productId,
    );
    const driver = one<{ id: string }>("SELECT id FROM account WHERE username = 'driver1'");
    const admin = one<{ id: string }>("SELECT id FROM account WHERE username = 'admin'");
    dispatchOrder(
      e.db,
      { id: admin.id, name: 'admin' },
      { id: order.id, driverId: driver.id },
      { timeZone: 'Asia/Tokyo' },
    );

    const phone = await e.newPage(PHONE);
    await signIn(phone, 'driver1', 'driver1234');
    await phone.waitForURL('**/driver');
    await phone.goto('/driver/ordertrack');
    // This order's card, by its number: another of the driver's jobs may hold the same product.
    const card = phone.getByTestId('job-card').filter({
      has: phone
        .getByTestId('job-order-number')
        .getByText(`Order #${order.orderNumber}`, { exact: true }),
    });
    await card.waitFor();
    await card.getByRole('button', { name: 'Mark As Delivered' }).click();
    const ask = phone.getByRole('dialog', { name: 'Are You Sure to Mark Delivered?' });
    await ask.getByLabel(`Delivered: ${order.name}`).fill('0');
    await ask.getByLabel(`Why different: ${order.name}`).selectOption('substituted');
    await ask.getByLabel(`Find the product given instead of ${order.name}`).fill('jasmine');
    await ask
      .getByLabel(`Handed over instead of ${order.name}`, { exact: true })
      .selectOption(rice.id);
    await ask.getByLabel(`How many handed over instead of ${order.name}`).fill('2');
    await ask.getByRole('button', { name: 'Yes' }).click();

    await expect
      .poll(
        () =>
          one<{ invoiceId: string | null }>(
            'SELECT invoice_id AS invoiceId FROM customer_order WHERE id = ?',
            order.id,
          ).invoiceId,
        { timeout: 20_000 },
      )
      .toBeTruthy();
    // The substitute is a line of the order, billed on its invoice.
    const billed = one<{ quantity: number; substituteFor: string }>(
      `SELECT il.quantity, l.substitute_for AS substituteFor
         FROM invoice_line il JOIN order_line l ON l.id = il.order_line_id
         JOIN customer_order o ON o.invoice_id = il.invoice_id
        WHERE o.id = ? AND l.product_id = ?`,
      order.id,
      rice.id,
    );
    expect(billed).toEqual({ quantity: 2, substituteFor: order.lineId });
    expect(e.problems).toEqual([]);
  });

  it("the office's closing run shows its preview and the invoices it made", async () => {
    const page = await e.newPage(DESKTOP);
    await signIn(page, 'admin', 'admin1234');
    await page.waitForURL('**/admin');
    await page.goto('/admin/invoice/closing');
    await page.getByRole('heading', { name: 'Closing' }).waitFor();
    // Today, for month-end customers: one of them closes today (a closing date must have come),
    // and the demo's month-end customers still have this month's deliveries to close.
    const end = isoDateInZone(new Date(), 'Asia/Tokyo');
    e.db.$client
      .prepare(
        `UPDATE customer SET closing_day = ? WHERE payment_method = 'monthly'
           AND (closing_day IS NULL OR closing_day = 31)`,
      )
      .run(Number(end.slice(8)));
    // Typed as the app writes dates in English (28 Nov 2026), whatever the browser's locale.
    const [y, m, d] = end.split('-');
    const month = en.common.month[`m${Number(m)}` as keyof typeof en.common.month];
    const closingDate = page.getByLabel('Closing date');
    await closingDate.fill(`${Number(d)} ${month} ${y}`);
    // Escape closes the calendar under the field (it would cover what is below it).
    await closingDate.press('Escape');
    expect(await closingDate.inputValue()).toBe(`${Number(d)} ${month} ${y}`);
    await page.getByTestId('closing-total').waitFor();
    await page.getByRole('button', { name: 'Run closing' }).click();
    // It asks first, naming the date and what it will bill.
    await page.getByRole('dialog').getByRole('button', { name: 'Run closing' }).click();
    await page.getByTestId('closing-result').getByRole('link').first().waitFor();
    expect(
      one<{ n: number }>(
        "SELECT COUNT(*) AS n FROM invoice WHERE kind = 'closing' AND issue_date = ?",
        end,
      ).n,
    ).toBeGreaterThan(0);
    expect(e.problems).toEqual([]);
  });

  it('a customer reports a goods issue on a delivered product', async () => {
    const who = one<{ username: string; name: string }>(
      `SELECT a.username, l.name FROM customer_order o
         JOIN customer c ON c.id = o.customer_id JOIN account a ON a.id = c.account_id
         JOIN order_line l ON l.order_id = o.id
        WHERE o.id = ? ORDER BY l.position LIMIT 1`,
      deliveredOrder,
    );
    const page = await e.newPage(PHONE);
    await signIn(page, who.username, 'cust1234');
    await page.waitForURL('**/customer');
    await page.goto('/customer/claims');
    await page.getByRole('heading', { name: 'Report a problem' }).waitFor();
    await page.getByLabel('Product').first().click();
    await page
      .getByRole('option', { name: new RegExp(who.name) })
      .first()
      .click();
    // Words no demo claim uses (the demo's approved claim says "The bag was torn").
    await page.getByLabel('What is wrong?').fill('The lid was cracked on arrival');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page
      .getByTestId('my-claim')
      .filter({ hasText: 'The lid was cracked on arrival' })
      .waitFor();
    expect(
      one<{ n: number }>(
        "SELECT COUNT(*) AS n FROM goods_claim WHERE order_id = ? AND status = 'pending'",
        deliveredOrder,
      ).n,
    ).toBe(1);
    expect(e.problems).toEqual([]);
  });
});
