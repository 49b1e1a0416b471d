// `npm run bench`: seeds a large data set, starts the app and the reference servers in their
// own processes, and loads each endpoint over loopback with autocannon. Prints req/s, p50 and
// p99 per endpoint and the ratio to its reference. Not a test: CI does not run it.
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { closeDb, openDb } from '../server/db';
import { newId } from '../server/ids';
import { isoDateInZone } from '../shared/format';
import { BENCH_PASSWORD, seedLargeData } from './bench/large-data';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const APP_PORT = 3911;
const REF_PORT = 3912;

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

function start(script: string, args: string[], env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(script, args, {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.once('message', () => resolve(child));
  });
}

async function waitForHttp(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

async function load(
  name: string,
  opts: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<Figures> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) console.warn(`  ! ${name}: ${bad} non-2xx/errors of ${result.requests.total}`);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/**
 * The rate of a bare better-sqlite3 transaction inserting one order and 10 lines with FULL
 * sync, into a copy of the same large database (same tables, indexes and sizes), so the ratio
 * measures what the app adds, not what SQLite costs.
 */
function bareInsertRate(dir: string, seconds: number): Figures {
  const file = path.join(dir, 'bare.db');
  const src = new Database(path.join(dir, 'app.db'));
  src.pragma('wal_checkpoint(TRUNCATE)');
  src.close();
  fs.copyFileSync(path.join(dir, 'app.db'), file);
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  const insOrder = sqlite.prepare(
    `INSERT INTO customer_order (id, customer_id, restaurant_name, customer_code, username, delivery_date, total, created_at)
     VALUES (?, ?, 'R', 'C', 'u', '2030-01-01', 1000, ?)`,
  );
  const insLine = sqlite.prepare(
    `INSERT INTO order_line (id, order_id, product_id, position, name, sku, unit_price, quantity, line_total)
     VALUES (?, ?, ?, ?, 'P', 'Kg', 100, 1, 100)`,
  );
  const customerId =
    (sqlite.prepare('SELECT id FROM customer LIMIT 1').pluck().get() as string) ?? null;
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
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name: 'bare transaction (1 order + 10 lines)',
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
  };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-bench-'));
  const children: ChildProcess[] = [];
  try {
    console.log(`Seeding 1,000 products, 300 customers, 100,000 orders in ${dir} ...`);
    const t0 = Date.now();
    const db = openDb(path.join(dir, 'app.db'));
    const data = await seedLargeData(db);
    closeDb(db);
    console.log(`  seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // No daily backup in the middle of a measurement.
    const env = {
      DATA_DIR: dir,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BACKUP_HOUR: 'off',
    };
    const app = fork('server/main.ts', [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    children.push(app);
    const base = `http://127.0.0.1:${APP_PORT}`;
    await waitForHttp(`${base}/api/category`);

    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: data.customerUsernames[0], password: BENCH_PASSWORD }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    if (login.status !== 200 || !cookie) throw new Error(`bench login failed: ${login.status}`);
    const browser = { cookie, 'accept-encoding': 'gzip', origin: base };

    // The reference catalogue bytes are exactly what the app sends a signed-in user.
    const catalogue = await fetch(`${base}/api/products`, { headers: { cookie } }).then((r) =>
      r.text(),
    );
    const catFile = path.join(dir, 'catalogue.json');
    fs.writeFileSync(`${catFile}.gz`, gzipSync(catalogue));
    children.push(
      await start('scripts/bench/reference-server.ts', [String(REF_PORT), catFile], {}),
    );
    const ref = `http://127.0.0.1:${REF_PORT}`;

    const today = isoDateInZone(new Date(), 'Asia/Tokyo');
    const order = JSON.stringify({
      orderItems: data.productIds
        .filter((_, i) => i % 50 !== 7)
        .slice(0, 10)
        .map((product, i) => ({ product, quantity: i + 1 })),
      deliveryDate: today,
      customMessage: 'bench',
    });

    console.log(`Loading each endpoint for ${DURATION} s with ${CONNECTIONS} connections ...`);
    const refSmall = await load('reference: small JSON', { url: `${ref}/small`, headers: browser });
    const refCat = await load('reference: pre-gzipped catalogue', {
      url: `${ref}/catalogue`,
      headers: browser,
    });
    const cat = await load('GET /api/products (signed in, 1,000)', {
      url: `${base}/api/products`,
      headers: browser,
    });
    const history = await load('GET /api/orders/myorders', {
      url: `${base}/api/orders/myorders?pageNumber=2`,
      headers: browser,
    });
    const place = await load('POST /api/orders (10 lines)', {
      url: `${base}/api/orders`,
      method: 'POST',
      headers: { ...browser, 'content-type': 'application/json' },
      body: order,
    });
    const bare = bareInsertRate(dir, DURATION);

    const rows: [Figures, Figures, number][] = [
      [cat, refCat, 0.7],
      [history, refSmall, 0.1],
      [place, bare, 0.5],
    ];
    console.log('\nendpoint                                    req/s     p50 ms   p99 ms');
    for (const f of [refSmall, refCat, bare, cat, history, place]) {
      console.log(
        `${f.name.padEnd(42)} ${f.rps.toFixed(0).padStart(7)} ${f.p50.toFixed(1).padStart(9)} ${f.p99.toFixed(1).padStart(8)}`,
      );
    }
    console.log('\nratio to reference                          ratio   target');
    for (const [f, r, target] of rows) {
      const ratio = f.rps / r.rps;
      const mark = ratio >= target ? 'ok' : 'BELOW';
      console.log(
        `${`${f.name} / ${r.name.split(':')[0]}`.slice(0, 42).padEnd(42)} ${ratio.toFixed(2).padStart(6)}x  >= ${target}x ${mark}`,
      );
    }
  } finally {
    for (const c of children) c.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
