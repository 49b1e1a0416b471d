// `node --import tsx scripts/bench/doorstep.ts`: the office's and the driver's doors on the
// bench database (100,000 orders, 500 pending; 5 drivers with 60 pending deliveries each),
// loaded over loopback with autocannon, as the screens call them (tRPC, Idempotency-Key on
// dispatch). Prints req/s, p50, p99 and, as context (not targets: docs/decisions/030), the
// ratio to a yardstick in the same run: Frozen Counts and a driver's pending list to the bare
// small-JSON route, dispatch (to a driver, which creates the job) to a bare FULL-sync transaction.
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { hashPassword } from '../../server/accounts/passwords';
import { closeDb, openDb } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { BROWSER_ENCODING, type Figures, measure, startAppProcess } from './harness';
import { BENCH_PASSWORD, seedLargeData } from './large-data';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const APP_PORT = 3921;
const REF_PORT = 3922;
const DRIVERS = 5;
const JOBS_PER_DRIVER = 60;

let appPid: number | undefined;

/** One door, after a warm-up, with the app's CPU time per answer (scripts/bench/harness.ts). */
function load(name: string, opts: Record<string, unknown>, pid = appPid): Promise<Figures> {
  return measure(name, { connections: CONNECTIONS, ...opts }, DURATION, pid);
}

function startChild(script: string, args: string[], env: Record<string, string>) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = fork(script, args, {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('message', () => resolve(child));
  });
}

async function waitForHttp(url: string) {
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

async function login(base: string, username: string): Promise<string> {
  const r = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  const cookie = (r.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  if (r.status !== 200 || !cookie) throw new Error(`login ${username}: ${r.status}`);
  return cookie;
}

/** The same yardstick as scripts/bench.ts: 1 order + 10 lines, FULL sync, bare better-sqlite3. */
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
    `INSERT INTO customer_order (id, order_number, customer_id, restaurant_name, customer_code, username, delivery_date, total, created_at)
     VALUES (?, ?, ?, 'R', 'C', 'u', '2030-01-01', 1000, ?)`,
  );
  const insLine = sqlite.prepare(
    `INSERT INTO order_line (id, order_id, product_id, position, name, sku, unit_price, quantity, line_total)
     VALUES (?, ?, ?, ?, 'P', 'Kg', 100, 1, 100)`,
  );
  const customerId = sqlite.prepare('SELECT id FROM customer LIMIT 1').pluck().get() as string;
  const productIds = sqlite.prepare('SELECT id FROM product LIMIT 10').pluck().all() as string[];
  let n = 10_000_000;
  const tx = sqlite.transaction(() => {
    const id = newId();
    insOrder.run(id, n++, customerId, new Date().toISOString());
    for (let i = 0; i < 10; i++) insLine.run(newId(), id, productIds[i], i);
  });
  const until = Date.now() + seconds * 1000;
  const lat: number[] = [];
  while (Date.now() < until) {
    const t0 = performance.now();
    tx();
    lat.push(performance.now() - t0);
  }
  sqlite.close();
  lat.sort((a, b) => a - b);
  const at = (q: number) => lat[Math.min(lat.length - 1, Math.floor(q * lat.length))] ?? 0;
  return {
    name: 'bare FULL transaction (1 order + 10 lines)',
    cpuUs: null,
    bad: 0,
    rps: lat.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
  };
}

