import type { Db } from '../platform/db';
import { prepared } from '../platform/prepared';

// Login throttling (docs/decisions/010). Every attempt is counted BEFORE its password is
// checked: the check and the reservation are one synchronous IMMEDIATE transaction, so
// concurrent requests (parallel connections, a tRPC batch) see each other. A right password
// takes its reservation back; a wrong one leaves it as a failure. State lives in SQLite
// (`login_failure`, `login_address`) and survives a restart.
//
// Limits, per attempt:
// - per (address, username): a few free failures, then each try waits a growing delay after
//   the previous one. One address hammering an account slows only itself.
// - per username, from everywhere: at most `maxPerHour` attempts an hour are evaluated. Of
//   those, addresses that have not signed in to the account lately share only
//   `strangerPerHour`, so a distributed flood cannot use up the owner's share.
// - per address, over all usernames: `ipMaxFailures` in `ipWindowMs` (password spraying).
// Password checks (argon2, ~19 MiB and a core each) also pass a small gate: a few at once, a
// bounded queue served by lanes, a few per address, so a flood is refused quickly and never
// starves the owner's usual address or a newcomer (docs/decisions/024).

export interface ThrottleLimits {
  /** Failures per (address, username) an hour before delays start. */
  freeFailures: number;
  /** The delay starts at 1 s and doubles with each further failure, up to this. */
  maxDelayMs: number;
  /** Attempts per username an hour that are evaluated at all (DESIGN §1: 100). */
  maxPerHour: number;
  /** Of `maxPerHour`, how many addresses without a recent sign-in to the account may use. */
  strangerPerHour: number;
  /** An address that signed in to an account within this long counts as the owner's. */
  knownAddressMs: number;
  /** Failures per address over all usernames within `ipWindowMs` (at most an hour). */
  ipMaxFailures: number;
  ipWindowMs: number;
  /** Password checks running at once. */
  verifyConcurrency: number;
  /** Checks waiting for a turn; beyond this a login is answered "busy" at once. */
  verifyQueue: number;
  /** Checks running or waiting per address. */
  verifyPerAddress: number;
  /** Passwords one office account may reset in an hour (ADR 024). */
  resetsPerHour: number;
}

/** What tests and the app may override; the rest are the defaults. */
export type ThrottleOptions = Partial<ThrottleLimits>;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_THROTTLE: ThrottleLimits = {
  freeFailures: 5,
  maxDelayMs: 5 * MINUTE,
  maxPerHour: 100,
  strangerPerHour: 80,
  knownAddressMs: 60 * DAY,
  ipMaxFailures: 300,
  ipWindowMs: 15 * MINUTE,
  verifyConcurrency: 2,
  verifyQueue: 32,
  verifyPerAddress: 4,
  resetsPerHour: 30,
};

/** Rows older than this count in no window; the housekeeping sweep deletes them. */
export const FAILURE_KEEP_MS = HOUR;

export type Reservation =
  | { ok: true; attempt: Attempt; known: boolean }
  | { ok: false; retryAfterMs: number };

/** A counted attempt whose password has not been judged yet. */
export interface Attempt {
  /** The password was right: this attempt was no failure, and this address starts afresh. */
  succeeded(accountId: string): void;
  /** The password was never checked (server busy): the attempt does not count. */
  cancel(): void;
}

interface Buckets {
  user: string;
  stranger: string;
  pair: string;
  ip: string;
}

function bucketsOf(username: string, ip: string): Buckets {
  const name = username.trim().toLowerCase();
  // An address never contains a space, so `pair:` keys cannot collide.
  return {
    user: `user:${name}`,
    stranger: `stranger:${name}`,
    pair: `pair:${ip} ${name}`,
    ip: `ip:${ip}`,
  };
}

export class LoginThrottle {
  readonly limits: ThrottleLimits;
  readonly gate: VerifyGate;

