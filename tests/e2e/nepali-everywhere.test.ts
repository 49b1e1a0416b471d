import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CATEGORY_NAMES_NE,
  PRODUCT_DESCRIPTIONS_NE,
  PRODUCT_NAMES_NE,
} from '../../scripts/demo/names-ne';
import { en, ne } from '../../shared/locales';
import { type E2E, PHONE, startE2E } from './harness';
import { allScreens, open, type Screen, signedIn, type Who } from './screens';

// Nepali everywhere (ADR 040): every screen of the customer, the driver and the office, read
// in Nepali, shows no interface text left in English. Each visible text (and each accessible
// name, placeholder and title) is compared with the English interface strings: one that reads
// exactly as an English string whose Nepali differs is a failure. Product data (names without
// a Nepali one, descriptions), numbers and brand names are not interface strings.

let e: E2E;
let screens: Screen[];
beforeAll(async () => {
  e = await startE2E();
  screens = allScreens(e);
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English strings to look for, as whole-text patterns ({{placeholders}} match anything):
 * those whose Nepali differs and which have a word of at least three letters (not only a
 * placeholder or a sign).
 */
function englishPatterns(): { key: string; pattern: RegExp }[] {
  const english = flatten(en as unknown as Tree);
  const nepali = flatten(ne as unknown as Tree);
  const out: { key: string; pattern: RegExp }[] = [];
  for (const [key, value] of english) {
    if (key.startsWith('errors.')) continue; // shown only on a failure, checked by the locale test
    if (nepali.get(key) === value) continue;
    if (!/[A-Za-z]{3}/.test(value.replace(/\{\{[^}]+\}\}/g, ''))) continue;
    const source = escapeRegExp(value.trim()).replace(/\\\{\\\{[^}]+\\\}\\\}/g, '.+');
    out.push({ key, pattern: new RegExp(`^${source}$`) });
  }
  return out;
}

/** Every visible text node's text and every accessible name, placeholder and title on the page. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [data-product-data]')) continue;
      // Text marked as another language (the language switch's "English", 日本語) is meant so.
      if (!(parent.closest('[lang]')?.getAttribute('lang') ?? 'ne').startsWith('ne')) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) texts.add(text);
    }
    for (const el of Array.from(
      document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'),
    )) {
      if (el.closest('[data-product-data]')) continue;
      if (!(el.closest('[lang]')?.getAttribute('lang') ?? 'ne').startsWith('ne')) continue;
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) texts.add(value);
      }
    }
    // Whole blocks too: a sentence split over nodes (a bold name inside) still reads as one.
    for (const el of Array.from(
      document.querySelectorAll('p, label, button, a, th, h1, h2, h3, h4'),
    )) {
      if (el.closest('[data-product-data]')) continue;
      if (!(el.closest('[lang]')?.getAttribute('lang') ?? 'ne').startsWith('ne')) continue;
      const text = (el as HTMLElement).innerText?.replace(/\s+/g, ' ').trim();
      if (text) texts.add(text);
    }
    texts.add(document.title);
    return [...texts];
  });
}

async function englishLeft(who: Who): Promise<string[]> {
  const patterns = englishPatterns();
  const found: string[] = [];
  const { page, context } = await signedIn(e, who, 'ne', PHONE);
  for (const screen of screens.filter((s) => s.who === who)) {
    await open(page, screen.path);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ne');
    // Product descriptions, order lines and the pick list's lines in Nepali (product data
    // with a Nepali text shows it).
    const shown = await page.evaluate(() => document.body.innerText);
    const nepaliNames = Object.values(PRODUCT_NAMES_NE);
    if (screen.name === 'all products') {
      // The catalogue draws its cards after its first screen: waited for, on a busy machine.
      const description = PRODUCT_DESCRIPTIONS_NE['Momo Masala 100g'] ?? '-';
      const seen = await page
        .getByText(description)
        .first()
        .waitFor({ timeout: 15_000 })
        .then(() => true)
        .catch(() => false);
      if (!seen) found.push('all products: the Momo Masala description is not in Nepali');
    }
    if (
      (screen.name === 'order details' ||
        screen.name === 'office order detail' ||
        screen.name === 'pick list') &&
      !nepaliNames.some((name) => shown.includes(name))
    )
      found.push(`${screen.name}: no order line in Nepali`);
    // The office sidebar's categories (beside the page from 48em; in the page, hidden, on a
    // phone, whose dropdown lists the same names).
    if (screen.name === 'products') {
      const entries = await page.evaluate(() =>
        Array.from(document.querySelectorAll('a[href*="category="]')).map((a) =>
          (a.textContent ?? '').trim(),
        ),
      );
      if (!Object.values(CATEGORY_NAMES_NE).some((name) => entries.includes(name)))
        found.push('products: the sidebar has no category in Nepali');
    }
    for (const text of await visibleTexts(page)) {
      const hit = patterns.find((p) => p.pattern.test(text));
      if (hit) {
        const line = `${screen.name}: "${text}" (${hit.key})`;
        console.log(line);
        found.push(line);
      }
    }
  }
  // A cart with something in it, its checkout step and the delivery-date calendar's month
  // names (Mantine DatesProvider with dayjs's Nepali).
  if (who === 'customer') {
    await open(page, '/customer/regularorder');
    await page.getByTestId('add-to-cart').first().click();
    await open(page, '/cart');
    for (const text of await visibleTexts(page)) {
      const hit = patterns.find((p) => p.pattern.test(text));
      if (hit) found.push(`cart: "${text}" (${hit.key})`);
    }
    await page.getByRole('button', { name: ne.cart.continue }).click();
    await page.waitForTimeout(300);
    for (const text of await visibleTexts(page)) {
      const hit = patterns.find((p) => p.pattern.test(text));
      if (hit) found.push(`checkout: "${text}" (${hit.key})`);
    }
    await page.getByRole('button', { name: new RegExp(ne.cart.deliveryDate) }).click();
    const heading = page
      .locator('[class*="calendarHeaderLevel"], [class*="CalendarHeader-level"]')
      .first();
    await heading.waitFor();
    const month = await heading.innerText();
    if (/[A-Za-z]/.test(month)) found.push(`checkout calendar: "${month}"`);
  }
  await context.close();
  return [...new Set(found)];
}

// ONLY=customer,driver,office runs those parts (while fixing); unset, all of them.
const only = process.env.ONLY?.split(',');
const part = (name: string) => (!only || only.includes(name) ? it : it.skip);

describe('Nepali everywhere', () => {
  part('customer')(
    'customer screens show no English interface text',
    { timeout: 1_200_000 },
    async () => {
      expect(await englishLeft('customer')).toEqual([]);
    },
  );

  part('driver')(
    'driver screens show no English interface text',
    { timeout: 1_200_000 },
    async () => {
      expect(await englishLeft('driver')).toEqual([]);
    },
  );

  part('office')(
    'office screens show no English interface text',
    { timeout: 1_800_000 },
    async () => {
      expect(await englishLeft('office')).toEqual([]);
    },
  );
});
