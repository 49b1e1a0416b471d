// `npm run bench`: what the screens call, against yardsticks measured in the same run.
//
// Seeds 1,000 products, 300 customers and 100,000 orders, starts the app (the built bundle in
// dist/server when there is one, else server/main.ts through tsx) and the reference server in
// their own processes, and loads over loopback with autocannon:
// - the catalogue, history and placement requests exactly as the client's tRPC link makes them
//   (scripts/bench/client-requests.ts), with `accept-encoding: br, gzip`, and their REST doors;
// - revalidation of the catalogue (If-None-Match -> 304) on both doors;
// - the references: a bare Fastify route with a small JSON, the same serving the catalogue
//   pre-compressed, a bare tRPC procedure on the same /trpc door the app uses, and a bare FULL-sync
//   SQLite transaction (1 order + 10 lines) on a copy of the same database;
// then "the rush" (300 restaurants within 60 s: catalogue, history, a 10-line order each), the
// server's start to first answer, its memory idle and under load, and the built client's
// compressed JS and CSS. Prints a table and PASS/FAIL per target (docs/performance.md).
// Not a test: CI does not run it. BENCH_SECONDS (per load, default 5), BENCH_ROUNDS (default 2)
// and BENCH_RUSH_SECONDS (default 60) change its length; BENCH_ONLY picks some loads (below;
// BENCH_ONLY=start measures only the start and the idle memory).
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import Database from 'better-sqlite3';
import { createSession } from '../server/accounts/sessions';

/** @fastify/compress's default brotli quality, for the reference's pre-compressed bytes. */
const BROTLI_QUALITY = 4;

import { projectRoot } from '../server/platform/config';
import { closeDb, openDb } from '../server/platform/db';
import { newId } from '../server/platform/ids';
import { deliveryCalendar } from '../server/settings/settings';
import { catalogueRequest, historyRequest, placeRequest } from './bench/client-requests';
import { runDocumentsBench } from './bench/documents';
import { seedLargeData } from './bench/large-data';
import { startCommand } from './start-command';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP = 1;
const RUSH_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 60);
/** BENCH_ONLY=start: only the start to first answer and the idle memory (no loads, no rush). */
const START_ONLY = process.env.BENCH_ONLY === 'start';
const RUSH_RESTAURANTS = 300;
// BENCH_ONLY=bare,placeTrpc,placeRest,rush runs only those loads (the keys of `measures` in
// main(), `rush`, `start`): a short look at one door while working on it. A full run is the record.
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const wanted = (key: string) => only === null || only.has(key);
const CONNECTIONS = 10;
const APP_PORT = 3911;
const REF_PORT = 3912;
const TIME_ZONE = 'Asia/Tokyo';
const BROWSER_ENCODING = 'br, gzip';

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** CPU time of the serving process per answer, in µs (steadier than req/s on a busy box). */
  cpuUs: number | null;
  /** The serving process's largest resident memory during the load, in MB. */
  peakMb: number | null;
}

// --- Processes ----------------------------------------------------------------------------------

/**
 * The server as `npm start` runs it (the command, its flags and environment read from
 * package.json): the built bundle when present, else TypeScript via tsx with the same flags.
 */
