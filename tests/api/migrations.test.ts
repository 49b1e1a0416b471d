import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, type Db, migrationsFolder, openDb } from '../../server/platform/db';
import { TAX_ROUNDINGS, taxByRate } from '../../shared/tax';

// A database of the first schema version (migrations/0000_init.sql), holding rows in every
// table, migrated to the newest: every row must survive (drizzle-kit table rebuilds run with
// foreign keys on and can silently cascade-delete child rows, ARCHITECTURE pitfall 7), and
// the data migrations must do what they say.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-migrate-'));
const open: Db[] = [];
afterAll(() => {
  for (const db of open) closeDb(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}
const journal = JSON.parse(
  fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as Journal;

/** A migrations folder holding the journal's first `count` migrations. */
function versionFolder(count: number): string {
  const folder = path.join(dir, `migrations-${count}`);
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, count);
  for (const e of entries) {
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  }
  fs.writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  return folder;
}

/** A migrations folder holding only the first migration: the previous schema version. */
function firstVersionFolder(): string {
  const folder = path.join(dir, 'migrations-v0');
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const first = journal.entries[0];
  if (!first) throw new Error('no migrations');
  fs.copyFileSync(
    path.join(migrationsFolder, `${first.tag}.sql`),
    path.join(folder, `${first.tag}.sql`),
  );
  fs.writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: [first] }),
  );
  return folder;
}

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

const ORDERS = 24;
/** Placing order: created_at ascending is NOT the id order, so numbering must follow time. */
const orderId = (i: number) => `ord-${((i * 7) % ORDERS).toString().padStart(2, '0')}`;
const placedAt = (i: number) => new Date(Date.UTC(2026, 9, 1, 0, i * 13)).toISOString();

