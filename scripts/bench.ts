// `npm run bench`: what the users feel, measured in one run on the built server (docs/performance.md).
//
// Seeds 1,000 products, 3,000 restaurants (ten times one wholesaler), 100,000 orders, an office
// account and 10 drivers with 50 pending deliveries each, then:
// 1. start to first answer of the built server (`npm start`'s command line, median of 3);
// 2. the cut-off rush: 3,000 restaurants arriving at random within 60 s, each opening the
//    catalogue (its page, then the screen's tRPC batch), its history and placing a 10-line
//    order, half through /trpc and half through /api REST, the requests exactly as the client
//    makes them (scripts/bench/client-requests.ts); meanwhile 3 office screens read the web
//    orders and the frozen counts every 5 s and 10 drivers read their list and mark a delivery
//    every 6 s. p50/p95/p99 of every request, errors, resident memory after it;
// 3. capacity: the same rush at 2x, 3x, 4x ... the rate, BENCH_STEP_SECONDS each, until p99
//    passes 500 ms (or a request fails); the highest rate under is what one box carries;
// 4. context, not targets: a bare Fastify route, a bare tRPC procedure, the catalogue bytes
//    pre-compressed, and a bare better-sqlite3 transaction (1 order + 10 lines) beside the
//    app's catalogue, history and placement, each loaded alone for BENCH_SECONDS;
// 5. the client: JS+CSS the login screen loads (brotli, from dist/client), and the phone's
//    catalogue paint (scripts/bench/phone.ts) when Chromium is installed.
// Prints the figures and PASS/FAIL per target. Not a test: CI does not run it.
// 6. stock: 50 parallel orders for a counted product's last 10 units sell exactly 10
//    (scripts/bench/stock.ts, in process on its own database).
// Env: BENCH_RUSH_SECONDS (60), BENCH_STEP_SECONDS (20), BENCH_SECONDS (5), BENCH_ONLY
// (a comma list of start,rush,capacity,context,prices,client,phone,stock,search,standing,
// documents,closing,bank,year), BENCH_PHONE_RUNS (3), BENCH_ORDERS (100,000). Then, in this process:
// stock, search (the forgiving product search beside the exact-substring one,
// scripts/bench/search.ts), standing orders (the scheduler's cut-off
// pass for 300 restaurants against the same 300 orders through the ordinary placement,
// scripts/bench/standing.ts), prices at full size (5,000 products, a customer's own list
// pricing all of them and 50 hidden, beside the standard read, scripts/bench/prices.ts; the
// world's 1,000-product `prices` pair runs too), documents (scripts/bench/documents.ts) and the
// closing run (scripts/bench/closing.ts), a month's bank statement read and recorded
// (scripts/bench/bank-import.ts), and a year in (scripts/bench/year.ts: the demo's
// world for 300 restaurants seeded with one month and with twelve, each read that could grow
// with history asked of the built server). Each of these runs alone too:
// `node --import tsx scripts/bench/<part>.ts`.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  brotliCompressSync,
  brotliDecompressSync,
  gunzipSync,
  gzipSync,
  constants as zlib,
} from 'node:zlib';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import Database from 'better-sqlite3';
import { hashPassword } from '../server/accounts/passwords';
import { createSession } from '../server/accounts/sessions';
import { projectRoot } from '../server/platform/config';
import { closeDb, openDb } from '../server/platform/db';
import { newId } from '../server/platform/ids';
import { deliveryCalendar } from '../server/settings/settings';
import { runBankImportBench } from './bench/bank-import';
import {
  type ClientRequest,
  categoriesRequest,
  deliverRequest,
  driverPendingRequest,
  frozenCountsRequest,
  historyRequest,
  placeRequest,
  webOrdersRequest,
} from './bench/client-requests';
import { runClosingBench } from './bench/closing';
import { runDocumentsBench } from './bench/documents';
import { BENCH_PASSWORD, seedLargeData } from './bench/large-data';
import { runPricesBench } from './bench/prices';
import { runSearchBench } from './bench/search';
import { runStandingBench } from './bench/standing';
import { runStockBench } from './bench/stock';
import { printYear, runYearBench } from './bench/year';
import { startCommand } from './start-command';

const RESTAURANTS = 3000;
/** The rush's rate: ten times one wholesaler's restaurants within one minute. */
const PER_MINUTE = 3000;
const RUSH_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 60);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 20);
const CONTEXT_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PHONE_RUNS = process.env.BENCH_PHONE_RUNS ?? '3';
/** Multiples of the rush's rate tried for capacity, in turn, until p99 passes the limit. */
const STEPS = [2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 20];
const OFFICE_SCREENS = 3;
const OFFICE_EVERY_MS = 5000;
const DRIVERS = 10;
const JOBS_PER_DRIVER = 50;
const DRIVER_EVERY_MS = 6000;
const REQUEST_TIMEOUT_MS = 10_000;
const TARGET = {
  rushP99: 150,
  capacityP99: 500,
  startS: 1.5,
  rssMb: 150,
  lcpMs: 3000,
  loginKb: 150,
};

