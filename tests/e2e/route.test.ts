import AxeBuilder from '@axe-core/playwright';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, customer, deliveryJob, route } from '../../drizzle/schema';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

// The route's order of stops (ADR 042): the office moves a customer up on the route screen and
// saves; the driver's Route view on a phone lists the stops in the new order, each with its map
// link and call button, every action a 44 px target.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

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

/**
 * The contrast ratio (WCAG) of an element's text against the background it is painted on: the
 * nearest ancestor's background, a translucent one laid over white (the card's colour).
 */
async function contrastOf(el: ReturnType<Page['locator']>): Promise<number> {
  return el.evaluate((node) => {
    const rgba = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const [r, g, b] = rgba(getComputedStyle(node).color);
    let bg = [255, 255, 255];
    for (let n: Element | null = node; n; n = n.parentElement) {
      const [br, bgc, bb, a = 1] = rgba(getComputedStyle(n).backgroundColor);
      if (a === 0 || br === undefined) continue;
      bg = [br, bgc ?? 0, bb ?? 0].map((c, i) => c * a + (bg[i] ?? 255) * (1 - a));
      break;
    }
    const lum = ([x, y, z]: number[]) => {
      const f = (c: number) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(x ?? 0) + 0.7152 * f(y ?? 0) + 0.0722 * f(z ?? 0);
    };
    const [hi, lo] = [lum([r ?? 0, g ?? 0, b ?? 0]), lum(bg)].sort((p, q) => q - p);
    return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
  });
}

/** Every button and link inside `scope` shorter than 44 px. */
async function smallTargets(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      for (const el of root.querySelectorAll<HTMLElement>('button, [role="button"], a[href]')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.height < 44 || r.width < 44)
          out.push(`${el.tagName} "${el.textContent?.trim().slice(0, 30)}" ${r.width}x${r.height}`);
      }
    }
    return out;
  }, scope);
}

/**
 * A route of the demo with at least two customers driver1 still has to deliver to: its name,
 * and those customers in the route's present order.
 */
function driversRoute() {
  const driver = e.db.select().from(account).where(eq(account.username, 'driver1')).get();
  if (!driver) throw new Error('no driver1');
  const rows = e.db
    .select({
      routeName: route.name,
      routeId: route.id,
      name: customer.restaurantName,
      position: customer.stopPosition,
    })
    .from(deliveryJob)
    .innerJoin(customer, eq(customer.id, deliveryJob.customerId))
    .innerJoin(route, eq(route.id, customer.routeId))
    .where(and(eq(deliveryJob.deliveredBy, driver.id), eq(deliveryJob.isDelivered, false)))
    .all();
  const byRoute = new Map<string, typeof rows>();
  for (const r of rows) {
    const list = byRoute.get(r.routeId) ?? [];
    if (!list.some((x) => x.name === r.name)) list.push(r);
    byRoute.set(r.routeId, list);
  }
  const found = [...byRoute.values()].find((l) => l.length >= 2);
  if (!found) throw new Error('driver1 has no route with two stops in the demo');
  // The demo's restaurants have no address on file: these get one, as the office would type.
  for (const [i, r] of found.entries()) {
    e.db
      .update(customer)
      .set({ billingAddress: `東京都新宿区百人町${i + 1}-2-3` })
      .where(and(eq(customer.routeId, r.routeId), eq(customer.restaurantName, r.name)))
      .run();
  }
  found.sort((a, b) => (a.position ?? 1e9) - (b.position ?? 1e9) || a.name.localeCompare(b.name));
  return { routeName: found[0]?.routeName ?? '', names: found.map((r) => r.name) };
}

