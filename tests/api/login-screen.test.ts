import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NAME } from '../../server/accounts/session-cookies';
import { createSession } from '../../server/accounts/sessions';
import { buildApp } from '../../server/app';
import { forgetShells } from '../../server/doors/first-screen';
import { configFromEnv } from '../../server/platform/config';
import { closeDb, type Db, openDb } from '../../server/platform/db';
import { makeCustomer, makeEmployee } from '../helpers/factories';

// The login screen drawn by the server (ADR 086): the real app on a fresh SQLite file with the
// client's own index.html, over HTTP. GET / draws the form in the reader's language; the form,
// sent before the app's script arrived, signs in through the same procedure as the app.

let dir: string;
let db: Db;
let app: FastifyInstance;
let base: string;
let clientDir: string;
let cust: Awaited<ReturnType<typeof makeCustomer>>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-login-screen-'));
  clientDir = fs.mkdtempSync(path.join(dir, 'client-'));
  fs.copyFileSync(path.resolve('client/index.html'), path.join(clientDir, 'index.html'));
  const config = { ...configFromEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), clientDir };
  db = openDb(config.dbPath);
  // Delays start after 2 failures from one address, so the throttle's answer is reachable.
  app = await buildApp({ db, config, logger: false, throttle: { freeFailures: 2 } });
  forgetShells();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  cust = await makeCustomer(db, { username: 'ramen-ya' });
});

