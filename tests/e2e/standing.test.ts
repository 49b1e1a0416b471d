import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  account,
  customer,
  customerOrder,
  orderLine,
  product,
  standingLine,
  standingRun,
} from '../../drizzle/schema';
import { cutoffOf } from '../../server/orders/standing-orders';
import { standingTick } from '../../server/orders/standing-scheduler';
import { pendingDates } from '../../server/orders/web-orders';
import { write } from '../../server/platform/db';
import { deliveryCalendar } from '../../server/settings/settings';
import { addDaysIso, isDeliveryDay, weekdayOf } from '../../shared/delivery-dates';
import { isoDateInZone, toPickerDate } from '../../shared/format';
import { expectNoSeriousViolations } from './axe';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

// A standing order through the built app: the usual order kept per weekday, drafted before
// the delivery day, changed by the customer on its home screen, and placed at the cut-off as
// an ordinary order. The scheduler's clock is moved by calling its pass in this process on the
// same database (the server's own pass runs on the real time and cannot reach these dates).

const TZ = 'Asia/Tokyo';
const PASSWORD = 'cust1234';
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

function customerOf(username: string) {
  const row = e.db
    .select({ id: customer.id, days: customer.deliveryDays })
    .from(customer)
    .innerJoin(account, eq(customer.accountId, account.id))
    .where(eq(account.username, username))
    .get();
  if (!row) throw new Error(`no demo customer ${username}`);
  return row;
}

/** A delivery day of the customer at least `ahead` days out, not a holiday. */
function deliveryDayAhead(days: string[], ahead: number): string {
  const calendar = deliveryCalendar(e.db, TZ);
  for (let i = ahead; i < ahead + 14; i++) {
    const d = addDaysIso(calendar.today, i);
    if (isDeliveryDay(d, days) && !calendar.holidays.includes(d)) return d;
  }
  throw new Error('no delivery day');
}

