import { and, desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { account, customerOrder, deliveryJob, payment } from '../../drizzle/schema';
import { deliverJob } from '../../server/deliveries/deliver';
import { dispatchOrder } from '../../server/orders/web-orders';
import { scopeAll } from '../../server/platform/scope';
import { addProducts, customerOf, cutoffHalfADayAway, setCutoff } from './demo-data';
import { type E2E, PHONE, signIn, startE2E } from './harness';

// What a phone keeps when the world moves under it (ADR 059): a Place Order whose answer was
// lost, then a reload and Place Order again, is one order; the phone's Back closes the order's
// dialogs and stays on the page; a driver's cash on a job the office delivered meanwhile is
// kept on the phone and said not recorded, not silently dropped.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  // The delivery date the checkout offers cannot move between two presses of Place Order.
  setCutoff(e.db, cutoffHalfADayAway());
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

function ordersOf(username: string) {
  return e.db
    .select()
    .from(customerOrder)
    .where(eq(customerOrder.customerId, customerOf(e.db, username).id))
    .orderBy(desc(customerOrder.createdAt))
    .all();
}

async function toCheckout(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await page.getByRole('button', { name: 'Place Order' }).waitFor();
}

/** Console lines a connection cut on purpose leaves (the aborted request); nothing else. */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/ERR_FAILED|ERR_CONNECTION_RESET|Failed to fetch|net::/.test(p));

