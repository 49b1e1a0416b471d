import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  pidFileOf,
  removePidFile,
  runningServerPid,
  ServerAlreadyRunning,
  writePidFile,
} from './backup';

// The pid file is how a start tells that a server already runs on the database, and how
// `npm run restore` tells it must wait. Other processes play the other server here.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-pid-'));
let n = 0;
const newDb = () => path.join(dir, `app-${++n}.db`);
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A process that runs `code` (with `file` defined) and says "ready" once it has. */
async function otherProcess(code: string, file: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [
    '-e',
    `const fs = require('node:fs'); const file = ${JSON.stringify(file)}; ${code};
     process.stdout.write('ready'); setInterval(() => {}, 1000);`,
  ]);
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', () => reject(new Error('the other process exited')));
  });
  return child;
}

/** As a server does: creates the pid file with its pid and keeps it open. */
const holdsTheFile = "const fd = fs.openSync(file, 'wx'); fs.writeSync(fd, process.pid + '\\n')";

const text = (db: string) => fs.readFileSync(pidFileOf(db), 'utf8');

describe('claiming the database', () => {
  it('creates the pid file with this pid; claiming again is fine; it is removed at the end', () => {
    const db = newDb();
    writePidFile(db);
    expect(text(db)).toBe(`${process.pid}\n`);
    writePidFile(db);
    expect(runningServerPid(db)).toBe(process.pid);
    removePidFile(db);
    expect(fs.existsSync(pidFileOf(db))).toBe(false);
  });

  it('refuses while another live server holds it, and leaves its file alone', async () => {
    const db = newDb();
    const other = await otherProcess(holdsTheFile, pidFileOf(db));
    expect(() => writePidFile(db)).toThrow(ServerAlreadyRunning);
    expect(() => writePidFile(db)).toThrow(
      `Another server is already running on DATA_DIR=${dir} (pid ${other.pid}); stop it first`,
    );
    removePidFile(db);
    expect(text(db)).toBe(`${other.pid}\n`);
    expect(runningServerPid(db)).toBe(other.pid);
  });

  it('waits for a start that has created the file but not yet written its pid', async () => {
    const db = newDb();
    const other = await otherProcess(
      `const fd = fs.openSync(file, 'wx');
       setTimeout(() => fs.writeSync(fd, process.pid + '\\n'), 300)`,
      pidFileOf(db),
    );
    expect(() => writePidFile(db)).toThrow(`(pid ${other.pid})`);
    expect(text(db)).toBe(`${other.pid}\n`);
  });

  it('takes over a file left by a server that is gone', async () => {
    const db = newDb();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    fs.writeFileSync(pidFileOf(db), `${gone.pid}\n`);
    expect(runningServerPid(db)).toBeNull();
    writePidFile(db);
    expect(text(db)).toBe(`${process.pid}\n`);
    removePidFile(db);
  });

  it('takes over a file whose pid now belongs to another program (after a power cut)', async () => {
    const db = newDb();
    // Alive, same user, but it never created the file: not the server that wrote it.
    const other = await otherProcess('', pidFileOf(db));
    fs.writeFileSync(pidFileOf(db), `${other.pid}\n`);
    expect(runningServerPid(db)).toBeNull();
    writePidFile(db);
    expect(text(db)).toBe(`${process.pid}\n`);
    removePidFile(db);
  });

  it('takes over an empty or garbled file left by a start that died creating it', () => {
    for (const left of ['', 'not a pid\n']) {
      const db = newDb();
      fs.writeFileSync(pidFileOf(db), left);
      const old = new Date(Date.now() - 60_000);
      fs.utimesSync(pidFileOf(db), old, old);
      writePidFile(db);
      expect(text(db)).toBe(`${process.pid}\n`);
      removePidFile(db);
    }
  });
});
