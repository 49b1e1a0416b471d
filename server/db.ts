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
  const db = drizzle(sqlite, { schema }) as Db;
  if (options.migrate !== false) migrate(db, { migrationsFolder });
  return db;
}

export function closeDb(db: Db): void {
  if (db.$client.open) db.$client.close();
}
