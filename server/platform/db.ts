import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from '../../drizzle/schema';
import { projectRoot } from './config';

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
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  const grouped = options.groupCommit === true && !sqlite.memory;
  sqlite.pragma(grouped ? 'synchronous = NORMAL' : 'synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  const db = drizzle(sqlite, { schema }) as Db;
  if (options.migrate !== false) migrate(db, { migrationsFolder });
  if (grouped) groupCommits.set(db, newGroupCommit(sqlite));
  return db;
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
