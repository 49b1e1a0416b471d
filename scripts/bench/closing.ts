// `npm run bench:closing` (also a part of `npm run bench`, BENCH_ONLY=closing): the monthly
// closing run (締め処理, server/money/closing.ts `runClosing`, the function the office's
// `closing.run` calls) for 300 monthly customers with 9,000 delivered orders of 10 lines each
// (both tax rates), against a bare SQL reference measured in the same run: one SELECT summing
// the same orders' lines per customer and rate with better-sqlite3.
// Target: the closing run within 2x the bare reference. The run writes what the reference only
// reads (per customer: an invoice, its lines, the claimed orders, a statement, audit entries;
// all in one IMMEDIATE transaction), so the target is expected to be missed; the line says so
// honestly, with the ratio and the time per customer.
// Env: BENCH_CLOSING_CUSTOMERS (300), BENCH_CLOSING_ORDERS (30 per customer),
// BENCH_CLOSING_LINES (5 per order). In process, on a fresh database in a temp folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runClosing } from '../../server/money/closing';
import { closeDb, type Db, openDb, write } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';

const CUSTOMERS = Number(process.env.BENCH_CLOSING_CUSTOMERS ?? 300);
const ORDERS = Number(process.env.BENCH_CLOSING_ORDERS ?? 30);
const LINES = Number(process.env.BENCH_CLOSING_LINES ?? 5);
const CLOSING_DATE = '2026-10-31';
const TIME_ZONE = 'Asia/Tokyo';
const ITEMS = [
  '鶏もも肉 国産',
  '玉ねぎ 北海道産',
  'キャベツ',
  '豚バラ スライス',
  '業務用洗剤',
  'ビール 中瓶',
  '醤油 1.8L',
  'バスマティライス',
];

/** The bare reference: the same orders' lines summed per customer and rate, one SELECT. */
const BARE_SQL = `SELECT o.customer_id AS customerId, l.tax_rate AS rate,
       SUM(l.unit_price * COALESCE(l.delivered_quantity, l.quantity)) AS net, COUNT(*) AS lines
  FROM customer_order o JOIN order_line l ON l.order_id = o.id
 WHERE o.is_delivered = 1 AND o.invoice_id IS NULL AND o.delivered_at <= ?
 GROUP BY o.customer_id, l.tax_rate`;

/**
 * 300 monthly customers' month of delivered orders (also the bank import's world,
 * bench/bank-import.ts). Beside other data (bench/ten-times.ts), order numbers start after
 * `afterOrderNumber` and customer codes take `codePrefix`, clear of the ones already there.
 */
export function seedClosingMonth(
  db: Db,
  opts: { afterOrderNumber?: number; codePrefix?: string } = {},
): void {
  const customer = db.$client.prepare(
    `INSERT INTO customer (id, restaurant_name, phone_number, customer_code, payment_method,
       billing_name, closing_day, payment_date)
     VALUES (?, ?, '312345678', ?, 'monthly', ?, 31, '25')`,
  );
  const order = db.$client.prepare(
    `INSERT INTO customer_order (id, order_number, customer_id, restaurant_name, customer_code,
       username, delivery_date, total, is_delivered, delivered_at)
     VALUES (?, ?, ?, ?, ?, 'bench', ?, ?, 1, ?)`,
  );
  const line = db.$client.prepare(
    `INSERT INTO order_line (id, order_id, position, name, sku, unit_price, quantity, line_total,
       tax_rate)
     VALUES (?, ?, ?, ?, 'Kg', ?, ?, ?, ?)`,
  );
  let number = opts.afterOrderNumber ?? 10_000;
  for (let c = 0; c < CUSTOMERS; c++) {
    const customerId = newId();
    const code = `${opts.codePrefix ?? 'C'}${String(c).padStart(4, '0')}`;
    const name = `レストラン ${c}`;
    customer.run(customerId, name, code, `株式会社レストラン${c}`);
    for (let o = 0; o < ORDERS; o++) {
      const orderId = newId();
      const day = `2026-10-${String((o % 30) + 1).padStart(2, '0')}`;
      const rows = Array.from({ length: LINES }, (_, i) => ({
        name: ITEMS[(i + o) % ITEMS.length] as string,
        price: 300 + (((c + o) * 37 + i * 101) % 1500),
        qty: 1 + ((i + o) % 6),
        // Both rates on every order: food at 8%, detergent and beer at 10%.
        rate: i % 5 === 4 ? 10 : 8,
      }));
      number += 1;
      order.run(
        orderId,
        number,
        customerId,
        name,
        code,
        day,
        rows.reduce((s, r) => s + r.price * r.qty, 0),
        `${day}T03:00:00.000Z`,
      );
      rows.forEach((r, i) => {
        line.run(newId(), orderId, i, r.name, r.price, r.qty, r.price * r.qty, r.rate);
      });
    }
  }
}

