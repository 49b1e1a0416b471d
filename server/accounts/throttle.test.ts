import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, type Db, openDb } from '../platform/db';
import {
  type Attempt,
  GateRefused,
  HOUR,
  LoginThrottle,
  type Reservation,
  sweepLoginThrottle,
  type ThrottleOptions,
  VerifyGate,
} from './throttle';

let db: Db;
let now: number;
const clock = () => now;

beforeEach(() => {
  db = openDb(':memory:');
  now = 10 * HOUR;
  db.$client
    .prepare(
      "INSERT INTO account (id, username, password_hash, kind) VALUES ('acc-ana', 'ana', 'x', 'admin')",
    )
    .run();
});
afterEach(() => closeDb(db));

const small: ThrottleOptions = {
  freeFailures: 3,
  maxDelayMs: 60_000,
  maxPerHour: 10,
  strangerPerHour: 6,
  ipMaxFailures: 1000,
  ipWindowMs: 60_000,
};

function attempt(r: Reservation): Attempt {
  if (!r.ok) throw new Error(`throttled for ${r.retryAfterMs} ms`);
  return r.attempt;
}
const waitOf = (r: Reservation) => (r.ok ? 0 : r.retryAfterMs);
/** A wrong password: the reservation simply stays. */
const fail = (t: LoginThrottle, user: string, ip: string, id: string | null = null) =>
  attempt(t.reserve(user, ip, id));

describe('LoginThrottle', () => {
  it('lets the first failures through, then asks one address for growing delays', () => {
    const t = new LoginThrottle(db, small, clock);
    for (let i = 0; i < 3; i++) fail(t, 'ana', '1.1.1.1');
    expect(waitOf(t.reserve('ana', '1.1.1.1', null))).toBe(1000);
    now += 1000;
    fail(t, 'ana', '1.1.1.1');
    expect(waitOf(t.reserve('ANA ', '1.1.1.1', null))).toBe(2000);
    // Another address, and another account from the same address, are not delayed.
    expect(t.reserve('ana', '2.2.2.2', null).ok).toBe(true);
    expect(t.reserve('bob', '1.1.1.1', null).ok).toBe(true);
  });

  it('counts an attempt when it is reserved, before any password is judged', () => {
    const t = new LoginThrottle(db, small, clock);
    // Ten "concurrent" attempts: none has been judged yet, still only the free ones go ahead.
    const answers = Array.from({ length: 10 }, () => t.reserve('ana', '1.1.1.1', null));
    expect(answers.filter((r) => r.ok)).toHaveLength(3);
  });

  it("takes a right password back and forgets that address's delay", () => {
    const t = new LoginThrottle(db, small, clock);
    for (let i = 0; i < 3; i++) fail(t, 'ana', '1.1.1.1');
    expect(t.reserve('ana', '1.1.1.1', 'acc-ana').ok).toBe(false);
    // The owner from elsewhere signs in: their own attempt leaves no trace...
    attempt(t.reserve('ana', '2.2.2.2', 'acc-ana')).succeeded('acc-ana');
    const rows = db.$client
      .prepare("SELECT count(*) FROM login_failure WHERE bucket = 'user:ana'")
      .pluck()
      .get();
    expect(rows).toBe(3);
    // ...and the failures from 1.1.1.1 still delay 1.1.1.1.
    expect(t.reserve('ana', '1.1.1.1', 'acc-ana').ok).toBe(false);
  });

  it('keeps part of the hourly limit for addresses the account signed in from', () => {
    const t = new LoginThrottle(db, small, clock);
    attempt(t.reserve('ana', '9.9.9.9', 'acc-ana')).succeeded('acc-ana');
    // A distributed flood: each address stays within its free failures.
    for (let i = 0; i < 6; i++) fail(t, 'ana', `10.0.0.${i}`, 'acc-ana');
    const stranger = t.reserve('ana', '10.0.1.1', 'acc-ana');
    expect(stranger.ok).toBe(false);
    expect(waitOf(stranger)).toBe(HOUR);
    // The owner's address still gets in, up to the account's 10 an hour.
    for (let i = 0; i < 3; i++) fail(t, 'ana', '9.9.9.9', 'acc-ana');
    now += 60 * 60_000 - 1;
    fail(t, 'ana', '9.9.9.9', 'acc-ana');
    expect(t.reserve('ana', '9.9.9.8', 'acc-ana').ok).toBe(false);
    // Then nobody, until the oldest attempt leaves the hour.
    const full = t.reserve('ana', '9.9.9.9', 'acc-ana');
    expect(full.ok).toBe(false);
    now += 2;
    expect(t.reserve('ana', '9.9.9.9', 'acc-ana').ok).toBe(true);
  });

  it('never lets more than maxPerHour attempts at one account through', () => {
    const t = new LoginThrottle(db, { ...small, strangerPerHour: 10, freeFailures: 100 }, clock);
    let through = 0;
    for (let i = 0; i < 50; i++) if (t.reserve('ana', `10.0.0.${i}`, 'acc-ana').ok) through++;
    expect(through).toBe(10);
  });

  it('limits one address spraying many usernames', () => {
    const t = new LoginThrottle(db, { ...small, ipMaxFailures: 5 }, clock);
    for (let i = 0; i < 5; i++) fail(t, `u${i}`, '1.2.3.4');
    expect(waitOf(t.reserve('fresh', '1.2.3.4', null))).toBe(60_000);
    expect(t.reserve('fresh', '5.6.7.8', null).ok).toBe(true);
  });

  it('takes back an attempt that was never evaluated', () => {
    const t = new LoginThrottle(db, small, clock);
    for (let i = 0; i < 10; i++) attempt(t.reserve('ana', '1.1.1.1', null)).cancel();
    expect(t.reserve('ana', '1.1.1.1', null).ok).toBe(true);
  });

  it('remembers across a restart (a new throttle on the same database)', () => {
    const before = new LoginThrottle(db, small, clock);
    for (let i = 0; i < 3; i++) fail(before, 'ana', '1.1.1.1');
    const after = new LoginThrottle(db, small, clock);
    expect(waitOf(after.reserve('ana', '1.1.1.1', null))).toBe(1000);
  });

  it('sweeps attempts older than an hour and addresses unused for long', () => {
    const t = new LoginThrottle(db, small, clock);
    fail(t, 'ana', '1.1.1.1');
    attempt(t.reserve('ana', '2.2.2.2', 'acc-ana')).succeeded('acc-ana');
    now += HOUR;
    fail(t, 'ana', '1.1.1.1');
    expect(sweepLoginThrottle(db, now)).toEqual({ failures: 4, addresses: 0 });
    expect(sweepLoginThrottle(db, now + 61 * 24 * HOUR)).toEqual({ failures: 4, addresses: 1 });
  });
});