/** Rows of the first schema version in every table, as a running shop would have them. */
function fillFirstVersion(db: Db) {
  const run = (sql: string, ...params: unknown[]) => db.$client.prepare(sql).run(...params);
  const account = (id: string, username: string, kind: string, role: string | null, name = '') =>
    run(
      `INSERT INTO account (id, username, password_hash, kind, role, name) VALUES (?, ?, ?, ?, ?, ?)`,
      id,
      username,
      '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
      kind,
      role,
      name,
    );
  account('adm', 'admin', 'admin', null, 'Owner');
  account('mgr', 'sita', 'employee', 'manager', 'Sita Sharma');
  account('drv1', 'ramesh', 'employee', 'driver', 'Ramesh Karki');
  account('drv2', 'hari', 'employee', 'driver', 'Hari Gurung');
  run(`INSERT INTO route (id, name) VALUES ('r1', 'Shinjuku'), ('r2', 'Ikebukuro')`);
  for (let c = 0; c < 4; c++) {
    account(`acc-c${c}`, `rest${c}`, 'customer', null);
    run(
      `INSERT INTO customer (id, account_id, restaurant_name, phone_number, customer_code,
        payment_method, delivery_days, route_id, contact_person, web_order)
       VALUES (?, ?, ?, '312345678', ?, 'cash', '["Tuesday","Friday"]', ?, 'Owner', 1)`,
      `cus${c}`,
      `acc-c${c}`,
      `Restaurant ${c}`,
      `C00${c}`,
      c % 2 ? 'r1' : 'r2',
    );
  }
  run(`INSERT INTO category (id, name) VALUES ('cat1', 'Rice & Flour'), ('cat2', 'Thai Items')`);
  for (let p = 0; p < 6; p++) {
    run(
      `INSERT INTO product (id, name, category_id, price, sku, product_rank, item_type)
       VALUES (?, ?, ?, ?, 'Kg', ?, ?)`,
      `prd${p}`,
      `Product ${p}`,
      p % 2 ? 'cat1' : 'cat2',
      500 + p * 100,
      p,
      p === 5 ? 'Out of Stock' : 'Regular',
    );
  }
  run(
    `INSERT INTO wishlist_entry (customer_id, product_id) VALUES ('cus0', 'prd1'), ('cus1', 'prd2')`,
  );
  run(
    `INSERT INTO information_item (id, name, image, type) VALUES
     ('inf1', 'New crop', '/uploads/a.png', 'slider'), ('inf2', 'Momo week', '/uploads/b.png', 'popup')`,
  );
  run(
    `INSERT INTO uploaded_file (name, size_bytes, content_type, uploaded_by)
     VALUES ('a.png', 1200, 'image/png', 'adm')`,
  );
  for (let i = 0; i < ORDERS; i++) {
    const id = orderId(i);
    const c = i % 4;
    // Every third order delivered, alternating drivers; one by a driver since removed (null).
    const delivered = i % 3 === 0;
    const by = delivered ? (i % 2 ? 'drv1' : i === 0 ? null : 'drv2') : null;
    const q = (i % 5) + 1;
    const price1 = 600;
    const price2 = 800;
    run(
      `INSERT INTO customer_order (id, customer_id, placed_by, restaurant_name, customer_code,
        username, route_name, delivery_date, total, is_delivered, delivered_by, delivered_at,
        created_at) VALUES (?, ?, ?, ?, ?, ?, 'Shinjuku', '2026-10-05', ?, ?, ?, ?, ?)`,
      id,
      `cus${c}`,
      `acc-c${c}`,
      `Restaurant ${c}`,
      `C00${c}`,
      `rest${c}`,
      price1 * q + price2,
      delivered ? 1 : 0,
      by,
      delivered ? '2026-10-05T03:00:00.000Z' : null,
      placedAt(i),
    );
    run(
      `INSERT INTO order_line (id, order_id, product_id, position, name, sku, unit_price,
        quantity, line_total) VALUES (?, ?, 'prd1', 0, 'Product 1', 'Kg', ?, ?, ?),
        (?, ?, 'prd3', 1, 'Product 3', 'Kg', ?, 1, ?)`,
      `${id}-l0`,
      id,
      price1,
      q,
      price1 * q,
      `${id}-l1`,
      id,
      price2,
      price2,
    );
    if (delivered) {
      run(
        `INSERT INTO delivery_job (id, serial_no, customer_id, restaurant_name, order_id,
          prepared_by, delivered_by, is_delivered, delivered_at)
         VALUES (?, ?, ?, ?, ?, 'mgr', ?, 1, '2026-10-05T03:00:00.000Z')`,
        `job-${id}`,
        i + 1,
        `cus${c}`,
        `Restaurant ${c}`,
        id,
        by,
      );
    }
  }
  // Several jobs for one order (made before one order had one job, ADR 023): pending copies
  // of a delivered job, a second delivered job, and two pending jobs of a pending order.
  const job = (id: string, serial: number, order: string, deliveredAt: string | null) =>
    run(
      `INSERT INTO delivery_job (id, serial_no, customer_id, restaurant_name, order_id,
        prepared_by, delivered_by, is_delivered, delivered_at)
       VALUES (?, ?, 'cus0', 'Restaurant 0', ?, 'mgr', 'drv1', ?, ?)`,
      id,
      serial,
      order,
      deliveredAt ? 1 : 0,
      deliveredAt,
    );
  job('dup-p1', 101, orderId(3), null);
  job('dup-p2', 102, orderId(3), null);
  job('dup-d1', 103, orderId(6), '2026-10-06T03:00:00.000Z');
  job('dup-q1', 201, orderId(1), null);
  job('dup-q2', 202, orderId(1), null);
  run(
    `INSERT INTO invoice (id, customer_id, due_date, amount, paid_amount, note, assign_to_collect)
     VALUES ('inv1', 'cus0', '2026-11-30', 50000, 20000, '', 'drv1'),
            ('inv2', 'cus1', '2026-08-31', 12000, 0, 'call first', NULL),
            ('inv3', NULL, '2026-09-30', 9999, 0, 'customer gone', NULL)`,
  );
  run(
    `INSERT INTO invoice_note (id, invoice_id, note, date, notes_by)
     VALUES ('n1', 'inv2', 'Promised next week', '2026-10-10', 'mgr')`,
  );
  run(
    `INSERT INTO payment (id, invoice_id, amount, date, collected_by)
     VALUES ('pay1', 'inv1', 15000, '2026-10-20', 'drv1'), ('pay2', 'inv1', 5000, '2026-10-27', 'drv1')`,
  );
  run(
    `INSERT INTO idempotency_key (account_id, key, result_id)
     VALUES ('acc-c0', 'k-1', ?), ('acc-c1', 'k-2', ?)`,
    orderId(0),
    orderId(1),
  );
  run(
    `INSERT INTO session (id, account_id, secret_hash, created_at_ms, last_verified_at_ms)
     VALUES ('s1', 'acc-c0', x'00ff', 1790000000000, 1790000000000)`,
  );
}

