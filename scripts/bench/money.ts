// `npx tsx scripts/bench/money.ts`: the money figures of docs/performance.md.
// 1. Invoice lists by kind over 30,000 invoices (paged) against the bare small-JSON reference.
// 2. The export of all routes of the bench database against xlsx writing the same rows from
//    arrays already in memory, in the same run.
// 3. 50 concurrent ¥1,000 payments on a ¥5,000 invoice: how many are accepted, and how long.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as xlsxModule from 'xlsx';
import { account } from '../../drizzle/schema';
import { hashPassword } from '../../server/accounts/passwords';
import { closeDb, openDb } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { buildWorkbook, exportData, loadXlsx, workbookBytes } from '../../server/reports/export';
import { isoDateInZone } from '../../shared/format';
import { BROWSER_ENCODING, measure, startAppProcess } from './harness';
import { seedLargeData, seedLargeInvoices } from './large-data';

const XLSX: typeof xlsxModule =
  (xlsxModule as { default?: typeof xlsxModule }).default ?? xlsxModule;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const APP_PORT = 3921;
const REF_PORT = 3922;

function start(script: string, args: string[], env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(script, args, {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function waitForHttp(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

let appPid: number | undefined;

/** One load; `requests` (a path per request, in turn) is autocannon's. */
function rps(url: string, headers: Record<string, string>, requests?: string[], pid?: number) {
  return measure(
    url,
    { url, headers, requests: requests?.map((p) => ({ method: 'GET' as const, path: p })) },
    DURATION,
    pid,
  );
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-money-bench-'));
  const children: ChildProcess[] = [];
  try {
    const t0 = Date.now();
    const db = openDb(path.join(dir, 'app.db'));
    // Orders are left out: seedLargeData's orders lack order numbers on this branch.
    await seedLargeData(db, { products: 1000, customers: 300, orders: 0 });
    const { invoiceIds } = seedLargeInvoices(db);
    db.insert(account)
      .values({
        id: newId(),
        username: 'benchadmin',
        passwordHash: await hashPassword('bench-pass-1'),
        kind: 'admin',
      })
      .run();
    console.log(
      `seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s (${invoiceIds.length} invoices)`,
    );

    // 2. Export, in this process: the app's path vs xlsx from arrays already in memory.
    const today = isoDateInZone(new Date(), 'Asia/Tokyo');
    const appXlsx = await loadXlsx();
    const app: number[] = [];
    const bare: number[] = [];
    let rows = 0;
    for (let i = 0; i < 5; i++) {
      const a0 = performance.now();
      const data = exportData(db, null, today, 'Asia/Tokyo');
      workbookBytes(appXlsx, buildWorkbook(appXlsx, data, today));
      app.push(performance.now() - a0);
      rows = data.customers.length + data.outstanding.length + data.invoiceList.length;
      // The same rows as plain arrays (the three sheets: customers, outstanding invoices and
      // the invoices billed with their tax per rate), written by xlsx with the same compression.
      const customers = data.customers.map((c) => Object.values(c));
      const invoices = data.outstanding.map((v) => Object.values(v));
      const billed = data.invoiceList.map((v) => Object.values(v));
      const b0 = performance.now();
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(customers), 'Customers');
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(invoices), 'Outstanding invoices');
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(billed), 'Invoices');
      XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true });
      bare.push(performance.now() - b0);
    }
    const exportRatio = median(bare) / median(app);
    closeDb(db);

    const env = { DATA_DIR: dir, PORT: String(APP_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    const { child: server, label } = startAppProcess(env);
    appPid = server.pid;
    console.log(`App: ${label}`);
    children.push(server);
    const base = `http://127.0.0.1:${APP_PORT}`;
    await waitForHttp(`${base}/api/category`);
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchadmin', password: 'bench-pass-1' }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const headers = { cookie, 'accept-encoding': BROWSER_ENCODING, origin: base };
    fs.writeFileSync(path.join(dir, 'catalogue.json.gz'), '');
    fs.writeFileSync(path.join(dir, 'catalogue.json.br'), '');
    children.push(
      await start(
        'scripts/bench/reference-server.ts',
        [String(REF_PORT), path.join(dir, 'catalogue.json')],
        {},
      ),
    );

    // 1. Invoice lists: pages 1-20 of cash, monthly and all, in turn.
    // The screen's door: tRPC `invoices.list` as its infinite query asks for each page.
    const screenPaths = ['cash', 'monthly', 'all'].flatMap((kind) =>
      Array.from(
        { length: 20 },
        (_, p) =>
          `/trpc/invoices.list?batch=1&input=${encodeURIComponent(
            JSON.stringify({ 0: { kind, cursor: p + 1, direction: 'forward' } }),
          )}`,
      ),
    );
    const paths = ['cash', 'monthly', 'all'].flatMap((k) =>
      Array.from({ length: 20 }, (_, p) => `/api/invoice/${k}?pageNumber=${p + 1}`),
    );
    const ref = await rps(`http://127.0.0.1:${REF_PORT}/small`, headers);
    const screen = await rps(`${base}/trpc/invoices.list`, headers, screenPaths, appPid);
    const list = await rps(`${base}/api/invoice/cash`, headers, paths, appPid);

    // 3. 50 concurrent payments of ¥1,000 on a ¥5,000 invoice.
    const created = await fetch(`${base}/api/invoice`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ customer: await firstCustomer(base, headers), amount: 5000 }),
    }).then((r) => r.json() as Promise<{ _id: string }>);
    const p0 = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${base}/api/invoice/${created._id}/payment`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `b${i}` },
          body: JSON.stringify({ amount: 1000, date: today }),
        }).then((r) => r.status),
      ),
    );
    const payMs = performance.now() - p0;

    console.log('\nmoney figures');
    console.log(
      `reference small JSON          ${ref.rps.toFixed(0)} req/s  p50 ${ref.p50} ms  p99 ${ref.p99} ms`,
    );
    for (const [name, f] of [
      ['invoice lists, tRPC (the screen)', screen],
      ['invoice lists, REST', list],
    ] as const) {
      console.log(
        `${name} (30,000, paged)  ${f.rps.toFixed(0)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  CPU ${f.cpuUs} µs/answer  ratio ${(f.rps / ref.rps).toFixed(2)} (context)`,
      );
    }
    console.log(
      `export all routes (${rows} rows)  app ${median(app).toFixed(0)} ms  bare xlsx ${median(bare).toFixed(0)} ms  ratio ${exportRatio.toFixed(2)} (context)`,
    );
    console.log(
      `50 concurrent ¥1,000 payments on ¥5,000: ${statuses.filter((s) => s === 201).length} accepted, ${statuses.filter((s) => s === 400).length} refused, in ${payMs.toFixed(0)} ms`,
    );
  } finally {
    for (const c of children) c.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function firstCustomer(base: string, headers: Record<string, string>): Promise<string> {
  const page = (await fetch(`${base}/api/invoice/cash`, { headers }).then((r) => r.json())) as {
    invoices: { customer: { _id: string } }[];
  };
  return page.invoices[0]?.customer._id ?? '';
}

await main();
