// `npm run bench:phone`: the customer's phone, measured as docs/performance.md's targets ask. The built client
// (npm run build) and the demo data, Chromium at 390x844 with 4x CPU slowdown and a
// 1.6 Mbps / 150 ms RTT network (CDP), cache disabled. For each of RUNS cold loads:
//   - JS+CSS downloaded before the app's login screen is usable (fields and Sign In enabled),
//     and when the login form first shows (the server draws it in the HTML, ADR 086);
//   - the home's tiles after Sign In, and the home (/customer) opened again cold while signed in
//     (the app opened the next night), each with its waterfall: every request from the Sign In
//     or the navigation, its start and end, printed for the median run;
//   - JS+CSS downloaded before the catalogue (/customer/regularorder, signed in) shows cards;
//   - the catalogue's largest contentful paint.
// Bytes are counted four ways: as transferred by this server (compressed only if it
// compresses), each file compressed with brotli (q11) and gzip (-9), i.e. what a
// compressing server sends, and what this server sends a browser that accepts only gzip
// (the build's pre-compressed .gz files). Not a test: nothing asserts; it prints a table and the targets.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { serveDemo } from '../demo/serve-demo';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// BENCH_CLIENT_DIR: serve another built client (a copy of an earlier dist/client) than dist/client.
const CLIENT_DIR = process.env.BENCH_CLIENT_DIR;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGETS = { loginKB: 150, catalogueKB: 250, lcpMs: 3000 };
// 1.6 Mbps down, 750 kbps up, 150 ms round trip ("slow 4G"). BENCH_PHONE_NETWORK=night: a
// restaurant's phone late at night, 400 kbit/s each way and 400 ms round trip (ADR 082, 086).
const NETWORK =
  process.env.BENCH_PHONE_NETWORK === 'night'
    ? {
        offline: false,
        latency: 400,
        downloadThroughput: (400 * 1024) / 8,
        uploadThroughput: (400 * 1024) / 8,
      }
    : {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      };

/**
 * In the page, from its first byte: when the login form first shows (the first frame with a
 * visible username field, the server's drawn one or the app's), when the HTML had arrived
 * (navigation timing's responseEnd: the bare reference, what the line alone costs before
 * anything can be drawn) and the first contentful paint, all from the navigation's start.
 */
// A string, not a function: tsx names inner functions with a helper the page does not have.
const WATCH_LOGIN_FORM = `
  window.__form = 0;
  window.__fcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') window.__fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  function look(now) {
    const field = document.querySelector('input[autocomplete="username"]');
    if (field && field.getClientRects().length > 0) window.__form = now;
    else requestAnimationFrame(look);
  }
  requestAnimationFrame(look);
`;

/**
 * BENCH_COMPRESS=1: a proxy in front of the app that brotli-compresses text answers (JS, CSS,
 * HTML, JSON, SVG) as a compressing server would, for branches whose server does not yet.
 */
function compressingProxy(target: string): Promise<{ url: string; close(): void }> {
  const cache = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      `${target}${req.url ?? '/'}`,
      { method: req.method, headers: { ...req.headers, 'accept-encoding': 'identity' } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const type = String(answer.headers['content-type'] ?? '');
          const headers = { ...answer.headers };
          const text = /javascript|css|html|json|svg/.test(type);
          if (text && body.length > 256 && /\bbr\b/.test(String(req.headers['accept-encoding']))) {
            const key = req.url?.startsWith('/assets/') ? req.url : null;
            const packed =
              (key && cache.get(key)) ||
              brotliCompressSync(body, {
                params: { [constants.BROTLI_PARAM_QUALITY]: key ? 11 : 5 },
              });
            if (key) cache.set(key, packed);
            headers['content-encoding'] = 'br';
            headers['content-length'] = String(packed.length);
            res.writeHead(answer.statusCode ?? 200, headers);
            res.end(packed);
          } else {
            res.writeHead(answer.statusCode ?? 200, headers);
            res.end(body);
          }
        });
      },
    );
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      const port = a && typeof a !== 'string' ? a.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

interface Bytes {
  wire: number;
  brotli: number;
  gzip: number;
  /** What this server sends a browser that accepts gzip only (the build's Zopfli .gz files). */
  gzipServed: number;
  files: number;
}

/** The body's size as sent to a browser that accepts only gzip (plain http on the LAN). */
function gzipServedSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (answer) => {
        let size = 0;
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        answer.on('end', () => resolve(size));
      })
      .on('error', reject);
  });
}

