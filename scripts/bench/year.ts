// `npm run bench:year` (also a part of `npm run bench`, BENCH_ONLY=year): what each user feels
// after a year of business. The demo's world (scripts/demo/seed-demo.ts, the product's own
// services for deliveries, invoices, closings, payments and receipts) taken on ten times (300
// restaurants, two drivers) is seeded once with one month of history and once with twelve;
// each is served by the built server as `npm start` runs it, and every read that could grow
// with history is asked as its screen asks it, one request at a time (a user waits for one
// answer), beside a bare better-sqlite3 SELECT of the same page in the same run. Then, in
// process on each file: the nightly backup (its time and size) and the closing run of the
// month after the seeded ones (month 13 for the year).
// Env: BENCH_YEAR_COPIES (10), BENCH_YEAR_RUNS (15 requests per read, the median reported),
// BENCH_YEAR_DIR (a folder kept between runs: worlds already seeded there are reused).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { createSession } from '../../server/accounts/sessions';
import { runClosing } from '../../server/money/closing';
import { backupDatabase } from '../../server/platform/backup';
import { closeDb, openDb } from '../../server/platform/db';
import { nextClosingDate } from '../../shared/closing-dates';
import { isoDateInZone } from '../../shared/format';
import { seedDemo } from '../demo/seed-demo';
import { startAppProcess } from './harness';

const COPIES = Number(process.env.BENCH_YEAR_COPIES ?? 10);
const RUNS = Number(process.env.BENCH_YEAR_RUNS ?? 15);
const TIME_ZONE = 'Asia/Tokyo';
const WORLDS = [
  { name: 'month', days: 30 },
  { name: 'year', days: 365 },
] as const;

export interface Read {
  name: string;
  ms: number;
  kb: number;
  rows?: number;
}
export interface WorldFigures {
  name: string;
  seedS: number | null;
  mb: number;
  counts: Record<string, number>;
  startMs: number;
  reads: Read[];
  bare: Read[];
  backupMs: number;
  backupMb: number;
  closing: { date: string; ms: number; customers: number };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const mb = (file: string) => fs.statSync(file).size / 1024 / 1024;

async function seedWorld(dir: string, days: number, today: string): Promise<number | null> {
  const file = path.join(dir, 'app.db');
  if (fs.existsSync(file)) return null;
  fs.mkdirSync(dir, { recursive: true });
  const db = openDb(file);
  try {
    const t0 = performance.now();
    await seedDemo(db, {
      uploadsDir: path.join(dir, 'uploads'),
      today,
      timeZone: TIME_ZONE,
      historyDays: days,
      restaurantCopies: COPIES,
    });
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    return (performance.now() - t0) / 1000;
  } finally {
    closeDb(db);
  }
}

interface Who {
  office: string;
  driver: string;
  cash: string;
  monthly: string;
  driverId: string;
  cashCustomerId: string;
  monthlyCustomerId: string;
  invoiceId: string;
  routeId: string;
}

/** The users measured: the restaurants with the most history of each kind, a driver, the office. */
function users(file: string): Who {
  const db = openDb(file);
  try {
    const q = <T>(sql: string) => db.$client.prepare(sql).get() as T;
    const office = q<{ id: string }>("SELECT id FROM account WHERE kind = 'admin' LIMIT 1");
    const driver = q<{ id: string }>(
      "SELECT id FROM account WHERE kind = 'employee' AND role = 'driver' ORDER BY username LIMIT 1",
    );
    const most = (method: string) =>
      q<{ id: string; accountId: string }>(
        `SELECT c.id, c.account_id AS accountId FROM customer c
          WHERE c.payment_method = '${method}' AND c.web_order = 1
          ORDER BY (SELECT COUNT(*) FROM customer_order o WHERE o.customer_id = c.id) DESC LIMIT 1`,
      );
    const cash = most('cash');
    const monthly = most('monthly');
    const invoice = q<{ id: string }>(
      `SELECT invoice_id AS id FROM payment GROUP BY invoice_id ORDER BY COUNT(*) DESC LIMIT 1`,
    );
    const route = q<{ id: string }>('SELECT id FROM route ORDER BY name LIMIT 1');
    const cookie = (id: string) => `session=${createSession(db, id).token}`;
    return {
      office: cookie(office.id),
      driver: cookie(driver.id),
      cash: cookie(cash.accountId),
      monthly: cookie(monthly.accountId),
      driverId: driver.id,
      cashCustomerId: cash.id,
      monthlyCustomerId: monthly.id,
      invoiceId: invoice.id,
      routeId: route.id,
    };
  } finally {
    closeDb(db);
  }
}

const trpc = (proc: string, input?: unknown) =>
  `/trpc/${proc}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

/** One read as its user feels it: `RUNS` requests one after another, the median. */
async function timed(base: string, name: string, url: string, cookie: string): Promise<Read> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    const res = await fetch(base + url, {
      headers: { cookie, 'accept-encoding': 'br, gzip', origin: base },
    });
    const body = await res.arrayBuffer();
    if (!res.ok)
      throw new Error(`${name}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
    bytes = body.byteLength;
    // Two warm-ups: the first answer of a kind prepares its statements.
    if (i >= 2) times.push(performance.now() - t0);
  }
  return { name, ms: median(times), kb: bytes / 1024 };
}