const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const wanted = (part: string) => only === null || only.has(part);
const APP_PORT = 3911;
const REF_PORT = 3912;
const TIME_ZONE = 'Asia/Tokyo';
const BROWSER_ENCODING = 'br, gzip';
/** @fastify/compress's default brotli quality, for the reference's pre-compressed bytes. */
const BROTLI_QUALITY = 4;

// --- Processes ----------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The built server exactly as `npm start` runs it (command line read from package.json). */
function serverArgs(): { args: string[]; env: Record<string, string> } {
  const start = startCommand();
  if (!fs.existsSync(path.join(projectRoot, start.script))) {
    throw new Error(`no ${start.script}: run \`npm run build\` first`);
  }
  // BENCH_SERVER_FLAGS: extra Node flags for the app, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`
  // to see where a rush's time goes (Node refuses --cpu-prof in NODE_OPTIONS).
  const extra = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  return { args: [...start.nodeArgs, ...extra, start.script], env: start.env };
}

/** Starts the app; resolves when it first answers, with the time that took. */
async function startApp(env: Record<string, string>): Promise<{ child: ChildProcess; ms: number }> {
  const server = serverArgs();
  const t0 = performance.now();
  const child = spawn(process.execPath, server.args, {
    cwd: projectRoot,
    env: { ...process.env, ...server.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${env.PORT}/api/category`;
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.arrayBuffer().then(() => r.ok),
      () => false,
    );
    if (ok) return { child, ms: performance.now() - t0 };
    await sleep(5);
  }
  child.kill('SIGKILL');
  throw new Error('the app did not answer within 30 s');
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function startReference(catalogueFile: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork('scripts/bench/reference-server.ts', [String(REF_PORT), catalogueFile], {
      cwd: projectRoot,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
    child.once('message', () => resolve(child));
  });
}

/** Resident memory of a process in MB (Linux /proc; null elsewhere). */
function rssMb(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

function quantiles(values: number[]): (q: number) => number {
  const sorted = [...values].sort((a, b) => a - b);
  return (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

// --- The rush -------------------------------------------------------------------------------------

interface Spread {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function spread(values: number[]): Spread {
  const q = quantiles(values);
  return { n: values.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), max: q(1) };
}

interface RushResult {
  /** Restaurants per minute asked for. */
  perMinute: number;
  restaurants: number;
  all: Spread;
  errors: number;
  byKind: Record<string, Spread>;
  peakMb: number;
  afterMb: number | null;
  /** RSS 45 s after the rush's last request, once V8 has given back what it no longer needs. */
  settledMb?: number | null;
  /** The server's CPU time over the rush (office and drivers included) per restaurant. */
  cpuMsPerRestaurant: number | null;
  /** The load generator (this process): its CPU per restaurant and its event loop's delay. */
  generator: { cpuMsPerRestaurant: number; lagP99Ms: number; lagMaxMs: number };
}

interface World {
  base: string;
  appPid: number | undefined;
  restaurantCookies: string[];
  officeCookie: string;
  drivers: { id: string; cookie: string; jobs: string[] }[];
  orderFor: (i: number) => unknown;
  hasClient: boolean;
  requests: {
    categories: ClientRequest;
    history: ClientRequest;
    webOrders: ClientRequest;
    frozen: ClientRequest;
    /** The link's URL for a placement and a delivery; bodies are `{"0": input}` (checked). */
    place: ClientRequest;
    deliver: ClientRequest;
    driverPending: Map<string, ClientRequest>;
  };
}

/**
 * Restaurants arrive at random moments within `seconds`, `perMinute` a minute; each opens the
 * catalogue page, loads the catalogue, then its history, then places a 10-line order, one
 * after the other as a person would; even ones through /trpc, odd ones through /api REST.
 * Meanwhile the office and the drivers do their work at a steady pace.
 */
async function rush(w: World, perMinute: number, seconds: number): Promise<RushResult> {
  const samples = new Map<string, number[]>();
  let errors = 0;
  const failures = new Map<string, number>();
  const inFlight = new Map<string, number>();
  let done = 0;
  const timed = async (
    kind: string,
    send: (signal: AbortSignal) => Promise<Answer>,
    expect = [200],
  ) => {
    const t0 = performance.now();
    inFlight.set(kind, (inFlight.get(kind) ?? 0) + 1);
    // Its own timer (Node 20's AbortSignal.timeout may never fire once collected).
    const abort = new AbortController();
    const timer = setTimeout(
      () => abort.abort(new Error('no answer within 10 s')),
      REQUEST_TIMEOUT_MS,
    );
    try {
      // Raced with the timer too: an abort does not always end a body already being read.
      const gaveUp = new Promise<never>((_, reject) =>
        abort.signal.addEventListener('abort', () => reject(abort.signal.reason)),
      );
      const r = await Promise.race([send(abort.signal), gaveUp]);
      if (!expect.includes(r.status)) {
        errors++;
        const what = `${kind} ${r.status} ${decoded(r).slice(0, 100)}`;
        failures.set(what, (failures.get(what) ?? 0) + 1);
      }
    } catch (err) {
      errors++;
      const what = `${kind} ${(err as Error).name}: ${(err as Error).message}`;
      failures.set(what, (failures.get(what) ?? 0) + 1);
    }
    clearTimeout(timer);
    inFlight.set(kind, (inFlight.get(kind) ?? 1) - 1);
    const ms = performance.now() - t0;
    const list = samples.get(kind) ?? [];
    list.push(ms);
    samples.set(kind, list);
  };
  const get = (cookie: string, p: string) => (signal: AbortSignal) =>
    send(w.base + p, 'GET', { cookie, 'accept-encoding': BROWSER_ENCODING }, null, signal);
  const post =
    (cookie: string, p: string, body: string, method = 'POST') =>
    (signal: AbortSignal) =>
      send(
        w.base + p,
        method,
        {
          cookie,
          'accept-encoding': BROWSER_ENCODING,
          origin: w.base,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body,
        signal,
      );

  let serial = 0;
  const restaurant = async (i: number) => {
    const cookie = w.restaurantCookies[i % w.restaurantCookies.length] as string;
    const order = w.orderFor(serial++);
    if (w.hasClient) await timed('page', get(cookie, '/customer/regularorder'));
    if (i % 2 === 0) {
      // The screen's two reads at once: the catalogue (always /api/products, the client's
      // catalogueLink) and the categories through this half's door.
      await Promise.all([
        timed('catalogue', get(cookie, '/api/products')),
        timed('categories trpc', get(cookie, w.requests.categories.path)),
      ]);
      await timed('history trpc', get(cookie, w.requests.history.path));
      const body = JSON.stringify({ 0: order });
      await timed('place trpc', post(cookie, w.requests.place.path, body));
    } else {
      await Promise.all([
        timed('catalogue', get(cookie, '/api/products')),
        timed('categories rest', get(cookie, '/api/category')),
      ]);
      await timed('history rest', get(cookie, '/api/orders/myorders'));
      await timed('place rest', post(cookie, '/api/orders', JSON.stringify(order)), [201]);
    }
    done++;
  };

  const until = Date.now() + seconds * 1000;
  const office = async (k: number) => {
    await sleep((k * OFFICE_EVERY_MS) / OFFICE_SCREENS);
    while (Date.now() < until) {
      await timed('office web orders', get(w.officeCookie, w.requests.webOrders.path));
      await timed('office frozen counts', get(w.officeCookie, w.requests.frozen.path));
      await sleep(OFFICE_EVERY_MS);
    }
  };
  const driver = async (k: number) => {
    const d = w.drivers[k];
    if (!d) return;
    await sleep((k * DRIVER_EVERY_MS) / DRIVERS);
    while (Date.now() < until) {
      const pending = w.requests.driverPending.get(d.id) as ClientRequest;
      await timed('driver pending', get(d.cookie, pending.path));
      const job = d.jobs.shift();
      if (job) {
        const body = JSON.stringify({ 0: { id: job } });
        await timed('driver delivers', post(d.cookie, w.requests.deliver.path, body));
      }
      await sleep(DRIVER_EVERY_MS);
    }
  };

  const count = Math.round((perMinute * seconds) / 60);
  let peakMb = rssMb(w.appPid) ?? 0;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(w.appPid) ?? 0);
  }, 200);
  const t0 = Date.now();
  const cpu0 = cpuMs(w.appPid);
  // The load generator shares the two cores: its own CPU and event-loop delay say how much of
  // a tail is the instrument rather than the server.
  const ownCpu0 = process.cpuUsage();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const progress = setInterval(() => {
    const waiting = [...inFlight].filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`);
    console.log(
      `    ${Math.round((Date.now() - t0) / 1000)} s: ${done} of ${count} restaurants done; in flight: ${waiting.join(', ') || 'none'}`,
    );
  }, 10_000);
  const offset = Math.floor(Math.random() * w.restaurantCookies.length);
  await Promise.all([
    ...Array.from({ length: OFFICE_SCREENS }, (_, k) => office(k)),
    ...Array.from({ length: DRIVERS }, (_, k) => driver(k)),
    ...Array.from(
      { length: count },
      (_, i) =>
        new Promise<void>((resolve) => {
          setTimeout(
            () =>
              void restaurant(offset + i)
                .catch((err) => console.warn(`  ! restaurant: ${err}`))
                .finally(resolve),
            Math.random() * seconds * 1000,
          );
        }),
    ),
  ]);
  clearInterval(sampler);
  clearInterval(progress);
  lag.disable();
  const ownCpu = process.cpuUsage(ownCpu0);
  const afterMb = rssMb(w.appPid);
  const cpu1 = cpuMs(w.appPid);
  for (const [what, n] of failures) console.warn(`  ! ${n} x ${what}`);
  const byKind = Object.fromEntries([...samples].map(([k, v]) => [k, spread(v)]));
  return {
    perMinute,
    restaurants: count,
    all: spread([...samples.values()].flat()),
    errors,
    byKind,
    peakMb,
    afterMb,
    cpuMsPerRestaurant:
      cpu0 === null || cpu1 === null || count === 0 ? null : (cpu1 - cpu0) / count,
    generator: {
      cpuMsPerRestaurant: count === 0 ? 0 : (ownCpu.user + ownCpu.system) / 1000 / count,
      lagP99Ms: lag.percentile(99) / 1e6,
      lagMaxMs: lag.max / 1e6,
    },
  };
}

