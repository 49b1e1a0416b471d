import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer';
import { closeDb, openDb, write } from './db';

describe('startCheckpointer', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-ckpt-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('copies the log into the database from another thread, so the log restarts small', async () => {
    const file = path.join(dir, 'app.db');
    const db = openDb(file);
    const checkpoints = startCheckpointer(db, 20);
    expect(db.$client.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    const insert = db.$client.prepare('INSERT INTO route (id, name) VALUES (?, ?)');
    for (let i = 0; i < 300; i++) write(db, () => insert.run(`r${i}`, `Route ${i}`));
    await new Promise((r) => setTimeout(r, 300));
    // The worker copied all ~700 frames into the database (the serving connection's own
    // checkpoint waits for 10,000): so the next commit restarts the log from its beginning, and
    // the log then holds only that commit's few frames.
    write(db, () => insert.run('r-last', 'Last'));
    const [row] = db.$client.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
    expect(row?.log).toBeGreaterThan(0);
    expect(row?.log).toBeLessThan(20);
    await checkpoints.stop();
    expect(db.$client.prepare('SELECT COUNT(*) AS n FROM route').get()).toEqual({ n: 301 });
    closeDb(db);
  });
});