/** A bare better-sqlite3 SELECT of the same page, in this process: the floor a read stands on. */
function bare(file: string, who: Who, today: string): Read[] {
  const db = new Database(file, { readonly: true });
  try {
    const one = (name: string, sql: string, params: unknown[] = []) => {
      const st = db.prepare(sql);
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < RUNS + 2; i++) {
        const t0 = performance.now();
        rows = st.all(...params).length;
        if (i >= 2) times.push(performance.now() - t0);
      }
      return { name, ms: median(times), kb: 0, rows };
    };
    return [
      one(
        "bare: a restaurant's 10 latest orders",
        'SELECT * FROM customer_order WHERE customer_id = ? ORDER BY created_at DESC LIMIT 10',
        [who.cashCustomerId],
      ),
      one(
        "bare: a restaurant's 30 latest invoices",
        'SELECT * FROM invoice WHERE customer_id = ? ORDER BY issue_date DESC LIMIT 30',
        [who.cashCustomerId],
      ),
      one('bare: 50 customers by name', 'SELECT * FROM customer ORDER BY restaurant_name LIMIT 50'),
      one(
        'bare: 30 open invoices by due date',
        'SELECT * FROM invoice WHERE paid_amount < amount ORDER BY due_date LIMIT 30',
      ),
      one(
        'bare: every order summed (a scan of all history)',
        'SELECT COUNT(*), SUM(total) FROM customer_order',
      ),
      one(
        "bare: a month's invoices summed",
        'SELECT COUNT(*), SUM(amount) FROM invoice WHERE issue_date BETWEEN ? AND ?',
        [`${today.slice(0, 7)}-01`, `${today.slice(0, 7)}-31`],
      ),
    ];
  } finally {
    db.close();
  }
}

