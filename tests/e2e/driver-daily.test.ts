import AxeBuilder from '@axe-core/playwright';
import { and, eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { account, deliveryJob, payment } from '../../drizzle/schema';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

// The driver's day on a phone and a desktop: a delivery leaves the pending list at once and
// stays gone, a photo and a payment taken without signal are kept and sent later with the time
// they were taken, the invoices read without signal, and every action is a 44 px target.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

/** A real (tiny) PNG the server can decode and re-encode. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function driverId(username: string): string {
  const row = e.db.select().from(account).where(eq(account.username, username)).get();
  if (!row) throw new Error(`no ${username}`);
  return row.id;
}

function pendingOf(username: string) {
  return e.db
    .select()
    .from(deliveryJob)
    .where(and(eq(deliveryJob.deliveredBy, driverId(username)), eq(deliveryJob.isDelivered, false)))
    .all();
}

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

/** Every button, call link and file picker inside `scope` that is shorter than 44 px. */
async function smallTargets(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      for (const el of root.querySelectorAll<HTMLElement>(
        'button, [role="button"], a[href^="tel:"], input[type="file"]',
      )) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.height < 44)
          out.push(`${el.tagName} "${el.textContent?.trim().slice(0, 30)}" ${r.height}px`);
      }
    }
    return out;
  }, scope);
}

async function openPending(page: Page, user: string) {
  await signIn(page, user, 'driver1234');
  await page.waitForURL('**/driver');
  await page.goto('/driver/ordertrack');
  await page.getByRole('heading', { name: 'ORDERS' }).waitFor();
  await page.getByTestId('job-card').first().waitFor();
}

