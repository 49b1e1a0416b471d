import AxeBuilder from '@axe-core/playwright';
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customer, customerOrder, product } from '../../drizzle/schema';
import { addProducts, customerOf, setCutoff } from './demo-data';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

// A restaurant's checkout on a phone and a desktop: how far the cart is from the minimum, out
// of stock lines left out of the estimate, the cut-off next to the date, a typed message that
// survives a failed placement, a reload and a sign-in, the success page with the order's facts,
// and a customer on credit hold told before and after placing.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  // A cut-off late in the day: today may be chosen whatever time the test runs.
  setCutoff(e.db, '23:59');
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

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

function lastOrder(username: string) {
  return e.db
    .select()
    .from(customerOrder)
    .where(eq(customerOrder.customerId, customerOf(e.db, username).id))
    .orderBy(desc(customerOrder.createdAt))
    .get();
}

describe.each([
  ['phone', PHONE, 'cust03'],
  ['desktop', DESKTOP, 'cust04'],
] as const)('checkout on a %s', (label, viewport, user) => {
  it('minimum, stock, cut-off, a message that survives, and the placed order', async () => {
    const page = await e.newPage(viewport);
    await signIn(page, user, 'cust1234');
    await page.waitForURL('**/customer');
    const names = await addProducts(page, 2);
    expect(names).toHaveLength(2);
    // One of them runs out while it sits in the cart.
    const outName = names[1] ?? '';
    const out = e.db.select().from(product).where(eq(product.name, outName)).get();
    e.db.update(product).set({ itemType: 'Out of Stock' }).where(eq(product.id, out!.id)).run();

    // The minimum comes with the customer's terms, a request of its own: see below.
    const termsRead = page.waitForResponse((r) => r.url().includes('orders.checkoutTerms'));
    await page.goto('/cart');
    await page.getByTestId('stock-alert').waitFor();
    const note = page.getByTestId('estimate-without-stock').first();
    await note.getByText('1 line out of stock is not counted.').waitFor();
    // The demo's restaurants have no minimum of their own: no "more to reach" note (the terms'
    // 20,000 Yen is text, not enforced by the client). Only once the terms are in: before, no
    // note would pass too.
    await termsRead;
    expect(await page.getByTestId('minimum-note').count()).toBe(0);
    await page.getByTestId('estimated-total').first().waitFor();
    await axe(page, `${label} review`);
    await page
      .getByRole('button', { name: 'Remove out-of-stock items' })
      .click()
      .catch(() => {});
    e.db.update(product).set({ itemType: 'Regular' }).where(eq(product.id, out!.id)).run();

    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page
      .getByTestId('cutoff-note')
      .getByText(/^Order by 23:59 on .+ for delivery that day\.$/)
      .waitFor();
    await page
      .getByLabel(/Message/)
      .first()
      .fill('Back door please, after 10');
    // The placement fails (no answer): the message stays.
    await page.route('**/trpc/orders.place**', (r) => r.abort());
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('alert').filter({ hasText: /./ }).first().waitFor();
    await page.unroute('**/trpc/orders.place**');
    // And it survives a reload in this tab, which stays on the checkout step (/cart#checkout).
    await page.reload();
    expect(new URL(page.url()).hash).toBe('#checkout');
    await page.getByRole('button', { name: 'Place Order' }).waitFor();
    expect(
      await page
        .getByLabel(/Message/)
        .first()
        .inputValue(),
    ).toBe('Back door please, after 10');
    // And a sign-in in between: the session ends (its cookie is gone) and the owner signs in
    // again in the same tab.
    const beforeEnd = e.problems.length;
    await page.context().clearCookies();
    await signIn(page, user, 'cust1234');
    await page.waitForURL('**/customer');
    // The session ended on purpose: a request the open checkout made meanwhile (its calendar
    // check runs on a timer and on focus) was answered 401, as it should be. Only those.
    const meanwhile = e.problems.splice(beforeEnd);
    e.problems.push(...meanwhile.filter((p) => !/status of 401/.test(p)));
    await page.goto('/cart');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    expect(
      await page
        .getByLabel(/Message/)
        .first()
        .inputValue(),
    ).toBe('Back door please, after 10');
    await axe(page, `${label} checkout`);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/customer/orderplaced');
    const order = lastOrder(user);
    expect(order?.customMessage).toBe('Back door please, after 10');
    const facts = page.getByTestId('placed-summary');
    await facts.getByText(`#${order?.orderNumber}`).waitFor();
    expect(await facts.innerText()).toContain(`¥${order?.total.toLocaleString('en-US')}`);
    await axe(page, `${label} placed`);
    // The next checkout starts with an empty message.
    await addProducts(page, 1);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    expect(
      await page
        .getByLabel(/Message/)
        .first()
        .inputValue(),
    ).toBe('');
    expect(
      e.problems.filter((p) => !/ERR_FAILED|Failed to fetch|net::|orders\.place/.test(p)),
    ).toEqual([]);
  });
});

describe('credit hold', () => {
  it('a held customer is told at checkout, on the success page and in the history', async () => {
    const held = customerOf(e.db, 'cust05');
    e.db.update(customer).set({ creditHold: true }).where(eq(customer.id, held.id)).run();
    const page = await e.newPage(PHONE);
    await signIn(page, 'cust05', 'cust1234');
    await page.waitForURL('**/customer');
    await addProducts(page, 1);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page
      .getByTestId('credit-hold-banner')
      .getByText('Your account is on credit hold')
      .waitFor();
    await axe(page, 'held checkout');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/customer/orderplaced');
    await page
      .getByRole('heading', { name: "Order received: waiting for the office's review" })
      .waitFor();
    expect(await page.getByText('Order Placed Successfully!').count()).toBe(0);
    const order = lastOrder('cust05');
    expect(order?.onHold).toBe(true);
    await page.getByTestId('placed-summary').getByText(`#${order?.orderNumber}`).waitFor();
    await axe(page, 'held placed');
    await page.goto('/customer/myorderlist');
    await page.getByTestId('order-row').first().getByText('Waiting for office review').waitFor();
    expect(e.problems).toEqual([]);
  });
});
