import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDb, type Db, durable, openDb, write } from './db';

// Group commit (docs/decisions/018): commits return at once (synchronous=NORMAL); durable()
// resolves only after an fsync of the log that started after them, one fsync per group.

let dir: string;
let db: Db;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-durable-'));
  db = openDb(path.join(dir, 'app.db'), { groupCommit: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  closeDb(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

let routes = 0;
const addRoute = () =>
  write(db, () => {
    const id = `r${routes++}`;
    db.$client.prepare('INSERT INTO route (id, name) VALUES (?, ?)').run(id, id);
  });

type Callback = (err: NodeJS.ErrnoException | null) => void;

/** Holds each fdatasync until the test lets it finish (then really runs it). */
function holdSyncs() {
  const held: Callback[] = [];
  const real = fs.fdatasync;
  vi.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, cb: Callback) => {
    held.push((err) => (err ? cb(err) : real(fd, cb)));
  }) as typeof fs.fdatasync);
  return {
    get count() {
      return held.length;
    },
    finish(i: number, err: NodeJS.ErrnoException | null = null) {
      (held[i] as Callback)(err);
    },
  };
}

/** Whether `p` is still pending after every callback already queued has run. */
const pending = async (p: Promise<void>) => {
  let done = false;
  p.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((r) => setImmediate(r));
  return !done;
};

describe('durable()', () => {
  it('commits with synchronous=NORMAL on a group-commit connection, FULL otherwise', () => {
    expect(db.$client.pragma('synchronous', { simple: true })).toBe(1);
    const plain = openDb(path.join(dir, 'plain.db'));
    expect(plain.$client.pragma('synchronous', { simple: true })).toBe(2);
    closeDb(plain);
  });

  it('waits for an fsync of the log that started after the commit', async () => {
    const syncs = holdSyncs();
    addRoute();
    const waiting = durable(db);
    expect(syncs.count).toBe(1);
    expect(await pending(waiting)).toBe(true);
    syncs.finish(0);
    await waiting;
    // Nothing written since: nothing to wait for, no fsync.
    await durable(db);
    expect(syncs.count).toBe(1);
  });

  it('shares one fsync among the commits that arrive while one runs', async () => {
    const syncs = holdSyncs();
    addRoute();
    const first = durable(db);
    // Written after the first fsync started: not covered by it.
    addRoute();
    const second = durable(db);
    addRoute();
    const third = durable(db);
    expect(syncs.count).toBe(1);
    syncs.finish(0);
    await first;
    expect(await pending(second)).toBe(true);
    // One more fsync for both later commits.
    expect(syncs.count).toBe(2);
    syncs.finish(1);
    await Promise.all([second, third]);
    expect(syncs.count).toBe(2);
  });

  it('fails, and keeps failing, after a failed fsync: nothing since can be called durable', async () => {
    const syncs = holdSyncs();
    addRoute();
    const waiting = durable(db);
    syncs.finish(0, Object.assign(new Error('EIO'), { code: 'EIO' }));
    await expect(waiting).rejects.toThrow('EIO');
    addRoute();
    await expect(durable(db)).rejects.toThrow('EIO');
  });

  it('has nothing to wait for on a FULL connection: each commit waited for its own fsync', async () => {
    const plain = openDb(path.join(dir, 'plain.db'));
    const spy = vi.spyOn(fs, 'fdatasync');
    write(plain, () =>
      plain.$client.prepare("INSERT INTO route (id, name) VALUES ('x', 'x')").run(),
    );
    await durable(plain);
    expect(spy).not.toHaveBeenCalled();
    closeDb(plain);
  });

  it('keeps every acknowledged write when the process is killed (SIGKILL) mid-stream', async () => {
    const file = path.join(dir, 'killed.db');
    closeDb(openDb(file));
    const acked: string[] = [];
    const child = fork(path.join(__dirname, '../../tests/helpers/acked-writer.ts'), [file], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      child.on('message', (id) => {
        acked.push(String(id));
        if (acked.length === 200) child.kill('SIGKILL');
      });
      child.on('exit', () => resolve());
      child.on('error', reject);
    });
    expect(acked.length).toBeGreaterThanOrEqual(200);
    const after = new Database(file, { readonly: true });
    const ids = new Set(after.prepare('SELECT id FROM route').pluck().all() as string[]);
    after.close();
    expect(acked.filter((id) => !ids.has(id))).toEqual([]);
  });
});
