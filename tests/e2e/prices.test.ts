import { and, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  account,
  customer,
  customerTerms,
  hiddenForCustomer,
  priceList,
  priceListPrice,
  product,
} from '../../drizzle/schema';
import { newId } from '../../server/platform/ids';
import { formatYen } from '../../shared/format';
import { expectNoSeriousViolations } from './axe';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

// Terms per restaurant in the browser (ADR 035): a restaurant with its own price list orders a
// product sold in cases of 12. It sees its price, the stepper moves by the case, a typed
// quantity is corrected with a message, the order is placed and shows its price; a product
// hidden from it is not in its catalogue; another restaurant sees the standard price.

let e: E2E;
const PASSWORD = 'cust1234';
const CASE = 'Toor Dal 1kg';
const HIDDEN = 'Moong Dal Yellow 1kg';
const OWN_PRICE = 150;
let standardPrice = 0;

function customerIdOf(username: string): string {
  const row = e.db
    .select({ id: customer.id })
    .from(customer)
    .innerJoin(account, eq(customer.accountId, account.id))
    .where(eq(account.username, username))
    .get();
  if (!row) throw new Error(`no customer ${username}`);
  return row.id;
}

function productIdOf(name: string): { id: string; price: number } {
  const row = e.db
    .select({ id: product.id, price: product.price })
    .from(product)
    .where(eq(product.name, name))
    .get();
  if (!row) throw new Error(`no product ${name}`);
  return row;
}

