// `npm run check:first-screen`: the catalogue's server-rendered first
// screen against the React screen that replaces it (ADR 021). For a phone (390 px) and a
// desktop (1366 px), in English and in Nepali, it opens /customer/regularorder signed in,
// once with JavaScript off (what the server sends, alone) and once as the app renders it,
// and compares where the top bar, the title, the search box and the first cards and their
// pictures are. Screenshots go to FIRST_SCREEN_SHOTS (default /tmp/first-screen).
// Needs the built client (npm run build).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { serveDemo } from './demo/serve-demo';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = process.env.FIRST_SCREEN_SHOTS ?? '/tmp/first-screen';
const TOLERANCE = 1.5;

type Box = { x: number; y: number; w: number; h: number } | null;

/** The boxes compared, by name: [server selector, React selector]. */
const PARTS: Record<string, [string, string]> = {
  header: ['#first-screen header', '.mantine-AppShell-header'],
  title: ['#first-screen h1', '#root h1'],
  search: ['#first-screen .fs-search', '#root input[type=search]'],
  category: ['#first-screen .fs-select', '#root .mantine-Select-input'],
  avatar: ['#first-screen .fs-avatar', '#root [aria-haspopup=menu]'],
  count: ['#first-screen [data-part=count]', '#root [aria-live=polite]'],
  ...Object.fromEntries(
    [0, 1, 2, 3, 4, 5].flatMap((i) => [
      [
        `card${i}`,
        [
          `#first-screen [data-part=card]:nth-child(${i + 1})`,
          `#root [data-testid=product-card]:nth-child(${i + 1})`,
        ],
      ],
      [
        `picture${i}`,
        [
          `#first-screen [data-part=card]:nth-child(${i + 1}) img`,
          `#root [data-testid=product-card]:nth-child(${i + 1}) img`,
        ],
      ],
      [
        `name${i}`,
        [
          `#first-screen [data-part=card]:nth-child(${i + 1}) h2`,
          `#root [data-testid=product-card]:nth-child(${i + 1}) h2`,
        ],
      ],
      [
        `button${i}`,
        [
          `#first-screen [data-part=card]:nth-child(${i + 1}) [data-part=add]`,
          `#root [data-testid=product-card]:nth-child(${i + 1}) button:not([aria-pressed])`,
        ],
      ],
    ]),
  ),
};

async function boxes(page: Page, which: 0 | 1): Promise<Record<string, Box>> {
  const out: Record<string, Box> = {};
  for (const [name, selectors] of Object.entries(PARTS)) {
    const el = page.locator(selectors[which]).first();
    out[name] = (await el.count())
      ? await el.boundingBox().then((b) => b && { x: b.x, y: b.y, w: b.width, h: b.height })
      : null;
  }
  return out;
}

async function main() {
  fs.mkdirSync(SHOTS, { recursive: true });
  const demo = await serveDemo('wholesale-first-');
  const url = demo.url;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  let worst = 0;
  try {
    for (const language of ['en', 'ne'] as const) {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1366, height: 900 },
      ]) {
        const context = await browser.newContext({ viewport, baseURL: url });
        await context.addInitScript(() =>
          localStorage.setItem('popupLastShown', String(Date.now())),
        );
        const login = await context.newPage();
        await login.goto('/');
        await login.locator('input[autocomplete="username"]:enabled').fill('cust01');
        await login.locator('input[autocomplete="current-password"]').fill('cust1234');
        await login.locator('button[type="submit"]').click();
        await login.waitForURL('**/customer');
        await login.evaluate(async (lang) => {
          await fetch('/trpc/auth.setLanguage', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ language: lang }),
          });
        }, language);
        await login.close();
        const tag = `${language}-${viewport.width}`;

        const still = await browser.newContext({
          viewport,
          baseURL: url,
          javaScriptEnabled: false,
          storageState: await context.storageState(),
        });
        const server = await still.newPage();
        await server.goto('/customer/regularorder');
        await server.waitForLoadState('load');
        await server.evaluate(() => document.fonts.ready);
        await server.waitForTimeout(300);
        await server.screenshot({ path: path.join(SHOTS, `${tag}-server.png`) });
        const a = await boxes(server, 0);
        await still.close();

        const page = await context.newPage();
        await page.goto('/customer/regularorder');
        await page.getByTestId('product-card').nth(5).waitFor();
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(500);
        await page.screenshot({ path: path.join(SHOTS, `${tag}-app.png`) });
        const b = await boxes(page, 1);
        await context.close();

        for (const name of Object.keys(PARTS)) {
          const s = a[name];
          const r = b[name];
          if (!s || !r) {
            const visible = (r && r.y < viewport.height) || (s && s.y < viewport.height);
            if (visible)
              console.log(`${tag} ${name}: server ${JSON.stringify(s)} app ${JSON.stringify(r)}`);
            continue;
          }
          const d = Math.max(
            Math.abs(s.x - r.x),
            Math.abs(s.y - r.y),
            Math.abs(s.w - r.w),
            Math.abs(s.h - r.h),
          );
          if (r.y < viewport.height) worst = Math.max(worst, d);
          if (d > TOLERANCE)
            console.log(
              `${tag} ${name}: off by ${d.toFixed(1)} px: server ${JSON.stringify(s)} app ${JSON.stringify(r)}`,
            );
        }
        console.log(`${tag}: compared`);
      }
    }
  } finally {
    await browser.close();
    await demo.close();
  }
  console.log(
    `largest difference on the first screen: ${worst.toFixed(1)} px; screenshots in ${SHOTS}`,
  );
  if (worst > TOLERANCE) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