/** Staff, drivers and their pending deliveries on top of the large data set. */
async function seedDeliveries(dbFile: string) {
  const sqlite = new Database(dbFile);
  const hash = await hashPassword(BENCH_PASSWORD);
  const adminId = newId();
  const drivers = Array.from({ length: DRIVERS }, (_, i) => ({
    id: newId(),
    username: `benchdriver${i + 1}`,
  }));
  const pending = sqlite
    .prepare(
      'SELECT id, customer_id AS customerId, restaurant_name AS name FROM customer_order WHERE is_delivered = 0 ORDER BY created_at',
    )
    .all() as { id: string; customerId: string; name: string }[];
  sqlite.transaction(() => {
    sqlite
      .prepare(
        `INSERT INTO account (id, username, password_hash, kind, name) VALUES (?, 'benchadmin', ?, 'admin', 'Admin')`,
      )
      .run(adminId, hash);
    const insDriver = sqlite.prepare(
      `INSERT INTO account (id, username, password_hash, kind, role, name) VALUES (?, ?, ?, 'employee', 'driver', ?)`,
    );
    for (const d of drivers) insDriver.run(d.id, d.username, hash, d.username);
    const insJob = sqlite.prepare(
      `INSERT INTO delivery_job (id, serial_no, customer_id, restaurant_name, order_id, prepared_by, delivered_by, is_delivered)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0)`,
    );
    let serial = 1;
    drivers.forEach((d, di) => {
      for (let j = 0; j < JOBS_PER_DRIVER; j++) {
        const o = pending[di * JOBS_PER_DRIVER + j];
        if (!o) break;
        insJob.run(newId(), serial++, o.customerId, o.name, o.id, adminId, d.id);
      }
    });
  })();
  sqlite.close();
  return { drivers, pendingOrders: pending.length };
}