/** An answer as the rush reads it: its status and its bytes as they came over the wire. */
interface Answer {
  status: number;
  encoding: string | undefined;
  bytes: Buffer;
}

// The simulated phones share the server's two cores, so they do as little as a phone's network
// stack would on the server's side of the wire: node:http over kept-alive connections (fetch
// costs several times more CPU per request), reading every byte of the answer (its last byte is
// when the timing stops) without decompressing or decoding it, which the phone does on its own
// CPU. Only an unexpected answer is decoded, for the failure's message.
const rushAgent = new http.Agent({ keepAlive: true });

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | null,
  signal: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: rushAgent, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'],
          bytes: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

function decoded(a: Answer): string {
  try {
    if (a.encoding === 'br') return brotliDecompressSync(a.bytes).toString();
    if (a.encoding === 'gzip') return gunzipSync(a.bytes).toString();
  } catch {
    return `(${a.bytes.length} bytes, not ${a.encoding})`;
  }
  return a.bytes.toString();
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; null elsewhere). */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return null;
  }
}

/** The link's request, checked to send `{"0": input}` as the rush writes it per call. */
async function sameBody(request: Promise<ClientRequest>, input: unknown): Promise<ClientRequest> {
  const r = await request;
  if (r.body !== JSON.stringify({ 0: input })) throw new Error(`unexpected body: ${r.body}`);
  return r;
}

