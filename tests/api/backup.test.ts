import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backupDatabase,
  checkDatabaseFile,
  listBackups,
  pidFileOf,
  RestoreRefused,
  restoreDatabase,
  startDailyBackups,
  writePidFile,
} from '../../server/platform/backup';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// Backups under write load: restaurants keep placing orders over HTTP while a copy is taken,
// first by `npm run backup` in its own process, then by the server's daily copy on its own
// connection. The copy, restored into a new directory, holds every order acknowledged before
// the copy began.

let t: TestApp;
const scratch: string[] = [];
const customers: ApiClient[] = [];
const products: string[] = [];
let deliveryDate = '';

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-backup-'));
  scratch.push(dir);
  return dir;
}

/** Runs one of the package's scripts as `npm run` does, with DATA_DIR set. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

interface Ack {
  id: string;
  at: number;
}

/** Customers placing orders one after another until stopped; every 201 is recorded. */
function writeLoad() {
  const acks: Ack[] = [];
  const failures: string[] = [];
  let running = true;
  const worker = async (c: ApiClient, n: number) => {
    let i = 0;
    while (running) {
      const r = await c.post<{ _id: string }>(
        '/api/orders',
        {
          orderItems: [
            { product: products[i % products.length], quantity: 1 + (i % 5) },
            { product: products[(i + n) % products.length], quantity: 2 },
          ],
          deliveryDate,
        },
        { 'idempotency-key': randomUUID() },
      );
      if (r.status === 201) acks.push({ id: r.body._id, at: performance.now() });
      else failures.push(`${r.status} ${JSON.stringify(r.body)}`);
      i++;
    }
  };
  const done = Promise.all(customers.map((c, n) => worker(c, n)));
  return {
    acks,
    failures,
    async stop() {
      running = false;
      await done;
    },
  };
}

const waitFor = async (cond: () => boolean) => {
  const until = Date.now() + 20_000;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

function orderIdsIn(dbFile: string): Set<string> {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return new Set(db.prepare('SELECT id FROM customer_order').pluck().all() as string[]);
  } finally {
    db.close();
  }
}

/**
 * Acknowledged orders the copy lacks, and orders in it without their lines (a torn copy).
 */
function missingFrom(dbFile: string, acks: Ack[]): string[] {
  const ids = orderIdsIn(dbFile);
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const torn = db
      .prepare(
        'SELECT o.id FROM customer_order o WHERE NOT EXISTS (SELECT 1 FROM order_line l WHERE l.order_id = o.id)',
      )
      .pluck()
      .all() as string[];
    return [...acks.filter((a) => !ids.has(a.id)).map((a) => `missing ${a.id}`), ...torn];
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  t = await startTestApp();
  // A database of a few MB, so the daily copy (100 pages a step) takes many steps.
  t.db.$client.transaction(() => {
    for (let i = 0; i < 5000; i++) makeProduct(t.db, { price: 100 + i });
  })();
  deliveryDate = isoDateInZone(new Date(Date.now() + 86_400_000), t.config.timeZone);
  for (let i = 0; i < 5; i++) products.push(makeProduct(t.db, { price: 500 + i * 100 }).id);
  for (let i = 0; i < 4; i++) {
    const c = await makeCustomer(t.db);
    const client = new ApiClient(t.url);
    await client.login(c.username, c.password);
    customers.push(client);
  }
});
afterAll(async () => {
  await t.close();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a backup taken while orders are being placed', () => {
  it('a copy on its own connection, as `npm run backup` takes it, holds every acknowledged order', async () => {
    const load = writeLoad();
    await waitFor(() => load.acks.length >= 20);
    const before = [...load.acks];
    const dir = tempDir();
    const source = new Database(t.config.dbPath, { fileMustExist: true });
    let file = '';
    try {
      file = await backupDatabase(source, dir, 'copy.db', { oneStep: true });
    } finally {
      source.close();
    }
    await load.stop();
    expect(load.failures).toEqual([]);

    const dbFile = path.join(tempDir(), 'app.db');
    restoreDatabase(file, dbFile);
    expect(missingFrom(dbFile, before)).toEqual([]);
  });

  it('`npm run backup` under load, then `npm run restore` into a new directory', async () => {
    const load = writeLoad();
    await waitFor(() => load.acks.length >= 20);
    const began = performance.now();
    const before = [...load.acks];
    const backup = await runScript('scripts/backup.ts', [], { DATA_DIR: t.config.dataDir });
    const ended = performance.now();
    const countAtEnd = load.acks.length;
    await waitFor(() => load.acks.length >= countAtEnd + 5);
    await load.stop();

    expect(backup.code, backup.out).toBe(0);
    expect(load.failures).toEqual([]);
    // The load really ran while the copy was being taken.
    expect(load.acks.filter((a) => a.at > began && a.at < ended).length).toBeGreaterThan(0);

    const files = listBackups(t.config.backupDir, t.config.dbPath, 'manual');
    expect(files).toHaveLength(1);
    const file = files[0]!.file;
    expect(backup.out).toContain(file);
    // One self-contained file: nothing beside it.
    expect(fs.readdirSync(t.config.backupDir)).toEqual([path.basename(file)]);

    const target = tempDir();
    const restored = await runScript('scripts/restore.ts', [file], { DATA_DIR: target });
    expect(restored.code, restored.out).toBe(0);
    const dbFile = path.join(target, 'app.db');
    expect(checkDatabaseFile(dbFile)).toEqual([]);
    expect(missingFrom(dbFile, before)).toEqual([]);
    // And nothing the live database does not hold.
    const live = orderIdsIn(t.config.dbPath);
    expect([...orderIdsIn(dbFile)].filter((id) => !live.has(id))).toEqual([]);
  });

  it("the server's daily copy (same connection, in steps) holds every order acknowledged before it", async () => {
    const daily = startDailyBackups(
      t.db,
      { ...t.config, backupHour: 0 },
      { info() {}, error() {} },
      { firstCheckAfterMs: 3_600_000 },
    );
    try {
      const load = writeLoad();
      await waitFor(() => load.acks.length >= 20);
      const before = [...load.acks];
      const file = await daily.runIfDue();
      await load.stop();
      expect(load.failures).toEqual([]);
      expect(file).not.toBeNull();
      // Due once per business day: a second check the same day takes no copy.
      expect(await daily.runIfDue()).toBeNull();

      const target = tempDir();
      const dbFile = path.join(target, 'app.db');
      restoreDatabase(file!, dbFile);
      expect(missingFrom(dbFile, before)).toEqual([]);
    } finally {
      await daily.stop();
    }
  });
});

