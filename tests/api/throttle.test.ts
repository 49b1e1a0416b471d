import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/platform/config';
import { closeDb, type Db, openDb } from '../../server/platform/db';
import { MAX_BATCH_SIZE } from '../../shared/transport';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer } from '../helpers/factories';
import { ApiClient, type Reply } from '../helpers/http';

// Login throttling measured the way an attacker meets it: the real app over HTTP, many
// requests at once. An attempt whose password was checked answers 401 (wrong) or 200; one
// refused before the check answers 429 (or 503 when the checker is full). Each checked wrong
// password also leaves exactly one `user:<name>` row, a second count of evaluations.

const LOGIN = '/api/users/login';

function failuresOf(db: Db, username: string): number {
  return db.$client
    .prepare('SELECT count(*) FROM login_failure WHERE bucket = ?')
    .pluck()
    .get(`user:${username}`) as number;
}

function tally(replies: Reply[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of replies) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

/**
 * `count` wrong guesses for `username` at once, each on its own connection. `onAnswer` hears
 * how many have been answered so far.
 */
function flood(
  url: string,
  username: string,
  count: number,
  from?: string,
  onAnswer?: (answered: number) => void,
): Promise<Reply[]> {
  const headers: Record<string, string> = from ? { 'x-forwarded-for': from } : {};
  let answered = 0;
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const r = await new ApiClient(url).post(
        LOGIN,
        { username, password: `wrong-guess-${i}` },
        headers,
      );
      onAnswer?.(++answered);
      return r;
    }),
  );
}

describe('parallel wrong guesses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('evaluates at most 10 of 300 parallel wrong guesses for one account', async () => {
    const victim = await makeCustomer(t.db);
    const replies = await flood(t.url, victim.username, 300);
    const counts = tally(replies);
    const evaluated = counts[401] ?? 0;
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(10);
    expect(evaluated + (counts[429] ?? 0) + (counts[503] ?? 0)).toBe(300);
    expect(failuresOf(t.db, victim.username)).toBe(evaluated);
    const refused = replies.filter((r) => r.status === 429) as Reply<{
      code: string;
      params: { seconds: number };
    }>[];
    // Refused for the failures counted, or while the password checks were full: each says which.
    const codes = new Set(refused.map((r) => r.body.code));
    expect(codes.has('auth.tooManyAttempts')).toBe(true);
    expect([...codes].every((c) => c === 'auth.tooManyAttempts' || c === 'auth.signInBusy')).toBe(
      true,
    );
    expect(refused.every((r) => r.body.params.seconds >= 1)).toBe(true);
  });

  it('right passwords from one address at once are never told of failed attempts', async () => {
    // One password check at a time from an address: the others meet a full gate.
    const narrow = await startTestApp({ throttle: { verifyPerAddress: 1 } });
    const people = await Promise.all(Array.from({ length: 8 }, () => makeCustomer(narrow.db)));
    const replies = await Promise.all(
      people.map((p) =>
        new ApiClient(narrow.url).post<{ code?: string }>(
          LOGIN,
          { username: p.username, password: p.password },
          { 'x-forwarded-for': '198.51.100.77' },
        ),
      ),
    );
    await narrow.close();
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body.code).toBe('auth.signInBusy');
    }
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThan(0);
  });

  it('counts before checking even when the password checker would take every guess', async () => {
    // With the gate wide open, only the reservation stands between the flood and argon2.
    const wide = await startTestApp({ throttle: { verifyPerAddress: 1000, verifyQueue: 1000 } });
    try {
      const victim = await makeCustomer(wide.db);
      const counts = tally(await flood(wide.url, victim.username, 300));
      expect(counts[401] ?? 0).toBeGreaterThan(0);
      expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
      expect(failuresOf(wide.db, victim.username)).toBe(counts[401]);
    } finally {
      await wide.close();
    }
  });

  it('evaluates unknown usernames the same way', async () => {
    const replies = await flood(t.url, 'nobody-at-all', 100);
    const evaluated = tally(replies)[401] ?? 0;
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated).toBeLessThanOrEqual(10);
  });
});

