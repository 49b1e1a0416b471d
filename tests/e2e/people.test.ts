import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { account, customer, customerOrder, product } from '../../drizzle/schema';
import { deliveryCalendar } from '../../server/settings/settings';
import { formatOrderNumber } from '../../shared/format';
import { expectNoSeriousViolations } from './axe';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

// A restaurant's second login (ADR 036): the owner adds a chef on the People screen; the chef
// signs in on a phone and sees the restaurant's order history; an order that takes a counted
// product's last unit turns it Out of Stock on the catalogue by itself.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

const OWNER = 'cust02';
const PASSWORD = 'cust1234';
const CHEF = 'e2e-chef';
const CHEF_PASSWORD = 'chef-pass-2026';

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

describe('several logins per restaurant', () => {
  it('desktop: the owner adds a chef on the People screen', async () => {
    const page = await e.newPage(DESKTOP);
    await signIn(page, OWNER, PASSWORD);
    await page.waitForURL('**/customer');
    await page.getByRole('link', { name: 'People' }).click();
    await page.waitForURL('**/customer/people');
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Add person' });
    await form.getByRole('textbox', { name: /^Username/ }).fill(CHEF);
    await form.getByRole('textbox', { name: /^Display name/ }).fill('Ram the chef');
    await form.locator('input[type="password"]').fill(CHEF_PASSWORD);
    await form.getByRole('button', { name: 'Add person' }).click();
    await page.getByText('Ram the chef can now sign in.').waitFor();
    const list = page.getByTestId('people-list');
    await list.getByText(CHEF, { exact: true }).waitFor();
    await list.getByText('Chef', { exact: true }).waitFor();
    await expectNoSeriousViolations(page, { label: 'people, desktop' });
    expect(e.problems).toEqual([]);
  });

  it('phone: the chef signs in and sees the restaurant order history', async () => {
    const latest = e.db
      .select({ n: customerOrder.orderNumber })
      .from(customerOrder)
      .where(eq(customerOrder.customerId, customerIdOf(OWNER)))
      .orderBy(customerOrder.createdAt)
      .all()
      .at(-1);
    if (!latest) throw new Error('the demo restaurant has no orders');
    const page = await e.newPage(PHONE);
    await signIn(page, CHEF, CHEF_PASSWORD);
    await page.waitForURL('**/customer');
    // Not the owner: no People tile.
    await page.getByRole('link', { name: 'Order History' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'People' }).count()).toBe(0);
    await page.goto('/customer/myorderlist');
    const rows = page.getByTestId('order-row');
    await rows.first().waitFor();
    await rows
      .filter({ hasText: formatOrderNumber(latest.n) })
      .first()
      .waitFor();
    await expectNoSeriousViolations(page, { label: 'history as a second login, phone' });
    expect(e.problems).toEqual([]);
  });

  it('phone: the last unit ordered, the catalogue shows the product Out of Stock', async () => {
    const target = e.db
      .select({ id: product.id, name: product.name })
      .from(product)
      .where(eq(product.itemType, 'Regular'))
      .all()
      .find((p) => !p.name.includes('Thai'));
    if (!target) throw new Error('no product');
    e.db
      .update(product)
      .set({ itemCount: 'Count', stockInCount: 1 })
      .where(eq(product.id, target.id))
      .run();
    const page = await e.newPage(PHONE);
    await signIn(page, CHEF, CHEF_PASSWORD);
    await page.waitForURL('**/customer');
    const date = deliveryCalendar(e.db, 'Asia/Tokyo').earliest;
    // The chef's own session places the order for the last unit.
    const placed = await page.request.post('/api/orders', {
      data: { orderItems: [{ product: target.id, quantity: 1 }], deliveryDate: date },
      headers: { origin: e.url },
    });
    expect(placed.status()).toBe(201);
    await page.goto('/customer/regularorder');
    await page.getByLabel('Search by name').fill(target.name);
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('heading', { name: target.name, exact: true }) });
    await card.getByRole('button', { name: 'Not in stock' }).waitFor();
    expect(await card.getByRole('button', { name: 'Not in stock' }).isDisabled()).toBe(true);
    await card.getByText('Out of Stock', { exact: true }).waitFor();
    await expectNoSeriousViolations(page, { label: 'catalogue out of stock, phone' });
    expect(e.problems).toEqual([]);
  });
});