// --- Context: bare references beside the app's doors, each loaded alone ------------------------

interface Load {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

async function load(
  name: string,
  base: string,
  req: CannonRequest & { path: string },
  opts: { expect?: number; uniqueKey?: boolean } = {},
): Promise<Load> {
  const request: CannonRequest = { ...req };
  if (opts.uniqueKey) {
    request.setupRequest = (r) => ({
      ...r,
      headers: { ...r.headers, 'idempotency-key': randomUUID() },
    });
  }
  await autocannon({ url: base, connections: 10, duration: 1, requests: [request] });
  const r = await autocannon({
    url: base,
    connections: 10,
    duration: CONTEXT_SECONDS,
    requests: [request],
  });
  const good = Number(r.statusCodeStats?.[String(opts.expect ?? 200)]?.count ?? 0);
  const total = Object.values(r.statusCodeStats ?? {}).reduce((n, s) => n + Number(s.count), 0);
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: total - good + r.errors + r.timeouts,
  };
}

/** A bare FULL-sync better-sqlite3 transaction: 1 order + 10 lines into a copy of the database. */
function bareInsert(file: string, seconds: number): Load {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  const insOrder = sqlite.prepare(
    `INSERT INTO customer_order (id, order_number, customer_id, restaurant_name, customer_code, username, delivery_date, total, created_at)
     VALUES (?, (SELECT MAX(order_number) + 1 FROM customer_order), ?, 'R', 'C', 'u', '2030-01-01', 1000, ?)`,
  );
  const insLine = sqlite.prepare(
    `INSERT INTO order_line (id, order_id, product_id, position, name, sku, unit_price, quantity, line_total)
     VALUES (?, ?, ?, ?, 'P', 'Kg', 100, 1, 100)`,
  );
  const customerId = sqlite.prepare('SELECT id FROM customer LIMIT 1').pluck().get() as string;
  const productIds = sqlite.prepare('SELECT id FROM product LIMIT 10').pluck().all() as string[];
  const tx = sqlite.transaction(() => {
    const id = newId();
    insOrder.run(id, customerId, new Date().toISOString());
    for (let i = 0; i < 10; i++) insLine.run(newId(), id, productIds[i], i);
  });
  const until = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  while (Date.now() < until) {
    const t0 = performance.now();
    tx();
    latencies.push(performance.now() - t0);
  }
  sqlite.close();
  const q = quantiles(latencies);
  return {
    name: 'ref: bare FULL transaction (1 order + 10 lines)',
    rps: latencies.length / seconds,
    p50: q(0.5),
    p99: q(0.99),
    bad: 0,
  };
}

// --- The client -----------------------------------------------------------------------------------