describe('tRPC batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  type BatchError = Array<{ error?: { data: { appCode: string; httpStatus: number } } }>;

  function batch(url: string, calls: string[], inputs: unknown[]) {
    const body = Object.fromEntries(inputs.map((input, i) => [String(i), input]));
    return new ApiClient(url).post<BatchError>(`/trpc/${calls.join(',')}?batch=1`, body);
  }

  it('refuses a batch of 20 logins without checking one password', async () => {
    const owner = await makeAdmin(t.db);
    const inputs = Array.from({ length: 20 }, (_, i) => ({
      username: owner.username,
      password: i === 19 ? owner.password : `wrong-${i}`,
    }));
    const r = await batch(t.url, Array(20).fill('auth.login'), inputs);
    expect(r.status).toBe(400);
    expect(r.headers.getSetCookie()).toEqual([]);
    expect(JSON.stringify(r.body)).not.toContain('"token"');
    expect(failuresOf(t.db, owner.username)).toBe(0);
  });

  it('refuses auth.login batched with anything, even within the size cap', async () => {
    const owner = await makeAdmin(t.db);
    const right = { username: owner.username, password: owner.password };
    for (const calls of [
      ['auth.login', 'auth.login'],
      ['auth.logout', 'auth.login'],
    ]) {
      const r = await batch(t.url, calls, [right, right]);
      expect(r.status).toBe(400);
      expect(r.headers.getSetCookie()).toEqual([]);
      expect(r.body.map((x) => x.error?.data.appCode)).toEqual([
        'auth.loginNotBatched',
        'auth.loginNotBatched',
      ]);
    }
    // A login on its own still works, and other calls still batch.
    const alone = await new ApiClient(t.url).post<{ result: { data: { username: string } } }>(
      '/trpc/auth.login',
      right,
    );
    expect(alone.status).toBe(200);
    const reads = await new ApiClient(t.url).get<unknown[]>(
      `/trpc/${Array(MAX_BATCH_SIZE).fill('auth.session').join(',')}?batch=1&input=${encodeURIComponent('{}')}`,
    );
    expect(reads.status).toBe(200);
    expect(reads.body).toHaveLength(MAX_BATCH_SIZE);
    const tooMany = await new ApiClient(t.url).get(
      `/trpc/${Array(MAX_BATCH_SIZE + 1)
        .fill('auth.session')
        .join(',')}?batch=1&input=${encodeURIComponent('{}')}`,
    );
    expect(tooMany.status).toBe(400);
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' }, throttle: { ipMaxFailures: 5 } });
  });
  afterAll(() => t.close());

  it('signs the owner in from another address during a flood on the same account', async () => {
    const owner = await makeAdmin(t.db);
    // The proxy (this test's loopback socket) appends the address it saw.
    let underWay!: () => void;
    const started = new Promise<void>((resolve) => {
      underWay = resolve;
    });
    const attack = flood(t.url, owner.username, 300, '203.0.113.7', (n) => {
      if (n === 30) underWay();
    });
    // Sign in while the flood is being answered (its first guesses are still being checked).
    await started;
    const signIn = await new ApiClient(t.url).post<{ username: string }>(
      LOGIN,
      { username: owner.username, password: owner.password },
      { 'x-forwarded-for': '198.51.100.20' },
    );
    const counts = tally(await attack);
    expect(signIn.status).toBe(200);
    expect(signIn.body.username).toBe(owner.username);
    expect(counts[200] ?? 0).toBe(0);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
    // And the flood did not lock the owner out for the hour: again, from a third address.
    const later = await new ApiClient(t.url).post(
      LOGIN,
      { username: owner.username, password: owner.password },
      { 'x-forwarded-for': '192.0.2.55' },
    );
    expect(later.status).toBe(200);
  });

  it('takes the address from the right of X-Forwarded-For, so spoofing it does not help', async () => {
    const c = new ApiClient(t.url);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // The client writes any address it likes at the left; the proxy appends the real one.
      const r = await c.post(
        LOGIN,
        { username: `sprayed-${i}`, password: 'wrong-guess' },
        { 'x-forwarded-for': `10.9.${i}.${i}, 203.0.113.99` },
      );
      statuses.push(r.status);
    }
    // Five failures from 203.0.113.99 (the per-IP cap here), then refused.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Another real client behind the same proxy is not affected.
    const other = await c.post(
      LOGIN,
      { username: 'sprayed-0', password: 'wrong-guess' },
      { 'x-forwarded-for': '203.0.113.100' },
    );
    expect(other.status).toBe(401);
  });

  it('still believes X-Forwarded-Proto from the proxy (Secure cookie, HSTS)', async () => {
    const a = await makeAdmin(t.db);
    const r = await new ApiClient(t.url).post(
      LOGIN,
      { username: a.username, password: a.password },
      {
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '198.51.100.77',
        origin: t.url.replace('http:', 'https:'),
      },
    );
    expect(r.status).toBe(200);
    expect(r.headers.getSetCookie().join('\n')).toMatch(/^__Host-session=.*Secure/);
    expect(r.headers.get('strict-transport-security')).toBeTruthy();
  });
});

describe('without a proxy (TRUST_PROXY unset)', () => {
  it('ignores X-Forwarded-For altogether', async () => {
    const t = await startTestApp({ throttle: { ipMaxFailures: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await new ApiClient(t.url).post(
          LOGIN,
          { username: `sprayed-${i}`, password: 'wrong-guess' },
          { 'x-forwarded-for': `10.8.${i}.1` },
        );
        statuses.push(r.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('across a restart', () => {
  it('keeps the throttle state in the database file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-throttle-'));
    const config = configFromEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const start = async () => {
      const db = openDb(config.dbPath);
      const app = await buildApp({ db, config, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      return { db, app, url: `http://127.0.0.1:${address.port}` };
    };
    try {
      const first = await start();
      const victim = await makeCustomer(first.db);
      const c = new ApiClient(first.url);
      for (let i = 0; i < 5; i++) {
        const r = await c.post(LOGIN, { username: victim.username, password: 'wrong-guess' });
        expect(r.status).toBe(401);
      }
      expect((await c.post(LOGIN, { username: victim.username, password: 'x-wrong' })).status).toBe(
        429,
      );
      await first.app.close();
      closeDb(first.db);

      const second = await start();
      try {
        const r = await new ApiClient(second.url).post<{ code: string }>(LOGIN, {
          username: victim.username,
          password: victim.password,
        });
        expect(r.status).toBe(429);
        expect(r.body.code).toBe('auth.tooManyAttempts');
      } finally {
        await second.app.close();
        closeDb(second.db);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
