import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { listBackups } from '../../server/platform/backup';
import { configFromEnv } from '../../server/platform/config';
import { closeDb, openDb } from '../../server/platform/db';
import { deliveryCalendar } from '../../server/settings/settings';
import { placeAndDeliver } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// A restore must not hand out again numbers customers already hold (ADR 061). The office box
// took a backup at INV-000609, issued INV-000610/611, was restored, and issued INV-000610/611
// again for other goods. Here, with real files and the real scripts: documents issued after a
// backup, `npm run restore`, then the restored server issues the next documents over HTTP.

const scratch: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-renumber-'));
  scratch.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs one of the package's scripts as `npm run` does, with DATA_DIR set. */
function runScript(script: string, args: string[], dataDir: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir },
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

/** The real app on the database in `dataDir`, as the server opens it. */
async function serve(dataDir: string) {
  const config = configFromEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const db = openDb(config.dbPath, { groupCommit: true });
  const app = await buildApp({ db, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    db,
    config,
    async close() {
      await app.close();
      closeDb(db);
    },
  };
}
type Served = Awaited<ReturnType<typeof serve>>;

/** Every document number and order number a database file has issued, as `kind number`. */
function issuedIn(dbFile: string): Set<string> {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const docs = db.prepare('SELECT kind, number FROM document_party').all() as {
      kind: string;
      number: string;
    }[];
    const orders = db.prepare('SELECT order_number FROM customer_order').pluck().all() as number[];
    return new Set([
      ...docs.map((d) => `${d.kind} ${d.number}`),
      ...orders.map((n) => `order #${n}`),
    ]);
  } finally {
    db.close();
  }
}

const minus = (a: Set<string>, b: Set<string>) => new Set([...a].filter((x) => !b.has(x)));
const both = (a: Set<string>, b: Set<string>) => [...a].filter((x) => b.has(x));

interface Accounts {
  admin: { username: string; password: string };
  driver: { id: string; username: string; password: string };
  customer: { username: string; password: string };
  product: string;
}

/** Signs the three users in to `s` and delivers `n` orders: an invoice and its slip each. */
async function deliverOrders(s: Served, who: Accounts, n: number): Promise<string[]> {
  const admin = new ApiClient(s.url);
  const driver = new ApiClient(s.url);
  const customer = new ApiClient(s.url);
  await admin.login(who.admin.username, who.admin.password);
  await driver.login(who.driver.username, who.driver.password);
  await customer.login(who.customer.username, who.customer.password);
  const deliveryDate = deliveryCalendar(s.db, s.config.timeZone).earliest;
  const invoices: string[] = [];
  for (let i = 0; i < n; i++) {
    const { delivered } = await placeAndDeliver(
      { admin, driver, driverId: who.driver.id },
      customer,
      { orderItems: [{ product: who.product, quantity: 1 + i }], deliveryDate },
    );
    invoices.push(delivered.order.invoice?.number ?? '');
  }
  return invoices;
}

let liveDir = '';
let backupFile = '';
let who: Accounts;
/** What the live box issued in all, and what of it the backup holds. */
let issuedLive = new Set<string>();
let inBackup = new Set<string>();
let lastInvoiceLive = '';

beforeAll(async () => {
  liveDir = tempDir();
  const live = await serve(liveDir);
  const admin = await makeAdmin(live.db);
  const driver = await makeEmployee(live.db, 'driver');
  const customer = await makeCustomer(live.db);
  who = { admin, driver, customer, product: makeProduct(live.db, { price: 1200 }).id };

  expect(await deliverOrders(live, who, 2)).toEqual(['INV-000001', 'INV-000002']);
  const backup = await runScript('scripts/backup.ts', [], liveDir);
  expect(backup.code, backup.out).toBe(0);
  backupFile = listBackups(live.config.backupDir, live.config.dbPath, 'manual')[0]!.file;
  // The box goes on after the backup: two more invoices reach customers.
  const after = await deliverOrders(live, who, 2);
  expect(after).toEqual(['INV-000003', 'INV-000004']);
  lastInvoiceLive = after.at(-1)!;
  await live.close();

  issuedLive = issuedIn(path.join(liveDir, 'app.db'));
  inBackup = issuedIn(backupFile);
  expect(minus(issuedLive, inBackup).size).toBeGreaterThanOrEqual(4);
}, 60_000);