interface Asset {
  url: string;
  body: Buffer;
  wire: number;
}

/**
 * Collects the JS and CSS a page downloads until `stop()` is called; `count()` sizes them
 * afterwards. Compressing at brotli q11 takes this process ~1 s per load, and this process
 * is also the server being measured: done while the page loads, it held back the answers
 * the page was waiting for.
 */
function collectAssets(page: Page) {
  let open = true;
  const pending: Promise<Asset>[] = [];
  page.on('response', (response) => {
    if (!open) return;
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await response
          .request()
          .sizes()
          .catch(() => null);
        return { url: response.url(), body, wire: sizes ? sizes.responseBodySize : body.length };
      })(),
    );
  });
  return {
    /** Ends the collection (what downloads later is not counted). */
    stop(): Promise<Asset[]> {
      open = false;
      return Promise.all(pending);
    },
  };
}

interface Fetch {
  url: string;
  type: string;
  start: number;
  end: number;
  bytes: number;
}

/**
 * Every request the page makes from `since()` on: when it started and ended (ms from the
 * moment `since()` was called) and its bytes on the wire, for a waterfall.
 */
function watchRequests(page: Page) {
  let t0 = Date.now();
  const seen: Promise<Fetch & { at: number }>[] = [];
  const starts = new Map<object, number>();
  page.on('request', (request) => starts.set(request, Date.now()));
  const done = (request: import('playwright-core').Request, failed: boolean) => {
    const start = starts.get(request) ?? Date.now();
    const end = Date.now();
    seen.push(
      (async () => {
        const sizes = failed ? null : await request.sizes().catch(() => null);
        const url = new URL(request.url());
        return {
          url: `${url.pathname.replace(/^\/assets\//, '')}${url.search}${failed ? ' (failed)' : ''}`,
          type: request.resourceType(),
          at: start,
          start: 0,
          end,
          bytes: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0,
        };
      })(),
    );
  };
  page.on('requestfinished', (request) => done(request, false));
  page.on('requestfailed', (request) => done(request, true));
  return {
    since() {
      t0 = Date.now();
    },
    /** The requests started since `since()`, in the order they started. */
    async list(): Promise<Fetch[]> {
      const all = await Promise.all(seen);
      return all
        .filter((f) => f.at >= t0)
        .map(({ at, end, ...f }) => ({ ...f, start: at - t0, end: end - t0 }))
        .sort((a, b) => a.start - b.start);
    },
  };
}

function printWaterfall(title: string, fetches: Fetch[], shownMs: number) {
  console.log(`\n${title} (ms from the start; the tiles showed at ${shownMs} ms)`);
  console.log('start | end | KB | type | request');
  for (const f of fetches) {
    if (f.start > shownMs) continue;
    console.log(
      `${String(f.start).padStart(5)} | ${String(f.end).padStart(5)} | ${(f.bytes / 1024).toFixed(1).padStart(5)} | ${f.type.padEnd(10)} | ${f.url}`,
    );
  }
}

async function count(files: Asset[]): Promise<Bytes> {
  const bytes: Bytes = { wire: 0, brotli: 0, gzip: 0, gzipServed: 0, files: 0 };
  for (const { url, body, wire } of files) {
    bytes.gzipServed += await gzipServedSize(url);
    bytes.files += 1;
    bytes.wire += wire;
    bytes.brotli += brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
    bytes.gzip += gzipSync(body, { level: 9 }).length;
  }
  return bytes;
}

