import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db, openDb, withWriteCompanion, write } from './db';

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
