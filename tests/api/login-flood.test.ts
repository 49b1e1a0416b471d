import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUST_PROXY_WARNING } from '../../server/app';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer } from '../helpers/factories';
import { ApiClient, type Reply } from '../helpers/http';

// A login flood from many addresses, through the proxy the server is told about (this test's
// loopback socket), while the business's real people sign in (docs/decisions/024).

const LOGIN = '/api/users/login';

interface Flood {
  /** Every answer so far, by status. */
  counts: Record<number, number>;
  answered: number;
  /** Answers so far, per attacking address. */
  perAddress: number[];
  stop(): Promise<void>;
}

/**
 * `addresses` attackers, each sending wrong guesses one after another (spraying usernames,
 * and now and then the owner's) until stopped.
 */
function startFlood(url: string, addresses: number, owner: string): Flood {
  let stopped = false;
  const counts: Record<number, number> = {};
  const perAddress = new Array<number>(addresses).fill(0);
  const flood: Flood = { counts, answered: 0, perAddress, stop: async () => {} };
  const workers = Array.from({ length: addresses }, async (_, a) => {
    const from = `203.0.${a >> 8}.${a & 255}`;
    const c = new ApiClient(url);
    for (let i = 0; !stopped && i < 200; i++) {
      const username = i % 5 === 0 ? owner : `sprayed-${a}-${i}`;
      const r = await c.post(
        LOGIN,
        { username, password: `guess-${i}` },
        { 'x-forwarded-for': from },
      );
      counts[r.status] = (counts[r.status] ?? 0) + 1;
      flood.answered++;
      perAddress[a] = (perAddress[a] ?? 0) + 1;
    }
  });
  flood.stop = async () => {
    stopped = true;
    await Promise.all(workers);
  };
  return flood;
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

/** Signs in, and counts the flood's password checks answered meanwhile (its 401s). */
async function loginDuring(
  flood: Flood,
  url: string,
  who: { username: string; password: string },
  from: string,
): Promise<{ reply: Reply<{ username: string }>; floodChecksMeanwhile: number }> {
  const checksBefore = flood.counts[401] ?? 0;
  const reply = await new ApiClient(url).post<{ username: string }>(
    LOGIN,
    { username: who.username, password: who.password },
    { 'x-forwarded-for': from },
  );
  return { reply, floodChecksMeanwhile: (flood.counts[401] ?? 0) - checksBefore };
}

describe('a login flood from 300 addresses through the named proxy', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp({
      env: { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' },
      log: (line) => lines.push(line),
    });
  });
  afterAll(() => t.close());

  it('lets the real people in ahead of the queue, and logs a bounded number of lines', {
    timeout: 120_000,
  }, async () => {
    const owner = await makeAdmin(t.db);
    const customer = await makeCustomer(t.db);
    // The owner has signed in from the office before; the customer's phone is new.
    const before = await new ApiClient(t.url).post(
      LOGIN,
      { username: owner.username, password: owner.password },
      { 'x-forwarded-for': '198.51.100.20' },
    );
    expect(before.status).toBe(200);
    const linesBefore = lines.length;

    const flood = startFlood(t.url, 300, owner.username);
    try {
      // Under way: every attacking address has had two answers. Its first try may have been
      // refused by the owner's per-hour share before reaching the password checks; its second
      // (a sprayed name) was a wrong password or a full queue, so each address now waits in the
      // slow lane, as a flood does after its first minute.
      await until(() => flood.perAddress.every((n) => n >= 2));
      const [office, phone] = await Promise.all([
        loginDuring(flood, t.url, owner, '198.51.100.20'),
        loginDuring(flood, t.url, customer, '198.51.100.30'),
      ]);
      expect(office.reply.status).toBe(200);
      expect(office.reply.body.username).toBe(owner.username);
      expect(phone.reply.status).toBe(200);
      expect(phone.reply.body.username).toBe(customer.username);
      // Served ahead of the flood's queue: its 32 waiting checks would all come first in
      // arrival order. Here only the checks already running and the answers on their way
      // finish meanwhile (8 on this machine, every run).
      expect(office.floodChecksMeanwhile).toBeLessThanOrEqual(12);
      expect(phone.floodChecksMeanwhile).toBeLessThanOrEqual(12);
    } finally {
      await flood.stop();
    }
    expect(flood.counts[200] ?? 0).toBe(0);
    expect(flood.counts[500] ?? 0).toBe(0);
    expect(flood.counts[503] ?? 0).toBe(0);
    // Hundreds of refused attempts, a handful of lines (a summary a minute at most).
    expect(flood.answered).toBeGreaterThan(300);
    const logged = lines.slice(linesBefore);
    expect(logged.length, logged.slice(0, 5).join('')).toBeLessThanOrEqual(5);
  });
});

describe('who may set the client address', () => {
  it('ignores X-Forwarded-For from a peer that is not the named proxy', async () => {
    // The proxy is 10.0.0.1; this test connects from 127.0.0.1, as an attacker reaching the
    // port directly would.
    const t = await startTestApp({
      env: { TRUST_PROXY: '10.0.0.1' },
      throttle: { ipMaxFailures: 3 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await new ApiClient(t.url).post(
          LOGIN,
          { username: `sprayed-${i}`, password: 'wrong-guess' },
          { 'x-forwarded-for': `10.7.${i}.1` },
        );
        statuses.push(r.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('warns at start when TRUST_PROXY is a hop count instead of the proxy addresses', async () => {
    for (const [value, warned] of [
      ['1', true],
      ['true', true],
      ['127.0.0.1', false],
    ] as const) {
      const lines: string[] = [];
      const t = await startTestApp({ env: { TRUST_PROXY: value }, log: (l) => lines.push(l) });
      await t.close();
      const warnings = lines.filter((l) => l.includes(TRUST_PROXY_WARNING.slice(0, 40)));
      expect(warnings.length, value).toBe(warned ? 1 : 0);
    }
  });
});
