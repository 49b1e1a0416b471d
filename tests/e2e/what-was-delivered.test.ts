import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { account, customerOrder, orderLine, product, route } from '../../drizzle/schema';
import { officeCatalogueOf } from '../../server/catalogue/catalogue';
import { adjustStock } from '../../server/catalogue/stock';
import type { CustomerRecord } from '../../server/context';
import { overdueCustomers, overdueCutoff } from '../../server/customers/overdue';
import { deliverJob } from '../../server/deliveries/deliver';
import { placeOrder } from '../../server/orders/orders';
import { dispatchOrder } from '../../server/orders/web-orders';
import type { Actor } from '../../server/platform/audit';
import { scopeOfDriver } from '../../server/platform/scope';
import { getBusinessSettings } from '../../server/settings/business-settings';
import { deliveryCalendar } from '../../server/settings/settings';
import { addDaysIso } from '../../shared/delivery-dates';
import { displayPhone, formatYen, isoDateInZone } from '../../shared/format';
import { en, ja, ne } from '../../shared/locales';
import type { ProductOut } from '../../shared/schemas/catalogue';
import { expectNoSeriousViolations } from './axe';
import { customerOf, cutoffHalfADayAway, setCutoff } from './demo-data';
import { DESKTOP, type E2E, PHONE, startE2E } from './harness';

// What was delivered, and what is left to change or to pay, as each person sees it: a
// restaurant's order delivered short reads what came and costs what came; a change beyond the
// stock is refused with the most the order can have and a way to take it; an order past its
// cut-off says whom to call; the driver's card deducts the credit note waiting; the office's
// customer page says what is overdue and what credit waits, and follows a payment at once.

const ZONE = 'Asia/Tokyo';
const CUSTOMER_PASSWORD = 'cust1234';

let e: E2E;
let cutoff: string;
beforeAll(async () => {
  e = await startE2E();
  // The earliest delivery date cannot move during a journey, whatever the hour it runs.
  cutoff = cutoffHalfADayAway();
  setCutoff(e.db, cutoff);
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

const today = () => isoDateInZone(new Date(), ZONE);

/** A locale text with its {{placeholders}} filled, as i18next fills it (no escaping). */
function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? `{{${key}}}`));
}

/** A date as the Nepali interface writes it (client/src/dateFormat.ts). */
function neDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  const month = ne.common.month[`m${Number(m)}` as keyof typeof ne.common.month];
  return `${Number(d)} ${month} ${y}`;
}

/** Every ¥ amount in a text, in order. */
const yenIn = (text: string): number[] =>
  [...text.matchAll(/(-?)¥([\d,]+)/g)].map(
    ([, sign, digits]) => (sign ? -1 : 1) * Number((digits ?? '').replace(/,/g, '')),
  );

/** A staff member as services take them (every staff account has an id). */
function staff(username: string): Actor & { id: string } {
  const row = e.db.select().from(account).where(eq(account.username, username)).get();
  if (!row) throw new Error(`no ${username}`);
  return { id: row.id, name: row.username };
}

/** The restaurant's record as a signed-in placement has it. */
function restaurant(username: string): CustomerRecord {
  const c = customerOf(e.db, username);
  const routeName = c.routeId
    ? (e.db.select().from(route).where(eq(route.id, c.routeId)).get()?.name ?? null)
    : null;
  return { ...c, routeName };
}

/**
 * Products the restaurant can order in ones, with a Nepali name (its phone shows that), and at
 * least `stock` in stock when counted.
 */
function orderable(username: string, stock: number, counted = false): ProductOut[] {
  return officeCatalogueOf(e.db, customerOf(e.db, username).id).filter(
    (p) =>
      p.itemType !== 'Out of Stock' &&
      p.minQuantity === 1 &&
      p.lot === 1 &&
      p.price < 5000 &&
      !!p.nameNe?.trim() &&
      (counted
        ? p.itemCount === 'Count' && p.stockInCount >= stock
        : p.itemCount === 'Not Count' || p.stockInCount >= stock),
  );
}

