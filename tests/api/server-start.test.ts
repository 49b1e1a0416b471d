import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isoDateInZone } from '../../shared/format';

// The server's start on the office box refuses what would hurt the business's data, in one
// line that says what and how to fix it: a second server on the same data directory, a time
// zone Intl cannot use, a database a newer version migrated, a data directory the service's
// user may not write. Real processes (`node server/main.ts` through tsx, as the scripts run),
// because these are about processes, files and their owners.

const scratch: string[] = [];
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});
afterAll(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-start-'));
  scratch.push(dir);
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address() as net.AddressInfo;
      s.close(() => resolve(address.port));
    });
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  log: () => string;
  /** Its exit code, once it exits. */
  exited: Promise<number | null>;
}

async function start(
  dataDir: string,
  env: Record<string, string> = {},
  spawnAs: { uid: number; gid: number } | null = null,
): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      BACKUP_HOUR: 'off',
      ...env,
    },
    ...(spawnAs ?? {}),
  });
  running.add(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, url: `http://127.0.0.1:${port}`, log: () => out, exited };
}

/** Waits until the server answers, or fails with what it printed. */
async function serving(s: Started): Promise<void> {
  const until = Date.now() + 30_000;
  for (;;) {
    if (s.child.exitCode !== null) throw new Error(`the server exited:\n${s.log()}`);
    if (Date.now() > until) throw new Error(`the server did not answer:\n${s.log()}`);
    const r = await fetch(`${s.url}/api/products`).catch(() => null);
    if (r?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stop(s: Started): Promise<number | null> {
  s.child.kill('SIGTERM');
  return s.exited;
}

const pidFile = (dir: string) => path.join(dir, 'app.db.pid');
const pidIn = (dir: string) => fs.readFileSync(pidFile(dir), 'utf8').trim();

describe('a second server on the same DATA_DIR', () => {
  it('refuses to start, and leaves the first serving with its pid file', async () => {
    const dir = tempDir();
    const first = await start(dir);
    await serving(first);
    expect(pidIn(dir)).toBe(String(first.child.pid));

    const second = await start(dir);
    expect(await second.exited).toBe(1);
    const lines = second.log().trim().split('\n');
    expect(lines).toEqual([
      `Another server is already running on DATA_DIR=${dir} (pid ${first.child.pid}); stop it first`,
    ]);
    // The first still owns the database: `npm run restore` keeps refusing.
    expect(pidIn(dir)).toBe(String(first.child.pid));
    expect((await fetch(`${first.url}/api/products`)).status).toBe(200);

    expect(await stop(first)).toBe(0);
    expect(fs.existsSync(pidFile(dir))).toBe(false);
  });

  it('of two started at the same instant, one serves and the other refuses', async () => {
    const dir = tempDir();
    const both = await Promise.all([start(dir), start(dir)]);
    const refused = await Promise.race([
      ...both.map((s) => s.exited.then(() => s)),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
    ]);
    if (!refused) throw new Error('both servers are running on the same data directory');
    const kept = both.find((s) => s !== refused) as Started;
    expect(refused.child.exitCode).toBe(1);
    expect(refused.log()).toContain('Another server is already running');
    await serving(kept);
    expect(pidIn(dir)).toBe(String(kept.child.pid));
    expect(await stop(kept)).toBe(0);
  });

  it('a start that fails later (its port taken) leaves no pid file behind', async () => {
    const dir = tempDir();
    const other = await start(tempDir());
    await serving(other);
    const port = new URL(other.url).port;
    const failed = await start(dir, { PORT: port });
    expect(await failed.exited).toBe(1);
    expect(failed.log()).toContain('EADDRINUSE');
    expect(fs.existsSync(pidFile(dir))).toBe(false);
    await stop(other);
  });

  it('takes over a pid file left by a server that is gone, or naming a pid reused since', async () => {
    const dir = tempDir();
    // A process that has exited: its pid is free.
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    fs.writeFileSync(pidFile(dir), `${gone.pid}\n`);
    const a = await start(dir);
    await serving(a);
    expect(pidIn(dir)).toBe(String(a.child.pid));
    expect(await stop(a)).toBe(0);

    // After a power cut the same pid can belong to another program, alive but not a server.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    running.add(other);
    fs.writeFileSync(pidFile(dir), `${other.pid}\n`);
    const b = await start(dir);
    await serving(b);
    expect(pidIn(dir)).toBe(String(b.child.pid));
    expect(await stop(b)).toBe(0);
  });
});

describe("the business's time zone", () => {
  it('refuses a BUSINESS_TIME_ZONE Intl cannot use, before touching the data', async () => {
    const dir = tempDir();
    const s = await start(dir, { BUSINESS_TIME_ZONE: 'JST-9' });
    expect(await s.exited).toBe(1);
    expect(s.log().trim()).toBe(
      'Invalid configuration: BUSINESS_TIME_ZONE=JST-9 is not a time zone name; use e.g. Asia/Tokyo',
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("does not move with the process's TZ: the session and the start's log say Tokyo", async () => {
    const dir = tempDir();
    const s = await start(dir, {
      TZ: 'America/New_York',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'owner-pass-1',
    });
    await serving(s);
    const before = isoDateInZone(new Date(), 'Asia/Tokyo');
    const login = await fetch(`${s.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.url },
      body: JSON.stringify({ username: 'owner', password: 'owner-pass-1' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const profile = (await (
      await fetch(`${s.url}/api/users/profile`, { headers: { cookie } })
    ).json()) as { business: { timeZone: string; today: string } };
    const after = isoDateInZone(new Date(), 'Asia/Tokyo');
    expect(profile.business.timeZone).toBe('Asia/Tokyo');
    expect([before, after]).toContain(profile.business.today);
    expect(s.log()).toMatch(
      /Business time zone Asia\/Tokyo \(BUSINESS_TIME_ZONE\): today is \d{4}-\d{2}-\d{2}/,
    );
    expect(await stop(s)).toBe(0);
  });
});

describe('the database', () => {
  it('logs the migrations it applied, and nothing when there were none', async () => {
    const dir = tempDir();
    const a = await start(dir);
    await serving(a);
    expect(a.log()).toMatch(/Database migrated from 0 to \d+ migrations/);
    await stop(a);
    const b = await start(dir);
    await serving(b);
    expect(b.log()).not.toContain('Database migrated');
    await stop(b);
  });

  it('refuses a database a newer version of the app has migrated, changing nothing', async () => {
    const dir = tempDir();
    const a = await start(dir);
    await serving(a);
    await stop(a);
    const file = path.join(dir, 'app.db');
    const sqlite = new Database(file);
    const recorded = sqlite.prepare('SELECT count(*) FROM __drizzle_migrations').pluck();
    const known = recorded.get() as number;
    // What a later version's migration leaves: a row made after every one this build carries.
    sqlite
      .prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)')
      .run('a-later-version', Date.now() + 365 * 86_400_000);
    sqlite.close();

    const b = await start(dir);
    expect(await b.exited).toBe(1);
    expect(b.log().trim()).toBe(
      `This database was used by a newer version of the app (migration ${known + 1}; this version knows ${known}); start that version or restore a backup taken before the upgrade`,
    );
    expect(fs.existsSync(pidFile(dir))).toBe(false);
    const after = new Database(file, { readonly: true });
    expect(after.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()).toBe(
      known + 1,
    );
    after.close();
  });

  it("names the file and the fix when DATA_DIR is not the service's user's to write", async (ctx) => {
    // As root the check runs as nobody, who must be able to run this Node (not so where Node
    // is installed under root's home, as one CI image's second Node is).
    if (!nobodyRunsNode()) ctx.skip();
    const parent = tempDir();
    const dir = path.join(parent, 'data');
    fs.mkdirSync(dir);
    // As root, write permissions do not apply: start as nobody on a folder root owns.
    const root = process.getuid?.() === 0;
    if (root) fs.chmodSync(parent, 0o755);
    else fs.chmodSync(dir, 0o555);
    const s = await start(dir, {}, root ? { uid: 65534, gid: 65534 } : null);
    expect(await s.exited).toBe(1);
    const lines = s.log().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Cannot write the database ${dir}/app\\.db: the folder ${dir} is not writable by .*\\. The service's user must own DATA_DIR and its files \\(see docs/deploy\\.md\\)$`,
      ),
    );
    if (!root) fs.chmodSync(dir, 0o755);
  });

  it("names the file when the database itself is not the service's user's to write", async (ctx) => {
    // As root the check runs as nobody, who must be able to run this Node (not so where Node
    // is installed under root's home, as one CI image's second Node is).
    if (!nobodyRunsNode()) ctx.skip();
    const parent = tempDir();
    fs.chmodSync(parent, 0o755);
    const dir = path.join(parent, 'data');
    fs.mkdirSync(dir);
    const a = await start(dir);
    await serving(a);
    await stop(a);
    const file = path.join(dir, 'app.db');
    // The folder is the service's, the database is not (a copy made with sudo, a chmod).
    const root = process.getuid?.() === 0;
    if (root) {
      fs.chownSync(dir, 65534, 65534);
      fs.chownSync(path.join(dir, 'uploads'), 65534, 65534);
    } else fs.chmodSync(file, 0o444);
    const s = await start(dir, {}, root ? { uid: 65534, gid: 65534 } : null);
    expect(await s.exited).toBe(1);
    expect(s.log().trim()).toMatch(
      new RegExp(
        `^Cannot write the database ${file}: ${file} is not writable by .*; it belongs to uid ${fs.statSync(file).uid}\\. The service's user must own DATA_DIR and its files \\(see docs/deploy\\.md\\)$`,
      ),
    );
    expect(fs.existsSync(pidFile(dir))).toBe(false);
  });
});

/** Whether, as root, the user nobody can start this Node at all (else the refusal is not ours). */
function nobodyRunsNode(): boolean {
  if (process.getuid?.() !== 0) return true;
  const r = spawnSync(process.execPath, ['-e', '0'], { uid: 65534, gid: 65534, timeout: 10_000 });
  return r.status === 0;
}
