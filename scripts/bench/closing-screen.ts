// `npm run bench:closing-screen -- <url> [runs]`: the office's closing screen (締め処理) opened
// in Chromium as the accountant opens it, in Japanese at 1366x800 (BENCH_WIDTH for another
// width), on a served app (e.g. the world of `npm run bench:ten-times`, served by `npm start`).
// Per run, from the navigation: when the preview's table shows its first rows, when it holds
// every row the sentence above it counts, and when the network has been idle 0.5 s after that;
// each closing request's time and size (and when it was sent and answered), the rows and the
// elements in the page. With BENCH_DB (the served database file), the bare
// reference in the same run: one SQL counting each customer's delivered, not yet invoiced
// orders, read-only. BENCH_PROFILE=1 also takes a CPU profile of the page per run and prints
// how long its main thread ran scripts, layout and painting (what drawing the rows costs).
import Database from 'better-sqlite3';
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://localhost:3000';
const RUNS = Number(process.argv[3] ?? 3);
const WIDTH = Number(process.env.BENCH_WIDTH ?? 1366);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const BARE_SQL = `SELECT customer_id, COUNT(*) FROM customer_order
  WHERE is_delivered = 1 AND invoice_id IS NULL GROUP BY customer_id`;

function bare(): number | null {
  if (!process.env.BENCH_DB) return null;
  const db = new Database(process.env.BENCH_DB, { readonly: true, fileMustExist: true });
  try {
    const st = db.prepare(BARE_SQL);
    st.all();
    const t0 = performance.now();
    st.all();
    return performance.now() - t0;
  } finally {
    db.close();
  }
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const context = await browser.newContext({
    viewport: { width: WIDTH, height: 800 },
    baseURL: url,
    locale: 'ja-JP',
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('lang', 'ja'));
  await page.reload();
  await page
    .locator('input[name="username"], input[autocomplete="username"]')
    .first()
    .fill('admin');
  await page.locator('input[type="password"]').first().fill('admin1234');
  await page.locator('input[type="password"]').first().press('Enter');
  await page.waitForURL(/\/admin/);
  for (let run = 1; run <= RUNS; run++) {
    const requests: { name: string; ms: number; kb: number; from: number; to: number }[] = [];
    const started = new Map<unknown, number>();
    let nav = performance.now();
    const onRequest = (r: { url(): string }) => {
      if (r.url().includes('closing.')) started.set(r, performance.now());
    };
    const onFinished = async (r: {
      url(): string;
      response(): Promise<{ body(): Promise<Buffer> } | null>;
    }) => {
      const t0 = started.get(r);
      if (t0 === undefined) return;
      const ms = performance.now() - t0;
      const body = await (await r.response())?.body().catch(() => null);
      const name = /trpc\/([^?]+)/.exec(r.url())?.[1] ?? r.url();
      requests.push({
        name,
        ms,
        kb: (body?.length ?? 0) / 1024,
        from: t0 - nav,
        to: t0 + ms - nav,
      });
    };
    page.on('request', onRequest);
    page.on('requestfinished', onFinished);
    const cdp = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Performance.enable');
    }
    const before = cdp ? await cdp.send('Performance.getMetrics') : null;
    const t0 = performance.now();
    nav = t0;
    await page.goto('/admin/invoice/closing');
    await page.locator('table tbody tr td').nth(8).waitFor();
    const rowsAt = performance.now() - t0;
    // Every row: as many as the sentence above the table counts (請求対象：375件).
    const count = Number(
      /(\d+)/.exec((await page.getByTestId('closing-total').textContent()) ?? '')?.[1] ?? 0,
    );
    await page.waitForFunction(
      (n) => document.querySelectorAll('table tbody tr').length >= n,
      count,
      { timeout: 60_000 },
    );
    const allAt = performance.now() - t0;
    await page.waitForLoadState('networkidle');
    const settled = performance.now() - t0;
    const after = cdp ? await cdp.send('Performance.getMetrics') : null;
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const rows = await page.locator('table tbody tr').count();
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    const metric = (name: string) => {
      const a = after?.metrics.find((m) => m.name === name)?.value ?? 0;
      const b = before?.metrics.find((m) => m.name === name)?.value ?? 0;
      return ((a - b) * 1000).toFixed(0);
    };
    console.log(
      `run ${run}: first rows shown ${rowsAt.toFixed(0)} ms, all ${count} rows ${allAt.toFixed(0)} ms, settled ${settled.toFixed(0)} ms; ${rows} rows, ${nodes} elements`,
    );
    for (const r of requests) {
      console.log(
        `  ${r.name}: ${r.ms.toFixed(0)} ms, ${r.kb.toFixed(1)} KB (sent at ${r.from.toFixed(0)} ms, answered at ${r.to.toFixed(0)} ms)`,
      );
    }
    if (cdp) {
      console.log(
        `  main thread: scripts ${metric('ScriptDuration')} ms, layout ${metric('LayoutDuration')} ms, style ${metric('RecalcStyleDuration')} ms, all tasks ${metric('TaskDuration')} ms`,
      );
      await cdp.detach();
    }
    const ref = bare();
    if (ref !== null)
      console.log(`  bare reference (${BARE_SQL.replace(/\s+/g, ' ')}): ${ref.toFixed(1)} ms`);
  }
} finally {
  await browser.close();
}
