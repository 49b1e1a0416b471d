import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ja } from '../../shared/locales/ja';
import { type E2E, signIn, startE2E } from './harness';

// The office by keyboard alone, in Japanese on a 1024 x 768 laptop (ADR 083): what a clerk who
// never touches the mouse meets on the screens the first keyboard walk did not reach.

const LAPTOP = { width: 1024, height: 768 };
let e: E2E;
let page: Page;
beforeAll(async () => {
  e = await startE2E();
  page = await e.newPage(LAPTOP);
  await signIn(page, 'admin', 'admin1234');
  await page.waitForURL('**/admin');
  await page.getByRole('banner').getByTestId('language-switch').selectOption('ja');
  await page.getByRole('banner').getByRole('combobox', { name: ja.nav.language }).waitFor();
});
afterAll(() => e?.close());

/** What has the keyboard's focus: its role and accessible name as a screen reader says them. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`;
  });

describe('the office by keyboard, in Japanese at 1024 px', () => {
  it('the export keeps the focus on 出力 while it downloads and after', async () => {
    await page.goto('/admin/reports/export');
    await page.getByRole('heading', { level: 1, name: ja.nav.exportData }).waitFor();
    const route = page.getByRole('combobox', { name: ja.money.route });
    await route.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: ja.money.allRoutes }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => route.inputValue()).toBe(ja.money.allRoutes);
    await page.keyboard.press('Tab');
    const button = page.getByRole('button', { name: ja.money.exportButton, exact: true });
    await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await page.getByText(/^データを.+\.xlsxとして出力しました$/).waitFor();
    // Chromium dropped the focus to <body> when the loading button was disabled.
    expect(await focused()).toBe(`button ${ja.money.exportButton}`);
    await expect.poll(() => button.getAttribute('aria-busy')).toBe(null);
  });
});
