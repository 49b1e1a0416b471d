// `npm run bench:ten-times -- <dir>`: the world docs/performance.md measures the office in at
// ten times the demo (Rounds 24, 25, 26b), made again in one command, into <dir>/app.db (a
// DATA_DIR the built server serves: `DATA_DIR=<dir> PORT=... npm start`).
// - the demo's world taken on ten times (`seedDemo` with `restaurantCopies: 10` and three months
//   of history, as `npm run bench:year` seeds it): 300 restaurants, their orders, invoices,
//   closings, payments;
// - products up to 1,500 (`seedLargeData`'s plain products, no customers or orders);
// - 300 more monthly restaurants, closing at the month end, with a month of 9,000 delivered
//   orders of 5 lines each (`seedClosingMonth`, scripts/bench/closing.ts): October 2026, so
//   the closing screen opens on 2026-10-31 with 375 customers due;
// - 18 more drivers (20 in all), a delivered job for every delivered order that has none, and
//   driver1 with 40 stops still to deliver today.
// Refuses a folder that already holds a database. Env: TEN_TIMES_TODAY (the business's today,
// YYYY-MM-DD; default today in Tokyo).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashPassword } from '../../server/accounts/passwords';
import { closeDb, type Db, openDb, write } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { isoDateInZone } from '../../shared/format';
import { seedDemo } from '../demo/seed-demo';
import { seedClosingMonth } from './closing';
import { seedLargeData } from './large-data';

const TIME_ZONE = 'Asia/Tokyo';
const PRODUCTS = 1_500;
const DRIVERS = 20;
const TODAYS_STOPS = 40;

export interface TenTimesCounts {
  customers: number;
  monthly: number;
  orders: number;
  lines: number;
  products: number;
  drivers: number;
  jobs: number;
  invoices: number;
  payments: number;
}