  constructor(
    private readonly db: Db,
    options: ThrottleOptions = {},
    private readonly clock: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_THROTTLE, ...options };
    this.limits.ipWindowMs = Math.min(this.limits.ipWindowMs, FAILURE_KEEP_MS);
    this.gate = new VerifyGate(this.limits, clock);
  }

  /**
   * Checks every limit and, when the attempt may go ahead, counts it as a failure in the same
   * synchronous transaction. `accountId` is the account the username names, if any.
   */
  reserve(username: string, ip: string, accountId: string | null): Reservation {
    const now = this.clock();
    const b = bucketsOf(username, ip);
    const s = this.statements();
    const run = this.db.$client.transaction((): Reservation => {
      const known =
        accountId !== null &&
        s.knownAddress.get(accountId, ip, now - this.limits.knownAddressMs) !== undefined;
      const wait = Math.max(
        this.delayWait(b.pair, now),
        this.capWait(b.user, this.limits.maxPerHour, HOUR, now),
        known ? 0 : this.capWait(b.stranger, this.limits.strangerPerHour, HOUR, now),
        this.capWait(b.ip, this.limits.ipMaxFailures, this.limits.ipWindowMs, now),
      );
      if (wait > 0) return { ok: false, retryAfterMs: wait };
      const buckets = known ? [b.user, b.pair, b.ip] : [b.user, b.stranger, b.pair, b.ip];
      const ids = buckets.map((bucket) => Number(s.insert.run(bucket, now).lastInsertRowid));
      return { ok: true, attempt: this.attempt(ids, b, ip), known };
    });
    return run.immediate();
  }

  /**
   * Counts one use of `bucket` if fewer than `cap` were counted in the last `windowMs` (at most
   * an hour: older rows are swept), else says how long to wait. For the office's password
   * resets (ADR 024); one synchronous transaction like `reserve`.
   */
  cap(
    bucket: string,
    cap: number,
    windowMs = HOUR,
  ): { ok: true } | { ok: false; retryAfterMs: number } {
    const now = this.clock();
    const window = Math.min(windowMs, FAILURE_KEEP_MS);
    const run = this.db.$client.transaction(() => {
      const wait = this.capWait(bucket, cap, window, now);
      if (wait > 0) return { ok: false as const, retryAfterMs: wait };
      this.statements().insert.run(bucket, now);
      return { ok: true as const };
    });
    return run.immediate();
  }

  private attempt(ids: number[], b: Buckets, ip: string): Attempt {
    const s = this.statements();
    const takeBack = () => {
      for (const id of ids) s.deleteId.run(id);
    };
    return {
      cancel: () => takeBack(),
      succeeded: (accountId) => {
        this.db.$client
          .transaction(() => {
            takeBack();
            // The owner's earlier typos from this address no longer delay it. Failures from
            // elsewhere, and this address's share of the per-IP cap, stay.
            s.deleteBucket.run(b.pair);
            s.rememberAddress.run(accountId, ip, this.clock());
          })
          .immediate();
      },
    };
  }

  /** Growing delay after `freeFailures` failures in the last hour. */
  private delayWait(bucket: string, now: number): number {
    const { n, last } = this.statements().stats.get(bucket, now - HOUR) ?? { n: 0, last: null };
    if (n < this.limits.freeFailures || last === null) return 0;
    const delay = Math.min(SECOND * 2 ** (n - this.limits.freeFailures), this.limits.maxDelayMs);
    return Math.max(0, last + delay - now);
  }

  /** At most `cap` in the window: wait until enough of the oldest have left it. */
  private capWait(bucket: string, cap: number, windowMs: number, now: number): number {
    const s = this.statements();
    const since = now - windowMs;
    const n = s.stats.get(bucket, since)?.n ?? 0;
    if (n < cap) return 0;
    const leaving = s.nth.get(bucket, since, n - cap);
    return Math.max(1, (leaving ?? now) + windowMs - now);
  }

  private statements() {
    const $ = this.db.$client;
    return prepared(this.db, 'throttle.statements', () => ({
      stats: $.prepare<[string, number], { n: number; last: number | null }>(
        'SELECT count(*) AS n, max(at_ms) AS last FROM login_failure WHERE bucket = ? AND at_ms > ?',
      ),
      nth: $.prepare<[string, number, number], number>(
        'SELECT at_ms FROM login_failure WHERE bucket = ? AND at_ms > ? ORDER BY at_ms LIMIT 1 OFFSET ?',
      ).pluck(),
      insert: $.prepare<[string, number]>(
        'INSERT INTO login_failure (bucket, at_ms) VALUES (?, ?)',
      ),
      deleteId: $.prepare<[number]>('DELETE FROM login_failure WHERE id = ?'),
      deleteBucket: $.prepare<[string]>('DELETE FROM login_failure WHERE bucket = ?'),
      knownAddress: $.prepare<[string, string, number], number>(
        'SELECT 1 FROM login_address WHERE account_id = ? AND ip = ? AND last_ok_ms > ?',
      ).pluck(),
      rememberAddress: $.prepare<[string, string, number]>(
        `INSERT INTO login_address (account_id, ip, last_ok_ms) VALUES (?, ?, ?)
         ON CONFLICT (account_id, ip) DO UPDATE SET last_ok_ms = excluded.last_ok_ms`,
      ),
    }));
  }
}

