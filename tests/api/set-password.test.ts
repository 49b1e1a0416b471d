import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// `npm run set-password -- <username>` on the box's real database file, while the server runs
// on it (WAL): the old password stops working, the new one signs in over HTTP, and the
// account's sessions end at once (the server's session cache follows the database).

let t: TestApp;
let admin: { username: string; password: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeAdmin(t.db, { username: 'owner', password: 'first-password-1' });
});
afterAll(() => t.close());

/** The script as `npm run set-password -- <args>` runs it, with `stdin` piped in. */
function setPassword(args: string[], stdin: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/set-password.ts', ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: t.config.dataDir },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
}

const signIn = (username: string, password: string) =>
  new ApiClient(t.url).post('/api/users/login', { username, password });

describe('npm run set-password', () => {
  it('sets a new password while the server runs and ends the sessions of that login', async () => {
    const signedIn = new ApiClient(t.url);
    await signedIn.login(admin.username, admin.password);
    expect((await signedIn.get('/trpc/auth.profile')).status).toBe(200);

    // Usernames compare as people type them; the line's end is not part of the password.
    const r = await setPassword(['OWNER'], 'a new  password 2026\n');
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('The password of "owner" (admin) is changed; 1 session of it ended');

    expect((await signedIn.get('/trpc/auth.profile')).status).toBe(401);
    expect((await signIn('owner', admin.password)).status).toBe(401);
    expect((await signIn('owner', 'a new  password 2026')).status).toBe(200);

    const trail = t.db.$client
      .prepare(
        "SELECT actor_name, after FROM audit_entry WHERE entity = 'admin' ORDER BY rowid DESC LIMIT 1",
      )
      .get() as { actor_name: string; after: string };
    expect(trail.actor_name).toBe('npm run set-password');
    expect(trail.after).not.toContain('2026');
  });

  it('refuses a password the app would refuse, and changes nothing', async () => {
    const r = await setPassword(['owner'], 'short\n');
    expect(r.code).toBe(1);
    expect(r.out).toContain('The password needs at least 8 characters. Nothing was changed.');
    expect((await signIn('owner', 'a new  password 2026')).status).toBe(200);
  });

  it('names a login that does not exist, and says how it is called', async () => {
    const r = await setPassword(['nobody'], 'long-enough-password\n');
    expect(r.code).toBe(1);
    expect(r.out).toContain('No login named "nobody"');
    const usage = await setPassword([], '');
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('Usage: npm run set-password -- <username>');
  });
});