async function throttled(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function main() {
  if (!fs.existsSync(path.resolve('dist/client/index.html'))) {
    throw new Error('No built client: run `npm run build` first.');
  }
  const demo = await serveDemo('wholesale-phone-', {}, { clientDir: CLIENT_DIR });
  if (CLIENT_DIR) console.log(`serving the client in ${CLIENT_DIR}`);
  const direct = demo.url;
  const proxy = process.env.BENCH_COMPRESS === '1' ? await compressingProxy(direct) : null;
  const url = proxy?.url ?? direct;
  console.log(proxy ? 'through a brotli-compressing proxy' : 'straight to the app');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });

  const rows: {
    login: Bytes;
    loginMs: number;
    loginHtmlMs: number;
    loginFormMs: number;
    loginFcpMs: number;
    homeMs: number;
    homeWaterfall: Fetch[];
    again: Bytes;
    againHtmlMs: number;
    againMs: number;
    againWaterfall: Fetch[];
    catalogue: Bytes;
    catalogueMs: number;
    lcp: number;
    lcpWhat: string;
  }[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        baseURL: url,
        locale: 'en-US',
      });
      await context.addInitScript(() => {
        localStorage.setItem('popupLastShown', String(Date.now()));
      });

      // 1. The login screen, cold.
      const login = await context.newPage();
      await throttled(login);
      await login.addInitScript({ content: WATCH_LOGIN_FORM });
      const loginAssets = collectAssets(login);
      const loginRequests = watchRequests(login);
      const t0 = Date.now();
      await login.goto('/');
      // The app's own form (in #root; the server's drawn one shows before it, ADR 086).
      await login.locator('#root input[autocomplete="username"]:enabled').waitFor();
      await login.locator('#root button[type="submit"]:enabled').waitFor();
      const loginMs = Date.now() - t0;
      const loginFiles = await loginAssets.stop();
      const loginTimes = await login.evaluate(() => {
        const w = window as unknown as { __form: number; __fcp: number };
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { form: w.__form, fcp: w.__fcp, html: nav.responseEnd };
      });

      // Sign in (not measured), so the catalogue opens as a customer's phone does.
      await login.locator('#root input[autocomplete="username"]').fill('cust01');
      await login.locator('#root input[autocomplete="current-password"]').fill('cust1234');
      const t2 = Date.now();
      loginRequests.since();
      await login.locator('#root button[type="submit"]').click();
      await login.waitForURL('**/customer');
      // The home's first draw after Sign In: its tiles in place of the spinner.
      await login
        .locator('#root a[href="/customer/regularorder"]')
        .first()
        .waitFor({ timeout: 60_000 });
      const homeMs = Date.now() - t2;
      const homeWaterfall = await loginRequests.list();
      await login.close();

      // 2. The home again, cold (cache disabled), still signed in: the app opened the next night.
      const home = await context.newPage();
      await throttled(home);
      const againAssets = collectAssets(home);
      const againRequests = watchRequests(home);
      const t3 = Date.now();
      againRequests.since();
      await home.goto('/customer');
      await home
        .locator('#root a[href="/customer/regularorder"]')
        .first()
        .waitFor({ timeout: 60_000 });
      const againMs = Date.now() - t3;
      const againFiles = await againAssets.stop();
      const againHtmlMs = await home.evaluate(() =>
        Math.round(
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
            .responseEnd,
        ),
      );
      const againWaterfall = await againRequests.list();
      await home.close();

      // 3. The catalogue, cold (cache disabled), signed in.
      const page = await context.newPage();
      await throttled(page);
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: number; __lcpWhat: string };
        w.__lcp = 0;
        w.__lcpWhat = '';
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            w.__lcp = entry.startTime;
            // What the largest paint was: tag, class, size, and for a picture its file.
            const e = entry as PerformanceEntry & {
              element?: Element | null;
              size: number;
              url?: string;
            };
            const el = e.element;
            const cls = el
              ? String(el.getAttribute('class') ?? '')
                  .split(/\s+/)
                  .slice(0, 2)
                  .join('.')
              : '';
            w.__lcpWhat = `${el ? el.tagName.toLowerCase() : '?'}${cls ? `.${cls}` : ''} ${e.size}px²${e.url ? ` ${e.url.replace(/^.*\//, '')}` : ''}`;
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const catalogueAssets = collectAssets(page);
      const t1 = Date.now();
      await page.goto('/customer/regularorder');
      await page.getByTestId('product-card').first().waitFor({ timeout: 60_000 });
      const catalogueMs = Date.now() - t1;
      const catalogueFiles = catalogueAssets.stop();
      // Let late paints (pictures) settle before reading the largest one.
      await page.waitForTimeout(3000);
      const { lcp, lcpWhat } = await page.evaluate(() => {
        const w = window as unknown as { __lcp: number; __lcpWhat: string };
        return { lcp: w.__lcp, lcpWhat: w.__lcpWhat };
      });
      rows.push({
        login: await count(loginFiles),
        loginMs,
        loginHtmlMs: Math.round(loginTimes.html),
        loginFormMs: Math.round(loginTimes.form),
        loginFcpMs: Math.round(loginTimes.fcp),
        homeMs,
        homeWaterfall,
        again: await count(againFiles),
        againHtmlMs,
        againMs,
        againWaterfall,
        catalogue: await count(await catalogueFiles),
        catalogueMs,
        lcp: Math.round(lcp),
        lcpWhat,
      });
      await context.close();
    }
  } finally {
    await browser.close();
    proxy?.close();
    await demo.close();
  }

  const kb = (n: number) => (n / 1024).toFixed(1);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log(
    'run | login JS+CSS KB (wire / br / gz -9 / gz served, files) | login HTML arrived ms (bare) | login form shown ms | login FCP ms | login usable (app) ms | home after Sign In ms | home again JS+CSS KB (br, files) | home again HTML arrived ms (bare) | home again ms | catalogue JS+CSS KB (wire / br / gz -9 / gz served, files) | catalogue ms | LCP ms | LCP element',
  );
  rows.forEach((r, i) => {
    console.log(
      `${i + 1} | ${kb(r.login.wire)} / ${kb(r.login.brotli)} / ${kb(r.login.gzip)} / ${kb(r.login.gzipServed)} (${r.login.files}) | ${r.loginHtmlMs} | ${r.loginFormMs} | ${r.loginFcpMs} | ${r.loginMs} | ${r.homeMs} | ${kb(r.again.brotli)} (${r.again.files}) | ${r.againHtmlMs} | ${r.againMs} | ` +
        `${kb(r.catalogue.wire)} / ${kb(r.catalogue.brotli)} / ${kb(r.catalogue.gzip)} / ${kb(r.catalogue.gzipServed)} (${r.catalogue.files}) | ${r.catalogueMs} | ${r.lcp} | ${r.lcpWhat}`,
    );
  });
  const m = {
    loginBrotliKB: Number(kb(median(rows.map((r) => r.login.brotli)))),
    loginGzipKB: Number(kb(median(rows.map((r) => r.login.gzip)))),
    loginGzipServedKB: Number(kb(median(rows.map((r) => r.login.gzipServed)))),
    catalogueBrotliKB: Number(kb(median(rows.map((r) => r.catalogue.brotli)))),
    catalogueGzipKB: Number(kb(median(rows.map((r) => r.catalogue.gzip)))),
    catalogueGzipServedKB: Number(kb(median(rows.map((r) => r.catalogue.gzipServed)))),
    loginHtmlMs: median(rows.map((r) => r.loginHtmlMs)),
    loginFormMs: median(rows.map((r) => r.loginFormMs)),
    loginFcpMs: median(rows.map((r) => r.loginFcpMs)),
    loginMs: median(rows.map((r) => r.loginMs)),
    homeMs: median(rows.map((r) => r.homeMs)),
    homeAgainBrotliKB: Number(kb(median(rows.map((r) => r.again.brotli)))),
    homeAgainHtmlMs: median(rows.map((r) => r.againHtmlMs)),
    homeAgainMs: median(rows.map((r) => r.againMs)),
    lcpMs: median(rows.map((r) => r.lcp)),
    catalogueMs: median(rows.map((r) => r.catalogueMs)),
  };
  console.log(`median: ${JSON.stringify(m)}`);
  const medianRun = <K extends 'homeMs' | 'againMs'>(key: K) =>
    rows.find((r) => r[key] === median(rows.map((x) => x[key]))) ?? rows[0];
  const homeRun = medianRun('homeMs');
  const againRun = medianRun('againMs');
  if (homeRun)
    printWaterfall('The home after Sign In, median run', homeRun.homeWaterfall, homeRun.homeMs);
  if (againRun)
    printWaterfall(
      'The home opened again, signed in, median run',
      againRun.againWaterfall,
      againRun.againMs,
    );
  console.log(
    `targets: login <= ${TARGETS.loginKB} KB (brotli ${m.loginBrotliKB <= TARGETS.loginKB ? 'met' : 'MISSED'}, gzip -9 ${m.loginGzipKB <= TARGETS.loginKB ? 'met' : 'MISSED'}, gzip served ${m.loginGzipServedKB <= TARGETS.loginKB ? 'met' : 'MISSED'}); ` +
      `catalogue <= ${TARGETS.catalogueKB} KB (brotli ${m.catalogueBrotliKB <= TARGETS.catalogueKB ? 'met' : 'MISSED'}, gzip -9 ${m.catalogueGzipKB <= TARGETS.catalogueKB ? 'met' : 'MISSED'}, gzip served ${m.catalogueGzipServedKB <= TARGETS.catalogueKB ? 'met' : 'MISSED'}); ` +
      `LCP <= ${TARGETS.lcpMs} ms (${m.lcpMs <= TARGETS.lcpMs ? 'met' : 'MISSED'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