/** Deletes failures that count in no window and addresses not used for sign-in lately. */
export function sweepLoginThrottle(
  db: Db,
  nowMs: number,
  knownAddressMs = DEFAULT_THROTTLE.knownAddressMs,
): { failures: number; addresses: number } {
  const $ = db.$client;
  const failures = $.prepare('DELETE FROM login_failure WHERE at_ms <= ?').run(
    nowMs - FAILURE_KEEP_MS,
  ).changes;
  const addresses = $.prepare('DELETE FROM login_address WHERE last_ok_ms <= ?').run(
    nowMs - knownAddressMs,
  ).changes;
  return { failures, addresses };
}

/** A place in the password-check gate. */
export interface VerifySlot {
  /**
   * Waits for a turn, runs `task`, then frees the place. Rejects with `GateRefused` (without
   * running `task`) when a caller in a better lane took this place in the queue.
   */
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** A waiting check pushed out of a full queue by a caller in a better lane. */
export class GateRefused extends Error {
  constructor() {
    super('password check refused: the queue is full');
  }
}

/**
 * The queue's lanes, served in this order (docs/decisions/024): 0, an address that signed in
 * to this account lately (the owner's usual place); 1, an address the gate has not had to
 * refuse or fail lately; 2, one it has (a flood's addresses, after their first try).
 */
export type GateLane = 0 | 1 | 2;

interface Waiter {
  ip: string;
  go(): void;
  refuse(): void;
}

/** How long an address stays in the slow lane after a refusal or a wrong password. */
export const SLOW_LANE_MS = 60 * 1000;
/** Addresses remembered for the slow lane at once (the oldest are forgotten first). */
const SLOW_LANE_KEPT = 20_000;
/** At most one summary line of refused logins in this long. */
export const REFUSAL_REPORT_MS = 60 * 1000;

/**
 * Bounds the argon2 work: `verifyConcurrency` checks at once, `verifyQueue` waiting, and at
 * most `verifyPerAddress` running or waiting per address. `enter` answers synchronously, so a
 * refused login costs nothing and the queue cannot grow without limit. The queue is served by
 * lane (`GateLane`), and a full queue makes room for a better lane by refusing the newest
 * waiter of the worst one: a flood fills only the slow lane and never starves the others.
 */
export class VerifyGate {
  private running = 0;
  private readonly lanes: [Waiter[], Waiter[], Waiter[]] = [[], [], []];
  private readonly perAddress = new Map<string, number>();
  /** Address -> until when it is in the slow lane. */
  private readonly slow = new Map<string, number>();
  private refusedCount = 0;
  private lastReportMs = 0;