export interface ClosingFigures {
  customers: number;
  orders: number;
  lines: number;
  bareMs: number;
  closingMs: number;
  ratio: number;
  perCustomerMs: number;
  pass: boolean;
}

export async function runClosingBench(): Promise<ClosingFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-closing-'));
  const db = openDb(path.join(dir, 'app.db'));
  try {
    write(db, () => seedClosingMonth(db));
    db.$client.exec('ANALYZE');
    // The reference: best of three (the first warms the page cache for both).
    const bare = db.$client.prepare<
      [string],
      { customerId: string; rate: number; net: number; lines: number }
    >(BARE_SQL);
    const bareRuns: number[] = [];
    let reference: { customerId: string; rate: number; net: number; lines: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      reference = bare.all(`${CLOSING_DATE}T23:59:59.999Z`);
      bareRuns.push(performance.now() - t0);
    }
    const bareMs = Math.min(...bareRuns);

    const t0 = performance.now();
    const result = runClosing(db, { id: null, name: 'bench' }, CLOSING_DATE, {
      timeZone: TIME_ZONE,
    });
    const closingMs = performance.now() - t0;

    // The run billed what the reference summed: same customers, same net per rate.
    const billed = db.$client
      .prepare<[], { net8: number; net10: number; n: number }>(
        `SELECT SUM(net8) AS net8, SUM(net10) AS net10, COUNT(*) AS n FROM invoice
          WHERE kind = 'closing'`,
      )
      .get() ?? { net8: 0, net10: 0, n: 0 };
    const refNet = (rate: number) =>
      reference.filter((r) => r.rate === rate).reduce((s, r) => s + r.net, 0);
    if (
      result.invoiced !== CUSTOMERS ||
      billed.n !== CUSTOMERS ||
      billed.net8 !== refNet(8) ||
      billed.net10 !== refNet(10)
    ) {
      throw new Error(
        `closing billed ${billed.n} invoices (net8 ${billed.net8}, net10 ${billed.net10}); the reference sums net8 ${refNet(8)}, net10 ${refNet(10)} for ${CUSTOMERS} customers`,
      );
    }
    const ratio = bareMs > 0 ? closingMs / bareMs : Number.POSITIVE_INFINITY;
    const figures: ClosingFigures = {
      customers: CUSTOMERS,
      orders: CUSTOMERS * ORDERS,
      lines: CUSTOMERS * ORDERS * LINES,
      bareMs,
      closingMs,
      ratio,
      perCustomerMs: closingMs / CUSTOMERS,
      pass: ratio <= 2,
    };
    console.log('\nclosing run figures');
    console.log(
      `${figures.customers} monthly customers, ${figures.orders} delivered orders, ${figures.lines} lines (both rates)`,
    );
    console.log(`bare SQL reference (one SELECT per customer and rate)  ${bareMs.toFixed(1)} ms`);
    console.log(
      `closing run (runClosing: invoices, lines, statements)  ${closingMs.toFixed(0)} ms  ${figures.perCustomerMs.toFixed(2)} ms per customer`,
    );
    console.log(
      `ratio closing / bare  ${ratio.toFixed(1)}x  (target <= 2x bare): ${figures.pass ? 'PASS' : 'FAIL'}`,
    );
    return figures;
  } finally {
    closeDb(db);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runClosingBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
