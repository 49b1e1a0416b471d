import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, category, product } from '../../drizzle/schema';
import { COOKIE_NAME } from '../../server/accounts/session-cookies';
import { createSession } from '../../server/accounts/sessions';
import { buildApp } from '../../server/app';
import { FIRST_SCREEN_CARDS, forgetShells } from '../../server/doors/first-screen';
import { configFromEnv } from '../../server/platform/config';
import { closeDb, type Db, openDb } from '../../server/platform/db';
import { makeCategory, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';

// The catalogue's first screen (ADR 021): the real app on a fresh SQLite file, serving the
// client's own index.html, asked for /customer/regularorder with and without a session.

let dir: string;
let db: Db;
let app: FastifyInstance;
let customerCookie: Record<string, string>;
let customerAccountId: string;

const XSS = '<script>alert(1)</script>';

/** A client directory holding the real (source) index.html, as the build leaves it. */
function clientDirWith(html: string): string {
  const clientDir = fs.mkdtempSync(path.join(dir, 'client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), html);
  return clientDir;
}

const cookieFor = (accountId: string) => ({
  [COOKIE_NAME]: createSession(db, accountId).token,
});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-first-screen-'));
  const clientDir = clientDirWith(fs.readFileSync(path.resolve('client/index.html'), 'utf8'));
  const config = { ...configFromEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), clientDir };
  db = openDb(config.dbPath);
  app = await buildApp({ db, config, logger: false });
  forgetShells();

  const rice = makeCategory(db, 'Rice & Flour');
  db.$client.prepare('UPDATE category SET name_ne = ? WHERE id = ?').run('चामल र पिठो', rice.id);
  // Special first for a signed-in customer (spec §7), then Restocked, then the rest by rank.
  makeProduct(db, {
    name: 'Basmati Special',
    itemType: 'Special',
    price: 12800,
    sku: 'Bag',
    categoryId: rice.id,
  });
  makeProduct(db, { name: XSS, itemType: 'Restocked', price: 500, productRank: 1 });
  for (let i = 0; i < 12; i++) {
    makeProduct(db, { name: `Regular ${String(i).padStart(2, '0')}`, productRank: 20 + i });
  }
  db.$client
    .prepare('UPDATE product SET name_ne = ? WHERE name = ?')
    .run('बासमती विशेष', 'Basmati Special');

  const cust = await makeCustomer(db);
  customerAccountId = cust.accountId;
  customerCookie = cookieFor(cust.accountId);
});

afterAll(async () => {
  await app.close();
  closeDb(db);
  forgetShells();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, cookies?: Record<string, string>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, cookies, headers });

const cardsIn = (html: string) => html.match(/data-part="card"/g)?.length ?? 0;

