// The stock part of `npm run bench` (BENCH_ONLY=stock): 50 orders placed at once, over HTTP,
// for a counted product's last 10 units, on a fresh database in a temp folder (ADR 036). Prints
// how many sold: exactly 10, or the check fails. In process; not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../../server/accounts/passwords';
import { createSession } from '../../server/accounts/sessions';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/platform/config';
import { closeDb, openDb } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { deliveryCalendar } from '../../server/settings/settings';

const ORDERS = 50;
const UNITS = 10;
const RESTAURANTS = 10;

export async function runStockBench(): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-stock-bench-'));
  const config = configFromEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const db = openDb(config.dbPath, { groupCommit: true });
  const app = await buildApp({ db, config, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;
    const hash = await hashPassword('bench-password-1');
    const productId = newId();
    db.$client
      .prepare(
        `INSERT INTO product (id, name, price, sku, item_count, stock_in_count)
         VALUES (?, 'Last ten', 1000, 'Kg', 'Count', ?)`,
      )
      .run(productId, UNITS);
    const cookies: string[] = [];
    for (let i = 0; i < RESTAURANTS; i++) {
      const accountId = newId();
      db.$client
        .prepare(
          `INSERT INTO account (id, username, password_hash, kind) VALUES (?, ?, ?, 'customer')`,
        )
        .run(accountId, `stockbench${i}`, hash);
      db.$client
        .prepare(
          `INSERT INTO customer (id, account_id, restaurant_name, phone_number, customer_code, payment_method)
           VALUES (?, ?, ?, '312345678', ?, 'cash')`,
        )
        .run(newId(), accountId, `Restaurant ${i}`, `SB${i}`);
      cookies.push(`session=${createSession(db, accountId).token}`);
    }
    const deliveryDate = deliveryCalendar(db, config.timeZone).earliest;
    console.log(`\nStock: ${ORDERS} parallel orders for the last ${UNITS} units ...`);
    const t0 = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) =>
        fetch(`${base}/api/orders`, {
          method: 'POST',
          headers: {
            cookie: cookies[i % RESTAURANTS] as string,
            origin: base,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ orderItems: [{ product: productId, quantity: 1 }], deliveryDate }),
        }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    const ms = performance.now() - t0;
    const sold = statuses.filter((s) => s === 201).length;
    const refused = statuses.filter((s) => s === 409).length;
    const left = (
      db.$client.prepare('SELECT stock_in_count AS n FROM product WHERE id = ?').get(productId) as {
        n: number;
      }
    ).n;
    const ok = sold === UNITS && refused === ORDERS - UNITS && left === 0;
    console.log(
      `  sold ${sold} (expect ${UNITS}), refused ${refused} with 409, left ${left}, in ${ms.toFixed(0)} ms: ${ok ? 'PASS' : 'FAIL'}`,
    );
    return ok;
  } finally {
    await app.close();
    closeDb(db);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