describe('restoring over a database that can still be read', () => {
  it('continues every kind of number after the highest ever issued, and says so', async () => {
    const restored = await runScript('scripts/restore.ts', [backupFile], liveDir);
    expect(restored.code, restored.out).toBe(0);
    expect(fs.readdirSync(liveDir).some((f) => f.endsWith('.before-restore'))).toBe(true);

    const box = await serve(liveDir);
    let next: string[] = [];
    try {
      next = await deliverOrders(box, who, 2);
    } finally {
      await box.close();
    }
    const issuedAfterRestore = minus(issuedIn(path.join(liveDir, 'app.db')), inBackup);
    expect(issuedAfterRestore.size).toBeGreaterThanOrEqual(6);
    // Nothing issued since the restore repeats a number the lost documents carry.
    expect(both(issuedAfterRestore, minus(issuedLive, inBackup))).toEqual([]);
    expect(next).toEqual(['INV-000005', 'INV-000006']);

    expect(restored.out).toContain(
      'Invoice numbers continue from INV-000005: 2 numbers issued after the backup (INV-000003 to INV-000004, known from the replaced database) are not in it; their documents may exist on paper or e-mail.',
    );
    expect(restored.out).toMatch(/Delivery slip numbers continue from DS-\d{6}: 2 numbers/);
    expect(restored.out).toMatch(/Order numbers continue from #\d+: 2 orders placed after/);
    expect(restored.out).toContain('Statement numbers continue from ST-000001');
  }, 60_000);
});

describe('restoring when the database it replaces is lost', () => {
  it('says the numbers continue from the backup and how to skip past later ones', async () => {
    const dir = tempDir();
    const restored = await runScript('scripts/restore.ts', [backupFile], dir);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain("to compare with, so numbers continue from the backup's.");
    expect(restored.out).toContain('Invoice numbers continue from INV-000003, as in the backup.');
    expect(restored.out).toContain('--last-issued');
  });

  it('with --last-issued, continues after the numbers named', async () => {
    const dir = tempDir();
    const slips = [...minus(issuedLive, inBackup)]
      .filter((x) => x.startsWith('slip '))
      .map((x) => x.slice('slip '.length))
      .sort();
    const orders = [...minus(issuedLive, inBackup)]
      .filter((x) => x.startsWith('order '))
      .map((x) => Number(x.slice('order #'.length)))
      .sort((a, b) => a - b);
    const named = `${lastInvoiceLive},${slips.at(-1)},#${orders.at(-1)}`;
    const restored = await runScript(
      'scripts/restore.ts',
      ['--last-issued', named, backupFile],
      dir,
    );
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain(
      'Invoice numbers continue from INV-000005: 2 numbers issued after the backup (INV-000003 to INV-000004, known from --last-issued)',
    );
    expect(restored.out).not.toContain('restore again');

    const box = await serve(dir);
    try {
      expect(await deliverOrders(box, who, 1)).toEqual(['INV-000005']);
    } finally {
      await box.close();
    }
    const issuedAfterRestore = minus(issuedIn(path.join(dir, 'app.db')), inBackup);
    expect(both(issuedAfterRestore, minus(issuedLive, inBackup))).toEqual([]);
  }, 60_000);

  it('names the unreadable database it replaces, and keeps the backup numbers', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'app.db'), 'not a database: the disk went bad');
    const restored = await runScript('scripts/restore.ts', [backupFile], dir);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(
      /The database being replaced could not be read \(.+\), so numbers/,
    );
    expect(restored.out).toContain('Invoice numbers continue from INV-000003');
  });

  it('refuses a --last-issued it cannot read, and changes nothing', async () => {
    const dir = tempDir();
    const restored = await runScript(
      'scripts/restore.ts',
      ['--last-issued', 'INV-000611,XYZ-12', backupFile],
      dir,
    );
    expect(restored.code).toBe(2);
    expect(restored.out).toContain('"XYZ-12" is not a document number');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