  constructor(
    private readonly limits: Pick<
      ThrottleLimits,
      'verifyConcurrency' | 'verifyQueue' | 'verifyPerAddress'
    >,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The lane a caller from `ip` joins; `known`: the address signed in to this account lately. */
  laneOf(ip: string, known: boolean): GateLane {
    if (known) return 0;
    const until = this.slow.get(ip);
    return until !== undefined && until > this.clock() ? 2 : 1;
  }

  /** A place, or why there is none: `address` (this address has enough going), `busy`. */
  enter(ip: string, known = false): VerifySlot | 'address' | 'busy' {
    const mine = this.perAddress.get(ip) ?? 0;
    if (mine >= this.limits.verifyPerAddress) return this.refused(ip, 'address');
    const lane = this.laneOf(ip, known);
    const runsNow = this.running < this.limits.verifyConcurrency;
    if (!runsNow && this.waitingCount() >= this.limits.verifyQueue) {
      // Full: a worse lane gives up its newest waiter, or this caller is refused.
      const worst = this.worstLaneBelow(lane);
      if (worst === null) return this.refused(ip, 'busy');
      const pushedOut = this.lanes[worst].pop() as Waiter;
      pushedOut.refuse();
    }
    this.perAddress.set(ip, mine + 1);
    let turn: Promise<void>;
    if (runsNow) {
      this.running++;
      turn = Promise.resolve();
    } else {
      turn = new Promise<void>((go, refuse) =>
        this.lanes[lane].push({ ip, go: () => go(), refuse: () => refuse(new GateRefused()) }),
      );
      // Refused before `run` is called is still handled there.
      turn.catch(() => {});
    }
    let used = false;
    return {
      run: async <T>(task: () => Promise<T>): Promise<T> => {
        if (used) throw new Error('A verify slot runs once');
        used = true;
        try {
          await turn;
        } catch (err) {
          this.release(ip);
          this.refused(ip, 'busy');
          throw err;
        }
        try {
          return await task();
        } finally {
          this.release(ip);
          this.handOver();
        }
      },
    };
  }

  /** A wrong password from `ip`: its next tries wait in the slow lane. */
  failed(ip: string): void {
    this.slowDown(ip);
  }

  /** A right password from `ip`: it leaves the slow lane. */
  succeeded(ip: string): void {
    this.slow.delete(ip);
  }

  /**
   * How many logins were refused since the last report, when a report is due (at most one
   * per `REFUSAL_REPORT_MS`), else null. A flood's refusals are one line a minute, not one each.
   */
  refusalReport(): number | null {
    if (this.refusedCount === 0) return null;
    const now = this.clock();
    if (now - this.lastReportMs < REFUSAL_REPORT_MS) return null;
    const n = this.refusedCount;
    this.refusedCount = 0;
    this.lastReportMs = now;
    return n;
  }

  /** Checks running and waiting, for tests and diagnostics. */
  load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount() };
  }

  private refused<R>(ip: string, why: R): R {
    this.refusedCount++;
    this.slowDown(ip);
    return why;
  }

  private slowDown(ip: string): void {
    this.slow.delete(ip);
    this.slow.set(ip, this.clock() + SLOW_LANE_MS);
    if (this.slow.size > SLOW_LANE_KEPT) {
      const oldest = this.slow.keys().next().value;
      if (oldest !== undefined) this.slow.delete(oldest);
    }
  }

  private waitingCount(): number {
    return this.lanes[0].length + this.lanes[1].length + this.lanes[2].length;
  }

  private worstLaneBelow(lane: GateLane): GateLane | null {
    for (let l = 2; l > lane; l--) if (this.lanes[l as GateLane].length > 0) return l as GateLane;
    return null;
  }

  private release(ip: string): void {
    const mine = (this.perAddress.get(ip) ?? 1) - 1;
    if (mine > 0) this.perAddress.set(ip, mine);
    else this.perAddress.delete(ip);
  }

  /** Hands the place straight to the best waiter, so `running` never exceeds the limit. */
  private handOver(): void {
    const next = this.lanes[0].shift() ?? this.lanes[1].shift() ?? this.lanes[2].shift();
    if (next) next.go();
    else this.running--;
  }
}