beforeAll(async () => {
  e = await startE2E();
  // The office's setup, as its screens would write it: a list with the case product's price,
  // the restaurant on it, one product hidden from it, and the product sold in cases of 12.
  const caseProduct = productIdOf(CASE);
  standardPrice = caseProduct.price;
  const hidden = productIdOf(HIDDEN);
  const listId = newId();
  const cust = customerIdOf('cust09');
  e.db.insert(priceList).values({ id: listId, name: 'Journey list' }).run();
  e.db
    .insert(priceListPrice)
    .values({ priceListId: listId, productId: caseProduct.id, price: OWN_PRICE })
    .run();
  e.db.insert(customerTerms).values({ customerId: cust, priceListId: listId }).run();
  e.db.insert(hiddenForCustomer).values({ customerId: cust, productId: hidden.id }).run();
  e.db
    .update(product)
    .set({ lot: 12, minQuantity: 12 })
    .where(eq(product.id, caseProduct.id))
    .run();
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

/** Where a journey got to (printed, so a timeout on a loaded machine says where it was). */
const step = (what: string) => console.log(`prices journey: ${what}`);

function card(page: Page, name: string): Locator {
  return page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function openCatalogue(page: Page, username: string): Promise<void> {
  await signIn(page, username, PASSWORD);
  await page.waitForURL('**/customer');
  step(`${username} signed in`);
  await page.goto('/customer/regularorder');
  await page.getByRole('heading', { name: 'ALL PRODUCTS' }).waitFor();
  await page.getByLabel('Search by name').fill('dal');
}

/**
 * Waits until the grid has drawn every card its count line announces: it draws them in
 * batches (ProductGrid), and a card not drawn yet is absent for the wrong reason.
 */
async function allCardsDrawn(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const line = await page.getByText(/^Products: \d+$/).textContent();
      return (await page.getByTestId('product-card').count()) === Number(line?.replace(/\D/g, ''));
    })
    .toBe(true);
}

describe('a restaurant with its own prices', () => {
  it('phone: sees its price, orders in cases, the order shows its price', async () => {
    expect(standardPrice).not.toBe(OWN_PRICE);
    const page = await e.newPage(PHONE);
    await openCatalogue(page, 'cust09');
    const dal = card(page, CASE);
    await dal.waitFor();
    await dal.getByText(formatYen(OWN_PRICE), { exact: false }).first().waitFor();
    expect(await dal.getByText(formatYen(standardPrice), { exact: true }).count()).toBe(0);
    // The hidden product is not there, though it matches the search.
    await allCardsDrawn(page);
    expect(await card(page, HIDDEN).count()).toBe(0);

    step('own price shown, hidden product absent');
    await dal.getByRole('button', { name: 'Add to cart' }).click();
    const quantity = page.getByRole('textbox', { name: `Quantity of ${CASE} in the cart` });
    await expect.poll(() => quantity.inputValue()).toBe('12');
    await dal.getByText('Case of 12 · at least 12').waitFor();
    await page.getByRole('button', { name: `Increase quantity of ${CASE}` }).click();
    await expect.poll(() => quantity.inputValue()).toBe('24');
    // A typed quantity that is not a whole case is corrected up, and the card says so.
    await quantity.fill('30');
    await quantity.press('Enter');
    await expect.poll(() => quantity.inputValue()).toBe('36');
    await dal.getByText('30 is not allowed here: changed to 36.').waitFor();
    await expectNoSeriousViolations(page, { label: 'catalogue with case terms (phone)' });

    step('stepper by the case, typed quantity corrected');
    await page.getByRole('link', { name: 'Cart: 1 item' }).click();
    await page.waitForURL('**/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: CASE });
    await line.getByText('36 Kg').waitFor();
    await line.getByText(formatYen(OWN_PRICE * 36)).waitFor();
    await page.getByRole('button', { name: `Decrease quantity of ${CASE}` }).click();
    await line.getByText('24 Kg').waitFor();
    await expectNoSeriousViolations(page, { label: 'cart with case terms (phone)' });

    step('cart shows the case quantity and own price');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    const placing = page.waitForResponse((r) => r.url().includes('/trpc/orders.place'));
    await page.getByRole('button', { name: 'Place Order' }).click();
    expect((await placing).status()).toBe(200);
    await page.waitForURL('**/customer/orderplaced');
    step('order placed');
    await page.getByRole('link', { name: 'VIEW YOUR ORDERS' }).click();
    await page.waitForURL('**/customer/myorderlist');
    await page.getByTestId('order-row').first().getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'ORDER DETAILS' });
    const row = details.getByRole('row', { name: new RegExp(CASE) });
    await row.getByText('24 Kg').waitFor();
    // The unit price (shown twice in the row: the price and the per-unit line).
    await row.getByText(formatYen(OWN_PRICE), { exact: true }).first().waitFor();
    await row.getByText(formatYen(OWN_PRICE * 24), { exact: true }).waitFor();
    expect(e.problems).toEqual([]);
  }, 240_000);

  it('desktop: another restaurant sees the standard price and the product hidden from the first', async () => {
    const page = await e.newPage(DESKTOP);
    await openCatalogue(page, 'cust10');
    const dal = card(page, CASE);
    await dal.waitFor();
    await dal.getByText(formatYen(standardPrice), { exact: false }).first().waitFor();
    await card(page, HIDDEN).waitFor();
    await expectNoSeriousViolations(page, { label: 'catalogue, standard prices (desktop)' });
    expect(e.problems).toEqual([]);
  }, 240_000);

  it('desktop: the office hides a product from a restaurant on the product; the restaurant no longer sees it', async () => {
    const SECRET = 'Chana Dal 1kg';
    const secret = productIdOf(SECRET);
    const cust = customerIdOf('cust11');
    const restaurant = e.db
      .select({ name: customer.restaurantName })
      .from(customer)
      .where(eq(customer.id, cust))
      .get()?.name as string;
    const office = await e.newPage(DESKTOP);
    await signIn(office, 'admin', 'admin1234');
    await office.waitForURL('**/admin');
    await office.goto('/admin/products');
    await office.getByLabel('Search products').fill('Chana');
    await office.getByRole('button', { name: `Edit ${SECRET}` }).click();
    const terms = office.getByTestId('product-terms');
    await terms.waitFor({ timeout: 15_000 });
    step('product form open');
    const who = terms.getByRole('combobox', { name: 'Hide from a customer' });
    await who.click();
    await who.fill(restaurant);
    // Each match is named with its code (ADR 093): "Name (C0011)".
    const escaped = restaurant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await office.getByRole('option', { name: new RegExp(`^${escaped} \\(`) }).click();
    await terms.getByRole('button', { name: 'Hide', exact: true }).click();
    await terms.getByRole('checkbox', { name: `Hidden from ${restaurant}` }).waitFor();
    await expect
      .poll(
        () =>
          e.db
            .select()
            .from(hiddenForCustomer)
            .where(
              and(
                eq(hiddenForCustomer.customerId, cust),
                eq(hiddenForCustomer.productId, secret.id),
              ),
            )
            .all().length,
      )
      .toBe(1);
    await expectNoSeriousViolations(office, { label: 'product form, hidden from a customer' });

    // On the customer's terms: the product is listed as hidden from it.
    await office.goto(`/admin/pricelists?customer=${cust}`);
    const hidden = office.getByRole('region', { name: 'Products hidden from this customer' });
    await hidden.getByText(SECRET, { exact: true }).waitFor({ timeout: 15_000 });
    await hidden.getByRole('button', { name: `Show ${SECRET} again` }).waitFor();
    await expectNoSeriousViolations(office, { label: "customer's terms with hidden products" });
    step('hidden product listed on the customer');

    // The restaurant searches for it and does not find it; another one does.
    const page = await e.newPage(DESKTOP);
    await openCatalogue(page, 'cust11');
    await card(page, CASE).waitFor();
    await allCardsDrawn(page);
    expect(await card(page, SECRET).count()).toBe(0);
    const other = await e.newPage(DESKTOP);
    await openCatalogue(other, 'cust10');
    await card(other, SECRET).waitFor();
    expect(e.problems).toEqual([]);
  }, 240_000);
});
