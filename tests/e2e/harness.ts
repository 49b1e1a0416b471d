import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { serveDemo } from '../../scripts/demo/serve-demo';
import type { Db } from '../../server/platform/db';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

export interface E2E {
  url: string;
  db: Db;
  browser: Browser;
  /** A fresh browser context (own cookies and storage) at the given size. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** Console errors and failed requests seen by any page; a journey ends with none. */
  problems: string[];
  close(): Promise<void>;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The demo served for one journey file; `env` adds settings it needs (e.g. SMTP_URL). */
export async function startE2E(env: Record<string, string> = {}): Promise<E2E> {
  if (!fs.existsSync(path.resolve('dist/client/index.html'))) {
    throw new Error('No built client: run `npm run build` (npm run test:e2e does).');
  }
  const demo = await serveDemo('wholesale-e2e-', env);
  const { url, db } = demo;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  return {
    url,
    db,
    browser,
    problems,
    async newPage(viewport = DESKTOP) {
      const context = await browser.newContext({ viewport, baseURL: url });
      contexts.push(context);
      const page = await context.newPage();
      page.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
      });
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      return page;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await demo.close();
    },
  };
}

/** Signs in through the login screen as a person would. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel(/username/i).fill(username);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
