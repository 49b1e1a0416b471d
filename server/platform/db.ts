import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from '../../drizzle/schema';
import { projectRoot } from './config';
import { markWhatTheUpgradeStartsFrom } from './upgrade';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const migrationsFolder = path.join(projectRoot, 'migrations');

export interface OpenOptions {
  migrate?: boolean;
  /**
   * The server's connection: commits return without waiting for the disk (synchronous=NORMAL),
   * and every request that changed something awaits durable() before it is answered, so the
   * fsyncs run off the event loop and one serves every commit that arrived meanwhile
   * (docs/decisions/018). Without it (scripts, tools), each commit waits for its own fsync
   * (synchronous=FULL) and durable() has nothing to wait for.
   */
  groupCommit?: boolean;
  /** Told how many migrations the database had before and after, when this open applied some. */
  onMigrated?: (from: number, to: number) => void;
}

/**
 * A database this build must not open, with what the box's keeper can do about it: the files
 * are not writable by this user, or a newer version of the app has migrated it.
 */
export class DatabaseRefused extends Error {
  override name = 'DatabaseRefused';
}

/**
 * SQLite's page cache per connection, in KiB. better-sqlite3 builds SQLite with 16 MB; on the
 * large database a morning of orders fills all of it (each order touches ~110 pages), and the
 * operating system's file cache holds the same pages anyway. 4 MB keeps the hot index pages
 * and the catalogue.
 */
export const PAGE_CACHE_KIB = 4096;

/**
 * Opens the database with the settings every connection needs, then applies migrations.
 * Either way an acknowledged order or payment survives a power cut: FULL fsyncs in each
 * commit, group commit fsyncs the log before the answer (WAL with NORMAL alone may lose the
 * last transactions).
 */