describe('restoring', () => {
  let good = '';
  beforeAll(async () => {
    const dir = tempDir();
    const src = new Database(t.config.dbPath, { fileMustExist: true });
    try {
      await src.backup(path.join(dir, 'good.db'));
    } finally {
      src.close();
    }
    good = path.join(dir, 'good.db');
  });

  it('keeps the database it replaces as a .before-restore copy', () => {
    const target = tempDir();
    const dbFile = path.join(target, 'app.db');
    fs.writeFileSync(dbFile, 'the old database');
    const { replacedKeptAt } = restoreDatabase(good, dbFile);
    expect(replacedKeptAt).toMatch(/app\.db\.\d{4}-\d{2}-\d{2}T\d{6}Z\.before-restore$/);
    expect(fs.readFileSync(replacedKeptAt!, 'utf8')).toBe('the old database');
    expect(checkDatabaseFile(dbFile)).toEqual([]);
  });

  it('refuses a damaged backup with a clear message and changes nothing', async () => {
    const target = tempDir();
    const dbFile = path.join(target, 'app.db');
    fs.writeFileSync(dbFile, 'the old database');
    const bytes = fs.readFileSync(good);
    // Overwrite a stretch of pages in the middle of the file.
    bytes.fill(0xab, 8192, Math.min(bytes.length, 8192 + 16_384));
    const damaged = path.join(tempDir(), 'damaged.db');
    fs.writeFileSync(damaged, bytes);

    expect(() => restoreDatabase(damaged, dbFile)).toThrow(RestoreRefused);
    expect(() => restoreDatabase(damaged, dbFile)).toThrow(/failed its check/);
    const notSqlite = path.join(tempDir(), 'notes.db');
    fs.writeFileSync(notSqlite, 'shopping list');
    expect(() => restoreDatabase(notSqlite, dbFile)).toThrow(/not an SQLite database/);

    expect(fs.readFileSync(dbFile, 'utf8')).toBe('the old database');
    expect(fs.readdirSync(target)).toEqual(['app.db']);

    const cli = await runScript('scripts/restore.ts', [damaged], { DATA_DIR: target });
    expect(cli.code).toBe(1);
    expect(cli.out).toContain('Restore refused');
    expect(fs.readFileSync(dbFile, 'utf8')).toBe('the old database');
  });

  it('refuses while a server runs on the database', () => {
    const target = tempDir();
    const dbFile = path.join(target, 'app.db');
    writePidFile(dbFile); // this very process: alive
    expect(() => restoreDatabase(good, dbFile)).toThrow(/is running/);
    expect(fs.existsSync(dbFile)).toBe(false);
    // A pid file left by a process that is gone does not block.
    fs.writeFileSync(pidFileOf(dbFile), '2147483646\n');
    expect(restoreDatabase(good, dbFile).replacedKeptAt).toBeNull();
    expect(checkDatabaseFile(dbFile)).toEqual([]);
  });
});