/** An order the restaurant places itself, as its phone's Place Order does. */
function placeAs(
  username: string,
  orderItems: { product: string; quantity: number }[],
  deliveryDate: string,
  now = new Date(),
) {
  const c = restaurant(username);
  return placeOrder(
    e.db,
    { accountId: c.accountId ?? '', username, customer: c },
    { orderItems, deliveryDate, customMessage: '' },
    { timeZone: ZONE, now },
  );
}

const TWO_DAYS = 2 * 24 * 3600 * 1000;

/**
 * A fresh device signed in as `username`, reading `language` (kept on the account and on the
 * device), the promotion popup already seen.
 */
async function signedInAs(
  username: string,
  password: string,
  language: 'en' | 'ne' | 'ja',
  viewport: { width: number; height: number },
): Promise<Page> {
  e.db.update(account).set({ language }).where(eq(account.username, username)).run();
  const page = await e.newPage(viewport);
  await page.context().addInitScript((lng) => {
    localStorage.setItem('popupLastShown', String(Date.now()));
    localStorage.setItem('lang', lng);
  }, language);
  await page.goto('/');
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && url.pathname !== '/');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  return page;
}

describe('a restaurant on a phone, in Nepali', () => {
  it('an order delivered short reads what was delivered, priced as delivered, the totals agreeing', async () => {
    const user = 'cust11';
    const [short, full] = orderable(user, 20);
    if (!short || !full) throw new Error('no products to order');
    // Placed two days ago for today, then delivered today: 8 of the 10 came.
    const placed = placeAs(
      user,
      [
        { product: short._id, quantity: 10 },
        { product: full._id, quantity: 2 },
      ],
      today(),
      new Date(Date.now() - TWO_DAYS),
    );
    const lineOf = (productId: string) => {
      const line = placed.orderItems.find((l) => l.product === productId);
      if (!line) throw new Error('line missing');
      return line;
    };
    const driver = staff('driver1');
    dispatchOrder(
      e.db,
      staff('admin'),
      { id: placed._id, driverId: driver.id },
      { timeZone: ZONE },
    );
    const job = e.db.$client
      .prepare('SELECT id FROM delivery_job WHERE order_id = ?')
      .get(placed._id) as { id: string };
    deliverJob(
      e.db,
      driver,
      scopeOfDriver(driver.id),
      {
        id: job.id,
        lines: [{ lineId: lineOf(short._id)._id, deliveredQuantity: 8, reason: 'short' }],
      },
      new Date(),
      { timeZone: ZONE },
    );
    const delivered = e.db
      .select()
      .from(customerOrder)
      .where(eq(customerOrder.id, placed._id))
      .get();
    if (!delivered?.isDelivered) throw new Error('not delivered');

    const page = await signedInAs(user, CUSTOMER_PASSWORD, 'ne', PHONE);
    await page.goto(`/customer/orderdetails/${placed._id}`);
    const lines = page.getByTestId('order-line');
    await lines.first().waitFor();
    expect(await lines.count()).toBe(2);

    // The line delivered short says so in Nepali, shows the 8 delivered and costs 8.
    const shortRow = lines.filter({ hasText: short.nameNe ?? '' });
    await shortRow
      .getByTestId('delivered-note')
      .getByText(
        fill(ne.orders.deliveredOf, {
          delivered: 8,
          ordered: 10,
          reason: ne.documents.shortReason.short,
        }),
        { exact: true },
      )
      .waitFor();
    const price = lineOf(short._id).price;
    expect((await shortRow.locator('td').nth(2).innerText()).trim()).toMatch(/^8 /);
    expect((await shortRow.locator('td').nth(4).innerText()).trim()).toBe(formatYen(price * 8));
    // The line delivered as ordered says nothing more.
    const fullRow = lines.filter({ hasText: full.nameNe ?? '' });
    expect(await fullRow.getByTestId('delivered-note').count()).toBe(0);
    expect((await fullRow.locator('td').nth(4).innerText()).trim()).toBe(
      formatYen(lineOf(full._id).price * 2),
    );

    // The lines add up to the subtotals per rate (※ marks the reduced rate), the subtotals and
    // their tax to the total, and the total is what was delivered, not what was ordered.
    const byRate = new Map<number, number>();
    for (const row of await lines.all()) {
      const rate = (await row.locator('td').nth(1).innerText()).includes('※') ? 8 : 10;
      const [amount] = yenIn(await row.locator('td').nth(4).innerText());
      byRate.set(rate, (byRate.get(rate) ?? 0) + (amount ?? 0));
    }
    let sum = 0;
    for (const [rate, linesSum] of byRate) {
      const [net, tax] = yenIn(await page.getByTestId(`tax-rate-${rate}`).innerText());
      expect(net, `${rate}% subtotal`).toBeDefined();
      expect(tax, `${rate}% tax`).toBeDefined();
      expect(delivered.taxBasis === 'inclusive' ? (net ?? 0) + (tax ?? 0) : net, `${rate}%`).toBe(
        linesSum,
      );
      sum += (net ?? 0) + (tax ?? 0);
    }
    const total = yenIn(await page.getByTestId('order-total').innerText())[0];
    expect(total).toBe(sum);
    expect(total).toBe(delivered.total);
    expect(total).toBeLessThan(placed.totalPrice);

    await expectNoSeriousViolations(page, { label: 'order delivered short (phone, ne)' });
    expect(e.problems).toEqual([]);
  });

  it('a change beyond the stock is refused with the most the order can have; "Reduce to N" takes it and saves', async () => {
    const user = 'cust12';
    const [counted] = orderable(user, 5, true);
    if (!counted) throw new Error('no counted product');
    const name = counted.nameNe ?? counted.name;
    const order = placeAs(
      user,
      [{ product: counted._id, quantity: 2 }],
      deliveryCalendar(e.db, ZONE).earliest,
    );
    // One left in stock once this order holds its two: the order can have at most three.
    const stockNow = () =>
      e.db.select().from(product).where(eq(product.id, counted._id)).get()?.stockInCount ?? -1;
    adjustStock(e.db, staff('admin'), {
      productId: counted._id,
      delta: 1 - stockNow(),
      note: 'stock take',
    });
    expect(stockNow()).toBe(1);

    const page = await signedInAs(user, CUSTOMER_PASSWORD, 'ne', PHONE);
    await page.goto(`/customer/orderdetails/${order._id}`);
    await page.getByRole('button', { name: ne.orders.change, exact: true }).click();
    const form = page.getByTestId('change-form');
    const more = form.getByRole('button', { name: fill(ne.product.increase, { name }) });
    for (let i = 0; i < 3; i++) await more.click();
    const quantity = form.getByRole('textbox', { name: fill(ne.product.quantityOf, { name }) });
    await expect.poll(() => quantity.inputValue()).toBe('5');
    await form.getByRole('button', { name: ne.orders.saveChange }).click();

    // Refused, saying what the order can have (its own two and the one left), with the way out.
    const refused = page.getByTestId('change-refused');
    await refused
      .getByText(fill(ne.orders.stockOnOrder, { name, left: 3, held: 2, more: 1 }), {
        exact: false,
      })
      .waitFor();
    const reduce = refused.getByRole('button', { name: fill(ne.cart.takeLeft, { quantity: 3 }) });
    await reduce.waitFor();
    await expectNoSeriousViolations(page, { label: 'change refused for stock (phone, ne)' });
    expect(
      e.db.select().from(orderLine).where(eq(orderLine.orderId, order._id)).get()?.quantity,
    ).toBe(2);

    await reduce.click();
    await refused.waitFor({ state: 'detached' });
    expect(await quantity.inputValue()).toBe('3');
    await form.getByRole('button', { name: ne.orders.saveChange }).click();
    const changed = page.getByTestId('order-changed');
    await changed.waitFor();
    const saved = e.db.select().from(customerOrder).where(eq(customerOrder.id, order._id)).get();
    expect((await changed.innerText()).trim()).toBe(
      fill(ne.orders.changed, {
        orderNumber: `#${order.orderNumber}`,
        total: formatYen(saved?.total ?? 0),
      }),
    );
    expect(
      e.db.select().from(orderLine).where(eq(orderLine.orderId, order._id)).get()?.quantity,
    ).toBe(3);
    expect(stockNow()).toBe(0);
    // The refused save answered 409: the browser logs it as a failed resource.
    expect(e.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  });

  it("an order past its cut-off shows why it cannot change and the office's phone, not Change or Cancel", async () => {
    const user = 'cust13';
    const [some] = orderable(user, 5);
    if (!some) throw new Error('no product');
    // Placed two days ago for yesterday, not delivered yet: yesterday's cut-off has passed.
    const yesterday = addDaysIso(today(), -1);
    const order = placeAs(
      user,
      [{ product: some._id, quantity: 1 }],
      yesterday,
      new Date(Date.now() - TWO_DAYS),
    );
    const phone = displayPhone(getBusinessSettings(e.db).phone);
    expect(phone).not.toBe('');

    const page = await signedInAs(user, CUSTOMER_PASSWORD, 'ne', PHONE);
    await page.goto(`/customer/orderdetails/${order._id}`);
    const note = page.getByTestId('change-closed');
    await note
      .getByText(fill(ne.orders.closedCutoff, { time: cutoff, date: neDate(yesterday) }), {
        exact: true,
      })
      .waitFor();
    await note.getByText(ne.orders.closedCallOffice, { exact: true }).waitFor();
    const call = note.getByRole('link', { name: fill(ne.common.callPhone, { phone }) });
    expect(await call.getAttribute('href')).toBe(`tel:${phone}`);
    expect((await call.innerText()).trim()).toBe(phone);
    // The note stands where Change and Cancel were (both come from the same answer).
    expect(await page.getByRole('button', { name: ne.orders.change }).count()).toBe(0);
    expect(await page.getByRole('button', { name: ne.orders.cancel }).count()).toBe(0);
    await page.getByTestId('order-line').first().waitFor();

    await expectNoSeriousViolations(page, { label: 'order past its cut-off (phone, ne)' });
    expect(e.problems).toEqual([]);
  });
});

describe('a driver on a phone', () => {
  it('a cash customer with a credit note waiting: the card deducts it from what to collect', async () => {
    // The demo's approved claim: its credit note waits for the restaurant's next cash delivery.
    const credit = e.db.$client
      .prepare(
        `SELECT cn.number, cn.total, c.id AS customerId, a.username
           FROM credit_note cn JOIN customer c ON c.id = cn.customer_id
           JOIN account a ON a.id = c.account_id
          WHERE cn.applied_to_invoice_id IS NULL AND c.payment_method = 'cash'
          ORDER BY cn.issue_date, cn.created_at LIMIT 1`,
      )
      .get() as { number: string; total: number; customerId: string; username: string } | undefined;
    if (!credit)
      throw new Error('the demo has no approved credit note waiting for a cash customer');
    const others = e.db.$client
      .prepare(
        'SELECT COUNT(*) FROM credit_note WHERE customer_id = ? AND applied_to_invoice_id IS NULL',
      )
      .pluck()
      .get(credit.customerId);
    expect(others, 'one credit note waiting').toBe(1);
    // An order of theirs well above the credit, dispatched to driver1.
    const [some] = orderable(credit.username, 20);
    if (!some) throw new Error('no product');
    const order = placeAs(
      credit.username,
      [{ product: some._id, quantity: Math.max(2, Math.ceil((credit.total * 3) / some.price)) }],
      today(),
      new Date(Date.now() - TWO_DAYS),
    );
    expect(order.totalPrice).toBeGreaterThan(credit.total);
    const driver = staff('driver1');
    dispatchOrder(e.db, staff('admin'), { id: order._id, driverId: driver.id }, { timeZone: ZONE });

    const page = await signedInAs('driver1', 'driver1234', 'en', PHONE);
    await page.goto('/driver/ordertrack');
    const card = page
      .getByTestId('job-card')
      .filter({ has: page.getByTestId('job-order-number').getByText(`#${order.orderNumber}`) });
    await card.waitFor();
    const credits = card.getByTestId('card-credits');
    await credits
      .getByText(`${en.driverJobs.invoiceTotal}: ${formatYen(order.totalPrice)}`, { exact: true })
      .waitFor();
    await credits
      .getByText(
        fill(en.driverJobs.lessCredit, { number: credit.number, amount: formatYen(credit.total) }),
        { exact: true },
      )
      .waitFor();
    expect((await card.getByTestId('amount-to-collect').innerText()).trim()).toBe(
      `${en.driverJobs.amount}: ${formatYen(order.totalPrice - credit.total)}`,
    );

    await expectNoSeriousViolations(page, { label: 'driver jobs with a credit note (phone, en)' });
    expect(e.problems).toEqual([]);
  });
});

describe('the office on a desktop, in Japanese', () => {
  it("a customer's page says what is overdue and what credit waits, and follows a payment without a reload", async () => {
    const day = today();
    // A customer more than two months late (server/customers/overdue.ts), the most overdue.
    const late = overdueCustomers(e.db, day)[0];
    if (!late) throw new Error('the demo has no overdue customer');
    const pastDue = () =>
      e.db.$client
        .prepare(
          `SELECT COALESCE(SUM(amount - paid_amount), 0) FROM invoice
            WHERE customer_id = ? AND cancelled_at IS NULL AND due_date < ?`,
        )
        .pluck()
        .get(late.customerId, day) as number;
    const before = pastDue();
    // The page says what is past due, of which the part more than two months late.
    expect(before).toBeGreaterThanOrEqual(late.overdueAmount);
    const oldest = e.db.$client
      .prepare(
        `SELECT number, amount - paid_amount AS pending FROM invoice
          WHERE customer_id = ? AND cancelled_at IS NULL AND paid_amount < amount
            AND due_date < ?
          ORDER BY due_date, number LIMIT 1`,
      )
      .get(late.customerId, overdueCutoff(day)) as { number: string; pending: number };
    const credit = e.db.$client
      .prepare(
        `SELECT customer_id AS customerId, SUM(total) AS amount, GROUP_CONCAT(number, ', ') AS numbers
           FROM (SELECT * FROM credit_note WHERE applied_to_invoice_id IS NULL
                  ORDER BY issue_date, created_at, id)
          GROUP BY customer_id LIMIT 1`,
      )
      .get() as { customerId: string; amount: number; numbers: string } | undefined;
    if (!credit) throw new Error('the demo has no credit note waiting');

    const page = await signedInAs('admin', 'admin1234', 'ja', DESKTOP);

    // A customer with a credit note waiting: said under its dues.
    await page.goto(`/admin/invoice/bycustomer/${credit.customerId}`);
    await page
      .getByTestId('customer-credits')
      .getByText(
        fill(ja.money.creditsWaitingOffice, {
          amount: formatYen(credit.amount),
          numbers: credit.numbers,
        }),
        { exact: true },
      )
      .waitFor();

    // The overdue customer: its dues and what is overdue.
    await page.goto(`/admin/invoice/bycustomer/${late.customerId}`);
    const dues = page.getByText(fill(ja.money.totalDues, { amount: formatYen(late.totalDues) }), {
      exact: true,
    });
    await dues.waitFor();
    const overdue = page.getByTestId('customer-overdue');
    await overdue
      .getByText(fill(ja.documents.ui.unpaidOverdue, { amount: formatYen(before) }), {
        exact: true,
      })
      .waitFor();
    await expectNoSeriousViolations(page, { label: "an overdue customer's page (desktop, ja)" });

    // The oldest invoice paid in full on this page; a mark on the window tells a reload.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const card = page.getByTestId('invoice-card').filter({ hasText: oldest.number });
    await card
      .getByRole('button', { name: new RegExp(`^${ja.money.payment}(:|：| |$)`, 'u') })
      .click();
    const form = page.getByRole('dialog', { name: ja.money.paymentForm });
    await form.getByRole('button', { name: ja.money.payFull }).click();
    await form
      .getByRole('button', {
        name: fill(ja.money.payFullYes, { amount: formatYen(oldest.pending) }),
      })
      .click();
    await form.waitFor({ state: 'hidden' });

    const after = before - oldest.pending;
    expect(pastDue()).toBe(after);
    await page
      .getByText(fill(ja.money.totalDues, { amount: formatYen(late.totalDues - oldest.pending) }), {
        exact: true,
      })
      .waitFor();
    if (after > 0) {
      await overdue
        .getByText(fill(ja.documents.ui.unpaidOverdue, { amount: formatYen(after) }), {
          exact: true,
        })
        .waitFor();
    } else {
      await overdue.waitFor({ state: 'detached' });
    }
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    expect(e.problems).toEqual([]);
  });
});
