import AxeBuilder from '@axe-core/playwright';
import { and, desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, customer, customerOrder, orderLine, setting } from '../../drizzle/schema';
import { type E2E, PHONE, signIn, startE2E } from './harness';

// A restaurant on a phone changes an order until the cut-off and sees the new total, cancels
// another, and on a second order for the same delivery day is offered to add the cart to the
// first, which it does (ADR 043).

const USER = 'cust06';
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  // A cut-off late in the day: the orders stay changeable whatever time the test runs.
  const value = { cutoff: '23:59', holidays: [] };
  e.db
    .insert(setting)
    .values({ key: 'delivery', value })
    .onConflictDoUpdate({ target: setting.key, set: { value } })
    .run();
});
afterAll(() => e?.close());

async function axe(page: Page, where: string) {
  const result = await new AxeBuilder({ page })
    .disableRules(['color-contrast'])
    .exclude('.mantine-AppShell-header')
    .exclude('.mantine-Notifications-root')
    .analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(', ')}`);
  expect(bad).toEqual([]);
}

function customerId(): string {
  const row = e.db
    .select({ id: customer.id })
    .from(customer)
    .innerJoin(account, eq(account.id, customer.accountId))
    .where(eq(account.username, USER))
    .get();
  if (!row) throw new Error(`no ${USER}`);
  return row.id;
}

const lastOrder = () =>
  e.db
    .select()
    .from(customerOrder)
    .where(eq(customerOrder.customerId, customerId()))
    .orderBy(desc(customerOrder.createdAt), desc(customerOrder.orderNumber))
    .get();
const orderById = (id: string) =>
  e.db.select().from(customerOrder).where(eq(customerOrder.id, id)).get();
const linesOf = (id: string) =>
  e.db.select().from(orderLine).where(eq(orderLine.orderId, id)).orderBy(orderLine.position).all();

/** Adds the first `n` products that can be added (from the `skip`-th card on) to the cart. */
async function addProducts(page: Page, n: number, skip = 0): Promise<void> {
  await page.goto('/customer/regularorder');
  const cards = page.getByTestId('product-card');
  // The grid draws its first cards first and the rest in batches (ProductGrid): on a busy
  // machine the cards looked at below may not be there yet.
  await cards.nth(skip + 20).waitFor();
  let added = 0;
  for (let i = skip; added < n && i < skip + 30; i++) {
    const add = cards.nth(i).getByRole('button', { name: 'Add to cart' });
    if ((await add.count()) === 0 || (await add.isDisabled())) continue;
    await add.click();
    // The card turns into a stepper once the product is in the cart.
    await cards
      .nth(i)
      .getByRole('button', { name: /^Increase quantity of/ })
      .waitFor();
    added++;
  }
  expect(added).toBe(n);
}

async function toCheckout(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  await page.getByTestId('cutoff-note').waitFor();
}

const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

describe('changing and cancelling an order on a phone', () => {
  it('changes a quantity, cancels another, and adds a second cart to the first order', async () => {
    // Nothing pending from the demo data for this restaurant: the first order is the first.
    e.db
      .delete(customerOrder)
      .where(and(eq(customerOrder.customerId, customerId()), eq(customerOrder.isDelivered, false)))
      .run();
    const page = await e.newPage(PHONE);
    await signIn(page, USER, 'cust1234');
    await page.waitForURL('**/customer');

    // 1. The first order.
    await addProducts(page, 2);
    // The same-day notice comes from its own request, after the date is known: before its
    // answer, no notice would pass too.
    const sameDayRead = page.waitForResponse((r) => r.url().includes('orders.sameDay'));
    await toCheckout(page);
    await sameDayRead;
    expect(await page.getByTestId('same-day').count()).toBe(0);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/customer/orderplaced');
    const first = lastOrder();
    if (!first) throw new Error('no order');

    // 2. Its page says until when it can change; one more of its first line.
    await page.goto(`/customer/orderdetails/${first.id}`);
    await page
      .getByTestId('changeable-until')
      .first()
      .getByText(/^Changeable until 23:59 on .+$/)
      .waitFor();
    await axe(page, 'order page');
    await page.getByRole('button', { name: 'Change order' }).click();
    const firstLine = linesOf(first.id)[0];
    if (!firstLine) throw new Error('no line');
    await page
      .getByTestId('change-form')
      .getByRole('button', { name: `Increase quantity of ${firstLine.name}` })
      .click();
    await axe(page, 'change form');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const changedNote = page.getByTestId('order-changed');
    await changedNote.waitFor();
    const changed = orderById(first.id);
    expect(linesOf(first.id)[0]?.quantity).toBeGreaterThan(firstLine.quantity);
    expect(changed?.total).toBeGreaterThan(first.total);
    expect(await changedNote.innerText()).toContain(yen(changed?.total ?? 0));

    // 3. A second order for the same day: flagged, but placed separately on purpose.
    await addProducts(page, 1, 5);
    await toCheckout(page);
    const flag = page.getByTestId('same-day');
    await flag.waitFor();
    expect(await flag.innerText()).toContain(`#${first.orderNumber}`);
    await axe(page, 'checkout with the same-day notice');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/customer/orderplaced');
    const second = lastOrder();
    if (!second || second.id === first.id) throw new Error('no second order');

    // 4. The second is cancelled, with a confirmation.
    await page.goto(`/customer/orderdetails/${second.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Cancel order #${second.orderNumber}?`).waitFor();
    await axe(page, 'cancel dialog');
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.waitForURL('**/customer/myorderlist');
    await page
      .getByTestId('order-cancelled')
      .getByText(`Order #${second.orderNumber} was cancelled.`)
      .waitFor();
    expect(orderById(second.id)).toBeUndefined();

    // 5. A third cart for that day goes into the first order.
    const before = linesOf(first.id).length;
    await addProducts(page, 1, 8);
    await toCheckout(page);
    await page
      .getByTestId('same-day')
      .getByText(`#${first.orderNumber}`, { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Add to that order' }).click();
    await page.waitForURL(`**/customer/orderdetails/${first.id}`);
    await page
      .getByTestId('added-to-order')
      .getByText(`Your cart was added to order #${first.orderNumber}.`)
      .waitFor();
    expect(linesOf(first.id).length).toBe(before + 1);
    const sameDay = e.db
      .select()
      .from(customerOrder)
      .where(
        and(
          eq(customerOrder.customerId, customerId()),
          eq(customerOrder.deliveryDate, first.deliveryDate),
        ),
      )
      .all();
    expect(sameDay.map((o) => o.id)).toEqual([first.id]);
    await axe(page, 'order page after adding');
    expect(e.problems).toEqual([]);
  }, 240_000);

  it('in Nepali on a 360 px phone the change form says its two buttons in full', async () => {
    const order = lastOrder();
    if (!order) throw new Error('no order');
    const page = await e.newPage({ width: 360, height: 740 });
    await signIn(page, USER, 'cust1234');
    await page.waitForURL('**/customer');
    await page.getByTestId('language-switch').first().selectOption('ne');
    await page.goto(`/customer/orderdetails/${order.id}`);
    await page.getByRole('button', { name: 'अर्डर बदल्नुहोस्' }).click();
    const form = page.getByTestId('change-form');
    for (const name of ['परिवर्तन छोड्नुहोस्', 'परिवर्तन सुरक्षित गर्नुहोस्']) {
      const label = form.getByRole('button', { name }).locator('.mantine-Button-label');
      const cut = await label.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(cut, name).toBeLessThanOrEqual(0);
    }
    expect(e.problems).toEqual([]);
  });
});