/** Brotli JS+CSS that index.html names: what the login screen loads before it can be used. */
function loginBytes(): number | null {
  const dir = path.join(projectRoot, 'dist', 'client');
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return null;
  const html = fs.readFileSync(index, 'utf8');
  return [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)]
    .map((m) => path.join(dir, m[1] as string))
    .filter((f) => fs.existsSync(f))
    .reduce((n, f) => {
      const br = `${f}.br`;
      return (
        n +
        (fs.existsSync(br) ? fs.statSync(br).size : brotliCompressSync(fs.readFileSync(f)).length)
      );
    }, 0);
}

/** scripts/bench/phone.ts in its own process; its median line, or why it did not run. */
async function phone(): Promise<{ lcpMs: number; loginBrotliKB: number } | string> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) return `not run: no Chromium at ${chromium}`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/phone.ts'], {
      cwd: projectRoot,
      env: { ...process.env, BENCH_RUNS: PHONE_RUNS },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      process.stdout.write(d);
    });
    child.on('exit', (code) => {
      const line = /^median: (.*)$/m.exec(out)?.[1];
      resolve(line ? JSON.parse(line) : `failed (exit ${code})`);
    });
  });
}

// --- Main -----------------------------------------------------------------------------------------

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

/** The parts that need the large seeded world and the built server. */
const WORLD_PARTS = ['start', 'rush', 'capacity', 'context', 'prices', 'client', 'phone'];