export function openDb(file: string, options: OpenOptions = {}): Db {
  let sqlite: Database.Database | null = null;
  try {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    const grouped = options.groupCommit === true && !sqlite.memory;
    sqlite.pragma(grouped ? 'synchronous = NORMAL' : 'synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    if (!sqlite.memory) checkWritable(sqlite);
    const db = drizzle(sqlite, { schema }) as Db;
    if (options.migrate !== false) {
      const from = appliedMigrations(sqlite);
      refuseNewerDatabase(from);
      // What the pending migrations need to know of the database as it was (ADR 062).
      markWhatTheUpgradeStartsFrom(sqlite);
      migrate(db, { migrationsFolder });
      const to = appliedMigrations(sqlite).length;
      if (to > from.length) options.onMigrated?.(from.length, to);
    }
    if (grouped) groupCommits.set(db, newGroupCommit(sqlite));
    return db;
  } catch (err) {
    sqlite?.close();
    if (file !== ':memory:' && isPermissionError(err)) throw notWritable(file, err);
    throw err;
  }
}

// --- Refusals at open ---------------------------------------------------------------------------

/**
 * SQLite opens a file it may not write read-only without a word, and a folder it may not write
 * fails only when the log is created: either way the first order would fail. A write that is
 * rolled back finds it at open and leaves nothing behind.
 */
function checkWritable(sqlite: Database.Database): void {
  sqlite.exec('BEGIN IMMEDIATE');
  try {
    sqlite.exec('CREATE TABLE _write_check (x)');
  } finally {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
  }
}

/** Whether `err` says this user may not create or write a file (SQLite's words or the system's). */
export function isPermissionError(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return (
    code === 'SQLITE_CANTOPEN' ||
    code === 'SQLITE_PERM' ||
    code.startsWith('SQLITE_READONLY') ||
    code === 'EACCES' ||
    code === 'EPERM' ||
    code === 'EROFS'
  );
}

/**
 * The refusal for a database (or a file beside it) this user may not write: the full path, the
 * file or folder at fault, and the fix, instead of SQLite's "unable to open database file".
 */
export function notWritable(file: string, err: unknown, besides: string[] = []): DatabaseRefused {
  return new DatabaseRefused(
    `Cannot write the database ${path.resolve(file)}: ${whyNotWritable(file, err, besides)}. The service's user must own DATA_DIR and its files (see docs/deploy.md)`,
  );
}

function whyNotWritable(file: string, err: unknown, besides: string[]): string {
  let who = `uid ${process.getuid?.() ?? '?'}`;
  try {
    who = `user ${os.userInfo().username} (${who})`;
  } catch {
    // a uid without a name
  }
  // The nearest folder that exists: the one where the data directory would be created.
  let dir = path.dirname(path.resolve(file));
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  for (const f of [dir, file, `${file}-wal`, `${file}-shm`, ...besides]) {
    if (!fs.existsSync(f)) continue;
    try {
      fs.accessSync(f, fs.constants.W_OK);
    } catch (e) {
      const what = f === dir ? `the folder ${f}` : f;
      if ((e as NodeJS.ErrnoException).code === 'EROFS') {
        return `${what} is on a read-only file system`;
      }
      return `${what} is not writable by ${who}; it belongs to uid ${fs.statSync(f).uid}`;
    }
  }
  return err instanceof Error ? err.message : String(err);
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/** When each migration this build carries was made (drizzle's journal `when`, in ms). */
function knownMigrations(): number[] {
  const file = path.join(migrationsFolder, 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as Journal).entries.map((e) => e.when);
}

/** The migrations the database records as applied (drizzle stores each one's journal `when`). */
function appliedMigrations(sqlite: Database.Database): number[] {
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!table) return [];
  return sqlite
    .prepare('SELECT created_at FROM __drizzle_migrations ORDER BY created_at')
    .pluck()
    .all()
    .map(Number);
}

/**
 * drizzle applies only migrations newer than the database's last, so old code on a database
 * a newer version migrated would run without a word and write rows the newer rules forbid.
 */
function refuseNewerDatabase(applied: number[]): void {
  const known = knownMigrations();
  const newest = Math.max(...known);
  if (!applied.some((when) => when > newest)) return;
  throw new DatabaseRefused(
    `This database was used by a newer version of the app (migration ${applied.length}; this version knows ${known.length}); start that version or restore a backup taken before the upgrade`,
  );
}

// --- Group commit --------------------------------------------------------------------------------
// With synchronous=NORMAL a WAL commit is written to the log (the OS has it: a crashed process
// loses nothing) but not fsynced, so a power cut could lose it. durable() closes that gap: it
// resolves once the log has been fsynced after everything this connection has committed so
// far. fdatasync runs on libuv's thread pool, so the event loop keeps answering reads while the
// disk works, and commits that arrive during one fsync share the next one.

interface GroupCommit {
  sqlite: Database.Database;
  /** sqlite3_total_changes(): rises with every row this connection inserts, updates or deletes. */
  changes: () => number;
  /** The log's fd, opened at the first sync (the log exists by then). */
  fd: number | null;
  /** Every change counted up to here is on disk. */
  syncedThrough: number;
  /** The fsync under way, and the change count it covers. */
  running: { through: number; done: Promise<void> } | null;
  /** The fsync that starts when the running one ends: shared by everyone who asks meanwhile. */
  next: Deferred | null;
  closing: boolean;
  /** A failed fsync: from then on durable() fails. */
  failed: Error | null;
}

interface Deferred {
  done: Promise<void>;
  resolve: () => void;
  reject: (err: Error) => void;
}

const groupCommits = new WeakMap<Db, GroupCommit>();
const nothingToWait = Promise.resolve();

function newGroupCommit(sqlite: Database.Database): GroupCommit {
  const total = sqlite.prepare('SELECT total_changes()').pluck();
  const changes = () => total.get() as number;
  return {
    sqlite,
    changes,
    fd: null,
    // What the migrations wrote is made durable by the first sync like anything else.
    syncedThrough: 0,
    running: null,
    next: null,
    closing: false,
    failed: null,
  };
}

function deferred(): Deferred {
  let resolve: () => void = () => {};
  let reject: (err: Error) => void = () => {};
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { done, resolve, reject };
}

/**
 * Resolves when everything this connection has committed so far is on disk. Every door that
 * answers a change awaits it before answering (server/trpc.ts, server/doors/uploads.ts). Immediate when
 * nothing changed since the last sync, or when each commit already waited (synchronous=FULL).
 * Must not be called inside a transaction (nothing is awaited there anyway).
 */
export function durable(db: Db): Promise<void> {
  const g = groupCommits.get(db);
  if (!g || g.closing || !g.sqlite.open) return nothingToWait;
  if (g.failed) return Promise.reject(g.failed);
  const now = g.changes();
  if (now <= g.syncedThrough) return nothingToWait;
  // The running fsync started after these changes were written: it covers them.
  if (g.running && g.running.through >= now) return g.running.done;
  if (g.next) return g.next.done;
  const next = deferred();
  g.next = next;
  if (!g.running) startSync(g);
  return next.done;
}

function startSync(g: GroupCommit): void {
  const waiting = g.next as Deferred;
  g.next = null;
  // No transaction is open here (they are synchronous and never span an await): every change
  // counted so far has been written to the log, so this fsync covers it.
  const through = g.changes();
  g.running = { through, done: waiting.done };
  const finish = (err: Error | null) => {
    g.running = null;
    if (err) {
      // After a failed fsync Linux may have dropped the dirty pages and report success next
      // time: nothing written since can be called durable. Every later change is refused with
      // this error until the server is restarted (SQLite then recovers from the log on disk).
      g.failed = err;
      waiting.reject(err);
    } else {
      g.syncedThrough = Math.max(g.syncedThrough, through);
      waiting.resolve();
    }
    if (g.closing || !g.sqlite.open) {
      g.next?.reject(new Error('database closed'));
      g.next = null;
      closeLog(g);
    } else if (g.next) startSync(g);
  };
  try {
    g.fd ??= openLog(g.sqlite.name);
  } catch (err) {
    finish(err as Error);
    return;
  }
  // fdatasync, as SQLite's own FULL does on Linux: the frames and the file's size.
  fs.fdatasync(g.fd, finish);
}

function openLog(file: string): number {
  const fd = fs.openSync(`${file}-wal`, 'r');
  // The log's directory entry too, once (SQLite does the same after creating a file).
  const dir = fs.openSync(path.dirname(file), 'r');
  try {
    fs.fsyncSync(dir);
  } finally {
    fs.closeSync(dir);
  }
  return fd;
}

function closeLog(g: GroupCommit): void {
  if (g.fd !== null && g.running === null) {
    fs.closeSync(g.fd);
    g.fd = null;
  }
}

const writeCounts = new WeakMap<Db, number>();

/**
 * Every change to business data goes through here: one IMMEDIATE transaction (a read that
 * decides a write sees no other writer in between), then a bump of this database's write
 * count, which every cache in the process compares against (server/platform/cache.ts). A writer cannot
 * forget to invalidate a cache: not writing through here is the only way to skip it.
 * `fn` must be synchronous (an await would commit early) and must not call write() itself.
 */
export function write<T>(db: Db, fn: () => T): T {
  const slot = companions.getStore();
  const result = db.transaction(
    () => {
      const value = fn();
      // The call's companion (at most once per call) commits with the change it belongs to.
      const companion = slot?.companion;
      if (companion) {
        slot.companion = null;
        companion(value);
      }
      return value;
    },
    { behavior: 'immediate' },
  );
  writeCounts.set(db, (writeCounts.get(db) ?? 0) + 1);
  return result;
}

const companions = new AsyncLocalStorage<{ companion: ((result: unknown) => void) | null }>();

/**
 * Runs `fn` so that the first write() it makes also runs `companion(result)` inside the same
 * transaction, before the commit: e.g. the idempotency key stored with the order it protects,
 * in one commit (one fsync) instead of two, and with no instant in which the order exists
 * without its key.
 */
export function withWriteCompanion<T>(
  companion: (result: unknown) => void,
  fn: () => Promise<T>,
): Promise<T> {
  return companions.run({ companion }, fn);
}

/** How many write() transactions this process has committed on `db`. */
export function writeCount(db: Db): number {
  return writeCounts.get(db) ?? 0;
}

export function closeDb(db: Db): void {
  const g = groupCommits.get(db);
  if (g && !g.closing) {
    // A last sync for what is not yet on disk, then the log's fd (closed when it ends).
    if (db.$client.open && g.changes() > g.syncedThrough && g.fd !== null) fs.fdatasyncSync(g.fd);
    g.closing = true;
    g.next?.reject(new Error('database closed'));
    g.next = null;
    closeLog(g);
  }
  if (db.$client.open) db.$client.close();
}