afterAll(async () => {
  await app.close();
  closeDb(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function post(body: string, opts: { path?: string; headers?: Record<string, string> } = {}) {
  return fetch(`${base}${opts.path ?? '/'}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': 'en',
      origin: base,
      ...opts.headers,
    },
    body,
  });
}

/** The drawn screen's part of a page. */
const screenOf = (html: string) => /<div id="first-screen"[\s\S]*<\/form>/.exec(html)?.[0] ?? '';

describe('GET /: the login screen in the HTML', () => {
  const cases = [
    { lang: 'en', header: 'en-US,en;q=0.9', user: 'Username', pass: 'Password', submit: 'Sign In' },
    {
      lang: 'ne',
      header: 'ne-NP,ne;q=0.9,en;q=0.5',
      user: 'प्रयोगकर्ता नाम',
      pass: 'पासवर्ड',
      submit: 'साइन इन',
    },
    {
      lang: 'ja',
      header: 'ja-JP,ja;q=0.9',
      user: 'ユーザー名',
      pass: 'パスワード',
      submit: 'ログイン',
    },
  ];
  for (const c of cases) {
    it(`${c.lang}: a form with its labels, in the phone's language`, async () => {
      const res = await fetch(`${base}/`, { headers: { 'accept-language': c.header } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const html = await res.text();
      expect(html).toContain(`<html lang="${c.lang}"`);
      const screen = screenOf(html);
      expect(screen).toContain('<form method="post"');
      expect(screen).toMatch(new RegExp(`<label for="fl-username">${c.user}<`));
      expect(screen).toMatch(new RegExp(`<label for="fl-password">${c.pass}<`));
      expect(screen).toContain(`>${c.submit}</button>`);
      expect(screen).toContain('name="username"');
      expect(screen).toContain('name="password" type="password"');
      // The app's scripts are the page's only scripts: nothing inline (CSP).
      expect(html).not.toMatch(/<script>(?!<)/);
    });
  }

  it("the language last chosen on this device wins over the browser's", async () => {
    const res = await fetch(`${base}/`, {
      headers: { 'accept-language': 'en-US', cookie: 'lang=ne' },
    });
    expect(screenOf(await res.text())).toContain('प्रयोगकर्ता नाम');
  });

  it('compressed as the browser allows', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('name="password"');
  });

  it('after a build while the server runs, the page names the new scripts', async () => {
    const index = path.join(clientDir, 'index.html');
    const before = fs.readFileSync(index, 'utf8');
    expect(await (await fetch(`${base}/`)).text()).not.toContain('index-rebuilt.js');
    try {
      fs.writeFileSync(
        index,
        before.replace(
          '</head>',
          '<script type="module" src="/assets/index-rebuilt.js"></script></head>',
        ),
      );
      // A build writes it a moment later than the one read at start.
      const later = new Date(Date.now() + 60_000);
      fs.utimesSync(index, later, later);
      const html = await (await fetch(`${base}/`)).text();
      expect(html).toContain('index-rebuilt.js');
      expect(screenOf(html)).toContain('name="password"');
    } finally {
      fs.writeFileSync(index, before);
    }
  });

  it('a signed-in visitor gets the plain page (the app sends them home)', async () => {
    const token = createSession(db, cust.accountId).token;
    const res = await fetch(`${base}/`, { headers: { cookie: `${COOKIE_NAME}=${token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('first-screen');
  });
});

describe('POST /: the drawn form signs in without the script', () => {
  it('the right password: the session cookie and a redirect to the home', async () => {
    const res = await post(form({ username: 'Ramen-Ya', password: cust.password }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/customer');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${COOKIE_NAME}=[^;]+;`));
    expect(cookie).toMatch(/HttpOnly/i);
    // The cookie is a session the app knows.
    const session = await fetch(`${base}/api/users/profile`, {
      headers: { cookie: cookie.split(';')[0] ?? '' },
    });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { username: string }).username).toBe('ramen-ya');
  });

  it("to the page asked for while signed out (?next=), in the person's own area only", async () => {
    const next = await post(form({ username: 'ramen-ya', password: cust.password }), {
      path: `/?next=${encodeURIComponent('/customer/orders')}`,
    });
    expect(next.headers.get('location')).toBe('/customer/orders');
    const elsewhere = await post(form({ username: 'ramen-ya', password: cust.password }), {
      path: `/?next=${encodeURIComponent('//evil.example/')}`,
    });
    expect(elsewhere.headers.get('location')).toBe('/customer');
    const driver = await makeEmployee(db, 'driver');
    const office = await post(form({ username: driver.username, password: driver.password }), {
      path: `/?next=${encodeURIComponent('/admin')}`,
    });
    expect(office.headers.get('location')).toBe('/driver');
  });

  it("a wrong password: the page again, the message in the reader's language, the name kept", async () => {
    const res = await post(form({ username: 'ramen-ya', password: 'wrong-one' }), {
      headers: { 'accept-language': 'ja' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
    const screen = screenOf(await res.text());
    expect(screen).toContain('role="alert"');
    expect(screen).toContain('ユーザー名またはパスワードが正しくありません');
    expect(screen).toContain('value="ramen-ya"');
    // The password is never sent back.
    expect(screen).not.toContain('wrong-one');
  });

  it('empty fields: the page again with each one marked required', async () => {
    const res = await post(form({ username: '  ', password: '' }), {
      headers: { cookie: 'lang=ne' },
    });
    expect(res.status).toBe(400);
    const screen = screenOf(await res.text());
    expect(screen).toContain('id="fl-username-error"');
    expect(screen).toContain('id="fl-password-error"');
    expect(screen).toContain('aria-invalid="true"');
  });

  it("the sign-in limits hold: after the free failures, the wait in the reader's language", async () => {
    await makeCustomer(db, { username: 'momo-house' });
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 4; i++) {
      const res = await post(form({ username: 'momo-house', password: `nope-${i}` }), {
        headers: { 'accept-language': 'ne' },
      });
      statuses.push(res.status);
      last = await res.text();
    }
    expect(statuses).toContain(429);
    expect(screenOf(last)).toMatch(/role="alert">[^<]*(सेकेन्ड|सेकेण्ड)/);
  });

  it('junk is refused with the page or a 4xx, never a 500', async () => {
    const bodies = [
      '',
      'username=%E0%A4',
      `username=${'x'.repeat(5000)}&password=y`,
      'username=a&username=b&password=c',
      'password=only',
      '%%%',
      `username=ramen-ya&password=${'p'.repeat(3000)}`,
    ];
    for (const body of bodies) {
      const res = await post(body);
      expect(res.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status, body.slice(0, 40)).toBeLessThan(500);
    }
    const json = await post('{"username":"a","password":"b"}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    const otherSite = await post(form({ username: 'ramen-ya', password: cust.password }), {
      headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(otherSite.status).toBe(403);
  });
});