function serverCommand(mode = process.env.BENCH_SERVER): {
  args: string[];
  env: Record<string, string>;
  label: string;
} {
  const start = startCommand();
  const built = path.join(projectRoot, start.script);
  if (fs.existsSync(built) && mode !== 'tsx') {
    return {
      args: [...start.nodeArgs, built],
      env: start.env,
      label: `${start.script} (npm start)`,
    };
  }
  return {
    args: [...start.nodeArgs, '--import', 'tsx', path.join(projectRoot, 'server', 'main.ts')],
    env: start.env,
    label: 'node --import tsx server/main.ts',
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    const r = await fetch(url);
    await r.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Starts the app; resolves when it first answers, with the time that took. */
async function startApp(
  env: Record<string, string>,
  args: string[],
): Promise<{ child: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${env.PORT}/api/category`;
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    if (await answers(url)) return { child, ms: performance.now() - t0 };
    await new Promise((r) => setTimeout(r, 5));
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

// --- Loads --------------------------------------------------------------------------------------

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; null elsewhere). */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return null;
  }
}

async function load(
  name: string,
  base: string,
  req: CannonRequest & { path: string },
  opts: { expect?: number; uniqueKey?: boolean; pid?: number } = {},
): Promise<Figures> {
  const expected = opts.expect ?? 200;
  const request: CannonRequest = { ...req };
  if (opts.uniqueKey) {
    // A fresh Idempotency-Key per request, as the client makes one per placement.
    request.setupRequest = (r) => ({
      ...r,
      headers: { ...r.headers, 'idempotency-key': randomUUID() },
    });
  }
  // Warm up first (the JIT, the caches, the connections), then measure.
  await autocannon({ url: base, connections: CONNECTIONS, duration: WARMUP, requests: [request] });
  const cpu0 = cpuMs(opts.pid);
  let peakMb: number | null = null;
  const sampler = setInterval(() => {
    const mb = rssMb(opts.pid);
    if (mb !== null) peakMb = Math.max(peakMb ?? 0, mb);
  }, 100);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [request],
  });
  clearInterval(sampler);
  const cpu1 = cpuMs(opts.pid);
  const good = Number(result.statusCodeStats?.[String(expected)]?.count ?? 0);
  const total = Object.values(result.statusCodeStats ?? {}).reduce(
    (n, s) => n + Number(s.count),
    0,
  );
  const bad = total - good + result.errors + result.timeouts;
  if (bad > 0) {
    console.warn(
      `  ! ${name}: ${bad} of ${total} not ${expected} (${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad,
    cpuUs:
      cpu0 === null || cpu1 === null || result.requests.total === 0
        ? null
        : ((cpu1 - cpu0) * 1000) / result.requests.total,
    peakMb,
  };
}

/**
 * A bare better-sqlite3 transaction inserting one order and 10 lines with synchronous=FULL into
 * a copy of the same large database (same tables, indexes and sizes): what SQLite itself costs.
 */
function bareInsertRate(file: string, seconds: number): Figures {
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
    cpuUs: null,
    peakMb: null,
  };
}

function quantiles(values: number[]): (q: number) => number {
  const sorted = [...values].sort((a, b) => a - b);
  return (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

// --- The rush -------------------------------------------------------------------------------------

interface RushResult {
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  byKind: Record<string, { p50: number; p99: number }>;
}

/**
 * 300 restaurants, each arriving at a random moment within the window, open the catalogue,
 * then their history, then place a 10-line order: one after the other, as a person would.
 */
async function rush(
  base: string,
  cookies: string[],
  orderFor: (i: number) => string,
): Promise<RushResult> {
  const catalogue = await catalogueRequest();
  const history = await historyRequest(1);
  const place = await placeRequest({ orderItems: [], deliveryDate: '2000-01-01' });
  const samples: Record<string, number[]> = { catalogue: [], history: [], place: [] };
  let errors = 0;
  const failures = new Map<string, number>();
  const failed = (what: string) => {
    errors++;
    failures.set(what, (failures.get(what) ?? 0) + 1);
  };
  const timed = async (kind: string, send: () => Promise<Response>) => {
    const t0 = performance.now();
    try {
      const r = await send();
      const body = await r.text();
      if (!r.ok) failed(`${kind} ${r.status} ${body.slice(0, 120)}`);
    } catch (err) {
      failed(`${kind} ${(err as Error).cause ?? err}`);
    }
    samples[kind]?.push(performance.now() - t0);
  };
  const restaurant = async (i: number) => {
    const cookie = cookies[i] as string;
    const headers = { cookie, 'accept-encoding': BROWSER_ENCODING };
    await timed('catalogue', () => fetch(base + catalogue.path, { headers }));
    await timed('history', () => fetch(base + history.path, { headers }));
    await timed('place', () =>
      fetch(base + place.path, {
        method: 'POST',
        headers: {
          ...headers,
          origin: base,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ 0: JSON.parse(orderFor(i)) }),
      }),
    );
  };
  const arrivals = cookies.map(() => Math.random() * RUSH_SECONDS * 1000);
  await Promise.all(
    arrivals.map(
      (at, i) =>
        new Promise<void>((resolve) => {
          setTimeout(() => void restaurant(i).then(resolve), at);
        }),
    ),
  );
  for (const [what, n] of failures) console.warn(`  ! rush: ${n} x ${what}`);
  const all = Object.values(samples).flat();
  const q = quantiles(all);
  const byKind = Object.fromEntries(
    Object.entries(samples).map(([k, v]) => {
      const qk = quantiles(v);
      return [k, { p50: qk(0.5), p99: qk(0.99) }];
    }),
  );
  return { requests: all.length, errors, p50: q(0.5), p99: q(0.99), max: q(1), byKind };
}

// --- The built client -----------------------------------------------------------------------------

interface ClientBytes {
  initial: number;
  all: number;
  encoding: string;
}

/** Compressed JS+CSS: what index.html loads before anything shows, and every chunk. */
function clientBytes(): ClientBytes | null {
  const dir = path.join(projectRoot, 'dist', 'client');
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return null;
  let encoding = 'br';
  const sizeOf = (file: string) => {
    for (const ext of ['.br', '.gz']) {
      if (fs.existsSync(file + ext)) return fs.statSync(file + ext).size;
    }
    encoding = 'none';
    return fs.statSync(file).size;
  };
  const html = fs.readFileSync(index, 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)]
    .map((m) => path.join(dir, m[1] as string))
    .filter((f) => fs.existsSync(f));
  const assets = fs
    .readdirSync(path.join(dir, 'assets'))
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => path.join(dir, 'assets', f));
  const sum = (files: string[]) => files.reduce((n, f) => n + sizeOf(f), 0);
  return { initial: sum(initial), all: sum(assets), encoding };
}

// --- Main -----------------------------------------------------------------------------------------

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-bench-'));
  const children: ChildProcess[] = [];
  const server = serverCommand();
  try {
    console.log(`Seeding 1,000 products, 300 customers, 100,000 orders in ${dir} ...`);
    const t0 = Date.now();
    const db = openDb(path.join(dir, 'app.db'));
    const data = await seedLargeData(db);
    // One session per restaurant, as after a sign-in (the sign-in itself is not measured).
    const cookies = data.customerAccountIds.map((id) => `session=${createSession(db, id).token}`);
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    // The earliest date an order may ask for now: after the 04:00 cut-off it is not today, and
    // every placement would be refused (400) instead of written.
    const deliveryDate = deliveryCalendar(db, TIME_ZONE).earliest;
    closeDb(db);
    const bareFile = path.join(dir, 'bare.db');
    fs.copyFileSync(path.join(dir, 'app.db'), bareFile);
    console.log(`  seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const env = {
      DATA_DIR: dir,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // No daily backup copy in the middle of a measurement.
      BACKUP_HOUR: 'off',
      TZ: TIME_ZONE,
      NODE_ENV: 'production',
    };

    // Start to first answer: three cold starts on the large database, the median.
    const starts: Record<string, number[]> = {};
    const modes = [server];
    if (server.label !== 'node --import tsx server/main.ts') modes.push(serverCommand('tsx'));
    for (const mode of wanted('start') ? modes : []) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const s = await startApp({ ...env, ...mode.env }, mode.args);
        times.push(s.ms);
        await stop(s.child);
      }
      starts[mode.label] = times;
    }
    const startMs = Object.fromEntries(
      Object.entries(starts).map(([label, ms]) => [label, quantiles(ms)(0.5)]),
    );

    console.log(`Starting ${server.label} ...`);
    const app = (await startApp({ ...env, ...server.env }, server.args)).child;
    children.push(app);
    const base = `http://127.0.0.1:${APP_PORT}`;
    const [reader, placer] = cookies as [string, string];
    const browser = { cookie: reader, 'accept-encoding': BROWSER_ENCODING };

    const catalogue = await catalogueRequest();
    const history = await historyRequest(1);
    const inStock = data.inStockProductIds;
    const orderFor = (n: number) =>
      JSON.stringify({
        orderItems: inStock
          .slice((n * 10) % (inStock.length - 10), ((n * 10) % (inStock.length - 10)) + 10)
          .map((product, i) => ({ product, quantity: i + 1 })),
        deliveryDate,
        customMessage: 'bench',
      });
    const place = await placeRequest(JSON.parse(orderFor(0)));

    // Memory: idle after start and a first catalogue, then the peak under every load.
    await fetch(base + catalogue.path, { headers: browser }).then((r) => r.arrayBuffer());
    await new Promise((r) => setTimeout(r, 2000));
    const idleMb = rssMb(app.pid);
    if (START_ONLY) {
      for (const [label, ms] of Object.entries(starts)) {
        const all = ms.map((m) => fmt(m / 1000, 2)).join(', ');
        console.log(
          `start to first answer (${label}): median ${fmt((startMs[label] ?? 0) / 1000, 2)} s (${all})`,
        );
      }
      console.log(`memory idle (RSS): ${idleMb === null ? 'n/a' : `${fmt(idleMb)} MB`}`);
      console.log(
        `load average: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(', ')}`,
      );
      return;
    }
    let peakMb = idleMb ?? 0;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rssMb(app.pid) ?? 0);
    }, 100);

    // The reference catalogue bytes are exactly what the app sends a signed-in user.
    const catalogueJson = await fetch(`${base}/api/products`, { headers: { cookie: reader } }).then(
      (r) => r.text(),
    );
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
    const onRef = { pid: reference.pid };
    const onApp = { pid: app.pid };
    const ref = `http://127.0.0.1:${REF_PORT}`;
    const etagOf = async (p: string) =>
      (await fetch(base + p, { headers: browser })).headers.get('etag') ?? '';

    console.log(
      `Loading each for ${DURATION} s with ${CONNECTIONS} connections, best of ${ROUNDS} rounds ...`,
    );
    const get = (p: string, headers: Record<string, string> = browser) => ({
      method: 'GET' as const,
      path: p,
      headers,
    });
    const postHeaders = {
      cookie: placer,
      'accept-encoding': BROWSER_ENCODING,
      origin: base,
      'content-type': 'application/json',
    };
    // Each load runs ROUNDS times, interleaved, and the best round counts: other work on the
    // machine only ever slows a round down.
    const measures: Record<string, () => Promise<Figures> | Figures> = {
      refSmall: () => load('ref: bare Fastify, small JSON', ref, get('/small', {}), onRef),
      refCat: () => load('ref: catalogue pre-compressed', ref, get('/catalogue'), onRef),
      refTrpc: () =>
        load(
          'ref: bare tRPC procedure, small JSON',
          ref,
          get(`/trpc/small?batch=1&input=${encodeURIComponent('{}')}`, {}),
          onRef,
        ),
      // The same procedure through tRPC's own Fastify adapter: the yardstick as the issue first
      // measured it (~0.1x the bare route), before the app served /trpc itself (ADR 020).
      refAdapter: () =>
        load(
          "ref: bare tRPC procedure, tRPC's own adapter",
          ref,
          get(`/adapter/small?batch=1&input=${encodeURIComponent('{}')}`, {}),
          onRef,
        ),
      catTrpc: () => load('tRPC products+categories batch', base, get(catalogue.path), onApp),
      catRest: () => load('REST GET /api/products', base, get('/api/products'), onApp),
      // The current version each time: the placements of an earlier round moved it.
      revTrpc: async () =>
        load(
          'tRPC catalogue If-None-Match -> 304',
          base,
          get(catalogue.path, { ...browser, 'if-none-match': await etagOf(catalogue.path) }),
          { ...onApp, expect: 304 },
        ),
      revRest: async () =>
        load(
          'REST /api/products If-None-Match -> 304',
          base,
          get('/api/products', { ...browser, 'if-none-match': await etagOf('/api/products') }),
          { ...onApp, expect: 304 },
        ),
      histTrpc: () => load('tRPC orders.mine page 1', base, get(history.path), onApp),
      histRest: () =>
        load('REST GET /api/orders/myorders', base, get('/api/orders/myorders'), onApp),
      bare: () => bareInsertRate(bareFile, DURATION),
      placeTrpc: () =>
        load(
          'tRPC orders.place (10 lines)',
          base,
          { method: 'POST', path: place.path, headers: postHeaders, body: place.body },
          { ...onApp, uniqueKey: true },
        ),
      placeRest: () =>
        load(
          'REST POST /api/orders (10 lines)',
          base,
          { method: 'POST', path: '/api/orders', headers: postHeaders, body: orderFor(0) },
          { ...onApp, expect: 201, uniqueKey: true },
        ),
    };
    const best: Record<string, Figures> = {};
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`  round ${round} of ${ROUNDS}`);
      for (const [key, measure] of Object.entries(measures)) {
        if (!wanted(key)) continue;
        const f = await measure();
        const prev = best[key];
        best[key] =
          prev && prev.rps >= f.rps
            ? { ...prev, bad: prev.bad + f.bad }
            : { ...f, bad: f.bad + (prev?.bad ?? 0) };
      }
    }
    const of = (key: string): Figures | undefined => best[key];
    const refSmall = of('refSmall');
    const refCat = of('refCat');
    const refTrpc = of('refTrpc');
    const refAdapter = of('refAdapter');
    const catTrpc = of('catTrpc');
    const catRest = of('catRest');
    const revTrpc = of('revTrpc');
    const revRest = of('revRest');
    const histTrpc = of('histTrpc');
    const histRest = of('histRest');
    const bare = of('bare');
    const placeTrpc = of('placeTrpc');
    const placeRest = of('placeRest');

    if (wanted('rush'))
      console.log(
        `The rush: ${RUSH_RESTAURANTS} restaurants within ${RUSH_SECONDS} s (catalogue, history, a 10-line order each) ...`,
      );
    const beforeRush = peakMb;
    peakMb = rssMb(app.pid) ?? 0;
    const rushed = wanted('rush')
      ? await rush(base, cookies.slice(0, RUSH_RESTAURANTS), orderFor)
      : null;
    const rushPeakMb = peakMb;
    peakMb = Math.max(beforeRush, peakMb);
    clearInterval(sampler);
    const client = clientBytes();

    // --- Report -----------------------------------------------------------------------------
    const all = [
      refSmall,
      refCat,
      refTrpc,
      refAdapter,
      bare,
      catTrpc,
      catRest,
      revTrpc,
      revRest,
      histTrpc,
      histRest,
      placeTrpc,
      placeRest,
    ].filter((f) => f !== undefined);
    console.log(`\nserver: ${server.label}; ${os.cpus().length} CPUs; node ${process.version}`);
    console.log(
      `\n${'endpoint'.padEnd(48)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'CPU µs/req'.padStart(11)} ${'peak MB'.padStart(8)}`,
    );
    for (const f of all) {
      console.log(
        `${f.name.padEnd(48)} ${fmt(f.rps).padStart(8)} ${fmt(f.p50, 1).padStart(8)} ${fmt(f.p99, 1).padStart(8)} ${(f.cpuUs === null ? '-' : fmt(f.cpuUs)).padStart(11)} ${(f.peakMb === null ? '-' : fmt(f.peakMb)).padStart(8)}${f.bad ? `  (${f.bad} bad)` : ''}`,
      );
    }

    const verdicts: { what: string; value: string; target: string; pass: boolean }[] = [];
    const ratio = (
      what: string,
      f: Figures | undefined,
      r: Figures | undefined,
      target: number,
    ) => {
      if (!f || !r) return;
      const x = f.rps / r.rps;
      verdicts.push({
        what,
        value: `${x.toFixed(2)}x`,
        target: `>= ${target}x`,
        pass: x >= target && f.bad === 0,
      });
    };
    ratio('catalogue, tRPC batch / pre-compressed route', catTrpc, refCat, 0.3);
    ratio('catalogue, REST / pre-compressed route', catRest, refCat, 0.3);
    // Against the bare procedure on the app's own door, and on tRPC's adapter (the yardstick as
    // first defined: "the adapter's own cost, the floor of any tRPC call"); both are reported.
    ratio('revalidation 304, tRPC batch / bare tRPC (same door)', revTrpc, refTrpc, 0.5);
    ratio('revalidation 304, REST / bare tRPC (same door)', revRest, refTrpc, 0.5);
    ratio('history page, tRPC / bare tRPC (same door)', histTrpc, refTrpc, 0.4);
    ratio("revalidation 304, tRPC batch / bare tRPC (tRPC's adapter)", revTrpc, refAdapter, 0.5);
    ratio("revalidation 304, REST / bare tRPC (tRPC's adapter)", revRest, refAdapter, 0.5);
    ratio("history page, tRPC / bare tRPC (tRPC's adapter)", histTrpc, refAdapter, 0.4);
    ratio('history page, REST / bare small JSON', histRest, refSmall, 0.1);
    ratio('placement, tRPC / bare FULL transaction', placeTrpc, bare, 0.5);
    ratio('placement, REST / bare FULL transaction', placeRest, bare, 0.5);
    if (rushed) {
      verdicts.push({
        what: `rush: p99 of ${rushed.requests} requests`,
        value: `${fmt(rushed.p99, 1)} ms`,
        target: '<= 100 ms',
        pass: rushed.p99 <= 100,
      });
      verdicts.push({
        what: 'rush: errors',
        value: String(rushed.errors),
        target: '0',
        pass: rushed.errors === 0 && rushed.requests === RUSH_RESTAURANTS * 3,
      });
    }
    for (const [label, ms] of Object.entries(startMs)) {
      // The target is the built server's (`npm start`); TypeScript through tsx (`npm run
      // dev`) is shown beside it for the record.
      const built = label === server.label && label !== 'node --import tsx server/main.ts';
      verdicts.push({
        what: `start to first answer (${label})`,
        value: `${fmt(ms / 1000, 2)} s`,
        target: built ? '<= 0.5 s' : '(record)',
        pass: built ? ms <= 500 : true,
      });
    }
    verdicts.push({
      what: 'memory idle (RSS)',
      value: idleMb === null ? 'n/a' : `${fmt(idleMb)} MB`,
      target: '<= 120 MB',
      pass: idleMb !== null && idleMb <= 120,
    });
    verdicts.push({
      what: 'memory under load (peak RSS)',
      value: `${fmt(peakMb)} MB`,
      target: '<= 120 MB',
      pass: peakMb <= 120,
    });
    if (client) {
      verdicts.push({
        what: `client JS+CSS named by index.html (${client.encoding})`,
        value: `${fmt(client.initial / 1024)} KB`,
        target: '<= 150 KB',
        pass: client.initial <= 150 * 1024,
      });
      verdicts.push({
        what: `client JS+CSS, all chunks (${client.encoding})`,
        value: `${fmt(client.all / 1024)} KB`,
        target: '(record)',
        pass: true,
      });
    }

    if (rushed)
      console.log(
        `\nrush per request kind (p50 / p99 ms): ${Object.entries(rushed.byKind)
          .map(([k, v]) => `${k} ${fmt(v.p50, 1)} / ${fmt(v.p99, 1)}`)
          .join('; ')}; max ${fmt(rushed.max, 1)} ms; peak RSS ${fmt(rushPeakMb)} MB`,
      );
    console.log(
      `\n${'target'.padEnd(64)} ${'value'.padStart(10)} ${'wanted'.padStart(11)}  verdict`,
    );
    for (const v of verdicts) {
      console.log(
        `${v.what.padEnd(64)} ${v.value.padStart(10)} ${v.target.padStart(11)}  ${v.pass ? 'PASS' : 'FAIL'}`,
      );
    }
    if (!client) console.log('(no dist/client: run `npm run build` to measure the client)');
    const failed = verdicts.filter((v) => !v.pass).length;
    console.log(failed ? `\n${failed} target(s) missed.` : '\nEvery target met.');
  } finally {
    for (const c of children) await stop(c);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main()
  // Documents last, in this process once the servers are stopped (scripts/bench/documents.ts).
  .then(() => (START_ONLY || !wanted('documents') ? undefined : runDocumentsBench()))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