async function main() {
  // Only parts that bring their own data (documents, stock): no world to seed.
  if (!WORLD_PARTS.some(wanted)) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-bench-'));
  const children: ChildProcess[] = [];
  const verdicts: { what: string; value: string; target: string; pass: boolean | null }[] = [];
  const verdict = (what: string, value: string, target: string, pass: boolean | null) =>
    verdicts.push({ what, value, target, pass });
  const tStart = Date.now();
  try {
    console.log(
      `Seeding 1,000 products, ${fmt(RESTAURANTS)} restaurants, 100,000 orders, ${DRIVERS} drivers in ${dir} ...`,
    );
    const db = openDb(path.join(dir, 'app.db'));
    const data = await seedLargeData(db, {
      products: 1000,
      customers: RESTAURANTS,
      orders: Number(process.env.BENCH_ORDERS ?? 100_000),
    });
    const restaurantCookies = data.customerAccountIds.map(
      (id) => `session=${createSession(db, id).token}`,
    );
    // The office and the drivers, each driver with pending deliveries of the seeded orders.
    const sqlite = db.$client;
    const hash = await hashPassword(BENCH_PASSWORD);
    const adminId = newId();
    sqlite
      .prepare(
        `INSERT INTO account (id, username, password_hash, kind, name) VALUES (?, 'benchoffice', ?, 'admin', 'Office')`,
      )
      .run(adminId, hash);
    const pending = sqlite
      .prepare(
        'SELECT id, customer_id AS customerId, restaurant_name AS name FROM customer_order WHERE is_delivered = 0 ORDER BY created_at',
      )
      .all() as { id: string; customerId: string; name: string }[];
    const insDriver = sqlite.prepare(
      `INSERT INTO account (id, username, password_hash, kind, role, name) VALUES (?, ?, ?, 'employee', 'driver', ?)`,
    );
    const insJob = sqlite.prepare(
      `INSERT INTO delivery_job (id, serial_no, customer_id, restaurant_name, order_id, prepared_by, delivered_by, is_delivered)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0)`,
    );
    const drivers: World['drivers'] = [];
    let serialNo = 1;
    sqlite.transaction(() => {
      for (let d = 0; d < DRIVERS; d++) {
        const id = newId();
        insDriver.run(id, `benchdriver${d + 1}`, hash, `Driver ${d + 1}`);
        const jobs: string[] = [];
        for (let j = 0; j < JOBS_PER_DRIVER; j++) {
          const o = pending[d * JOBS_PER_DRIVER + j];
          if (!o) break;
          const jobId = newId();
          insJob.run(jobId, serialNo++, o.customerId, o.name, o.id, adminId, id);
          jobs.push(jobId);
        }
        drivers.push({ id, cookie: '', jobs });
      }
    })();
    if (wanted('prices')) seedPriceList(db, data.customerAccountIds[2] as string, data.productIds);
    const officeCookie = `session=${createSession(db, adminId).token}`;
    for (const d of drivers) d.cookie = `session=${createSession(db, d.id).token}`;
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    // The earliest date an order may ask for now (after the cut-off it is not today).
    const deliveryDate = deliveryCalendar(db, TIME_ZONE).earliest;
    closeDb(db);
    const bareFile = path.join(dir, 'bare.db');
    fs.copyFileSync(path.join(dir, 'app.db'), bareFile);
    console.log(`  seeded in ${((Date.now() - tStart) / 1000).toFixed(1)} s`);

    const env = {
      DATA_DIR: dir,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BACKUP_HOUR: 'off',
      BUSINESS_TIME_ZONE: TIME_ZONE,
      NODE_ENV: 'production',
    };

    if (wanted('start')) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const s = await startApp(env);
        times.push(s.ms);
        await stop(s.child);
      }
      const median = quantiles(times)(0.5);
      console.log(
        `Start to first answer: ${times.map((t) => fmt(t / 1000, 2)).join(', ')} s (median ${fmt(median / 1000, 2)} s)`,
      );
      verdict(
        'start to first answer (npm start, median of 3)',
        `${fmt(median / 1000, 2)} s`,
        `<= ${TARGET.startS} s`,
        median <= TARGET.startS * 1000,
      );
    }

    const app = (await startApp(env)).child;
    children.push(app);
    const base = `http://127.0.0.1:${APP_PORT}`;
    const inStock = data.inStockProductIds;
    const orderFor = (n: number) => ({
      orderItems: inStock
        .slice((n * 10) % (inStock.length - 10), ((n * 10) % (inStock.length - 10)) + 10)
        .map((product, i) => ({ product, quantity: i + 1 })),
      deliveryDate,
      customMessage: 'bench',
    });
    const world: World = {
      base,
      appPid: app.pid,
      restaurantCookies,
      officeCookie,
      drivers,
      orderFor,
      hasClient: fs.existsSync(path.join(projectRoot, 'dist', 'client', 'index.html')),
      requests: {
        categories: await categoriesRequest(),
        history: await historyRequest(1),
        webOrders: await webOrdersRequest(),
        frozen: await frozenCountsRequest(),
        place: await sameBody(
          placeRequest(orderFor(0) as Parameters<typeof placeRequest>[0]),
          orderFor(0),
        ),
        deliver: await sameBody(deliverRequest('x'), { id: 'x' }),
        driverPending: new Map(
          await Promise.all(
            drivers.map(async (d) => [d.id, await driverPendingRequest(d.id)] as const),
          ),
        ),
      },
    };
    if (!world.hasClient) console.log('  (no dist/client: the catalogue page is not loaded)');
    const idleMb = rssMb(app.pid);

    const rushes: RushResult[] = [];
    const printRush = (r: RushResult) => {
      console.log(
        `  ${fmt(r.perMinute)} restaurants/min (${fmt(r.restaurants)} restaurants, ${fmt(r.all.n)} requests): p50 ${fmt(r.all.p50, 1)} / p95 ${fmt(r.all.p95, 1)} / p99 ${fmt(r.all.p99, 1)} ms, max ${fmt(r.all.max)} ms, ${r.errors} errors, server CPU ${r.cpuMsPerRestaurant === null ? '-' : fmt(r.cpuMsPerRestaurant, 1)} ms per restaurant, peak RSS ${fmt(r.peakMb)} MB`,
      );
      console.log(
        `  the load generator: CPU ${fmt(r.generator.cpuMsPerRestaurant, 1)} ms per restaurant, its event loop's delay p99 ${fmt(r.generator.lagP99Ms, 1)} ms, max ${fmt(r.generator.lagMaxMs)} ms`,
      );
    };
    if (wanted('rush')) {
      console.log(
        `The rush: ${fmt((PER_MINUTE * RUSH_SECONDS) / 60)} restaurants within ${RUSH_SECONDS} s, with ${OFFICE_SCREENS} office screens and ${DRIVERS} drivers ...`,
      );
      const r = await rush(world, PER_MINUTE, RUSH_SECONDS);
      rushes.push(r);
      printRush(r);
      // What the box holds once the rush is over: V8 gives back heap it no longer needs only
      // after the allocations stop (its memory reducer), so the figure is also read later.
      const settled: string[] = [];
      let waited = 0;
      for (const at of [5, 15, 30, 45]) {
        await sleep((at - waited) * 1000);
        waited = at;
        settled.push(`${at} s: ${fmt(rssMb(world.appPid) ?? 0)} MB`);
      }
      r.settledMb = rssMb(world.appPid);
      console.log(`  RSS after the rush ${settled.join(', ')}`);
      console.log(
        `\n${'request'.padEnd(22)} ${'n'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
      );
      for (const [kind, s] of Object.entries(r.byKind)) {
        console.log(
          `${kind.padEnd(22)} ${String(s.n).padStart(6)} ${fmt(s.p50, 1).padStart(8)} ${fmt(s.p95, 1).padStart(8)} ${fmt(s.p99, 1).padStart(8)} ${fmt(s.max).padStart(8)}`,
        );
      }
      verdict(
        `rush: p99 of ${fmt(r.all.n)} requests (p50 ${fmt(r.all.p50, 1)}, p95 ${fmt(r.all.p95, 1)})`,
        `${fmt(r.all.p99, 1)} ms`,
        `<= ${TARGET.rushP99} ms`,
        r.all.p99 <= TARGET.rushP99,
      );
      verdict('rush: errors', String(r.errors), '0', r.errors === 0);
      const settledMb = r.settledMb ?? null;
      verdict(
        `memory after the rush (RSS 45 s after it; idle before ${idleMb === null ? '-' : fmt(idleMb)}, peak ${fmt(r.peakMb)}, at its last request ${r.afterMb === null ? '-' : fmt(r.afterMb)})`,
        settledMb === null ? 'n/a' : `${fmt(settledMb)} MB`,
        `<= ${TARGET.rssMb} MB`,
        settledMb !== null && settledMb <= TARGET.rssMb,
      );
    }

    if (wanted('capacity')) {
      console.log(
        `Capacity: the rush at ${STEPS.join('x, ')}x its rate, ${STEP_SECONDS} s each ...`,
      );
      let carried =
        rushes[0] && rushes[0].all.p99 <= TARGET.capacityP99 && rushes[0].errors === 0
          ? rushes[0].perMinute
          : 0;
      let broke = false;
      for (const m of STEPS) {
        await sleep(3000);
        const r = await rush(world, PER_MINUTE * m, STEP_SECONDS);
        printRush(r);
        if (r.all.p99 > TARGET.capacityP99 || r.errors > 0) {
          broke = true;
          break;
        }
        carried = r.perMinute;
      }
      verdict(
        `restaurants per minute one box carries (p99 <= ${TARGET.capacityP99} ms, no errors)`,
        `${broke ? '' : '>= '}${fmt(carried)}`,
        `>= ${fmt(PER_MINUTE)}`,
        carried >= PER_MINUTE,
      );
    }

    if (wanted('context')) {
      const catalogueJson = await fetch(`${base}/api/products`, {
        headers: { cookie: restaurantCookies[0] as string },
      }).then((r) => r.text());
      const catFile = path.join(dir, 'catalogue.json');
      fs.writeFileSync(
        `${catFile}.br`,
        brotliCompressSync(catalogueJson, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
        }),
      );
      fs.writeFileSync(`${catFile}.gz`, gzipSync(catalogueJson));
      const reference = await startReference(catFile);
      children.push(reference);
      const ref = `http://127.0.0.1:${REF_PORT}`;
      const cookie = restaurantCookies[1] as string;
      const browser = { cookie, 'accept-encoding': BROWSER_ENCODING };
      const get = (p: string, headers: Record<string, string> = browser) => ({
        method: 'GET' as const,
        path: p,
        headers,
      });
      const postHeaders = { ...browser, origin: base, 'content-type': 'application/json' };
      const place = await placeRequest(orderFor(0) as Parameters<typeof placeRequest>[0]);
      console.log(`\nContext: each door alone, 10 connections, ${CONTEXT_SECONDS} s ...`);
      const loads: Load[] = [
        await load('ref: bare Fastify route, small JSON', ref, get('/small', {})),
        await load(
          'ref: bare tRPC procedure (same adapter)',
          ref,
          get(`/trpc/small?batch=1&input=${encodeURIComponent('{}')}`, {}),
        ),
        await load('ref: catalogue bytes pre-compressed', ref, get('/catalogue')),
        await load('catalogue (/api/products, both clients)', base, get('/api/products')),
        await load('catalogue through tRPC (not used)', base, get('/trpc/products.list')),
        await load('categories, tRPC', base, get(world.requests.categories.path)),
        await load('history page 1, tRPC', base, get(world.requests.history.path)),
        await load('history page 1, REST', base, get('/api/orders/myorders')),
        bareInsert(bareFile, CONTEXT_SECONDS),
        await load(
          'place 10 lines, tRPC',
          base,
          { method: 'POST', path: place.path, headers: postHeaders, body: place.body },
          { uniqueKey: true },
        ),
        await load(
          'place 10 lines, REST',
          base,
          {
            method: 'POST',
            path: '/api/orders',
            headers: postHeaders,
            body: JSON.stringify(orderFor(0)),
          },
          { expect: 201, uniqueKey: true },
        ),
      ];
      console.log(
        `${'door'.padEnd(48)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
      );
      for (const f of loads) {
        console.log(
          `${f.name.padEnd(48)} ${fmt(f.rps).padStart(8)} ${fmt(f.p50, 1).padStart(8)} ${fmt(f.p99, 1).padStart(8)}${f.bad ? `  (${f.bad} bad)` : ''}`,
        );
      }
    }

    if (wanted('prices')) {
      // The catalogue of a customer with its own price list and 50 hidden products (ADR 035)
      // beside the same read of a customer on the standard prices, each alone.
      const door = (cookie: string, p: string) => ({
        method: 'GET' as const,
        path: p,
        headers: { cookie, 'accept-encoding': BROWSER_ENCODING },
      });
      const own = restaurantCookies[2] as string;
      const standard = restaurantCookies[3] as string;
      console.log(`\nPrices: the catalogue, own list vs standard, ${CONTEXT_SECONDS} s each ...`);
      // Both clients read the catalogue from /api/products (client/src/catalogueLink.ts).
      const pairs: [Load, Load][] = [
        [
          await load('catalogue REST, standard prices', base, door(standard, '/api/products')),
          await load('catalogue REST, own list + 50 hidden', base, door(own, '/api/products')),
        ],
      ];
      for (const [std, mine] of pairs) {
        for (const f of [std, mine]) {
          console.log(
            `${f.name.padEnd(48)} ${fmt(f.rps).padStart(8)} ${fmt(f.p50, 1).padStart(8)} ${fmt(f.p99, 1).padStart(8)}${f.bad ? `  (${f.bad} bad)` : ''}`,
          );
        }
        const ratio = std.rps > 0 ? mine.rps / std.rps : 0;
        verdict(
          `${mine.name} vs standard (throughput)`,
          `${fmt(ratio, 2)}x`,
          '>= 0.8x',
          ratio >= 0.8 && mine.bad === 0,
        );
      }
    }

    for (const c of children.splice(0)) await stop(c);

    if (wanted('client')) {
      const bytes = loginBytes();
      verdict(
        'login screen JS+CSS (brotli, what index.html loads)',
        bytes === null ? 'no dist/client' : `${fmt(bytes / 1024, 1)} KB`,
        `<= ${TARGET.loginKb} KB`,
        bytes === null ? false : bytes <= TARGET.loginKb * 1024,
      );
    }
    if (wanted('phone')) {
      console.log('\nThe phone (scripts/bench/phone.ts) ...');
      const p = await phone();
      if (typeof p === 'string') {
        verdict('phone: catalogue largest contentful paint', p, `<= ${TARGET.lcpMs} ms`, null);
      } else {
        verdict(
          `phone: catalogue largest contentful paint (median of ${PHONE_RUNS})`,
          `${fmt(p.lcpMs)} ms`,
          `<= ${TARGET.lcpMs} ms`,
          p.lcpMs <= TARGET.lcpMs,
        );
      }
    }

    // --- Report -----------------------------------------------------------------------------
    console.log(
      `\n${os.cpus().length} CPUs; node ${process.version}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}; the run took ${fmt((Date.now() - tStart) / 1000)} s`,
    );
    console.log(
      `\n${'target'.padEnd(78)} ${'value'.padStart(12)} ${'wanted'.padStart(10)}  verdict`,
    );
    for (const v of verdicts) {
      console.log(
        `${v.what.padEnd(78)} ${v.value.padStart(12)} ${v.target.padStart(10)}  ${v.pass === null ? 'NOT MEASURED' : v.pass ? 'PASS' : 'FAIL'}`,
      );
    }
    const failed = verdicts.filter((v) => v.pass === false).length;
    console.log(failed ? `\n${failed} target(s) missed.` : '\nNo target missed.');
  } finally {
    for (const c of children) await stop(c);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A price list over every product (10% off), 50 of them hidden, for one restaurant. */
function seedPriceList(db: ReturnType<typeof openDb>, accountId: string, productIds: string[]) {
  const sqlite = db.$client;
  const listId = newId();
  const customerId = sqlite
    .prepare('SELECT id FROM customer WHERE account_id = ?')
    .pluck()
    .get(accountId) as string;
  sqlite.transaction(() => {
    sqlite.prepare('INSERT INTO price_list (id, name) VALUES (?, ?)').run(listId, 'Bench list');
    const price = sqlite.prepare(
      'INSERT INTO price_list_price (price_list_id, product_id, price) SELECT ?, id, price * 9 / 10 FROM product WHERE id = ?',
    );
    for (const id of productIds) price.run(listId, id);
    const hide = sqlite.prepare(
      'INSERT INTO hidden_for_list (product_id, price_list_id) VALUES (?, ?)',
    );
    for (const id of productIds.slice(0, 50)) hide.run(id, listId);
    sqlite
      .prepare('INSERT INTO customer_terms (customer_id, price_list_id) VALUES (?, ?)')
      .run(customerId, listId);
  })();
}

// main() seeds and measures the server's parts (WORLD_PARTS); the rest bring their own data.
main()
  .then(() => (wanted('standing') ? runStandingBench() : undefined))
  // The price lists at full size (5,000 products), own list beside standard (bench/prices.ts).
  .then(async () => {
    if (wanted('prices') && !(await runPricesBench()).pass) process.exitCode = 1;
  })
  .then(() => (wanted('search') ? runSearchBench() : undefined))
  // Documents last, in this process once the servers are stopped (scripts/bench/documents.ts).
  .then(() => (wanted('documents') ? runDocumentsBench() : undefined))
  // The closing run against a bare SQL reference, in this process too (scripts/bench/closing.ts).
  .then(() => (wanted('closing') ? runClosingBench() : undefined))
  // A month's bank statement read, matched and recorded, beside bare SQL (bench/bank-import.ts).
  .then(() => (wanted('bank') ? runBankImportBench() : undefined))
  // A month and a year of business, each served by the built server (scripts/bench/year.ts).
  .then(async () => {
    if (wanted('year')) printYear(await runYearBench());
  })
  .then(async () => {
    if (wanted('stock') && !(await runStockBench())) process.exitCode = 1;
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
