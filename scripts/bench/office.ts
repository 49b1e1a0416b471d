// The office's benchmark case: the customer list with last delivery and dues on the large
// data set (300 customers, 1,000 products, 100,000 orders) plus 30,000 invoices and 20,000
// delivery jobs, against the bare small-JSON reference in the same run (a ratio for context, not a target: docs/decisions/030).
// `node --import tsx scripts/bench/office.ts` (BENCH_SECONDS to change the 8 s per endpoint).
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { hashPassword } from '../../server/accounts/passwords';
import { allCustomers } from '../../server/customers/customers';
import { closeDb, openDb, write } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { BROWSER_ENCODING, measure, startAppProcess } from './harness';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const ADMIN_PASSWORD = 'bench-admin-1';

function start(script: string, args: string[], env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(script, args, {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('message', () => resolve(child));
  });
}

/** A port nobody listens on now (other benchmarks may run on this machine at the same time). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
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
const load = (name: string, url: string, headers: Record<string, string>, pid?: number) =>
  measure(name, { url, headers, connections: CONNECTIONS }, DURATION, pid);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-bench-office-'));
  const children: ChildProcess[] = [];
  const APP_PORT = await freePort();
  const REF_PORT = await freePort();
  try {
    console.log(`Seeding the large data set with 30,000 invoices in ${dir} ...`);
    const db = openDb(path.join(dir, 'app.db'));
    const sqlite = db.$client;
    const hash = await hashPassword(ADMIN_PASSWORD);
    const routes = Array.from({ length: 4 }, () => newId());
    const customers = Array.from({ length: 300 }, () => newId());
    sqlite.transaction(() => {
      // The same shape as the main benchmark's data set (scripts/bench/large-data.ts): 300
      // customers on 4 routes and 100,000 orders over 90 days, the last 500 not yet dispatched.
      routes.forEach((id, i) => {
        sqlite.prepare('INSERT INTO route (id, name) VALUES (?, ?)').run(id, `Route ${i + 1}`);
      });
      const cust = sqlite.prepare(
        `INSERT INTO customer (id, restaurant_name, phone_number, customer_code, payment_method, payment_date, route_id, web_order, bad_debt)
         VALUES (?, ?, '312345678', ?, ?, ?, ?, 1, ?)`,
      );
      customers.forEach((id, i) => {
        cust.run(
          id,
          `Restaurant ${i + 1}`,
          `B${String(i + 1).padStart(4, '0')}`,
          i % 2 ? 'monthly' : 'cash',
          i % 2 ? '25' : null,
          routes[i % 4],
          i % 30 === 0 ? 1 : 0,
        );
      });
      const order = sqlite.prepare(
        `INSERT INTO customer_order (id, order_number, customer_id, restaurant_name, customer_code, username,
           delivery_date, total, is_delivered, created_at) VALUES (?, ?, ?, 'R', 'C', 'u', ?, 1000, ?, ?)`,
      );
      const start = Date.now() - 90 * 86_400_000;
      for (let i = 0; i < 100_000; i++) {
        const created = new Date(start + i * 77_000).toISOString();
        order.run(
          newId(),
          10_000 + i,
          customers[i % 300],
          created.slice(0, 10),
          i < 99_500 ? 1 : 0,
          created,
        );
      }
      sqlite
        .prepare(
          `INSERT INTO account (id, username, password_hash, kind) VALUES (?, 'benchadmin', ?, 'admin')`,
        )
        .run(newId(), hash);
      // Dispatched orders get their delivery time, as dispatching sets it.
      sqlite.exec(
        `UPDATE customer_order SET delivered_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 day') WHERE is_delivered = 1`,
      );
      const invoice = sqlite.prepare(
        `INSERT INTO invoice (id, customer_id, due_date, amount, paid_amount) VALUES (?, ?, ?, ?, ?)`,
      );
      for (let i = 0; i < 30_000; i++) {
        const amount = 1000 + ((i * 7919) % 90_000);
        const paid = i % 3 === 0 ? amount : i % 3 === 1 ? Math.floor(amount / 2) : 0;
        invoice.run(newId(), customers[i % customers.length], '2026-10-31', amount, paid);
      }
      const job = sqlite.prepare(
        `INSERT INTO delivery_job (id, serial_no, customer_id, restaurant_name, is_delivered, delivered_at)
         VALUES (?, ?, ?, 'R', 1, ?)`,
      );
      const t0 = Date.now() - 60 * 86_400_000;
      for (let i = 0; i < 20_000; i++) {
        job.run(
          newId(),
          i + 1,
          customers[i % customers.length],
          new Date(t0 + i * 200_000).toISOString(),
        );
      }
    })();

    // The cost of building the list when nothing is cached (after any write).
    const builds: number[] = [];
    for (let i = 0; i < 20; i++) {
      write(db, () => {});
      const t = performance.now();
      const list = allCustomers(db, 'Asia/Tokyo');
      builds.push(performance.now() - t);
      if (list.length !== customers.length) throw new Error('wrong customer count');
    }
    builds.sort((a, b) => a - b);
    const plan = sqlite
      .prepare(
        `EXPLAIN QUERY PLAN SELECT (SELECT MAX(o.delivered_at) FROM customer_order o WHERE o.customer_id = ? AND o.delivered_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM delivery_job j WHERE j.order_id = o.id)),
          (SELECT MAX(j.delivered_at) FROM delivery_job j WHERE j.customer_id = ? AND j.delivered_at IS NOT NULL),
          (SELECT COALESCE(SUM(i.amount - i.paid_amount), 0) FROM invoice i WHERE i.customer_id = ? AND i.paid_amount < i.amount AND i.cancelled_at IS NULL)`,
      )
      .all(customers[0], customers[0], customers[0]) as { detail: string }[];
    closeDb(db);

    const env = { DATA_DIR: dir, PORT: String(APP_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    const { child: app, label } = startAppProcess(env);
    appPid = app.pid;
    console.log(`App: ${label}`);
    children.push(app);
    const base = `http://127.0.0.1:${APP_PORT}`;
    await waitForHttp(`${base}/api/category`);
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ username: 'benchadmin', password: ADMIN_PASSWORD }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    if (login.status !== 200)
      throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const headers = { cookie, 'accept-encoding': BROWSER_ENCODING };
    const sample = (await fetch(`${base}/api/customer`, { headers }).then((r) =>
      r.json(),
    )) as unknown[];

    const catFile = path.join(dir, 'catalogue.json');
    fs.writeFileSync(`${catFile}.gz`, gzipSync('[]'));
    fs.writeFileSync(`${catFile}.br`, brotliCompressSync('[]'));
    children.push(
      await start('scripts/bench/reference-server.ts', [String(REF_PORT), catFile], {}),
    );

    console.log(`Loading each endpoint for ${DURATION} s with ${CONNECTIONS} connections ...`);
    const ref = await load('reference: small JSON', `http://127.0.0.1:${REF_PORT}/small`, headers);
    // The screen's read: one page of cards through the tRPC batch link, as the browser sends it.
    const input = encodeURIComponent(JSON.stringify({ 0: { kind: 'cash', pageNumber: 1 } }));
    const screen = await load(
      'screen: customers.list page 1 (tRPC)',
      `${base}/trpc/customers.list?batch=1&input=${input}`,
      headers,
      appPid,
    );
    const page = await load(
      'GET /api/customer?pageNumber=1',
      `${base}/api/customer?pageNumber=1`,
      headers,
      appPid,
    );
    const all = await load(
      `GET /api/customer (all ${sample.length})`,
      `${base}/api/customer`,
      headers,
      appPid,
    );
    console.log("\nquery plan of one customer's last delivery and dues:");
    for (const p of plan) console.log(`  ${p.detail}`);
    console.log(
      `\nbuilding the list uncached: median ${builds[10]?.toFixed(1)} ms, max ${builds.at(-1)?.toFixed(1)} ms`,
    );
    console.log(
      '\nendpoint                                    req/s     p50 ms   p99 ms   ratio  CPU µs/answer',
    );
    for (const f of [ref, screen, page, all]) {
      console.log(
        `${f.name.padEnd(42)} ${f.rps.toFixed(0).padStart(7)} ${f.p50.toFixed(1).padStart(9)} ${f.p99.toFixed(1).padStart(8)} ${(f.rps / ref.rps).toFixed(3).padStart(7)}x ${String(f.cpuUs ?? '-').padStart(6)}`,
      );
    }
    const ratio = screen.rps / ref.rps;
    console.log(`\ncustomer list (the screen's page) / small JSON: ${ratio.toFixed(3)}x (context)`);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
