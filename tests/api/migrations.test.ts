import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../scripts/demo/seed-demo';
import { closeDb, type Db, migrationsFolder, openDb } from '../../server/db';
import { isoDateInZone } from '../../shared/format';

// drizzle-kit table rebuilds run with foreign keys on and can silently cascade-delete child rows
// (ARCHITECTURE pitfall 7): migrating a populated database must keep every row.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-migrate-'));
const open: Db[] = [];
afterAll(() => {
  for (const db of open) closeDb(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

function rowCounts(db: Db): Record<string, number> {
  const tables = db.$client
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table'
       AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name`,
    )
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [
      name,
      (db.$client.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n,
    ]),
  );
}

describe('migrations', () => {
  it('migrates a populated database', async () => {
    const file = path.join(dir, 'app.db');
    const db = openDb(file);
    open.push(db);
    await seedDemo(db, {
      uploadsDir: path.join(dir, 'uploads'),
      today: isoDateInZone(new Date(), 'Asia/Tokyo'),
    });
    const before = rowCounts(db);
    for (const table of [
      'account',
      'customer',
      'product',
      'customer_order',
      'order_line',
      'invoice',
      'payment',
      'delivery_job',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }

    migrate(db, { migrationsFolder });
    expect(rowCounts(db)).toEqual(before);
    closeDb(db);

    const reopened = openDb(file);
    open.push(reopened);
    expect(rowCounts(reopened)).toEqual(before);
    expect(reopened.$client.prepare('PRAGMA foreign_key_check').all()).toEqual([]);

    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const applied = reopened.$client
      .prepare('SELECT count(*) AS n FROM __drizzle_migrations')
      .get() as { n: number };
    expect(applied.n).toBe(journal.entries.length);
  });
});