describe.each([
  ['phone', PHONE, 'driver1'],
  ['desktop', DESKTOP, 'driver2'],
] as const)('driver day on a %s', (label, viewport, user) => {
  it('Mark As Delivered: the job leaves the list at once, is confirmed, and stays gone', async () => {
    const page = await e.newPage(viewport);
    await openPending(page, user);
    const cards = page.getByTestId('job-card');
    const before = await cards.count();
    const name = (await cards.first().getByRole('heading', { level: 2 }).innerText()).trim();
    const mine = cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
    const sameName = await mine.count();
    const pendingBefore = pendingOf(user).length;

    expect(await smallTargets(page, 'main')).toEqual([]);
    await cards.first().getByRole('button', { name: 'Mark As Delivered' }).click();
    const ask = page.getByRole('dialog', { name: 'Are You Sure to Mark Delivered?' });
    await ask.waitFor();
    expect(await smallTargets(page, '[role="dialog"]')).toEqual([]);
    await axe(page, `${label} confirm`);
    // The browser's (the phone's) Back button closes the dialog and stays on the list.
    await ask.getByLabel('Received by (optional)').fill('Mr Gurung');
    await page.goBack();
    await ask.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/driver/ordertrack');
    await page.getByRole('heading', { name: 'ORDERS' }).waitFor();
    expect(await cards.count()).toBe(before);
    await cards.first().getByRole('button', { name: 'Mark As Delivered' }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await page.getByText(`Delivered: ${name}`).first().waitFor();
    await expect.poll(() => pendingOf(user).length).toBe(pendingBefore - 1);
    // Gone now, and still gone after the list was fetched again (the answer, then a refetch).
    for (let i = 0; i < 6; i++) {
      expect(await mine.count()).toBe(sameName - 1);
      await page.waitForTimeout(500);
    }
    expect(await cards.count()).toBe(before - 1);
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByRole('link', { name: 'Pending Orders' }).click();
    await page.getByTestId('job-card').first().waitFor();
    expect(await mine.count()).toBe(sameName - 1);
    await axe(page, `${label} pending`);
    expect(e.problems).toEqual([]);
  });
});

describe('without signal', () => {
  it('a proof photo taken offline is kept with the delivery and sent with it later', async () => {
    const page = await e.newPage(PHONE);
    await openPending(page, 'driver1');
    const cards = page.getByTestId('job-card');
    const name = (await cards.first().getByRole('heading', { level: 2 }).innerText()).trim();
    const pendingIds = pendingOf('driver1').map((j) => j.id);

    await page.context().setOffline(true);
    await cards.first().getByRole('button', { name: 'Mark As Delivered' }).click();
    const ask = page.getByRole('dialog', { name: 'Are You Sure to Mark Delivered?' });
    await ask.locator('input[type="file"]').setInputFiles({
      name: 'door.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await ask.getByText(/the delivery and its photo are kept on this phone/).waitFor();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await ask.waitFor({ state: 'detached' });
    const waiting = page.getByTestId('waiting-list');
    await waiting.getByText(`${name} · with photo`).waitFor();
    // Out of the pending list while it waits.
    expect(
      await cards.filter({ has: page.getByRole('heading', { name, exact: true }) }).count(),
    ).toBeLessThan(
      pendingIds.length, // never all of them
    );
    await page.waitForTimeout(300);
    expect(pendingOf('driver1').length).toBe(pendingIds.length);

    await page.context().setOffline(false);
    await waiting.waitFor({ state: 'detached', timeout: 40_000 });
    const sent = e.db
      .select()
      .from(deliveryJob)
      .where(and(inArray(deliveryJob.id, pendingIds), eq(deliveryJob.isDelivered, true)))
      .all();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.proofImage).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(
      e.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(p)),
    ).toEqual([]);
  });

  it('Payments: the invoices show from the phone, a payment waits and keeps its time', async () => {
    const page = await e.newPage(PHONE);
    page.setDefaultTimeout(15_000);
    try {
      await paymentsOffline(page);
    } catch (error) {
      await page.screenshot({ path: 'test-results/driver-payments-failed.png', fullPage: true });
      throw error;
    }
  }, 200_000);
});

async function paymentsOffline(page: Page) {
  {
    await signIn(page, 'driver1', 'driver1234');
    await page.waitForURL('**/driver');
    // A full load inside /driver, so the driver's service worker takes the page.
    await page.goto('/driver/payments');
    await page.getByRole('heading', { name: 'PAYMENTS' }).waitFor();
    const first = page.getByTestId('invoice-card').first();
    await first.waitFor();
    // The service worker (scope /driver) lets the app itself reload without signal; its first
    // install caches the whole app and can take a while on a busy machine.
    await page.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 60_000))]),
    );
    await expect
      .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 15_000 })
      .toBe(true);
    const count = await page.getByTestId('invoice-card').count();
    const before = e.db.select().from(payment).all().length;

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'PAYMENTS' }).waitFor();
    await page.getByText(/No connection: showing the invoices as of/).waitFor();
    expect(await page.getByText('Failed to load invoices').count()).toBe(0);
    expect(await page.getByTestId('invoice-card').count()).toBe(count);
    expect(await smallTargets(page, 'main')).toEqual([]);
    await axe(page, 'payments offline');

    await first.getByRole('button', { name: /^Payment: / }).click();
    const pay = page.getByRole('dialog', { name: 'Payment' });
    await pay.getByLabel(/^Amount \(¥\)/).fill('100');
    const taken = Date.now();
    await pay.getByRole('button', { name: 'Pay Partial Amount' }).click();
    await pay.waitFor({ state: 'hidden' });
    await page.getByText('1 payment waiting to send').waitFor();
    expect(e.db.select().from(payment).all().length).toBe(before);

    await page.context().setOffline(false);
    await page
      .getByText('1 payment waiting to send')
      .waitFor({ state: 'detached', timeout: 40_000 });
    const rows = e.db.select().from(payment).all();
    expect(rows.length).toBe(before + 1);
    const added = rows.find((r) => r.amount === 100 && r.takenAt);
    expect(added).toBeTruthy();
    const at = Date.parse(added?.takenAt ?? '');
    expect(at).toBeGreaterThanOrEqual(taken - 2000);
    expect(at).toBeLessThan(taken + 5000);
  }
}
