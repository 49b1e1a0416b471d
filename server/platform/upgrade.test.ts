import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { previewClosing } from '../money/closing';
import { migrationsFolder, openDb } from './db';
import { BEFORE_INVOICING_MARK } from './upgrade';

// A database from before the app made invoices from deliveries (migrations 0000-0003), where
// the office billed each month by hand: upgraded, its delivered orders are not billed again by
// the first closing run; an order still on its way is, once delivered.

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** The migrations folder as it was at migration `last` (its SQL files and a cut journal). */
function migrationsUpTo(dir: string, last: number): string {
  const out = path.join(dir, 'migrations');
  fs.mkdirSync(path.join(out, 'meta'), { recursive: true });
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  for (const e of journal.entries) {
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(out, `${e.tag}.sql`));
  }
  fs.writeFileSync(path.join(out, 'meta', '_journal.json'), JSON.stringify(journal));
  return out;
}

/** A monthly restaurant of the old version with two orders delivered and one not yet. */
function oldDatabase(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-upgrade-'));
  dirs.push(dir);
  const file = path.join(dir, 'app.db');
  const sqlite = new Database(file);
  migrate(drizzle(sqlite), { migrationsFolder: migrationsUpTo(dir, 3) });
  sqlite
    .prepare(
      `INSERT INTO customer (id, restaurant_name, phone_number, customer_code, payment_method,
                             payment_date)
       VALUES ('c1', 'Baan Thai', '0312345678', 'C005', 'monthly', '10')`,
    )
    .run();
  const order = sqlite.prepare(
    `INSERT INTO customer_order (id, order_number, customer_id, restaurant_name, customer_code,
                                 username, delivery_date, total, is_delivered, delivered_at)
     VALUES (?, ?, 'c1', 'Baan Thai', 'C005', 'cust05', ?, ?, ?, ?)`,
  );
  order.run('o1', 10001, '2026-10-03', 153000, 1, '2026-10-03T01:00:00.000Z');
  order.run('o2', 10002, '2026-10-20', 293880, 1, '2026-10-20T01:00:00.000Z');
  order.run('o3', 10003, '2026-10-30', 12000, 0, null);
  sqlite.close();
  return file;
}

const billed = (db: ReturnType<typeof openDb>) =>
  db.$client
    .prepare<[], { id: string; billedByHand: number }>(
      'SELECT id, billed_by_hand AS billedByHand FROM customer_order ORDER BY id',
    )
    .all();

describe('upgrading a database from before invoices were made from deliveries', () => {
  it('marks the orders delivered then as billed by hand; the closing run bills none of them', () => {
    const db = openDb(oldDatabase());
    try {
      expect(billed(db)).toEqual([
        { id: 'o1', billedByHand: 1 },
        { id: 'o2', billedByHand: 1 },
        { id: 'o3', billedByHand: 0 },
      ]);
      const mark = db.$client
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
        .get(BEFORE_INVOICING_MARK);
      expect(mark).toBeUndefined();
      const preview = previewClosing(db, '2026-10-31', { timeZone: 'Asia/Tokyo' });
      expect(preview.customers.map((c) => c.orders)).toEqual([0]);

      // The order still on its way when the app was upgraded is billed once delivered.
      db.$client
        .prepare(
          "UPDATE customer_order SET is_delivered = 1, delivered_at = '2026-10-30T01:00:00.000Z' WHERE id = 'o3'",
        )
        .run();
      const after = previewClosing(db, '2026-10-31', { timeZone: 'Asia/Tokyo' });
      expect(after.customers.map((c) => c.orders)).toEqual([1]);
    } finally {
      db.$client.close();
    }
  });

  it('marks nothing when a database already made invoices from deliveries is opened again', () => {
    const file = oldDatabase();
    openDb(file).$client.close();
    const sqlite = new Database(file);
    sqlite
      .prepare(
        "UPDATE customer_order SET is_delivered = 1, delivered_at = '2026-10-30T01:00:00.000Z' WHERE id = 'o3'",
      )
      .run();
    sqlite.close();
    const db = openDb(file);
    try {
      expect(billed(db).find((o) => o.id === 'o3')?.billedByHand).toBe(0);
    } finally {
      db.$client.close();
    }
  });
});
