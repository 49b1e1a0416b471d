import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { account, customer, customerOrder } from '../../drizzle/schema';
import { DEMO_LOGINS } from '../../scripts/demo/data';
import type { Language } from '../../shared/enums';
import type { E2E } from './harness';

// Every screen of the app, for the journeys that walk them all (accessibility, Nepali
// everywhere): who signs in, where to go, and what to wait for before looking.

export type Who = 'customer' | 'driver' | 'office';

export interface Screen {
  who: Who;
  path: string;
  /** A name for failure messages. */
  name: string;
}

export const CUSTOMER_USERNAME = 'cust01';

/** The screens, with the demo's ids filled in (a delivered order, a customer, a driver). */
export function allScreens(e: E2E): Screen[] {
  const cust = e.db
    .select({ id: customer.id })
    .from(customer)
    .innerJoin(account, eq(customer.accountId, account.id))
    .where(eq(account.username, CUSTOMER_USERNAME))
    .get();
  if (!cust) throw new Error(`no demo customer ${CUSTOMER_USERNAME}`);
  const order = e.db
    .select({ id: customerOrder.id })
    .from(customerOrder)
    .where(and(eq(customerOrder.customerId, cust.id), isNotNull(customerOrder.deliveredAt)))
    .orderBy(asc(customerOrder.createdAt))
    .get();
  // A day with orders still to deliver: the pick list shows its lines.
  const toPick = e.db
    .select({ date: customerOrder.deliveryDate })
    .from(customerOrder)
    .where(eq(customerOrder.isDelivered, false))
    .orderBy(asc(customerOrder.deliveryDate))
    .get();
  const driver = e.db
    .select({ id: account.id })
    .from(account)
    .where(eq(account.username, DEMO_LOGINS.driver1.username))
    .get();
  const s = (who: Who, path: string, name = path): Screen => ({ who, path, name });
  return [
    s('customer', '/customer', 'customer home'),
    s('customer', '/customer/regularorder', 'all products'),
    s('customer', '/customer/thaiproducts', 'thai products'),
    s('customer', '/customer/customsheet', 'ordersheet'),
    s('customer', '/customer/myorderlist', 'order history'),
    s('customer', `/customer/orderdetails/${order?.id}`, 'order details'),
    s('customer', '/customer/account', 'account'),
    s('customer', '/customer/claims', 'claims'),
    s('customer', '/customer/orderplaced', 'order placed'),
    s('customer', '/cart', 'cart'),
    s('driver', '/driver', 'driver home'),
    s('driver', '/driver/route', "today's route"),
    s('driver', '/driver/ordertrack', 'pending deliveries'),
    s('driver', '/driver/ordertrack/delivered', 'delivered'),
    s('driver', '/driver/payments', 'driver payments'),
    s('driver', '/driver/payments/handover', 'handover'),
    s('office', '/admin', 'office home'),
    s('office', '/admin/customer', 'customers'),
    s('office', '/admin/customer/monthly', 'monthly customers'),
    s('office', '/admin/customer/web', 'web customers'),
    s('office', '/admin/customer/unified', 'unified customers'),
    s('office', '/admin/customer/routes', 'routes'),
    s('office', `/admin/customer/orders/${cust.id}`, "a customer's orders"),
    s('office', '/admin/employee', 'employees'),
    s('office', '/admin/information', 'information'),
    s('office', '/admin/products', 'products'),
    s('office', '/admin/orders', 'web orders'),
    s('office', `/admin/orders/${order?.id}`, 'office order detail'),
    s('office', `/admin/orders/picklist?date=${toPick?.date ?? ''}`, 'pick list'),
    s('office', '/admin/ordertrack', 'order track'),
    s('office', `/admin/ordertrack/sheet/${driver?.id}`, 'driver sheet'),
    s('office', '/admin/invoice', 'invoices'),
    s('office', `/admin/invoice/bycustomer/${cust.id}`, "a customer's invoices"),
    s('office', '/admin/invoice/claims', 'office claims'),
    s('office', '/admin/invoice/closing', 'closing'),
    s('office', '/admin/invoice/followups', 'follow-ups'),
    s('office', '/admin/reports', 'reports'),
    s('office', '/admin/reports/aging', 'aging'),
    s('office', '/admin/reports/export', 'export'),
    s('office', '/admin/reports/handovers', 'handovers'),
    s('office', '/admin/reports/payment', 'payment report'),
    s('office', '/admin/reports/todays', "today's deliveries"),
    s('office', '/admin/settings', 'settings'),
  ];
}

const LOGIN: Record<Who, { username: string; password: string }> = {
  customer: { username: CUSTOMER_USERNAME, password: DEMO_LOGINS.customerPassword },
  driver: DEMO_LOGINS.driver1,
  office: DEMO_LOGINS.admin,
};

/**
 * A fresh device signed in as `who`, reading `language` (saved on the account, which wins over
 * the device's), the promo popup already seen.
 */
export async function signedIn(
  e: E2E,
  who: Who,
  language: Language,
  viewport: { width: number; height: number },
): Promise<{ page: Page; context: BrowserContext }> {
  const { username, password } = LOGIN[who];
  e.db.update(account).set({ language }).where(eq(account.username, username)).run();
  const context = await e.browser.newContext({ viewport, baseURL: e.url });
  await context.addInitScript((lng) => {
    localStorage.setItem('popupLastShown', String(Date.now()));
    localStorage.setItem('lang', lng);
  }, language);
  const page = await context.newPage();
  page.on('pageerror', (err) => e.problems.push(`page error: ${err.message}`));
  await page.goto('/');
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && url.pathname !== '/');
  return { page, context };
}

/** Opens a screen and waits until it has settled (data in, fonts drawn, no spinner). */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => {});
  await page
    .locator('.mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached', timeout: 4000 })
    .catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  // Mantine's transitions (menus, toasts) end within 200 ms.
  await page.waitForTimeout(250);
}