describe('VerifyGate', () => {
  const limits = { verifyConcurrency: 2, verifyQueue: 2, verifyPerAddress: 3 };

  function blocker() {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { task: () => gate, open };
  }

  it('runs a few checks at once, queues a few, and refuses the rest at once', async () => {
    const g = new VerifyGate(limits);
    const b = blocker();
    const slots = ['a', 'b', 'c', 'd'].map((ip) => g.enter(ip));
    expect(g.enter('e')).toBe('busy');
    let started = 0;
    const runs = slots.map((s) => {
      if (typeof s === 'string') throw new Error('refused');
      return s.run(async () => {
        started++;
        await b.task();
      });
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toBe(2);
    expect(g.load()).toEqual({ running: 2, waiting: 2 });
    b.open();
    await Promise.all(runs);
    expect(started).toBe(4);
    expect(g.load()).toEqual({ running: 0, waiting: 0 });
    expect(typeof g.enter('e')).toBe('object');
  });

  it('keeps one address from holding every place', () => {
    const g = new VerifyGate({ ...limits, verifyQueue: 10 });
    for (let i = 0; i < 3; i++) expect(typeof g.enter('flood')).toBe('object');
    expect(g.enter('flood')).toBe('address');
    expect(typeof g.enter('owner')).toBe('object');
  });

  it('serves the owner first and makes room for a fresh address by refusing the flood', async () => {
    const g = new VerifyGate({ verifyConcurrency: 1, verifyQueue: 2, verifyPerAddress: 3 });
    const b = blocker();
    const order: string[] = [];
    const run = (ip: string, known = false) => {
      const s = g.enter(ip, known);
      if (typeof s === 'string') return s;
      return s
        .run(async () => {
          order.push(ip);
          await b.task();
        })
        .then(
          () => 'ran',
          (err) => (err instanceof GateRefused ? 'pushed out' : 'error'),
        );
    };
    const first = run('flood-1');
    // flood-2 was refused once: slow lane.
    g.failed('flood-2');
    g.failed('flood-3');
    const slow = [run('flood-2'), run('flood-3')];
    expect(g.load()).toEqual({ running: 1, waiting: 2 });
    // The queue is full: a fresh address pushes the newest slow waiter out, the owner the next.
    const fresh = run('fresh');
    const owner = run('office', true);
    expect(run('flood-4')).toBe('busy');
    b.open();
    expect(await Promise.all([first, ...slow, fresh, owner])).toEqual([
      'ran',
      'pushed out',
      'pushed out',
      'ran',
      'ran',
    ]);
    expect(order).toEqual(['flood-1', 'office', 'fresh']);
    expect(g.load()).toEqual({ running: 0, waiting: 0 });
    expect(g.refusalReport()).toBe(3);
    expect(g.refusalReport()).toBeNull();
  });
});
