import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, ja, ne } from '../../shared/locales';
import { expectNoSeriousViolations, screenshot } from './axe';
import { DESKTOP, type E2E, PHONE, startE2E } from './harness';

// The login screen drawn by the server (ADR 086), on a 390 px phone whose script has not
// arrived: the form is there in the phone's language, passes axe, and signs in by itself (a
// plain form post); a wrong password comes back with the message. When the script arrives the
// app's form takes the drawn one's place in the same boxes, with what was typed and the focus.

let e: E2E;

beforeAll(async () => {
  e = await startE2E();
}, 120_000);

afterAll(async () => {
  await e?.close();
});

type Lang = 'en' | 'ne' | 'ja';
const LOCALE: Record<Lang, string> = { en: 'en-US', ne: 'ne-NP', ja: 'ja-JP' };
const TEXT = { en, ne, ja };

/** A phone whose browser prefers `lang`; the app's script never arrives when `script` is 'none'. */
async function phone(lang: Lang, script: 'none' | 'held' | 'normal', viewport = PHONE) {
  const context = await e.browser.newContext({
    viewport,
    baseURL: e.url,
    locale: LOCALE[lang],
    isMobile: viewport === PHONE,
    hasTouch: viewport === PHONE,
  });
  const page = await context.newPage();
  let release = () => {};
  if (script !== 'normal') {
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route: Route) => {
      if (script === 'none') return route.abort();
      await held;
      return route.continue();
    });
  }
  return { context, page, release: () => release() };
}

const username = (page: Page) => page.locator('input[autocomplete="username"]');
const password = (page: Page) => page.locator('input[autocomplete="current-password"]');

describe('the login screen before the script', () => {
  for (const lang of ['en', 'ne', 'ja'] as const) {
    it(`${lang}: drawn in the phone's language, axe passes, a wrong password is said, the right one signs in`, async () => {
      const t = TEXT[lang];
      const { context, page } = await phone(lang, 'none');
      await page.goto('/');
      await expect.poll(() => page.getByLabel(t.login.username).isVisible()).toBe(true);
      await expect.poll(() => page.getByLabel(t.login.password).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: t.login.submit }).isVisible()).toBe(true);
      expect(await page.locator('#root').isVisible()).toBe(false);
      if (lang === 'ne') {
        // The bundled Devanagari font first, as the app has it: with the system's first, a
        // phone without Devanagari drew the title and Sign In as empty boxes.
        for (const selector of ['#first-screen h1', '#first-screen button', '#first-screen p']) {
          expect(
            await page
              .locator(selector)
              .first()
              .evaluate((el) => getComputedStyle(el).fontFamily),
            selector,
          ).toMatch(/^"Noto Sans Devanagari"/);
        }
      }
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, `login-first-${lang}-390`);
      await expectNoSeriousViolations(page, { label: `login drawn, ${lang}, 390` });

      await page.getByLabel(t.login.username).fill('cust21');
      await page.getByLabel(t.login.password).fill('not-the-password');
      await page.getByRole('button', { name: t.login.submit }).click();
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.textContent()).toBe(t.errors.auth.invalidLogin);
      expect(await page.getByLabel(t.login.username).inputValue()).toBe('cust21');
      await expectNoSeriousViolations(page, { label: `login drawn, refused, ${lang}, 390` });

      await page.getByLabel(t.login.password).fill('cust1234');
      await page.getByRole('button', { name: t.login.submit }).click();
      await page.waitForURL('**/customer');
      const cookies = await context.cookies();
      expect(cookies.some((c) => c.name === 'session' && c.httpOnly)).toBe(true);
      await context.close();
    });
  }
});

describe('the app takes over', () => {
  const boxes = async (page: Page, root: string) => ({
    language: await page.locator(`${root} .fl-lang, ${root} select`).first().boundingBox(),
    title: await page.locator(`${root} h1`).boundingBox(),
    username: await page.locator(`${root} input[autocomplete="username"]`).boundingBox(),
    label: await page.locator(`${root} label`).first().boundingBox(),
    button: await page.locator(`${root} button[type="submit"]`).boundingBox(),
  });
  type Boxes = Awaited<ReturnType<typeof boxes>>;
  /** What the server sends, alone (the script never arrives). */
  const servedBoxes = async (viewport = PHONE) => {
    const drawn = await phone('en', 'none', viewport);
    await drawn.page.goto('/');
    await drawn.page.locator('#first-screen form').waitFor();
    const served = await boxes(drawn.page, '#first-screen');
    await drawn.context.close();
    return served;
  };
  const expectSame = (served: Boxes, app: Boxes, where: string) => {
    for (const part of Object.keys(app) as (keyof Boxes)[]) {
      const a = served[part];
      const b = app[part];
      expect(a, `${where} ${part}`).not.toBeNull();
      expect(b, `${where} ${part}`).not.toBeNull();
      if (!a || !b) continue;
      for (const k of ['x', 'y', 'width', 'height'] as const) {
        expect(Math.abs(a[k] - b[k]), `${where} ${part}.${k}`).toBeLessThan(2);
      }
    }
  };

  it('in the same boxes, with what was typed, the focus and the caret', async () => {
    const served = await servedBoxes();
    const { context, page, release } = await phone('en', 'held');
    await page.goto('/', { waitUntil: 'commit' });
    await username(page).fill('cust22');
    await password(page).fill('cust12');
    release();
    await page.locator('#first-screen').waitFor({ state: 'detached' });
    expectSame(served, await boxes(page, '#root'), '390');
    expect(await username(page).inputValue()).toBe('cust22');
    expect(await password(page).inputValue()).toBe('cust12');
    // Typing goes on in the field it was in, at the end of what was typed.
    await page.keyboard.type('34');
    expect(await password(page).inputValue()).toBe('cust1234');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/customer');
    await context.close();
  });

  it('in the same boxes on a desktop', async () => {
    const served = await servedBoxes(DESKTOP);
    const { context, page } = await phone('en', 'normal', DESKTOP);
    await page.goto('/');
    await page.locator('#root form').waitFor();
    await expect.poll(() => page.locator('#first-screen').count()).toBe(0);
    expectSame(served, await boxes(page, '#root'), '1366');
    await context.close();
  });

  it("keeps the drawn refusal: the message in the reader's language and the name typed", async () => {
    const { context, page, release } = await phone('ne', 'held');
    await page.goto('/', { waitUntil: 'commit' });
    await username(page).fill('cust23');
    await password(page).fill('wrong');
    await page.locator('#first-screen button[type="submit"]').click();
    await expect.poll(() => page.locator('#first-screen [role="alert"]').count()).toBe(1);
    release();
    await page.locator('#first-screen').waitFor({ state: 'detached' });
    expect(await page.getByRole('alert').textContent()).toBe(ne.errors.auth.invalidLogin);
    expect(await username(page).inputValue()).toBe('cust23');
    await password(page).fill('cust1234');
    await page.getByRole('button', { name: ne.login.submit }).click();
    await page.waitForURL('**/customer');
    await context.close();
  });
});
