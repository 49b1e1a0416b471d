import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

// axe-core in the page, for every journey that wants it: fails on any moderate, serious or
// critical violation (contrast, names, tap targets, landmarks, heading order...) and says which
// nodes and why. Minor ones are said on the console, not failed on (ADR 087).

export const BLOCKING = new Set(['moderate', 'serious', 'critical']);

/** One line per rule with its first nodes: what and where. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => {
          const why = n.failureSummary?.split('\n').slice(1).join(' ') ?? '';
          return `    ${n.target.join(' ')} ${n.html.slice(0, 200)}\n      ${why}`;
        })
        .join('\n');
      return `  [${v.impact}] ${v.id} (${v.nodes.length} nodes): ${v.help}\n${nodes}`;
    })
    .join('\n');
}

export interface AxeOptions {
  /** Where the screen is, for the failure message (e.g. 'cart step 2, phone, ne'). */
  label?: string;
  /** CSS selectors to leave out (only for third-party parts the app cannot change). */
  exclude?: string[];
}

/**
 * Waits for the page's running transitions and animations to end (a dialog fading in, a
 * collapse opening): axe measures colours as they are drawn at that moment, and half-way
 * through a fade a button's white text on green reads as too pale. Endless ones (a loader's
 * spin) are not waited for; two seconds at most.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}

/**
 * A dialog that has just opened gets its name on its next frame (Mantine's modal points its
 * aria-labelledby at the title once the title has mounted): a popup opening as axe starts read
 * as a dialog without a name. Waits (two seconds at most) for every open dialog to be named,
 * then for the transitions its opening started; a dialog that stays unnamed still fails.
 */
async function dialogsNamed(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].every(
          (d) => d.hasAttribute('aria-labelledby') || d.hasAttribute('aria-label'),
        ),
      undefined,
      { timeout: 2000 },
    )
    .catch(() => undefined);
}

/**
 * Runs axe on the page as it is now; throws listing every moderate, serious or critical
 * violation, and says any minor one on the console.
 */
export async function expectNoSeriousViolations(page: Page, options: AxeOptions = {}) {
  await settled(page);
  await dialogsNamed(page);
  await settled(page);
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const where = options.label ?? page.url();
  const minor = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  if (minor.length > 0)
    console.log(`axe (minor, reported) on ${where}:\n${describeViolations(minor)}`);
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  if (blocking.length === 0) return;
  throw new Error(`axe on ${where}:\n${describeViolations(blocking)}`);
}

/** A screenshot into test-results/ (for people to look at; never compared). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve('test-results');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
