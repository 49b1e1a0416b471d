import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { account, customer, customerOrder } from '../../drizzle/schema';
import { en, ja } from '../../shared/locales';
import { expectNoSeriousViolations, screenshot } from './axe';
import { DESKTOP, type E2E, PHONE, startE2E } from './harness';

// Japanese, the third interface language (ADR 025): a Japanese browser's first visit, the
// switch to 日本語 saved on the account, the Japanese font fetched in subsets for Japanese
// readers only, dates and yen the Japanese way, and the screens at 390 and 1366 px.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

/** A fresh device whose browser prefers `locale`; the promo popup counts as already seen. */
async function device(
  locale: string,
  viewport = PHONE,
): Promise<{ page: Page; context: BrowserContext; requests: string[] }> {
  const context = await e.browser.newContext({ viewport, baseURL: e.url, locale });
  await context.addInitScript(() => {
    localStorage.setItem('popupLastShown', String(Date.now()));
  });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  page.on('console', (msg) => {
    if (msg.type() === 'error') e.problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => e.problems.push(`page error: ${err.message}`));
  return { page, context, requests };
}

async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

/** Nothing wider than the window: no sideways scrolling on the screen as it is. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Screenshots (and the overflow check) at the phone and the desktop size. */
async function bothSizes(page: Page, label: string, axe = false): Promise<void> {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    await page.evaluate(() => document.fonts.ready);
    await expectNoSidewaysScroll(page, `${label} (${size})`);
    if (axe) await expectNoSeriousViolations(page, { label: `${label} (${size}, ja)` });
    await screenshot(page, `ja-${label}-${size}`);
  }
  await page.setViewportSize(PHONE);
}

describe('Japanese', () => {
  it('a Japanese browser opens in Japanese, with the Japanese font in subsets; English never fetches it', {
    timeout: 120_000,
  }, async () => {
    const { page, requests } = await device('ja-JP');
    await page.goto('/');
    await page.locator('input[autocomplete="username"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(ja.common.appName);
    expect(await page.title()).toBe(ja.common.appName);
    await page.getByText(ja.login.title).waitFor();
    const languageSwitch = page.getByRole('combobox', { name: ja.nav.language });
    expect(await languageSwitch.inputValue()).toBe('ja');
    expect(await languageSwitch.locator('option').allTextContents()).toEqual([
      'English',
      'नेपाली',
      '日本語',
    ]);

    // Noto Sans JP: only some of its ~120 unicode-range files per weight, the ones holding the
    // glyphs on screen; the Japanese text is drawn with it.
    const fontFiles = () => requests.filter((r) => /noto-sans-jp-.*\.woff2$/.test(r));
    await expect.poll(() => fontFiles().length).toBeGreaterThan(0);
    await page.evaluate(() => document.fonts.ready);
    expect(fontFiles().length).toBeLessThan(40);
    const used = await page.evaluate(() =>
      [...document.fonts].some((f) => f.family.includes('Noto Sans JP') && f.status === 'loaded'),
    );
    expect(used).toBe(true);
    await bothSizes(page, 'login', true);

    // An English reader downloads neither the Japanese text nor the Japanese font's rules. This
    // machine has no Japanese font at all, so the switch's '日本語' gets its three glyphs' files.
    const english = await device('en-US');
    await english.page.goto('/');
    await english.page.getByRole('heading', { level: 1 }).waitFor();
    await english.page.waitForLoadState('networkidle');
    await english.page.waitForTimeout(500);
    expect(await english.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(english.requests.filter((r) => /japaneseFont|\/ja-[\w-]+\.js$/.test(r))).toEqual([]);
    const glyphFiles = english.requests.filter((r) => /noto-sans-jp/.test(r));
    expect(glyphFiles.length).toBeLessThanOrEqual(3);
    for (const file of glyphFiles) expect(file).toMatch(/noto-sans-jp-(113|117|118)-400-normal/);
    await english.context.close();
    await page.context().close();
    expect(e.problems).toEqual([]);
  });

  it('switching to 日本語 shows Japanese at once, is saved on the account, and formats dates and yen', {
    timeout: 180_000,
  }, async () => {
    // A demo customer with orders (its history shows dates).
    const username =
      e.db
        .select({ username: account.username })
        .from(customerOrder)
        .innerJoin(customer, eq(customerOrder.customerId, customer.id))
        .innerJoin(account, eq(customer.accountId, account.id))
        .limit(1)
        .get()?.username ?? 'cust01';
    const { page, context } = await device('en-US');
    await page.goto('/');
    await signInAs(page, username, 'cust1234');
    await page.waitForURL('**/customer');
    await page.getByRole('banner').getByRole('combobox', { name: en.nav.language }).waitFor();

    // The top bar's switch offers 日本語: choosing it turns the screen Japanese.
    await page.getByRole('banner').getByTestId('language-switch').selectOption('ja');
    await page.getByRole('banner').getByRole('combobox', { name: ja.nav.language }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    const accountId = e.db
      .select({ id: account.id })
      .from(account)
      .where(eq(account.username, username))
      .get()?.id;
    const saved = () =>
      e.db
        .select({ l: account.language })
        .from(account)
        .where(eq(account.id, accountId ?? ''))
        .get()?.l;
    await expect.poll(saved).toBe('ja');

    // The catalogue, in Japanese; prices in yen with Western digits.
    await page.goto('/customer/regularorder');
    await page.getByRole('heading', { name: ja.catalogue.allProductsTitle }).waitFor();
    await page.getByTestId('product-card').first().waitFor();
    const card = (await page.getByTestId('product-card').first().textContent()) ?? '';
    expect(card).toMatch(/¥\d{1,3}(,\d{3})*/);
    expect(card).toContain('あたり');
    // Drawn with Noto Sans JP, also where the server's first screen left its own font variables.
    const family = await page.evaluate(() => {
      const title = document.querySelector('#root h1');
      return title ? getComputedStyle(title).fontFamily : '';
    });
    expect(family).toMatch(/^"?Noto Sans JP/);
    await bothSizes(page, 'catalogue', true);

    // The order history: dates as 2026/11/26.
    await page.goto('/customer/myorderlist');
    await page.getByRole('heading', { name: ja.orders.historyTitle }).waitFor();
    // The list arrives after the heading; wait for its first date.
    await expect
      .poll(async () => (await page.locator('main').textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/\d{4}\/\d{2}\/\d{2}/);
    const history = (await page.locator('main').textContent()) ?? '';
    expect(history).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);

    // Another device of the same person opens in Japanese: the choice follows the account.
    await context.clearCookies();
    const other = await device('en-US');
    await other.page.goto('/');
    await signInAs(other.page, username, 'cust1234');
    await other.page.waitForURL('**/customer');
    await expect.poll(() => other.page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await other.context.close();
    await context.close();
    expect(e.problems).toEqual([]);
  });

  it("the office's lists in Japanese fit the phone and the desktop", {
    timeout: 120_000,
  }, async () => {
    const { page, context } = await device('ja-JP', DESKTOP);
    await page.goto('/');
    await signInAs(page, 'admin', 'admin1234');
    await page.waitForURL('**/admin');
    await page.goto('/admin/orders');
    await page.getByRole('heading', { name: ja.webOrders.title }).waitFor();
    await page.getByRole('tab', { name: ja.webOrders.tabNew }).waitFor();
    await bothSizes(page, 'office-web-orders');
    await page.goto('/admin/customer');
    await page.getByRole('heading', { name: ja.nav.allCustomers }).first().waitFor();
    await bothSizes(page, 'office-customers');
    await context.close();
    expect(e.problems).toEqual([]);
  });
});
