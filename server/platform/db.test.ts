import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDb,
  DatabaseRefused,
  type Db,
  migrationsFolder,
  openDb,
  withWriteCompanion,
  write,
} from './db';

let dir: string;
let db: Db;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-db-'));
  db = openDb(path.join(dir, 'app.db'));
});
afterAll(() => {
  closeDb(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

const routes = () => db.$client.prepare('SELECT name FROM route ORDER BY name').pluck().all();
const addRoute = (name: string) =>
  write(db, () => {
    db.$client.prepare('INSERT INTO route (id, name) VALUES (?, ?)').run(`r-${name}`, name);
    return name;
  });

describe('withWriteCompanion', () => {
  it('runs once, inside the first write() of the call, with what it returned', async () => {
    const seen: unknown[] = [];
    await withWriteCompanion(
      (value) => {
        seen.push(value);
        // Inside the transaction: the row just inserted is visible, nothing committed yet.
        expect(db.$client.inTransaction).toBe(true);
        expect(routes()).toContain('Alpha');
      },
      async () => {
        await Promise.resolve();
        addRoute('Alpha');
        addRoute('Beta');
      },
    );
    expect(seen).toEqual(['Alpha']);
  });

  it('commits with the change or not at all: a failing companion rolls the write back', async () => {
    await expect(
      withWriteCompanion(
        () => {
          throw new Error('key store failed');
        },
        async () => addRoute('Gamma'),
      ),
    ).rejects.toThrow('key store failed');
    expect(routes()).not.toContain('Gamma');
  });

  it('is not run by writes outside the call', async () => {
    let runs = 0;
    const call = withWriteCompanion(
      () => {
        runs++;
      },
      () => new Promise((resolve) => setTimeout(resolve, 20)),
    );
    addRoute('Delta');
    await call;
    expect(runs).toBe(0);
  });
});

describe('opening a database', () => {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  const known = journal.entries.length;
  const recorded = (file: string) => {
    const sqlite = new Database(file, { readonly: true });
    try {
      return sqlite.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get() as number;
    } finally {
      sqlite.close();
    }
  };

  it('tells how many migrations it applied, and nothing when there were none', () => {
    const file = path.join(dir, 'told.db');
    const told: [number, number][] = [];
    closeDb(openDb(file, { onMigrated: (from, to) => told.push([from, to]) }));
    closeDb(openDb(file, { onMigrated: (from, to) => told.push([from, to]) }));
    expect(told).toEqual([[0, known]]);
  });

  it('refuses a database a newer version migrated, before changing anything', () => {
    const file = path.join(dir, 'newer.db');
    closeDb(openDb(file));
    const sqlite = new Database(file);
    const newest = Math.max(...journal.entries.map((e) => e.when));
    sqlite
      .prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)')
      .run('from-a-later-version', newest + 1);
    sqlite.close();
    expect(() => openDb(file)).toThrow(DatabaseRefused);
    expect(() => openDb(file)).toThrow(
      `This database was used by a newer version of the app (migration ${known + 1}; this version knows ${known}); start that version or restore a backup taken before the upgrade`,
    );
    expect(recorded(file)).toBe(known + 1);
  });

  it('opens a database that records an old migration this version no longer lists', () => {
    // Early journal entries were regenerated once, with new times: databases made before that
    // record times no journal lists now, all older than this version's newest.
    const file = path.join(dir, 'older.db');
    closeDb(openDb(file));
    const sqlite = new Database(file);
    sqlite
      .prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)')
      .run('regenerated-since', (journal.entries[0]?.when ?? 0) - 60_000);
    sqlite.close();
    const told: [number, number][] = [];
    closeDb(openDb(file, { onMigrated: (from, to) => told.push([from, to]) }));
    expect(told).toEqual([]);
  });

  it('names the file and the fix when the database may not be written', () => {
    const file = path.join(dir, 'readonly.db');
    closeDb(openDb(file));
    fs.chmodSync(file, 0o444);
    try {
      // Root writes regardless of the mode: nothing to refuse.
      if (process.getuid?.() === 0) return;
      expect(() => openDb(file)).toThrow(
        new RegExp(
          `^Cannot write the database ${file}: ${file} is not writable by .*\\. The service's user must own DATA_DIR and its files \\(see docs/deploy\\.md\\)$`,
        ),
      );
    } finally {
      fs.chmodSync(file, 0o644);
    }
  });
});
