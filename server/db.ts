import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from '../drizzle/schema';
import { projectRoot } from './config';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const migrationsFolder = path.join(projectRoot, 'migrations');

/**
 * SQLite's page cache per connection, in KiB. better-sqlite3 builds SQLite with 16 MB; on the
 * large database a morning of orders fills all of it (each order touches ~110 pages), and the
 * operating system's file cache holds the same pages anyway. 4 MB keeps the hot index pages
 * and the catalogue.
 */
export const PAGE_CACHE_KIB = 4096;

/**
 * Opens the database with the settings every connection needs, then applies migrations.
 * synchronous=FULL: an acknowledged order or payment survives a power cut (WAL alone with
 * NORMAL may lose the last transactions).
 */
export function openDb(file: string, options: { migrate?: boolean } = {}): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  const db = drizzle(sqlite, { schema }) as Db;
  if (options.migrate !== false) migrate(db, { migrationsFolder });
  return db;
}

const writeCounts = new WeakMap<Db, number>();

/**
 * Every change to business data goes through here: one IMMEDIATE transaction (a read that
 * decides a write sees no other writer in between), then a bump of this database's write
 * count, which every cache in the process compares against (server/cache.ts). A writer cannot
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
  if (db.$client.open) db.$client.close();
}