async function measureWorld(dir: string, name: string, seedS: number | null, today: string) {
  const file = path.join(dir, 'app.db');
  const counts = Object.fromEntries(
    ['customer_order', 'order_line', 'invoice', 'payment', 'statement', 'audit_entry'].map((t) => {
      const db = new Database(file, { readonly: true });
      const n = db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number };
      db.close();
      return [t, n.n];
    }),
  );
  const who = users(file);
  const port = 3940 + (name === 'year' ? 1 : 0);
  const base = `http://127.0.0.1:${port}`;
  const env = {
    DATA_DIR: dir,
    DB_FILE: 'app.db',
    PORT: String(port),
    HOST: '127.0.0.1',
    BACKUP_HOUR: 'off',
    LOG_LEVEL: 'warn',
  };
  const stop = (c: ChildProcess) =>
    new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
  // The start to first answer, median of three; the third server stays up for the reads.
  const starts: number[] = [];
  let child: ChildProcess | null = null;
  for (let i = 0; i < 3; i++) {
    if (child) await stop(child);
    const t0 = performance.now();
    child = startAppProcess(env).child;
    for (;;) {
      const ok = await fetch(`${base}/api/category`).then(
        (r) => r.arrayBuffer().then(() => r.ok),
        () => false,
      );
      if (ok) break;
      if (performance.now() - t0 > 30_000) throw new Error('the app did not answer within 30 s');
      await new Promise((r) => setTimeout(r, 5));
    }
    starts.push(performance.now() - t0);
  }
  const startMs = median(starts);
  const server = child as ChildProcess;
  const month = today.slice(0, 7);
  const year = `${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}`;
  const closingDate = nextClosingDate(31, today);
  const reads: Read[] = [];
  try {
    const r = (n: string, url: string, cookie: string) => timed(base, n, url, cookie);
    reads.push(
      await r(
        'restaurant: order history, first page',
        trpc('orders.mine', { pageNumber: 1 }),
        who.cash,
      ),
      await r('restaurant: Account screen and documents (cash)', trpc('documents.mine'), who.cash),
      await r(
        'restaurant: Account screen and documents (monthly)',
        trpc('documents.mine'),
        who.monthly,
      ),
      await r('restaurant: overdue banner', trpc('invoices.myOverdue'), who.cash),
      await r('restaurant: catalogue', '/api/products', who.cash),
      await r('office: dashboard', trpc('reports.dashboard'), who.office),
      await r('office: customer list', trpc('lists.customers', {}), who.office),
      await r(
        'office: customer list by dues',
        trpc('lists.customers', { sort: 'dues', dir: 'desc' }),
        who.office,
      ),
      await r(
        "office: customer card's invoices",
        trpc('invoices.byCustomer', { customerId: who.cashCustomerId }),
        who.office,
      ),
      await r(
        "office: customer card's documents",
        trpc('documents.ofCustomer', { customerId: who.cashCustomerId }),
        who.office,
      ),
      await r(
        "office: customer card's orders",
        trpc('orders.ofCustomer', { userId: who.cashCustomerId }),
        who.office,
      ),
      await r(
        'office: invoices (all, first page)',
        trpc('invoices.list', { kind: 'all' }),
        who.office,
      ),
      await r('office: invoices done (first page)', trpc('invoices.completed', {}), who.office),
      await r(
        'office: invoice list, unpaid',
        trpc('lists.invoices', { state: 'unpaid' }),
        who.office,
      ),
      await r(
        'office: invoice list, this month',
        trpc('lists.invoices', { from: `${month}-01`, to: today }),
        who.office,
      ),
      await r('office: payments list', trpc('lists.payments', {}), who.office),
      await r('office: aging', trpc('invoices.aging'), who.office),
      await r('office: collection forecast', trpc('invoices.forecast'), who.office),
      await r('office: follow-ups', trpc('invoices.followUps'), who.office),
      await r(
        'office: tax summary, a month',
        trpc('reports.taxSummary', { from: month, to: month }),
        who.office,
      ),
      await r(
        'office: tax summary, twelve months',
        trpc('reports.taxSummary', { from: year, to: month }),
        who.office,
      ),
      await r(
        'office: tax summary Excel, twelve months',
        `/api/data/tax-summary?from=${year}&to=${month}`,
        who.office,
      ),
      await r('office: Excel export, one route', `/api/data/${who.routeId}`, who.office),
      await r('office: Excel export, all', '/api/data/all', who.office),
      await r(
        "office: an invoice's audit trail",
        trpc('audit.history', { entity: 'invoice', id: who.invoiceId }),
        who.office,
      ),
      await r('office: product search', trpc('products.search', { q: 'rice' }), who.office),
      await r('office: customer search', trpc('lists.customers', { search: 'curry' }), who.office),
      await r(
        'office: closing preview, month 13',
        trpc('closing.preview', { closingDate }),
        who.office,
      ),
      await r(
        "driver: today's list",
        trpc('ordertrack.driverPending', { driverId: who.driverId }),
        who.driver,
      ),
    );
  } finally {
    await stop(server);
  }
  const bareReads = bare(file, who, today);
  // The nightly copy, as the server makes it (one step is `npm run backup`'s; the server's
  // own is incremental, the same bytes).
  const src = new Database(file, { readonly: true });
  const b0 = performance.now();
  const copy = await backupDatabase(src, path.join(dir, 'backups'), 'nightly.db');
  const backupMs = performance.now() - b0;
  src.close();
  const backupMb = mb(copy);
  fs.rmSync(copy);
  // The closing of the month after the seeded ones, on a copy (the world is kept for reruns).
  const closingFile = path.join(dir, 'closing.db');
  fs.copyFileSync(file, closingFile);
  const cdb = openDb(closingFile);
  let closing = { date: closingDate, ms: 0, customers: 0 };
  try {
    const admin = cdb.$client.prepare("SELECT id FROM account WHERE kind = 'admin'").get() as {
      id: string;
    };
    const c0 = performance.now();
    const res = runClosing(cdb, { id: admin.id, name: 'admin' }, closingDate, {
      timeZone: TIME_ZONE,
      now: new Date(`${closingDate}T15:00:00.000Z`),
    });
    closing = { date: closingDate, ms: performance.now() - c0, customers: res.results.length };
  } finally {
    closeDb(cdb);
    for (const f of [closingFile, `${closingFile}-wal`, `${closingFile}-shm`])
      fs.rmSync(f, { force: true });
  }
  return {
    name,
    seedS,
    mb: mb(file),
    counts,
    startMs,
    reads,
    bare: bareReads,
    backupMs,
    backupMb,
    closing,
  } satisfies WorldFigures;
}

