import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { account } from '../../drizzle/schema';
import { configFromEnv } from '../../server/platform/config';
import { ja } from '../../shared/locales';
import { expectNoSeriousViolations } from './axe';
import { DESKTOP, type E2E, startE2E } from './harness';

// Settings in the office, in Japanese (ADR 065): the browser's Back with a section unsaved asks
// with the app's own question (Stay keeps the typed change, Leave goes back), and after a save
// Back simply goes back; the admin sees when the last backup was taken (none yet, then the one
// `npm run backup` takes), a manager sees no backup panel and the server tells them nothing.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());
beforeEach(() => {
  e.problems.length = 0;
});

/** Signed in as `username` with Japanese on the account, on the office's home page. */
async function officeInJapanese(username: string, password: string): Promise<Page> {
  e.db.update(account).set({ language: 'ja' }).where(eq(account.username, username)).run();
  const page = await e.newPage(DESKTOP);
  await page.context().addInitScript(() => localStorage.setItem('lang', 'ja'));
  await page.goto('/');
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/admin');
  return page;
}

/** From the office's home to Settings by its link, so Back has a page of the app to go to. */
async function openSettings(page: Page): Promise<void> {
  await page.getByRole('link', { name: ja.home.settingsLink }).click();
  await page.waitForURL('**/admin/settings');
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('Settings and the browser’s Back', () => {
  it('asks with a section unsaved: Stay keeps the change, Leave goes back; once saved Back just goes back', async () => {
    const page = await officeInJapanese('admin', 'admin1234');
    await openSettings(page);
    const name = page.getByLabel(ja.settings.legalName);
    await name.waitFor();
    const stored = await name.inputValue();

    // Typed as a person types (the browser keeps a history entry only for a page someone used).
    await name.click();
    await name.press('End');
    await name.pressSequentially(' 本店');
    await page.getByTestId('settings-unsaved').first().waitFor();

    const leave = page.getByRole('dialog', { name: ja.settings.leaveTitle });
    await page.goBack({ waitUntil: 'commit' }).catch(() => {});
    await leave.waitFor();
    await expectNoSeriousViolations(page, { label: 'Settings, leave by Back (desktop, ja)' });
    await leave.getByRole('button', { name: ja.settings.leaveStay }).click();
    await leave.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/admin/settings');
    expect(await name.inputValue()).toBe(`${stored} 本店`);

    // Asked again at the next Back; Leave goes to the page before Settings.
    await page.goBack({ waitUntil: 'commit' }).catch(() => {});
    await leave.getByRole('button', { name: ja.settings.leaveAnyway }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(await leave.count()).toBe(0);

    // Typed and saved: Back is the browser's own again, and nothing is left in the history.
    await openSettings(page);
    await name.waitFor();
    expect(await name.inputValue()).toBe(stored);
    await name.click();
    await name.press('End');
    await name.pressSequentially(' 本店');
    const section = page.locator('.mantine-Paper-root').filter({ has: name }).last();
    await section.getByRole('button', { name: new RegExp(`^${ja.settings.save}`) }).click();
    await page.getByTestId('settings-unsaved').waitFor({ state: 'detached' });
    // The held entry is taken away (history.back() of the same page) before Back is pressed.
    await expect
      .poll(() => page.evaluate(() => 'backCloses' in (window.history.state ?? {})))
      .toBe(false);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(await leave.count()).toBe(0);
    expect(e.problems).toEqual([]);
  });
});

describe('the backup panel on Settings', () => {
  it('the admin sees that no backup is taken yet, then the one npm run backup took', async () => {
    const page = await officeInJapanese('admin', 'admin1234');
    await openSettings(page);
    const panel = page.getByTestId('backup-status');
    await panel.getByRole('heading', { name: ja.settings.backup.title }).waitFor();
    await panel.getByText(ja.settings.backup.none, { exact: true }).waitFor();
    await expectNoSeriousViolations(page, { label: 'Settings, no backup yet (desktop, ja)' });

    // `npm run backup` on the server's own data folder, as the keeper of the box runs it.
    const dbFile = e.db.$client.name;
    const dataDir = path.dirname(dbFile);
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: 'pipe',
    });
    const { backupDir } = configFromEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const copies = fs.readdirSync(backupDir).filter((f) => /-manual-.*\.db$/.test(f));
    expect(copies).toHaveLength(1);

    await page.reload();
    await panel.getByText(copies[0] ?? '?', { exact: false }).waitFor();
    expect(await panel.getByText(ja.settings.backup.none, { exact: true }).count()).toBe(0);
    await expectNoSeriousViolations(page, { label: 'Settings, last backup (desktop, ja)' });
    expect(e.problems).toEqual([]);
  });

  it('a manager sees no backup panel, and the server does not tell them', async () => {
    const page = await officeInJapanese('manager', 'manager1234');
    await openSettings(page);
    await page.getByLabel(ja.settings.legalName).waitFor();
    // The sections every member of the office sees are there; the backup's is not.
    expect(await page.getByTestId('backup-status').count()).toBe(0);
    expect(await page.getByRole('heading', { name: ja.settings.backup.title }).count()).toBe(0);
    await expectNoSeriousViolations(page, { label: 'Settings, manager (desktop, ja)' });
    expect(e.problems).toEqual([]);
    // Asked directly, the server refuses (the browser logs the refusal; that is the point).
    const status = await page.evaluate(async () => {
      const r = await fetch('/trpc/settings.backupStatus');
      return r.status;
    });
    expect(status).toBe(403);
  });
});