/** Pending orders for the dispatch run to consume (one per request), far in the future. */
function seedDispatchable(dbFile: string, count: number): string[] {
  const sqlite = new Database(dbFile);
  sqlite.pragma('busy_timeout = 5000');
  const c = sqlite.prepare('SELECT id, account_id AS accountId FROM customer LIMIT 1').get() as {
    id: string;
    accountId: string;
  };
  const products = sqlite.prepare('SELECT id FROM product LIMIT 3').pluck().all() as string[];
  const start = sqlite
    .prepare('SELECT MAX(order_number) FROM customer_order')
    .pluck()
    .get() as number;
  const insOrder = sqlite.prepare(
    `INSERT INTO customer_order (id, order_number, customer_id, placed_by, restaurant_name, customer_code, username, delivery_date, total)
     VALUES (?, ?, ?, ?, 'Dispatch Bench', 'DB1', 'bench001', '2099-01-01', 300)`,
  );
  const insLine = sqlite.prepare(
    `INSERT INTO order_line (id, order_id, product_id, position, name, sku, unit_price, quantity, line_total)
     VALUES (?, ?, ?, ?, 'P', 'Kg', 100, 1, 100)`,
  );
  const ids: string[] = [];
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = newId();
      insOrder.run(id, start + 1 + i, c.id, c.accountId);
      products.forEach((p, k) => {
        insLine.run(newId(), id, p, k);
      });
      ids.push(id);
    }
  })();
  sqlite.close();
  return ids;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doorstep-bench-'));
  const children: ChildProcess[] = [];
  try {
    const dbFile = path.join(dir, 'app.db');
    console.log(`Seeding the bench database in ${dir} ...`);
    const db = openDb(dbFile);
    // large-data.ts may predate order numbers (all 0): number them after seeding.
    db.$client.exec('DROP INDEX IF EXISTS customer_order_order_number_idx');
    await seedLargeData(db);
    db.$client.exec('UPDATE customer_order SET order_number = 10000 + rowid');
    db.$client.exec(
      'CREATE UNIQUE INDEX customer_order_order_number_idx ON customer_order (order_number)',
    );
    closeDb(db);
    const { drivers, pendingOrders } = await seedDeliveries(dbFile);
    console.log(
      `  ${pendingOrders} pending orders; ${DRIVERS} drivers x ${JOBS_PER_DRIVER} pending deliveries`,
    );

    const { child: app, label } = startAppProcess({
      DATA_DIR: dir,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    console.log(`App: ${label}`);
    appPid = app.pid;
    children.push(app);
    const base = `http://127.0.0.1:${APP_PORT}`;
    await waitForHttp(`${base}/api/category`);
    const catFile = path.join(dir, 'catalogue.json');
    fs.writeFileSync(`${catFile}.gz`, gzipSync('[]'));
    fs.writeFileSync(`${catFile}.br`, brotliCompressSync('[]'));
    children.push(
      await startChild('scripts/bench/reference-server.ts', [String(REF_PORT), catFile], {}),
    );
    const ref = `http://127.0.0.1:${REF_PORT}`;

    const staff = {
      cookie: await login(base, 'benchadmin'),
      'accept-encoding': BROWSER_ENCODING,
      origin: base,
    };
    const driver = drivers[0]!;
    const driverHeaders = {
      cookie: await login(base, driver.username),
      'accept-encoding': BROWSER_ENCODING,
    };
    const q = (input: unknown) => `?input=${encodeURIComponent(JSON.stringify(input))}`;

    console.log(`Loading each door for ${DURATION} s with ${CONNECTIONS} connections ...`);
    const small = await load('reference: small JSON', { url: `${ref}/small`, headers: staff }, 0);
    // The ceiling of any signed-in door: a tiny answer through the session, tRPC and zod.
    const tiny = await load('control: signed-in tiny read (GET /api/orders/pendingcount)', {
      url: `${base}/api/orders/pendingcount`,
      headers: staff,
    });
    const frozen = await load('Frozen Counts (tRPC orders.itemQuantities, next date)', {
      url: `${base}/trpc/orders.itemQuantities${q({})}`,
      headers: staff,
    });
    const frozenAll = await load('Frozen Counts, all dates (940 lines)', {
      url: `${base}/trpc/orders.itemQuantities${q({ deliveryDate: 'all' })}`,
      headers: staff,
    });
    const small2 = await load(
      'reference: small JSON (again)',
      { url: `${ref}/small`, headers: staff },
      0,
    );
    const frozenRest = await load('GET /api/orders/itemquantities', {
      url: `${base}/api/orders/itemquantities?deliveryDate=all`,
      headers: staff,
    });
    const newOrders = await load('New Orders page (tRPC orders.list)', {
      url: `${base}/trpc/orders.list${q({ pageNumber: 1 })}`,
      headers: staff,
    });
    const pendingList = await load('driver pending list (tRPC ordertrack.driverPending, 60)', {
      url: `${base}/trpc/ordertrack.driverPending${q({ driverId: driver.id, keyword: '' })}`,
      headers: driverHeaders,
    });
    const pendingRest = await load('GET /api/ordertrack/{driverId}', {
      url: `${base}/api/ordertrack/${driver.id}`,
      headers: driverHeaders,
    });

    const ids = seedDispatchable(dbFile, 40_000);
    const probe = await fetch(`${base}/trpc/orders.dispatch`, {
      method: 'POST',
      headers: { ...staff, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ id: ids[0], driverId: drivers[1]!.id }),
    });
    if (probe.status !== 200) throw new Error(`dispatch: ${probe.status} ${await probe.text()}`);
    let next = 1;
    let firstRefusal = '';
    const dispatch = await load('dispatch to a driver (tRPC orders.dispatch + key)', {
      url: `${base}/trpc/orders.dispatch`,
      headers: { ...staff, 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          setupRequest: (req: { headers: Record<string, string> }) => ({
            ...req,
            headers: { ...req.headers, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ id: ids[next++ % ids.length], driverId: drivers[1]!.id }),
          }),
          onResponse: (status: number, body: string) => {
            if (status !== 200 && !firstRefusal) firstRefusal = `${status} ${body.slice(0, 200)}`;
          },
        },
      ],
    });
    if (firstRefusal) console.warn(`  ! first refused dispatch: ${firstRefusal}`);
    if (next > ids.length)
      console.warn('  ! dispatch ran out of pending orders: later requests were refused');
    const bare = bareInsertRate(dir, DURATION);

    console.log(
      '\ndoor                                                      req/s     p50 ms   p99 ms  CPU µs/answer',
    );
    for (const f of [
      small,
      small2,
      tiny,
      bare,
      frozen,
      frozenAll,
      frozenRest,
      newOrders,
      pendingList,
      pendingRest,
      dispatch,
    ]) {
      console.log(
        `${f.name.padEnd(56)} ${f.rps.toFixed(0).padStart(7)} ${f.p50.toFixed(1).padStart(9)} ${f.p99.toFixed(1).padStart(8)} ${String(f.cpuUs ?? '-').padStart(8)}`,
      );
    }
    console.log('\nratio to yardstick (context, not a target)               ratio');
    for (const [f, r] of [
      [frozen, small],
      [pendingList, small2],
      [dispatch, bare],
    ] as const) {
      const ratio = f.rps / r.rps;
      console.log(`${f.name.slice(0, 56).padEnd(56)} ${ratio.toFixed(2).padStart(6)}x`);
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