describe('the order of a route’s stops', () => {
  it('the office moves a stop up; the driver’s phone lists the new order with map and call', async () => {
    const { routeName, names } = driversRoute();
    const last = names[names.length - 1] as string;
    const first = names[0] as string;

    // The office, at a desk: the route's order, the last of driver1's stops moved to the top.
    const office = await e.newPage(DESKTOP);
    office.setDefaultTimeout(15_000);
    await signIn(office, 'admin', 'admin1234');
    await office.waitForURL('**/admin');
    await office.goto('/admin/customer/routes');
    await office.getByRole('button', { name: `Order of stops: ${routeName}` }).click();
    const dialog = office.getByRole('dialog', { name: `Order of stops: ${routeName}` });
    const list = dialog.getByRole('list', { name: `Order of stops: ${routeName}` });
    await list.waitFor();
    const items = list.getByRole('listitem');
    const index = async (name: string) => {
      const texts = await items.allInnerTexts();
      return texts.findIndex((t) => t.includes(name));
    };
    expect(await index(last)).toBeGreaterThan(await index(first));
    await axe(office, 'office order of stops');
    // By keyboard: focus stays on the moved customer's arrow, Enter moves it again.
    const up = dialog.getByRole('button', { name: `Move ${last} up` });
    await up.focus();
    while ((await index(last)) > 0) await office.keyboard.press('Enter');
    expect(await index(last)).toBe(0);
    await dialog.getByRole('button', { name: 'Save order' }).click();
    await office.getByText('Order of stops saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The driver, on a phone: the Route tile, the stops in the new order.
    const phone = await e.newPage(PHONE);
    phone.setDefaultTimeout(15_000);
    await signIn(phone, 'driver1', 'driver1234');
    await phone.waitForURL('**/driver');
    await phone.getByRole('link', { name: 'Route' }).click();
    await phone.getByRole('heading', { name: "TODAY'S ROUTE" }).waitFor();
    const stops = phone.getByRole('list', { name: "TODAY'S ROUTE" }).getByRole('listitem');
    await stops.first().waitFor();
    const headings = await phone
      .getByRole('list', { name: "TODAY'S ROUTE" })
      .getByRole('heading', { level: 2 })
      .allInnerTexts();
    expect(headings.indexOf(last)).toBeGreaterThanOrEqual(0);
    expect(headings.indexOf(last)).toBeLessThan(headings.indexOf(first));

    const stop = stops.filter({ has: phone.getByRole('heading', { name: last, exact: true }) });
    const map = stop.getByRole('link', { name: `Map: ${last} (opens in a new tab)` });
    const href = (await map.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(decodeURIComponent(href.split('query=')[1] ?? '')).not.toBe('');
    expect(await map.getAttribute('target')).toBe('_blank');
    const call = stop.getByRole('link', { name: /^Call 0\d+/ });
    expect(await call.getAttribute('href')).toMatch(/^tel:0\d+$/);
    // Numbered stops in order, from 1.
    const numbers = await phone
      .getByRole('list', { name: "TODAY'S ROUTE" })
      .locator('[data-stop]')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-stop'))));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));

    // The stop's "to make" badge can be read: its text stands out from its own background
    // (axe's contrast rule is off in this journey; a shaded colour once painted a solid bar).
    const badge = stop.getByText(/deliver(y|ies) to make/);
    expect(await contrastOf(badge)).toBeGreaterThanOrEqual(4.5);

    expect(await smallTargets(phone, 'main')).toEqual([]);
    await axe(phone, 'driver route');
    // Nothing scrolls sideways on the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    expect(e.problems).toEqual([]);
  }, 150_000);

  it('a stop delivered today stays in its place, marked Delivered', async () => {
    const phone = await e.newPage(PHONE);
    phone.setDefaultTimeout(15_000);
    await signIn(phone, 'driver1', 'driver1234');
    await phone.waitForURL('**/driver');
    await phone.goto('/driver/ordertrack');
    const card = phone.getByTestId('job-card').first();
    await card.waitFor();
    const name = (await card.getByRole('heading', { level: 2 }).innerText()).trim();
    await card.getByRole('button', { name: 'Mark As Delivered' }).click();
    const ask = phone.getByRole('dialog', { name: 'Are You Sure to Mark Delivered?' });
    await ask.getByRole('button', { name: 'Yes' }).click();
    await phone.getByText(`Delivered: ${name}`).first().waitFor();

    const driver = e.db.select().from(account).where(eq(account.username, 'driver1')).get();
    const others = e.db
      .select({ n: deliveryJob.id })
      .from(deliveryJob)
      .innerJoin(customer, eq(customer.id, deliveryJob.customerId))
      .where(
        and(
          eq(customer.restaurantName, name),
          eq(deliveryJob.isDelivered, false),
          eq(deliveryJob.deliveredBy, driver?.id ?? ''),
        ),
      )
      .all();
    await phone.goto('/driver/route');
    const stop = phone
      .getByRole('list', { name: "TODAY'S ROUTE" })
      .getByRole('listitem')
      .filter({ has: phone.getByRole('heading', { name, exact: true }) });
    await stop.waitFor();
    if (others.length === 0) await stop.getByText('Delivered', { exact: true }).waitFor();
    else await stop.getByText(/deliver(y|ies) to make/).waitFor();
    await axe(phone, 'driver route after a delivery');
  }, 150_000);
});
