import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../shared/enums';
import { en } from '../../shared/locales/en';
import { ja } from '../../shared/locales/ja';
import { ne } from '../../shared/locales/ne';
import { type E2E, startE2E } from './harness';
import { open, signedIn } from './screens';

// The closing screen on an office's laptop (ADR 080): the whole closing of a date, every
// column up to its statements and invoices, is on the page without scrolling sideways, in
// each language, at 1366 and 1024 px wide.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

const LABELS: Record<Language, string> = {
  en: en.money.closingDate,
  ja: ja.money.closingDate,
  ne: ne.money.closingDate,
};

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
];

describe('the closing screen on a laptop', () => {
  // The demo's closing date with the most statements: the widest table it has.
  const widest = () =>
    e.db.$client
      .prepare(
        `SELECT closing_date AS closingDate FROM statement
          GROUP BY closing_date ORDER BY COUNT(*) DESC, closing_date DESC LIMIT 1`,
      )
      .get() as { closingDate: string };

  for (const language of ['ja', 'en', 'ne'] as const) {
    it(`(${language}) shows every column, the documents too, without scrolling sideways`, async () => {
      const { closingDate } = widest();
      const statements = (
        e.db.$client
          .prepare('SELECT number FROM statement WHERE closing_date = ? ORDER BY number')
          .all(closingDate) as { number: string }[]
      ).map((s) => s.number);
      expect(statements.length).toBeGreaterThan(1);
      for (const viewport of SIZES) {
        const { page, context } = await signedIn(e, 'office', language, viewport);
        try {
          await open(page, '/admin/invoice/closing');
          const field = page.getByLabel(LABELS[language], { exact: true });
          // Typed as a spreadsheet writes it, which the field reads in every language.
          await field.fill(closingDate);
          await field.press('Escape');
          await page.getByRole('heading', { level: 1 }).click();
          const links = statements.map((n) => page.getByRole('link', { name: n, exact: true }));
          for (const link of links) await link.waitFor();
          const where = `${language} ${viewport.width}px`;
          // Neither the page nor the table inside it scrolls sideways.
          const pageWider = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(pageWider, where).toBeLessThanOrEqual(1);
          const table = await page
            .locator('.mantine-datatable .mantine-ScrollArea-viewport')
            .first()
            .evaluate((el) => el.scrollWidth - el.clientWidth);
          expect(table, where).toBeLessThanOrEqual(1);
          // Each statement's link, in the last column, is inside the window's width.
          for (const link of links) {
            const box = await link.boundingBox();
            expect(box, where).toBeTruthy();
            expect((box?.x ?? 0) + (box?.width ?? 0), where).toBeLessThanOrEqual(viewport.width);
          }
        } finally {
          await context.close();
        }
      }
      expect(e.problems).toEqual([]);
    }, 120_000);
  }
});