export async function runYearBench(): Promise<WorldFigures[]> {
  const root =
    process.env.BENCH_YEAR_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-bench-year-'));
  const today = isoDateInZone(new Date(), TIME_ZONE);
  const out: WorldFigures[] = [];
  for (const w of WORLDS) {
    const dir = path.join(root, `${w.name}-${COPIES}`);
    console.log(`Seeding ${w.days} days of ${COPIES * 30} restaurants in ${dir} ...`);
    const seedS = await seedWorld(dir, w.days, today);
    out.push(await measureWorld(dir, w.name, seedS, today));
  }
  if (!process.env.BENCH_YEAR_DIR) fs.rmSync(root, { recursive: true, force: true });
  return out;
}

export function printYear(worlds: WorldFigures[]): void {
  const [m, y] = worlds as [WorldFigures, WorldFigures];
  const f = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  console.log('\nA year in (one request at a time, median ms; KB as sent, compressed)');
  for (const w of worlds) {
    console.log(
      `  ${w.name}: ${w.seedS === null ? 'reused' : `seeded in ${w.seedS.toFixed(1)} s`}, ${w.mb.toFixed(1)} MB, ` +
        Object.entries(w.counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', '),
    );
  }
  console.log(`  ${'read'.padEnd(56)} ${'month'.padStart(9)} ${'year'.padStart(9)}  year KB`);
  const row = (name: string, a: number, b: number, extra = '') =>
    console.log(`  ${name.padEnd(56)} ${f(a).padStart(9)} ${f(b).padStart(9)}  ${extra}`);
  row('the server start to first answer', m.startMs, y.startMs);
  for (const [i, r] of y.reads.entries()) row(r.name, m.reads[i]?.ms ?? 0, r.ms, r.kb.toFixed(1));
  for (const [i, r] of y.bare.entries()) row(r.name, m.bare[i]?.ms ?? 0, r.ms, `${r.rows} rows`);
  row(
    'nightly backup (ms)',
    m.backupMs,
    y.backupMs,
    `${y.backupMb.toFixed(1)} MB (month ${m.backupMb.toFixed(1)} MB)`,
  );
  row(
    `closing run ${y.closing.date} (ms)`,
    m.closing.ms,
    y.closing.ms,
    `${y.closing.customers} customers (month ${m.closing.customers})`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runYearBench().then(printYear, (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