describe('GET /customer/regularorder with a customer session', () => {
  it('answers the app shell with the first cards in it, never stored', async () => {
    const r = await get('/customer/regularorder', customerCookie);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/html/);
    expect(r.headers['cache-control']).toMatch(/private/);
    expect(r.headers['cache-control']).toMatch(/no-store/);
    const html = r.body;
    // Still the app: its root and its scripts are there, after the first screen.
    expect(html).toContain('<div id="root"></div>');
    expect(html.indexOf('id="first-screen"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toContain('data-first-screen="1"');
    expect(html).toContain('<html lang="en"');
    // The first cards, in the order the app shows them, with their prices and units.
    expect(cardsIn(html)).toBe(FIRST_SCREEN_CARDS);
    const special = html.indexOf('Basmati Special');
    const restocked = html.indexOf('&lt;script&gt;alert(1)&lt;/script&gt;');
    const regular = html.indexOf('Regular 00');
    expect(special).toBeGreaterThan(0);
    expect(special).toBeLessThan(restocked);
    expect(restocked).toBeLessThan(regular);
    expect(html).toContain('¥12,800');
    expect(html).toContain('per Bag');
    expect(html).toContain('SPECIAL SALE');
    expect(html).toContain('Products: 14');
    expect(html).toContain('Rice &amp; Flour');
    // Beyond the first screen: not rendered.
    expect(html).not.toContain('Regular 11');
    // One h1, the screen's.
    expect(html.match(/<h1/g)?.length).toBe(1);
  });

  it('compressed for a browser that accepts it', async () => {
    const plain = (await get('/customer/regularorder', customerCookie)).body;
    const br = await get('/customer/regularorder', customerCookie, {
      'accept-encoding': 'br, gzip',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get('/customer/regularorder', customerCookie, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('escapes product names: a name is text, never markup', async () => {
    const html = (await get('/customer/regularorder', customerCookie)).body;
    expect(html).not.toContain(XSS);
    expect(html).not.toContain('alert(1)</script>');
    // As text and inside the picture's alt attribute alike.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // No inline script at all: the Content-Security-Policy allows only our own files.
    expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
  });

  it("speaks the account's language, else the device's cookie, else the browser's", async () => {
    const browserNe = await get('/customer/regularorder', customerCookie, {
      'accept-language': 'ne-NP,en;q=0.5',
    });
    expect(browserNe.body).toContain('<html lang="ne"');
    expect(browserNe.body).toContain('बासमती विशेष');
    expect(browserNe.body).toContain('चामल र पिठो');

    const cookieEn = await get(
      '/customer/regularorder',
      { ...customerCookie, lang: 'en' },
      { 'accept-language': 'ne-NP' },
    );
    expect(cookieEn.body).toContain('<html lang="en"');

    db.update(account).set({ language: 'ne' }).where(eq(account.id, customerAccountId)).run();
    try {
      const saved = await get('/customer/regularorder', { ...customerCookie, lang: 'en' });
      expect(saved.body).toContain('<html lang="ne"');
      expect(saved.body).toContain('बासमती विशेष');
      expect(saved.body).toContain('¥12,800');
    } finally {
      db.update(account).set({ language: null }).where(eq(account.id, customerAccountId)).run();
    }
  });

  it('names products and categories in Japanese for a Japanese reader (ADR 064)', async () => {
    db.update(product)
      .set({ nameJa: 'バスマティ米 特選' })
      .where(eq(product.name, 'Basmati Special'))
      .run();
    db.update(category).set({ nameJa: '米・粉類' }).where(eq(category.name, 'Rice & Flour')).run();
    try {
      const ja = (await get('/customer/regularorder', { ...customerCookie, lang: 'ja' })).body;
      expect(ja).toContain('<html lang="ja"');
      expect(ja).toContain('バスマティ米 特選');
      expect(ja).toContain('米・粉類');
      expect(ja).not.toContain('Basmati Special');
      const en = (await get('/customer/regularorder', { ...customerCookie, lang: 'en' })).body;
      expect(en).toContain('Basmati Special');
      expect(en).not.toContain('バスマティ米');
    } finally {
      db.update(product).set({ nameJa: null }).where(eq(product.name, 'Basmati Special')).run();
      db.update(category).set({ nameJa: null }).where(eq(category.name, 'Rice & Flour')).run();
    }
  });

  it('follows the catalogue: a changed product shows at once', async () => {
    db.update(product)
      .set({ name: 'Basmati Renamed' })
      .where(eq(product.name, 'Basmati Special'))
      .run();
    try {
      const html = (await get('/customer/regularorder', customerCookie)).body;
      expect(html).toContain('Basmati Renamed');
      expect(html).not.toContain('Basmati Special');
    } finally {
      db.update(product)
        .set({ name: 'Basmati Special' })
        .where(eq(product.name, 'Basmati Renamed'))
        .run();
    }
  });
});

describe('everything else gets the plain index.html', () => {
  const plain = (r: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<div id="root"></div>');
    expect(r.body).not.toContain('first-screen');
    expect(r.body).not.toContain('Basmati');
    expect(r.headers['cache-control']).toBe('no-cache');
  };

  it('signed out, or with a session that is not valid', async () => {
    plain(await get('/customer/regularorder'));
    plain(await get('/customer/regularorder', { [COOKIE_NAME]: 'nope.nope' }));
  });

  it('staff, and other pages of the customer', async () => {
    const driver = await makeEmployee(db, 'driver');
    plain(await get('/customer/regularorder', cookieFor(driver.id)));
    plain(await get('/customer', customerCookie));
    plain(await get('/customer/myorderlist', customerCookie));
  });

  it('an index.html not as expected: the plain file, not an error page', async () => {
    const clientDir = clientDirWith(
      '<!doctype html><html><body><div id="app"></div></body></html>',
    );
    const config = { ...configFromEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), clientDir };
    const other = await buildApp({ db, config, logger: false });
    forgetShells();
    try {
      const r = await other.inject({
        method: 'GET',
        url: '/customer/regularorder',
        cookies: customerCookie,
      });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('<div id="app"></div>');
      expect(r.body).not.toContain('first-screen');
      expect(r.headers['cache-control']).toBe('no-cache');
    } finally {
      await other.close();
      forgetShells();
    }
  });
});
