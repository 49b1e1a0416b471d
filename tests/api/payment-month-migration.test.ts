import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, type Db, migrationsFolder, openDb } from '../../server/platform/db';
import { dueDateOf, paymentMonthBefore0022 } from '../../shared/closing-dates';

// Customers from before the payment month (migrations/0022) keep the due dates they had: each
// gets the month that makes the new rule give the old "first payment day after the closing".

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-payment-month-'));
const open: Db[] = [];
afterAll(() => {
  for (const db of open) closeDb(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

const journal = JSON.parse(
  fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as { entries: { tag: string }[] };

/** A migrations folder holding the migrations before 0022. */
function before0022(): string {
  const folder = path.join(dir, 'before-0022');
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.filter((e) => e.tag < '0022_');
  for (const e of entries) {
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  }
  fs.writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  return folder;
}

/** The old rule: the first payment day after the closing; none: the end of the next month. */
function oldDue(closingDate: string, paymentDate: string | null): string {
  const day = Number.parseInt(paymentDate ?? '', 10);
  if (!(day >= 1 && day <= 31)) return dueDateOf(closingDate, 1, null);
  const same = dueDateOf(closingDate, 0, day);
  return same > closingDate ? same : dueDateOf(closingDate, 1, day);
}

describe('migration 0022 (payment month)', () => {
  it('gives each customer the month that keeps its due dates', () => {
    const db = openDb(path.join(dir, 'terms.db'), { migrate: false });
    open.push(db);
    migrate(db, { migrationsFolder: before0022() });
    const terms: [string, number | null, string | null][] = [
      ['c20-25', 20, '25'],
      ['c20-10', 20, '10'],
      ['c20-20', 20, '20'],
      ['c20-31', 20, '31'],
      ['c25-none', 25, null],
      ['c31-25', 31, '25'],
      ['cnone-10', null, '10'],
      ['c15-15', 15, '15'],
    ];
    const insert = db.$client.prepare(
      `INSERT INTO customer (id, restaurant_name, phone_number, customer_code, payment_method,
         payment_date, closing_day) VALUES (?, ?, '312345678', ?, 'monthly', ?, ?)`,
    );
    for (const [id, closingDay, paymentDate] of terms) {
      insert.run(id, id, id, paymentDate, closingDay);
    }
    migrate(db, { migrationsFolder });
    const month = db.$client.prepare('SELECT payment_month FROM customer WHERE id = ?').pluck();
    for (const [id, closingDay, paymentDate] of terms) {
      const m = month.get(id) as number;
      expect(m, id).toBe(paymentMonthBefore0022(closingDay, paymentDate));
      // The same due date as before, for a closing in a 30-day month, a 31-day one and December.
      for (const month of ['2026-11', '2027-01', '2026-12']) {
        const closingDate =
          closingDay && closingDay < 30
            ? `${month}-${String(closingDay).padStart(2, '0')}`
            : dueDateOf(`${month}-01`, 0, null);
        expect(dueDateOf(closingDate, m, paymentDate), `${id} ${closingDate}`).toBe(
          oldDue(closingDate, paymentDate),
        );
      }
    }
    expect(month.get('c20-25')).toBe(0);
    expect(month.get('c31-25')).toBe(1);
    // Only 当月, 翌月 and 翌々月.
    expect(() =>
      db.$client.prepare("UPDATE customer SET payment_month = 3 WHERE id = 'c20-25'").run(),
    ).toThrow(/CHECK/);
  });
});