describe('migrations', () => {
  it('migrate a database of the previous version with rows in every table to the newest', () => {
    const file = path.join(dir, 'app.db');
    const db = openDb(file, { migrate: false });
    open.push(db);
    migrate(db, { migrationsFolder: firstVersionFolder() });
    fillFirstVersion(db);
    const before = rowCounts(db);
    for (const [table, n] of Object.entries(before))
      expect(n, `no rows in ${table}`).toBeGreaterThan(0);
    const sums = () =>
      db.$client
        .prepare(
          `SELECT (SELECT sum(total) FROM customer_order) AS orders,
                  (SELECT sum(line_total) FROM order_line) AS lines,
                  (SELECT sum(amount) FROM payment) AS paid`,
        )
        .get() as { orders: number; lines: number; paid: number };
    const sumsBefore = sums();

    migrate(db, { migrationsFolder });
    const after = rowCounts(db);
    // Every table of the previous version keeps its rows, except old idempotency keys, which
    // 0001 drops on purpose (they lacked the request hash and answer the new mechanism needs).
    // 0004 removes the three duplicate pending jobs (one order, one job).
    for (const [table, n] of Object.entries(before)) {
      const expected = table === 'idempotency_key' ? 0 : table === 'delivery_job' ? n - 3 : n;
      expect(after[table], table).toBe(expected);
    }
    // Orders keep their lines' amount as the 8% net and gain the tax on it, rounded down once
    // per order (migration 0004: prices were tax-exclusive, every line at the reduced rate).
    const taxed = db.$client
      .prepare(
        `SELECT sum(net8 + net10) AS net, sum(tax8) AS tax8, sum(tax10) AS tax10,
                sum(total - net8 - tax8 - net10 - tax10) AS drift,
                sum(tax8 - (net8 * 8) / 100) AS roundingDrift FROM customer_order`,
      )
      .get();
    expect(taxed).toEqual({
      net: sumsBefore.orders,
      tax8: expect.any(Number),
      tax10: 0,
      drift: 0,
      roundingDrift: 0,
    });
    expect(sums()).toEqual({
      ...sumsBefore,
      orders: sumsBefore.orders + (taxed as { tax8: number }).tax8,
    });
    expect(
      db.$client.prepare('SELECT count(*) FROM order_line WHERE tax_rate <> 8').pluck().get(),
    ).toBe(0);
    expect(db.$client.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(db.$client.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');

    // Existing orders are numbered #10001.. in the order they were placed, not by id.
    const numbered = db.$client
      .prepare('SELECT id, order_number AS n FROM customer_order ORDER BY created_at')
      .all() as { id: string; n: number }[];
    expect(numbered.map((o) => o.id)).toEqual(Array.from({ length: ORDERS }, (_, i) => orderId(i)));
    expect(numbered.map((o) => o.n)).toEqual(Array.from({ length: ORDERS }, (_, i) => 10001 + i));

    // The deliverer's name is copied onto delivered orders; none where nobody delivered.
    const names = db.$client
      .prepare('SELECT delivered_by AS by, delivered_by_name AS name FROM customer_order')
      .all() as { by: string | null; name: string | null }[];
    const expected: Record<string, string> = { drv1: 'ramesh', drv2: 'hari' };
    expect(names.filter((o) => o.by).length).toBeGreaterThan(2);
    for (const o of names) expect(o.name).toBe(o.by ? expected[o.by] : null);

    // One job per order: the delivered job kept over its pending copies, the first delivered
    // one kept over a later one (which keeps its history without the order), the first made.
    const jobOf = (id: string) =>
      db.$client.prepare('SELECT id, order_id AS o FROM delivery_job WHERE id = ?').get(id);
    const jobsFor = (o: string) =>
      db.$client
        .prepare('SELECT id FROM delivery_job WHERE order_id = ? ORDER BY id')
        .pluck()
        .all(o);
    expect(jobsFor(orderId(3))).toEqual([`job-${orderId(3)}`]);
    expect(jobsFor(orderId(6))).toEqual([`job-${orderId(6)}`]);
    expect(jobOf('dup-d1')).toEqual({ id: 'dup-d1', o: null });
    expect(jobsFor(orderId(1))).toEqual(['dup-q1']);
    expect(jobOf('dup-p1')).toBeUndefined();
    // Products with no stock kept selling before stock counted: they are not counted now
    // (a product marked Out of Stock stays as it was).
    expect(
      db.$client
        .prepare('SELECT id, item_count AS c FROM product ORDER BY id')
        .all()
        .map((r) => [(r as { id: string }).id, (r as { c: string }).c]),
    ).toEqual(
      (
        db.$client.prepare('SELECT id, item_type AS t FROM product ORDER BY id').all() as {
          id: string;
          t: string;
        }[]
      ).map((r) => [r.id, r.t === 'Out of Stock' ? 'Count' : 'Not Count']),
    );
    // Order numbers go on after the highest given.
    expect(
      db.$client.prepare("SELECT value FROM counter WHERE name = 'order_number'").pluck().get(),
    ).toBe(10000 + ORDERS);
    // An invoice whose customer left no trail keeps no snapshot (it lists under Cash).
    expect(
      db.$client
        .prepare("SELECT deleted_payment_method FROM invoice WHERE id = 'inv3'")
        .pluck()
        .get(),
    ).toBeNull();
    // Typed invoices get the figures their documents printed: 10 % included, rounded down
    // (migration 0014, ADR 046), so the tax summary puts them in a rate.
    expect(
      db.$client.prepare('SELECT id, net8, tax8, net10, tax10 FROM invoice ORDER BY id').all(),
    ).toEqual([
      { id: 'inv1', net8: 0, tax8: 0, net10: 45455, tax10: 4545 },
      { id: 'inv2', net8: 0, tax8: 0, net10: 10910, tax10: 1090 },
      { id: 'inv3', net8: 0, tax8: 0, net10: 9090, tax10: 909 },
    ]);
    // Each route's customers get stop positions 1.. by restaurant name (migration 0011).
    expect(
      db.$client
        .prepare('SELECT id, route_id AS r, stop_position AS p FROM customer ORDER BY id')
        .all(),
    ).toEqual([
      { id: 'cus0', r: 'r2', p: 1 },
      { id: 'cus1', r: 'r1', p: 1 },
      { id: 'cus2', r: 'r2', p: 2 },
      { id: 'cus3', r: 'r1', p: 2 },
    ]);

    closeDb(db);
    const reopened = openDb(file);
    open.push(reopened);
    expect(rowCounts(reopened)).toEqual(after);
    const applied = reopened.$client
      .prepare('SELECT count(*) AS n FROM __drizzle_migrations')
      .get() as { n: number };
    expect(applied.n).toBe(journal.entries.length);
  });

  it.each(TAX_ROUNDINGS)(
    "gives typed invoices the 10 %% figures their documents printed, rounded '%s' as the business rounds",
    (rounding) => {
      const before = journal.entries.findIndex((e) => e.tag.startsWith('0014_'));
      expect(before).toBeGreaterThan(0);
      const db = openDb(path.join(dir, `typed-${rounding}.db`), { migrate: false });
      open.push(db);
      migrate(db, { migrationsFolder: versionFolder(before) });
      db.$client
        .prepare("INSERT INTO setting (key, value) VALUES ('tax', ?)")
        .run(JSON.stringify({ basis: 'exclusive', rounding }));
      const amounts = [1, 5, 6, 10, 11, 16, 17, 3300, 9999, 12345, 50000];
      const typed = db.$client.prepare(
        `INSERT INTO invoice (id, amount, paid_amount, note, kind, credit_applied, created_at)
         VALUES (?, ?, 0, '', 'manual', 0, '2026-10-01T00:00:00.000Z')`,
      );
      for (const a of amounts) typed.run(`m${a}`, a);
      // An invoice from deliveries keeps its own figures.
      db.$client
        .prepare(
          `INSERT INTO invoice (id, amount, paid_amount, note, kind, net8, tax8, created_at)
           VALUES ('d1', 1080, 0, '', 'delivery', 1000, 80, '2026-10-01T00:00:00.000Z')`,
        )
        .run();
      migrate(db, { migrationsFolder });
      for (const a of amounts) {
        const expected = taxByRate([{ amount: a, rate: 10 }], 'inclusive', rounding);
        expect(
          db.$client
            .prepare('SELECT net8, tax8, net10, tax10 FROM invoice WHERE id = ?')
            .get(`m${a}`),
          `¥${a}`,
        ).toEqual({ net8: 0, tax8: 0, net10: expected.net, tax10: expected.tax });
      }
      expect(
        db.$client.prepare("SELECT net8, tax8, net10, tax10 FROM invoice WHERE id = 'd1'").get(),
      ).toEqual({ net8: 1000, tax8: 80, net10: 0, tax10: 0 });
    },
  );

  // Migration 0017 (ADR 053): orders, invoices and credit notes made before it were computed
  // with the tax settings as stored, so that is what they record; without a stored setting,
  // tax-exclusive prices rounded down (what getTaxSettings read).
  it.each([
    [
      { basis: 'inclusive', rounding: 'halfUp' },
      { basis: 'inclusive', rounding: 'halfUp' },
    ],
    [
      { basis: 'exclusive', rounding: 'up' },
      { basis: 'exclusive', rounding: 'up' },
    ],
    [{ rounding: 'up' }, { basis: 'exclusive', rounding: 'up' }],
    [null, { basis: 'exclusive', rounding: 'down' }],
  ] as const)(
    'orders, invoices and credit notes record the tax setting stored: %j',
    (stored, expected) => {
      const before = journal.entries.findIndex((e) => e.tag.startsWith('0017_'));
      expect(before).toBeGreaterThan(0);
      const db = openDb(path.join(dir, `basis-${JSON.stringify(stored)}.db`), { migrate: false });
      open.push(db);
      migrate(db, { migrationsFolder: versionFolder(before) });
      if (stored) {
        db.$client
          .prepare("INSERT INTO setting (key, value) VALUES ('tax', ?)")
          .run(JSON.stringify(stored));
      }
      db.$client.exec(
        `INSERT INTO customer_order (id, order_number, restaurant_name, customer_code, username,
         delivery_date, total) VALUES ('o1', 10001, 'R', 'C1', 'r', '2026-10-01', 1080),
                                      ('o2', 10002, 'R', 'C1', 'r', '2026-10-02', 2160);
       INSERT INTO invoice (id, amount, paid_amount, note, kind, net8, tax8)
         VALUES ('i1', 1080, 0, '', 'delivery', 1000, 80);
       INSERT INTO credit_note (id, number, issue_date, reason, net8, tax8, total)
         VALUES ('cn1', 'CN-000001', '2026-10-03', 'Torn', 1000, 80, 1080);`,
      );
      migrate(db, { migrationsFolder });
      for (const table of ['customer_order', 'invoice', 'credit_note']) {
        const rows = db.$client
          .prepare(`SELECT tax_basis AS basis, tax_rounding AS rounding FROM ${table}`)
          .all();
        expect(rows.length, table).toBeGreaterThan(0);
        for (const row of rows) expect(row, table).toEqual(expected);
      }
      // Nothing else moves: the figures stay as they were.
      expect(db.$client.prepare('SELECT sum(total) FROM customer_order').pluck().get()).toBe(3240);
    },
  );

  // Migration 0019: a cash invoice re-issued after a cancellation names the one it replaces.
  // Re-issues made before it are found through the cancellation's audit entry, which recorded
  // the new invoice's number; other invoices name none.
  it('links invoices re-issued before it to the invoices they replace', () => {
    const before = journal.entries.findIndex((e) => e.tag.startsWith('0019_'));
    expect(before).toBeGreaterThan(0);
    const db = openDb(path.join(dir, 'reissued.db'), { migrate: false });
    open.push(db);
    migrate(db, { migrationsFolder: versionFolder(before) });
    db.$client.exec(
      `INSERT INTO invoice (id, amount, kind, number, cancelled_at, cancel_reason)
         VALUES ('old', 1080, 'delivery', 'INV-000001', '2026-11-01T00:00:00.000Z', 'Name');
       INSERT INTO invoice (id, amount, kind, number)
         VALUES ('new', 1080, 'delivery', 'INV-000002'), ('other', 540, 'delivery', 'INV-000003'),
                ('typed', 2000, 'manual', 'INV-000004');
       INSERT INTO audit_entry (id, entity, entity_id, action, actor_name, before, after)
         VALUES ('a1', 'invoice', 'old', 'update', 'office', '{"number":"INV-000001"}',
                 '{"cancelledAt":"2026-11-01T00:00:00.000Z","reason":"Name","reissuedAs":"INV-000002"}'),
                ('a2', 'invoice', 'typed', 'update', 'office', null,
                 '{"cancelledAt":"2026-11-02T00:00:00.000Z","reissuedAs":null}'),
                ('a3', 'customer', 'c1', 'update', 'office', null, 'not json');`,
    );
    migrate(db, { migrationsFolder });
    const links = db.$client
      .prepare('SELECT id, replaces_invoice_id AS replaces FROM invoice ORDER BY id')
      .all();
    expect(links).toEqual([
      { id: 'new', replaces: 'old' },
      { id: 'old', replaces: null },
      { id: 'other', replaces: null },
      { id: 'typed', replaces: null },
    ]);
  });
});
