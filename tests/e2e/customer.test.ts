import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { account, customer } from '../../drizzle/schema';
import { deliveryCalendar } from '../../server/settings/settings';
import { defaultDeliveryDate } from '../../shared/delivery-dates';
import { toPickerDate } from '../../shared/format';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());
// Each journey answers for its own console.
beforeEach(() => {
  e.problems.length = 0;
});

const PASSWORD = 'cust1234';

/** The date the checkout offers a demo customer (the server's calendar, their delivery days). */
function expectedDeliveryDate(username: string): string {
  const row = e.db
    .select({ days: customer.deliveryDays })
    .from(customer)
    .innerJoin(account, eq(customer.accountId, account.id))
    .where(eq(account.username, username))
    .get();
  const calendar = deliveryCalendar(e.db, 'Asia/Tokyo');
  return defaultDeliveryDate(calendar.earliest, row?.days ?? [], calendar.holidays);
}

/** Signs in and waits for the customer home. */
async function signInCustomer(page: Page, username: string): Promise<void> {
  await signIn(page, username, PASSWORD);
  await page.waitForURL('**/customer');
}

/** The product card whose name is exactly `name`. */
function card(page: Page, name: string): Locator {
  return page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** The visible product cards' names, in order. */
async function cardNames(page: Page): Promise<string[]> {
  return page.getByTestId('product-card').getByRole('heading', { level: 2 }).allTextContents();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The visible product cards' category lines. */
async function cardCategories(page: Page): Promise<string[]> {
  return page
    .getByTestId('product-card')
    .evaluateAll((cards) =>
      cards.map((c) => c.querySelector('h2')?.previousElementSibling?.textContent ?? ''),
    );
}

/** Waits until the grid shows `count` cards (the products count line says so). */
async function waitForCount(page: Page, count: number): Promise<void> {
  await page.getByText(`Products: ${count}`, { exact: true }).waitFor();
}

describe('customer journeys', () => {
  it('(a) phone: search, add, cart, remove, place the order, see it Pending and in detail', async () => {
    const page = await e.newPage(PHONE);
    await signInCustomer(page, 'cust01');

    // The slider starts on the first picture; read it as soon as it is drawn: it moves on by
    // itself after 2500 ms, which the popup below can outlast on a busy machine.
    const active = () =>
      page.locator('.mantine-Carousel-indicator[data-active]').getAttribute('aria-label');
    const first = await active();
    expect(first).toBe('Show picture 1');

    // The home's promotional popup comes 800 ms later with its countdown; close it by hand.
    const popup = page.getByRole('dialog', { name: 'News for you' });
    await popup.waitFor();
    await popup.getByText(/^Closes in \d+ s$/).waitFor();
    await popup.getByRole('button', { name: 'Close' }).click();
    await popup.waitFor({ state: 'hidden' });

    // The slider moves on by itself (every 2500 ms).
    await expect.poll(active, { timeout: 6000 }).not.toBe(first);

    await page.getByRole('link', { name: 'All Products' }).click();
    await page.waitForURL('**/customer/regularorder');
    await page.getByRole('heading', { name: 'ALL PRODUCTS' }).waitFor();
    // Small screens get the dropdown, not the sidebar.
    await page.getByRole('combobox', { name: 'By Category' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Categories' }).isVisible()).toBe(false);

    await page.getByLabel('Search by name').fill('DAL');
    await card(page, 'Toor Dal 1kg').waitFor();
    const found = await cardNames(page);
    expect(found.length).toBeGreaterThan(1);
    for (const name of found) expect(name.toLowerCase()).toContain('dal');

    await card(page, 'Toor Dal 1kg').getByRole('button', { name: 'Add to cart' }).click();
    await card(page, 'Moong Dal Yellow 1kg').getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Increase quantity of Toor Dal 1kg' }).click();
    await expect
      .poll(() =>
        page.getByRole('textbox', { name: 'Quantity of Toor Dal 1kg in the cart' }).inputValue(),
      )
      .toBe('2');

    // The top bar's cart button counts the lines.
    await page.getByRole('link', { name: 'Cart: 2 items' }).click();
    await page.waitForURL('**/cart');
    await page.getByText('ORDER REVIEW').waitFor();
    const lines = page.getByTestId('cart-line');
    await expect.poll(() => lines.count()).toBe(2);
    await lines.filter({ hasText: 'Toor Dal 1kg' }).getByText('2 Kg').waitFor();

    await page.getByRole('button', { name: 'Remove Moong Dal Yellow 1kg' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are You Sure to Remove Item ?' });
    await confirm.getByText('You cannot undo this operation').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => lines.count()).toBe(1);
    await page.getByRole('link', { name: 'Cart: 1 item' }).waitFor();

    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.getByText('The minimum order is more than 20,000 Yen.').waitFor();
    for (const day of ['Monday', 'Wednesday', 'Friday']) {
      await page.getByText(day, { exact: true }).waitFor();
    }
    // DESIGN §6: the earliest allowed day that is one of the customer's delivery days.
    const expected = expectedDeliveryDate('cust01');
    const date = page.getByRole('button', { name: /Delivery date/ });
    await date.waitFor();
    expect(await date.textContent()).toContain(toPickerDate(expected));
    await page.getByLabel('Message').fill('Please use the back door');
    // Placed through tRPC, alone (not batched), with its own Idempotency-Key header.
    const placing = page.waitForRequest((r) => r.url().includes('/trpc/orders.place'));
    await page.getByRole('button', { name: 'Place Order' }).click();
    const request = await placing;
    expect(new URL(request.url()).pathname).toBe('/trpc/orders.place');
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    await page.waitForURL('**/customer/orderplaced');
    await page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();
    await page
      .getByText("Thank you for your order. We've received your order successfully.")
      .waitFor();
    // The cart is empty, so its button is gone.
    expect(await page.getByRole('link', { name: /^Cart/ }).count()).toBe(0);

    await page.getByRole('link', { name: 'VIEW YOUR ORDERS' }).click();
    await page.waitForURL('**/customer/myorderlist');
    await page.getByRole('heading', { name: 'ORDER HISTORY' }).waitFor();
    // On a phone the history shows one card per order.
    const newest = page.getByTestId('order-row').first();
    await newest.getByText(toPickerDate(expected), { exact: true }).waitFor();
    await newest.getByText('Pending').waitFor();

    await newest.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'ORDER DETAILS' });
    await details.getByText('Please use the back door').waitFor();
    await details
      .getByRole('row', { name: /Toor Dal 1kg/ })
      .getByText('2 Kg')
      .waitFor();

    await details.getByRole('link', { name: 'Open printable page' }).click();
    await page.waitForURL('**/customer/orderdetails/*');
    // The printable page is its own screen (loaded on demand): wait for it, not for the
    // dialog's copy of the same row on its way out.
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const line = page.getByRole('row', { name: /Toor Dal 1kg/ });
    await line.waitFor();
    const cells = await line.getByRole('cell').allInnerTexts();
    expect(cells[0]).toBe('1');
    expect(cells[1]).toMatch(/^Toor Dal 1kg/);
    expect(cells[2]).toBe('2 Kg');
    expect(e.problems).toEqual([]);
  });

  it('(b) desktop: the category sidebar filters, and the Thai page shows only Thai Items', async () => {
    const page = await e.newPage(DESKTOP);
    await signInCustomer(page, 'cust05');
    await page.goto('/customer/regularorder');
    await page.getByRole('heading', { name: 'ALL PRODUCTS' }).waitFor();
    const sidebar = page.getByRole('navigation', { name: 'Categories' });
    await sidebar.waitFor();
    expect(await page.getByRole('combobox', { name: 'By Category' }).isVisible()).toBe(false);
    await page.getByTestId('product-card').first().waitFor();
    // The grid paints its first cards first: wait for all of them (the count line says how many).
    const countLine = await page.getByText(/^Products: \d+$/).textContent();
    const all = Number(countLine?.replace(/\D/g, ''));
    await expect.poll(async () => (await cardNames(page)).length, { timeout: 20_000 }).toBe(all);

    await sidebar.getByRole('button', { name: 'Spices' }).click();
    await expect.poll(async () => (await cardNames(page)).length).toBeLessThan(all);
    const spices = await cardCategories(page);
    expect(spices.length).toBeGreaterThan(0);
    expect(new Set(spices)).toEqual(new Set(['Spices']));

    await sidebar.getByRole('button', { name: 'Thai Items' }).click();
    await expect
      .poll(async () => new Set(await cardCategories(page)))
      .toEqual(new Set(['Thai Items']));
    const thaiFromSidebar = (await cardNames(page)).sort();

    await sidebar.getByRole('button', { name: 'All Products' }).click();
    await waitForCount(page, all);

    await page.goto('/customer/thaiproducts');
    await page.getByRole('heading', { name: 'THAI PRODUCTS' }).waitFor();
    await waitForCount(page, thaiFromSidebar.length);
    // The grid paints its first cards first: wait for all of them.
    await expect.poll(async () => (await cardNames(page)).sort()).toEqual(thaiFromSidebar);
    expect(new Set(await cardCategories(page))).toEqual(new Set(['Thai Items']));
    // An Out of Stock product carries its badge and cannot be added.
    const outOfStock = page
      .getByTestId('product-card')
      .filter({ has: page.getByText('Out of Stock', { exact: true }) });
    expect(await outOfStock.count()).toBeGreaterThan(0);
    for (const c of await outOfStock.all()) {
      expect(await c.getByRole('button', { name: 'Not in stock' }).isDisabled()).toBe(true);
      expect(await c.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
    }

    await page.getByLabel('Search by name').fill('coconut milk');
    await expect
      .poll(async () => (await cardNames(page)).sort())
      .toEqual(['Coconut Milk Aroy-D 400ml', 'Coconut Milk Aroy-D 400ml x 24']);
    expect(e.problems).toEqual([]);
  });

  it('(c) the heart adds a product to My Ordersheet and removes it', async () => {
    const page = await e.newPage(PHONE);
    await signInCustomer(page, 'cust06');
    await page.goto('/customer/regularorder');
    // Until My Ordersheet has loaded (its own request), every heart says "Add": wait for the
    // hearts of the products the demo saved for this customer.
    const savedByDemo = e.db.$client
      .prepare(
        `SELECT COUNT(*) FROM wishlist_entry w JOIN customer c ON c.id = w.customer_id
           JOIN account a ON a.id = c.account_id WHERE a.username = 'cust06'`,
      )
      .pluck()
      .get() as number;
    if (savedByDemo > 0) {
      await page.getByRole('button', { name: 'Remove from My Ordersheet' }).first().waitFor();
    }
    // The first product not saved yet (the demo gives some customers a few already).
    const unsaved = page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('button', { name: 'Add to My Ordersheet' }) })
      .first();
    await unsaved.waitFor();
    const name = (await unsaved.getByRole('heading', { level: 2 }).textContent()) ?? '';
    expect(name).not.toBe('');

    await card(page, name).getByRole('button', { name: 'Add to My Ordersheet' }).click();
    const ask = page.getByRole('dialog', { name: 'Add to My Ordersheet?' });
    await ask.getByRole('button', { name: 'Yes' }).click();
    await card(page, name).getByRole('button', { name: 'Remove from My Ordersheet' }).waitFor();

    await page.goto('/customer/customsheet');
    await page.getByRole('heading', { name: 'MY ORDERSHEET' }).waitFor();
    const saved = card(page, name);
    await saved.waitFor();
    await page.getByLabel('Search by name').fill(name.toUpperCase());
    await expect.poll(() => cardNames(page)).toEqual([name]);

    await saved.getByRole('button', { name: 'Remove from My Ordersheet' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove from My Ordersheet?' });
    await remove.getByRole('button', { name: 'Yes' }).click();
    await saved.waitFor({ state: 'detached' });
    expect(e.problems).toEqual([]);
  });

  it("(e) an order's details on a 360 px phone show each line's total without scrolling sideways", async () => {
    // The popup's margins left the lines' table 292 px for its 300: the totals were cut at the
    // edge behind a sideways scroll bar. On a phone the details fill the screen.
    const page = await e.newPage({ width: 360, height: 740 });
    await signInCustomer(page, 'cust02');
    await page.goto('/customer/myorderlist');
    await page.getByTestId('order-row').first().getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'ORDER DETAILS' });
    const table = details.getByRole('table');
    await table.waitFor();
    // The table's right edge against the box that clips it (the scroll area's viewport).
    const fit = await table.evaluate((el) => {
      let clip = el.parentElement;
      while (clip && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement;
      return {
        table: Math.round(el.getBoundingClientRect().right),
        shown: Math.round((clip ?? document.documentElement).getBoundingClientRect().right),
      };
    });
    expect(fit.table).toBeLessThanOrEqual(fit.shown);
    expect(e.problems).toEqual([]);
  });

  it('(d) order again from history refills the cart with the same lines', async () => {
    const page = await e.newPage(PHONE);
    await signInCustomer(page, 'cust02');
    await page.goto('/customer/myorderlist');
    await page.getByRole('heading', { name: 'ORDER HISTORY' }).waitFor();
    await page.getByTestId('order-row').first().getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'ORDER DETAILS' });
    await details.getByRole('table').waitFor();

    // The order's lines as shown: product and "quantity unit".
    const ordered = await details
      .getByRole('table')
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => {
          // The product cell's first text is the name (a phone adds the unit price below).
          const cells = [...r.querySelectorAll('td')].map((td) => td.firstChild?.textContent ?? '');
          return { name: cells[1] ?? '', quantity: cells[2] ?? '' };
        }),
      );
    expect(ordered.length).toBeGreaterThan(0);

    // Which of them can be ordered today, by the catalogue the customer sees.
    const products = (await (await page.request.get('/api/products')).json()) as {
      name: string;
      itemType: string;
    }[];
    const orderable = new Set(
      products.filter((p) => p.itemType !== 'Out of Stock').map((p) => p.name),
    );
    const expected = ordered.filter((l) => orderable.has(l.name));
    const skipped = ordered.filter((l) => !orderable.has(l.name));
    expect(expected.length).toBeGreaterThan(0);

    await details.getByRole('button', { name: 'Order again' }).click();
    await page.waitForURL('**/cart');
    await page.getByText('ORDER REVIEW').waitFor();
    const lines = page.getByTestId('cart-line');
    await expect.poll(() => lines.count()).toBe(expected.length);
    for (const l of expected) {
      await lines
        // The name may carry the reduced-rate mark (※) after it.
        .filter({ has: page.getByText(new RegExp(`^${escapeRegExp(l.name)}( ※)?$`)) })
        .getByText(l.quantity, { exact: true })
        .waitFor();
    }
    if (skipped.length > 0) {
      await page.getByText(/^Not added \(no longer available or out of stock\):/).waitFor();
    }
    await page.getByRole('link', { name: `Cart: ${expected.length} items` }).waitFor();
    expect(e.problems).toEqual([]);
  });
});
