import { and, eq, ne } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { informationItem, product } from '../../drizzle/schema';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { expectNoSeriousViolations } from './axe';
import { type E2E, PHONE, signIn, startE2E } from './harness';

// A restaurant on a 390 x 844 phone (ADR 045): the catalogue as a compact list shows most of a
// screenful of products and remembers the choice; the cart's total and main action stay in a
// bar above the footer bar while the lines scroll, never over the footer nor the last line; a
// promotion linked to a product opens that product; one that has ended is not shown.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

type Box = { x: number; y: number; width: number; height: number };
async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const footerOf = (page: Page) => page.locator('.mantine-AppShell-footer');

async function axe(page: Page, label: string) {
  await expectNoSeriousViolations(page, {
    label,
    exclude: ['.mantine-Notifications-root'],
  });
}

describe('the catalogue on a phone', () => {
  it('a linked promotion opens its product; an ended one is not shown', async () => {
    const today = isoDateInZone(new Date(), 'Asia/Tokyo');
    const target = e.db
      .select()
      .from(product)
      .where(eq(product.itemType, 'Regular'))
      .limit(1)
      .get();
    if (!target) throw new Error('no product');
    const picture = e.db.select().from(informationItem).limit(1).get()?.image ?? target.image;
    // Only ours on the home screen: the others are switched off.
    e.db
      .update(informationItem)
      .set({ active: false })
      .where(ne(informationItem.name, 'zzz'))
      .run();
    e.db
      .insert(informationItem)
      .values([
        {
          id: 'promo-linked',
          name: `This week: ${target.name}`,
          image: picture ?? '',
          type: 'slider',
          productId: target.id,
          startsOn: addDaysIso(today, -1),
          endsOn: addDaysIso(today, 1),
        },
        {
          id: 'promo-ended',
          name: 'Last month sale',
          image: picture ?? '',
          type: 'slider',
          endsOn: addDaysIso(today, -2),
        },
      ])
      .run();

    const page = await e.newPage(PHONE);
    await page.addInitScript(() => localStorage.setItem('popupLastShown', String(Date.now())));
    await signIn(page, 'cust06', 'cust1234');
    await page.waitForURL('**/customer');
    const slide = page.getByRole('button', { name: `This week: ${target.name}` });
    await slide.waitFor();
    expect(await page.getByRole('img', { name: 'Last month sale' }).count()).toBe(0);
    await slide.click();
    await page.waitForURL(`**/customer/regularorder?product=${target.id}`);
    const linked = page.getByTestId('linked-product');
    await linked.waitFor();
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    expect((await cards.first().getByRole('heading').innerText()).trim()).toBe(target.name);
    await axe(page, 'linked product, phone');
    // Back to every product.
    await page.getByRole('button', { name: 'Show all products' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="product-card"]').length > 1,
    );
    e.db
      .update(informationItem)
      .set({ active: false })
      .where(and(eq(informationItem.id, 'promo-linked')))
      .run();
    expect(e.problems).toEqual([]);
  });

  it('compact list, remembered; the cart bar above the footer; nothing hidden under the bars', async () => {
    const page = await e.newPage(PHONE);
    await page.addInitScript(() => localStorage.setItem('popupLastShown', String(Date.now())));
    await signIn(page, 'cust07', 'cust1234');
    await page.waitForURL('**/customer');
    await page.goto('/customer/regularorder');
    await page.getByTestId('product-card').first().waitFor();

    // The toggle: two 44 px buttons, the pressed one said.
    const gridButton = page.getByRole('button', { name: 'Cards' });
    const listButton = page.getByRole('button', { name: 'Compact list' });
    expect(await gridButton.getAttribute('aria-pressed')).toBe('true');
    for (const b of [gridButton, listButton]) {
      const size = await box(b);
      expect(size.width).toBeGreaterThanOrEqual(44);
      expect(size.height).toBeGreaterThanOrEqual(44);
    }
    await listButton.click();
    expect(await listButton.getAttribute('aria-pressed')).toBe('true');
    const rows = page.getByTestId('product-row');
    await rows.first().waitFor();
    // Remembered on this device.
    await page.reload();
    await rows.first().waitFor();
    expect(
      await page.getByRole('button', { name: 'Compact list' }).getAttribute('aria-pressed'),
    ).toBe('true');
    const total = Number(
      /\d+/.exec(await page.getByText(/^Products: \d+$/).innerText())?.[0] ?? '0',
    );
    expect(total).toBeGreaterThan(20);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="product-row"]').length === n,
      total,
    );

    // Scrolled into the list: at least 6 whole rows between the filters and the footer bar.
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    const filters = await box(page.getByTestId('catalogue-filters'));
    const footer = await box(footerOf(page));
    const boxes = await rows.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, height: r.height };
      }),
    );
    const whole = boxes.filter(
      (b) => b.top >= filters.y + filters.height - 1 && b.bottom <= footer.y + 1,
    );
    expect(whole.length).toBeGreaterThanOrEqual(6);
    for (const b of boxes.slice(0, 10)) expect(b.height).toBeLessThanOrEqual(72);
    await axe(page, 'compact list, phone');

    // The last product can be reached and is not under the footer bar.
    const last = rows.last();
    await last.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    const lastBox = await box(last);
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual((await box(footerOf(page))).y + 1);
    await last.getByRole('button').first().click({ trial: true });

    // Twelve products into the cart from the compact rows.
    await page.evaluate(() => window.scrollTo(0, 0));
    const adds = page.getByRole('button', { name: /^Add .+ to cart$/ });
    for (let i = 0; i < 12; i++) {
      await adds.first().click();
    }
    await page.goto('/cart');
    const lines = page.getByTestId('cart-line');
    await lines.first().waitFor();
    expect(await lines.count()).toBe(12);
    const bar = page.getByTestId('cart-bar');
    await bar.getByRole('button', { name: 'CONTINUE' }).waitFor();

    // While the lines scroll, the bar stays on screen, above the footer bar, not over it.
    for (const y of [0, 500, 1000]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(200);
      const b = await box(bar);
      const f = await box(footerOf(page));
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.y + b.height).toBeLessThanOrEqual(f.y + 1);
      expect(overlaps(b, f)).toBe(false);
      expect((await bar.getByTestId('cart-bar-total').innerText()).trim()).toMatch(/^¥[\d,]+$/);
    }
    // At the end, the last line and the estimate are above the bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    const endBar = await box(bar);
    const lastLine = await box(lines.last());
    expect(lastLine.y + lastLine.height).toBeLessThanOrEqual(endBar.y + 1);
    const estimate = await box(page.getByTestId('estimated-total').first());
    expect(estimate.y + estimate.height).toBeLessThanOrEqual(endBar.y + 1);
    await axe(page, 'cart review, phone');

    // The checkout: the same bar carries Back and Place Order.
    await bar.getByRole('button', { name: 'CONTINUE' }).click();
    const place = bar.getByRole('button', { name: 'Place Order' });
    await place.waitFor();
    await page.getByTestId('cutoff-note').waitFor();
    for (const y of [0, 400]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(200);
      const b = await box(bar);
      const f = await box(footerOf(page));
      expect(overlaps(b, f)).toBe(false);
      expect(b.y + b.height).toBeLessThanOrEqual(f.y + 1);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    const checkoutEstimate = await box(page.getByTestId('estimated-total').first());
    expect(checkoutEstimate.y + checkoutEstimate.height).toBeLessThanOrEqual(
      (await box(bar)).y + 1,
    );
    await axe(page, 'checkout, phone');

    // The order history: its last row is reachable above the footer bar.
    await page.goto('/customer/myorderlist');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The heading comes before the orders: wait for them (or for "No Orders"), else the check
    // below is skipped and the scroll happens on a page still growing.
    const orderRows = page.getByTestId('order-row');
    await orderRows
      .or(page.getByText('No Orders', { exact: true }))
      .first()
      .waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    if ((await orderRows.count()) > 0) {
      const lastOrder = await box(orderRows.last());
      expect(lastOrder.y + lastOrder.height).toBeLessThanOrEqual((await box(footerOf(page))).y + 1);
    }
    expect(e.problems).toEqual([]);
  }, 240_000);
});