/** Drivers 3..20, a job for every delivered order, driver1's 40 stops of today. */
async function seedDrivers(db: Db, today: string): Promise<void> {
  const hash = await hashPassword('driver1234');
  write(db, () => {
    const sqlite = db.$client;
    const insAccount = sqlite.prepare(
      `INSERT INTO account (id, username, password_hash, kind, role, name)
       VALUES (?, ?, ?, 'employee', 'driver', ?)`,
    );
    const have = sqlite
      .prepare<[], string>("SELECT id FROM account WHERE role = 'driver' ORDER BY username")
      .pluck()
      .all();
    const drivers = [...have];
    for (let n = have.length + 1; n <= DRIVERS; n++) {
      const id = newId();
      insAccount.run(id, `driver${n}`, hash, `Driver ${n}`);
      drivers.push(id);
    }
    let serial =
      sqlite
        .prepare<[], number>('SELECT COALESCE(MAX(serial_no), 0) FROM delivery_job')
        .pluck()
        .get() ?? 0;
    const insJob = sqlite.prepare(
      `INSERT INTO delivery_job (id, serial_no, customer_id, restaurant_name, order_id,
         delivered_by, is_delivered, delivered_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // Every delivered order without a job gets one, delivered when the order says.
    const orders = sqlite
      .prepare<
        [],
        { id: string; customerId: string; name: string; deliveredAt: string | null; day: string }
      >(
        `SELECT o.id, o.customer_id AS customerId, o.restaurant_name AS name,
                o.delivered_at AS deliveredAt, o.delivery_date AS day
           FROM customer_order o
          WHERE o.is_delivered = 1 AND NOT EXISTS (SELECT 1 FROM delivery_job j WHERE j.order_id = o.id)
          ORDER BY o.order_number`,
      )
      .all();
    orders.forEach((o, i) => {
      const at = o.deliveredAt ?? `${o.day}T03:00:00.000Z`;
      serial += 1;
      insJob.run(
        newId(),
        serial,
        o.customerId,
        o.name,
        o.id,
        drivers[i % drivers.length],
        1,
        at,
        at,
      );
    });
    // driver1's day: today's stops, each a restaurant's order still to deliver.
    const driver1 = drivers[0] as string;
    const pending =
      sqlite
        .prepare<[string], number>(
          'SELECT COUNT(*) FROM delivery_job WHERE delivered_by = ? AND is_delivered = 0',
        )
        .pluck()
        .get(driver1) ?? 0;
    const customers = sqlite
      .prepare<[number], { id: string; name: string; code: string }>(
        `SELECT id, restaurant_name AS name, customer_code AS code FROM customer
          WHERE account_id IS NOT NULL ORDER BY customer_code LIMIT ?`,
      )
      .all(Math.max(0, TODAYS_STOPS - pending));
    let number =
      sqlite
        .prepare<[], number>('SELECT COALESCE(MAX(order_number), 0) FROM customer_order')
        .pluck()
        .get() ?? 0;
    const product = sqlite
      .prepare<[], { id: string; name: string; sku: string; price: number }>(
        'SELECT id, name, sku, price FROM product ORDER BY product_rank LIMIT 1',
      )
      .get();
    const insOrder = sqlite.prepare(
      `INSERT INTO customer_order (id, order_number, customer_id, restaurant_name, customer_code,
         username, delivery_date, total, is_delivered, delivered_at)
       VALUES (?, ?, ?, ?, ?, 'bench', ?, ?, 1, ?)`,
    );
    const insLine = sqlite.prepare(
      `INSERT INTO order_line (id, order_id, product_id, position, name, sku, unit_price,
         quantity, line_total, tax_rate)
       VALUES (?, ?, ?, 0, ?, ?, ?, 2, ?, 8)`,
    );
    const now = new Date().toISOString();
    for (const c of customers) {
      if (!product) break;
      const orderId = newId();
      number += 1;
      insOrder.run(orderId, number, c.id, c.name, c.code, today, product.price * 2, now);
      insLine.run(
        newId(),
        orderId,
        product.id,
        product.name,
        product.sku,
        product.price,
        product.price * 2,
      );
      serial += 1;
      insJob.run(newId(), serial, c.id, c.name, orderId, driver1, 0, null, now);
    }
  });
}

/** Seeds the world into `dir` (a DATA_DIR); returns what it holds. */
export async function seedTenTimes(dir: string, today: string): Promise<TenTimesCounts> {
  const file = path.join(dir, 'app.db');
  if (fs.existsSync(file)) throw new Error(`${file} exists: give an empty folder`);
  fs.mkdirSync(dir, { recursive: true });
  const db = openDb(file);
  try {
    await seedDemo(db, {
      uploadsDir: path.join(dir, 'uploads'),
      today,
      timeZone: TIME_ZONE,
      historyDays: 90,
      restaurantCopies: 10,
    });
    const count = (table: string) =>
      db.$client.prepare<[], number>(`SELECT COUNT(*) FROM ${table}`).pluck().get() ?? 0;
    const more = PRODUCTS - count('product');
    if (more > 0) await seedLargeData(db, { products: more, customers: 0, orders: 0 });
    const lastNumber =
      db.$client
        .prepare<[], number>('SELECT COALESCE(MAX(order_number), 0) FROM customer_order')
        .pluck()
        .get() ?? 0;
    write(db, () => seedClosingMonth(db, { afterOrderNumber: lastNumber, codePrefix: 'M' }));
    await seedDrivers(db, today);
    db.$client.exec('ANALYZE');
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    return {
      customers: count('customer'),
      monthly:
        db.$client
          .prepare<[], number>("SELECT COUNT(*) FROM customer WHERE payment_method = 'monthly'")
          .pluck()
          .get() ?? 0,
      orders: count('customer_order'),
      lines: count('order_line'),
      products: count('product'),
      drivers:
        db.$client
          .prepare<[], number>("SELECT COUNT(*) FROM account WHERE role = 'driver'")
          .pluck()
          .get() ?? 0,
      jobs: count('delivery_job'),
      invoices: count('invoice'),
      payments: count('payment'),
    };
  } finally {
    closeDb(db);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: npm run bench:ten-times -- <empty folder>');
    process.exit(2);
  }
  const today = process.env.TEN_TIMES_TODAY ?? isoDateInZone(new Date(), TIME_ZONE);
  const t0 = performance.now();
  const counts = await seedTenTimes(path.resolve(dir), today);
  console.log(
    `Seeded ${path.resolve(dir)} for ${today} in ${((performance.now() - t0) / 1000).toFixed(1)} s:`,
    counts,
  );
  console.log(`Serve it: DATA_DIR=${path.resolve(dir)} PORT=3100 npm start (admin / admin1234)`);
}
