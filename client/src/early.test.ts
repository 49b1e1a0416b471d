import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardImage } from './components/cardImage';
import { earlyUrl } from './early';
import { EAGER_CARDS } from './features/customer/catalogue/ProductGrid';
import { trpcClient } from './trpc';

const EARLY_JS = fs.readFileSync(path.resolve(__dirname, '../public/early.js'), 'utf8');

/** A tRPC answer of one unbatched call. */
const answer = (data: unknown) =>
  new Response(JSON.stringify({ result: { data } }), {
    headers: { 'content-type': 'application/json' },
  });

/** The catalogue's REST answer: the procedure's output itself (client/src/catalogueLink.ts). */
const document_ = (data: unknown) =>
  new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } });

/** The answer of `procedure`'s URL as its door writes it. */
const answerOf = (procedure: string, data: unknown) =>
  procedure === 'products.list' ? document_(data) : answer(data);

afterEach(() => {
  window.__early = undefined;
  vi.unstubAllGlobals();
  for (const link of document.head.querySelectorAll('link')) link.remove();
  window.history.pushState({}, '', '/');
});

/** Runs public/early.js as index.html does, on the given page. */
async function runEarly(pathname: string, catalogue: unknown[]) {
  window.history.pushState({}, '', pathname);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/products' ? document_(catalogue) : answer(null),
    ),
  );
  new Function(EARLY_JS)();
  await Promise.all(Object.values(window.__early ?? {}));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map(
    (link) => link.getAttribute('href'),
  );

describe('the requests index.html starts early (public/early.js)', () => {
  it('starts exactly the URLs the client asks for those calls', async () => {
    const urls: string[] = [];
    let procedure = '';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return answerOf(procedure, null);
      }),
    );
    for (procedure of ['auth.session', 'products.list']) {
      expect(EARLY_JS).toContain(`start('${earlyUrl(procedure)}')`);
      // With an early answer waiting, the call goes alone: taken, not asked again...
      window.__early = { [earlyUrl(procedure)]: Promise.resolve(answerOf(procedure, 'early')) };
      const call =
        procedure === 'auth.session' ? trpcClient.auth.session : trpcClient.products.list;
      await expect(call.query()).resolves.toBe('early');
      expect(urls).toEqual([]);
      // ...and an unbatched call of it asks the server with the same URL.
      window.__early = { [earlyUrl(procedure)]: Promise.reject(new TypeError('offline')) };
      await expect(call.query()).resolves.toBeNull();
      expect(urls).toHaveLength(1);
      expect(new URL(urls[0] ?? '', location.origin).pathname).toBe(earlyUrl(procedure));
      expect(new URL(urls[0] ?? '', location.origin).search).toBe('');
      urls.length = 0;
    }
  });

  it('takes each early answer once; later calls go to the server, batched as before', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return new Response(JSON.stringify([{ result: { data: 'fresh' } }]), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    window.__early = { [earlyUrl('auth.session')]: Promise.resolve(answer('early')) };
    await expect(trpcClient.auth.session.query()).resolves.toBe('early');
    await expect(trpcClient.auth.session.query()).resolves.toBe('fresh');
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('batch=1');
  });

  it('on the catalogue, fetches the first row of card pictures as the cards will show them', async () => {
    const uploaded = (n: number) => `/uploads/${String(n).padStart(32, 'a')}.jpg`;
    const catalogue = [1, 2, 3, 4, 5].map((n) => ({ _id: `p${n}`, image: uploaded(n) }));
    catalogue.splice(1, 0, { _id: 'demo', image: '/uploads/0123456789abcdef01234567.png' });
    await runEarly('/customer/regularorder', catalogue);
    expect(Object.keys(window.__early ?? {})).toEqual([
      earlyUrl('auth.session'),
      earlyUrl('products.list'),
    ]);
    const first = catalogue.slice(0, EAGER_CARDS).map((p) => cardImage(p.image));
    expect(preloaded()).toEqual(first);
    expect(first[0]).toBe(`/uploads/${'1'.padStart(32, 'a')}-card.jpg`);
    expect(first[1]).toBe('/uploads/0123456789abcdef01234567.png');
  });

  it('not when the server sent the first screen: its cards already ask for the pictures', async () => {
    const script = document.createElement('script');
    script.dataset.firstScreen = '1';
    script.dataset.customer = '["/assets/SignedInFrame-x.js"]';
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
    try {
      await runEarly('/customer/regularorder', [{ _id: 'p1', image: '/uploads/a.png' }]);
    } finally {
      Object.defineProperty(document, 'currentScript', { configurable: true, get: () => null });
    }
    expect(Object.keys(window.__early ?? {})).toContain(earlyUrl('products.list'));
    expect(preloaded()).toEqual([]);
    // The customer's chunks are still fetched ahead.
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe(
      '/assets/SignedInFrame-x.js',
    );
  });

  it("on the home only the frame's and the home's files, not the catalogue nor the other screens' code (ADR 096)", async () => {
    const script = document.createElement('script');
    script.dataset.customer = '["/assets/SignedInFrame-x.css","/assets/SignedInFrame-x.js"]';
    script.dataset.screens = '["/assets/screens-x.js"]';
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
    const links = () =>
      [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));
    try {
      await runEarly('/customer', []);
      expect(Object.keys(window.__early ?? {})).toEqual([earlyUrl('auth.session')]);
      expect(links()).toEqual(['/assets/SignedInFrame-x.css', '/assets/SignedInFrame-x.js']);
      for (const link of document.head.querySelectorAll('link')) link.remove();
      // Any other customer page: the other screens' code and the catalogue too.
      await runEarly('/customer/myorderlist', []);
      expect(Object.keys(window.__early ?? {})).toContain(earlyUrl('products.list'));
      expect(links()).toEqual([
        '/assets/SignedInFrame-x.css',
        '/assets/SignedInFrame-x.js',
        '/assets/screens-x.js',
      ]);
    } finally {
      Object.defineProperty(document, 'currentScript', { configurable: true, get: () => null });
    }
  });

  it('elsewhere starts only the session check (the login screen, the office)', async () => {
    for (const page of ['/', '/admin/orders', '/driver/ordertrack']) {
      await runEarly(page, []);
      expect(Object.keys(window.__early ?? {})).toEqual([earlyUrl('auth.session')]);
      expect(document.head.querySelectorAll('link')).toHaveLength(0);
    }
  });
});

describe('dropEarly', () => {
  it('forgets the answers not taken, so a call after signing in asks the server', async () => {
    const { dropEarly, hasEarly } = await import('./early');
    window.__early = { [earlyUrl('products.list')]: Promise.resolve(answer('public')) };
    expect(hasEarly('products.list')).toBe(true);
    dropEarly();
    expect(hasEarly('products.list')).toBe(false);
  });
});