describe('a restaurant on a phone', () => {
  it('Place Order whose answer is lost, a reload, Place Order again: one order', async () => {
    const user = 'cust07';
    const page = await e.newPage(PHONE);
    await signIn(page, user, 'cust1234');
    await page.waitForURL('**/customer');
    expect(await addProducts(page, 2)).toHaveLength(2);
    await toCheckout(page);
    await page
      .getByLabel(/Message/)
      .first()
      .fill('Kitchen door, please');
    const before = ordersOf(user).length;

    // The request reaches the server, which places the order; its answer never reaches the
    // phone (the connection drops on the way back).
    let sent = 0;
    await page.route('**/trpc/orders.place**', async (route) => {
      sent++;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByTestId('place-failed').waitFor();
    expect(sent).toBe(1);
    const made = ordersOf(user);
    expect(made).toHaveLength(before + 1);
    const first = made[0];
    expect(first?.customMessage).toBe('Kitchen door, please');
    await page.unroute('**/trpc/orders.place**');

    // The owner reloads the page: the checkout says the last attempt got no answer, with the
    // same message, and Place Order again gets the order already made.
    await page.reload();
    await page
      .getByTestId('place-unanswered')
      .getByText('Your last Place Order got no answer')
      .waitFor();
    expect(
      await page
        .getByLabel(/Message/)
        .first()
        .inputValue(),
    ).toBe('Kitchen door, please');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/customer/orderplaced');
    expect(ordersOf(user)).toHaveLength(before + 1);
    await page.getByTestId('placed-summary').getByText(`#${first?.orderNumber}`).waitFor();

    // The history has that one order, once.
    await page.goto('/customer/myorderlist');
    const rows = page.getByTestId('order-row');
    await rows.first().waitFor();
    expect(await rows.filter({ hasText: `#${first?.orderNumber}` }).count()).toBe(1);
    expect(await rows.filter({ hasText: `#${(first?.orderNumber ?? 0) + 1}` }).count()).toBe(0);
    expect(unexpected(e.problems)).toEqual([]);
  });

  it('the cart open in a second tab follows the order the first tab placed, and says so', async () => {
    const user = 'cust08';
    const first = await e.newPage(PHONE);
    await signIn(first, user, 'cust1234');
    await first.waitForURL('**/customer');
    expect(await addProducts(first, 2)).toHaveLength(2);
    // The same phone, a second tab on the same cart (opened from a link, kept from yesterday).
    const second = await first.context().newPage();
    await second.goto('/cart');
    await second.getByRole('button', { name: 'CONTINUE' }).waitFor();

    await toCheckout(first);
    await first.getByRole('button', { name: 'Place Order' }).click();
    await first.waitForURL('**/customer/orderplaced');
    const placed = ordersOf(user)[0];

    // The second tab shows that order, not an empty home, and says where it was placed.
    await second.waitForURL('**/customer/orderplaced');
    await second.getByTestId('ordered-elsewhere').getByText('another window or tab').waitFor();
    await second.getByTestId('placed-summary').getByText(`#${placed?.orderNumber}`).waitFor();
    expect(unexpected(e.problems)).toEqual([]);
  });

  it("the phone's Back closes the order's details and the cancel question, not the page", async () => {
    const user = 'cust08';
    const page = await e.newPage(PHONE);
    await signIn(page, user, 'cust1234');
    await page.waitForURL('**/customer');
    await addProducts(page, 1);
    await toCheckout(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/customer/orderplaced');
    const order = ordersOf(user)[0];
    const number = `#${order?.orderNumber}`;

    // The history, opened from the home screen.
    await page.goto('/customer');
    await page.getByRole('link', { name: 'Order History' }).first().click();
    await page.waitForURL('**/customer/myorderlist');
    const row = page.getByTestId('order-row').filter({ hasText: number });
    await row.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: `ORDER DETAILS ${number}` });
    await details.waitFor();
    await page.goBack();
    await details.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/customer/myorderlist');
    await page.getByRole('heading', { name: 'ORDER HISTORY' }).waitFor();
    await row.waitFor();

    // The details again, and on to the order's page to cancel it.
    await row.getByRole('button', { name: 'Details' }).click();
    await details.getByRole('link', { name: 'Change order' }).click();
    await page.waitForURL(`**/customer/orderdetails/${order?.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const ask = page.getByRole('dialog', { name: `Cancel order ${number}?` });
    await ask.waitFor();
    // Back answers "Keep the order": the page and the order stay.
    await page.goBack();
    await ask.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/customer/orderdetails/${order?.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).waitFor();
    expect(ordersOf(user).some((o) => o.id === order?.id)).toBe(true);

    // Cancelled for real: the history list takes the order's page's place (the question's
    // history entry went first), so Back from it does not lead to the order that is gone.
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await ask.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.waitForURL('**/customer/myorderlist');
    await page.getByTestId('order-cancelled').getByText(`Order ${number} was cancelled.`).waitFor();
    expect(ordersOf(user).some((o) => o.id === order?.id)).toBe(false);
    await page.goBack();
    await page.getByRole('heading', { name: 'ORDER HISTORY' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/customer/myorderlist');
    await row.waitFor({ state: 'detached' });
    expect(e.problems).toEqual([]);
  });
});

describe('a driver on a phone', () => {
  it('cash taken on a job the office delivered meanwhile is kept and said not recorded', async () => {
    // A pending web order of a cash customer, dispatched to driver1.
    const order = e.db.$client
      .prepare(
        `SELECT o.id, o.order_number AS orderNumber, c.restaurant_name AS restaurantName
           FROM customer_order o JOIN customer c ON c.id = o.customer_id
          WHERE o.is_delivered = 0 AND o.on_hold = 0 AND c.payment_method = 'cash'
            AND NOT EXISTS (SELECT 1 FROM delivery_job j WHERE j.order_id = o.id)
          ORDER BY o.order_number LIMIT 1`,
      )
      .get() as { id: string; orderNumber: number; restaurantName: string };
    const driver = e.db.select().from(account).where(eq(account.username, 'driver1')).get();
    const admin = e.db.select().from(account).where(eq(account.username, 'admin')).get();
    if (!driver || !admin) throw new Error('no demo staff');
    const office = { id: admin.id, name: admin.username };
    dispatchOrder(e.db, office, { id: order.id, driverId: driver.id }, { timeZone: 'Asia/Tokyo' });
    const job = e.db.select().from(deliveryJob).where(eq(deliveryJob.orderId, order.id)).get();
    if (!job) throw new Error('not dispatched');

    const phone = await e.newPage(PHONE);
    await signIn(phone, 'driver1', 'driver1234');
    await phone.waitForURL('**/driver');
    await phone.goto('/driver/ordertrack');
    await phone.getByRole('heading', { name: 'ORDERS' }).waitFor();
    const card = phone.getByTestId('job-card').filter({ hasText: `#${order.orderNumber}` });
    await card.waitFor();

    // The office marks it delivered while the phone still shows it.
    deliverJob(e.db, office, scopeAll, { id: job.id }, new Date(), { timeZone: 'Asia/Tokyo' });
    const cashOnOrder = () =>
      e.db.$client
        .prepare(
          `SELECT COALESCE(SUM(p.amount), 0) FROM payment p
             JOIN customer_order o ON o.invoice_id = p.invoice_id WHERE o.id = ?`,
        )
        .pluck()
        .get(order.id) as number;
    expect(cashOnOrder()).toBe(0);
    const payments = e.db.select().from(payment).all().length;

    await card.getByRole('button', { name: 'Mark As Delivered' }).click();
    const ask = phone.getByRole('dialog', { name: 'Are You Sure to Mark Delivered?' });
    await ask.getByLabel('Cash taken').fill('1000');
    await ask.getByRole('button', { name: 'Yes' }).click();
    const said =
      'This delivery was already marked delivered (by the office or on another phone), so the ¥1,000 you took was not recorded. Record it on the Payments screen, then discard this.';
    // Said where the driver is looking: the dialog becomes the final word, with Close only
    // (nothing is left to send, so no "Yes" invites a second try).
    const final = phone.getByRole('dialog', {
      name: 'Delivered already: the cash was not recorded',
    });
    await final.getByRole('alert').getByText(said).waitFor();
    expect(await final.getByRole('button', { name: 'Yes' }).count()).toBe(0);
    expect(await phone.getByText(`Delivered: ${order.restaurantName}`).count()).toBe(0);
    expect(cashOnOrder()).toBe(0);
    expect(e.db.select().from(payment).all().length).toBe(payments);

    // Closed: the job is off the pending list, and the cash not recorded stays said at the top,
    // also after a reload, until the driver discards it.
    await final.getByRole('button', { name: 'Close' }).last().click();
    await final.waitFor({ state: 'hidden' });
    await card.waitFor({ state: 'detached' });
    await phone.reload();
    await phone.getByRole('heading', { name: 'ORDERS' }).waitFor();
    const unrecorded = phone.getByTestId('cash-not-recorded-list');
    await unrecorded.getByText(said).waitFor();
    await unrecorded.getByText(order.restaurantName).waitFor();
    expect(await card.count()).toBe(0);
    await unrecorded.getByRole('button', { name: 'Discard' }).waitFor();
    // The office's delivery stands, without cash.
    const after = e.db
      .select()
      .from(deliveryJob)
      .where(and(eq(deliveryJob.id, job.id), eq(deliveryJob.isDelivered, true)))
      .get();
    expect(after).toBeTruthy();
    expect(cashOnOrder()).toBe(0);
    // The refused send answered 409: the browser logs it as a failed resource.
    expect(e.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  });
});