describe('standing orders', () => {
  it('phone: a usual order is drafted, changed on the home screen and placed at the cut-off', async () => {
    const c = customerOf('cust07');
    const date = deliveryDayAhead(c.days, 4);
    const [rice, dal] = e.db
      .select({ id: product.id, name: product.name })
      .from(product)
      .where(eq(product.itemType, 'Regular'))
      .limit(2)
      .all();
    const gone = e.db
      .select({ id: product.id, name: product.name })
      .from(product)
      .where(eq(product.itemType, 'Out of Stock'))
      .get();
    if (!rice || !dal || !gone) throw new Error('demo products missing');
    write(e.db, () => {
      [
        [rice, 2],
        [dal, 1],
        [gone, 3],
      ].forEach(([p, quantity], position) => {
        const item = p as { id: string; name: string };
        e.db
          .insert(standingLine)
          .values({
            customerId: c.id,
            weekday: weekdayOf(date),
            productId: item.id,
            name: item.name,
            quantity: quantity as number,
            position,
          })
          .run();
      });
    });
    const closesAt = cutoffOf(date, deliveryCalendar(e.db, TZ).cutoff, TZ);
    const drafted = standingTick(e.db, {
      timeZone: TZ,
      now: new Date(closesAt.getTime() - 6 * 3_600_000),
    });
    expect(drafted.drafted).toBe(1);

    const page = await e.newPage(PHONE);
    await signIn(page, 'cust07', PASSWORD);
    await page.waitForURL('**/customer');
    const draft = page.getByRole('region', {
      name: `Usual order for ${toPickerDate(date)}`,
    });
    await expect.poll(() => draft.isVisible(), { timeout: 15_000 }).toBe(true);
    // The out-of-stock line is on the draft, marked, not dropped.
    await expect
      .poll(() => draft.getByText(/not available, left out/).textContent())
      .toContain(`${gone.name} is out of stock`);
    await expectNoSeriousViolations(page, { label: 'standing draft, phone' });

    await draft.getByLabel(`${rice.name} Quantity`).fill('5');
    await draft.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Draft saved.').isVisible()).toBe(true);

    // The cut-off passes: the draft becomes an ordinary order, once.
    const settled = standingTick(e.db, { timeZone: TZ, now: closesAt });
    expect(settled.confirmed).toBe(1);
    expect(standingTick(e.db, { timeZone: TZ, now: closesAt }).confirmed).toBe(0);
    const orders = e.db
      .select()
      .from(customerOrder)
      .where(and(eq(customerOrder.customerId, c.id), eq(customerOrder.deliveryDate, date)))
      .all();
    expect(orders).toHaveLength(1);
    const lines = e.db
      .select({ name: orderLine.name, quantity: orderLine.quantity })
      .from(orderLine)
      .where(eq(orderLine.orderId, orders[0]!.id))
      .all();
    expect(lines).toEqual([
      { name: rice.name, quantity: 5 },
      { name: dal.name, quantity: 1 },
    ]);

    await page.reload();
    await expect.poll(() => draft.getByText('Placed', { exact: true }).isVisible()).toBe(true);
    // The customer can no longer change it.
    expect(await draft.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    expect(e.problems).toEqual([]);
  }, 150_000);

  it('desktop: the customer keeps a usual order for a delivery weekday', async () => {
    const c = customerOf('cust08');
    const weekday = weekdayOf(deliveryDayAhead(c.days, 4));
    const p = e.db
      .select({ id: product.id, name: product.name })
      .from(product)
      .where(ne(product.itemType, 'Out of Stock'))
      .limit(1)
      .get();
    if (!p) throw new Error('no product');
    // A usual order started by the office; the customer changes its quantity.
    write(e.db, () =>
      e.db
        .insert(standingLine)
        .values({ customerId: c.id, weekday, productId: p.id, name: p.name, quantity: 1 })
        .run(),
    );
    const page = await e.newPage(DESKTOP);
    await signIn(page, 'cust08', PASSWORD);
    await page.waitForURL('**/customer');
    await page.getByRole('link', { name: 'Usual orders' }).first().click();
    await page.waitForURL('**/customer/usual');
    const day = page.getByRole('region', { name: weekday });
    await expect.poll(() => day.isVisible(), { timeout: 15_000 }).toBe(true);
    await day.getByLabel(`${weekday}: ${p.name} Quantity`).fill('4');
    await day.getByRole('button', { name: 'Save usual order' }).click();
    await expect.poll(() => page.getByText('Usual order saved.').isVisible()).toBe(true);
    await expect
      .poll(
        () =>
          e.db
            .select({ q: standingLine.quantity })
            .from(standingLine)
            .where(and(eq(standingLine.customerId, c.id), eq(standingLine.productId, p.id)))
            .get()?.q,
      )
      .toBe(4);
    await expectNoSeriousViolations(page, { label: 'usual orders, desktop' });
    expect(e.problems).toEqual([]);
  }, 150_000);

  it('desktop: the office sees the standing drafts beside the placed orders, and a customer’s usual orders', async () => {
    const c = customerOf('cust09');
    const next = pendingDates(e.db, isoDateInZone(new Date(), TZ)).next;
    if (!next) throw new Error('no pending date in the demo');
    const p = e.db
      .select({ id: product.id, name: product.name })
      .from(product)
      .where(eq(product.itemType, 'Regular'))
      .get();
    if (!p) throw new Error('no product');
    write(e.db, () => {
      e.db.update(customer).set({ deliveryDays: [] }).where(eq(customer.id, c.id)).run();
      e.db
        .insert(standingLine)
        .values({
          customerId: c.id,
          weekday: weekdayOf(next),
          productId: p.id,
          name: p.name,
          quantity: 2,
        })
        .run();
    });
    const closesAt = cutoffOf(next, deliveryCalendar(e.db, TZ).cutoff, TZ);
    standingTick(e.db, { timeZone: TZ, now: new Date(closesAt.getTime() - 3_600_000) });
    const restaurant = e.db
      .select({ name: customer.restaurantName })
      .from(customer)
      .where(eq(customer.id, c.id))
      .get()?.name as string;

    const page = await e.newPage(DESKTOP);
    await signIn(page, 'admin', 'admin1234');
    await page.waitForURL('**/admin');
    await page.goto('/admin/orders?tab=frozen');
    const section = page.getByRole('region', { name: 'Standing orders (draft)' });
    await expect
      .poll(() => section.getByText(restaurant).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => section.getByText(p.name).first().isVisible()).toBe(true);
    await expect
      .poll(() => section.getByTestId('standing-counts').textContent())
      .toMatch(/Drafts to be placed at the cut-off: \d+ · placed: \d+ · skipped: \d+/);
    await expectNoSeriousViolations(page, { label: 'frozen counts with standing orders' });

    await page.goto(`/admin/customer/orders/${c.id}`);
    await expect
      .poll(
        () => page.getByRole('heading', { name: 'Usual orders of this customer' }).isVisible(),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    const day = page.getByRole('region', { name: weekdayOf(next) });
    await expect
      .poll(() => day.getByLabel(`${weekdayOf(next)}: ${p.name} Quantity`).inputValue())
      .toBe('2');
    await expectNoSeriousViolations(page, { label: 'customer screen with usual orders' });

    expect(e.problems).toEqual([]);
  }, 150_000);

  it('desktop: the office changes and skips a customer’s draft on the customer’s screen', async () => {
    const c = customerOf('cust12');
    const p = e.db
      .select({ id: product.id, name: product.name })
      .from(product)
      .where(eq(product.itemType, 'Regular'))
      .get();
    if (!p) throw new Error('no product');
    // A day whose real cut-off is still ahead, so the server's own pass leaves its draft open.
    const later = deliveryDayAhead([], 5);
    write(e.db, () => {
      e.db.update(customer).set({ deliveryDays: [] }).where(eq(customer.id, c.id)).run();
      e.db
        .insert(standingLine)
        .values({
          customerId: c.id,
          weekday: weekdayOf(later),
          productId: p.id,
          name: p.name,
          quantity: 2,
        })
        .run();
    });
    const laterCutoff = cutoffOf(later, deliveryCalendar(e.db, TZ).cutoff, TZ);
    standingTick(e.db, { timeZone: TZ, now: new Date(laterCutoff.getTime() - 3_600_000) });
    const run = () =>
      e.db
        .select()
        .from(standingRun)
        .where(and(eq(standingRun.customerId, c.id), eq(standingRun.deliveryDate, later)))
        .get();
    expect(run()?.status).toBe('draft');

    const page = await e.newPage(DESKTOP);
    await signIn(page, 'admin', 'admin1234');
    await page.waitForURL('**/admin');
    await page.goto(`/admin/customer/orders/${c.id}`);
    const draft = page.getByRole('region', { name: `Usual order for ${toPickerDate(later)}` });
    await draft.waitFor({ timeout: 20_000 });
    console.log('standing journey: the office sees the draft');
    await draft.getByLabel(`${p.name} Quantity`).fill('3');
    await draft.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => run()?.lines[0]?.quantity, { timeout: 15_000 }).toBe(3);
    console.log('standing journey: the office changed the draft');
    await draft.getByRole('button', { name: 'Skip this delivery' }).click();
    await expect.poll(() => run()?.skip, { timeout: 15_000 }).toBe(true);
    await expect.poll(() => draft.getByText('Skipped', { exact: true }).isVisible()).toBe(true);
    await expectNoSeriousViolations(page, {
      label: 'customer screen, draft skipped by the office',
    });
    expect(e.problems).toEqual([]);
  }, 240_000);
});
