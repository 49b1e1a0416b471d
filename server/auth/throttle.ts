// Login throttling, in memory: the app runs as one process on one box.
// Per username: after a few failures each further try must wait a growing delay, and at most
// `maxPerHour` failures an hour are accepted at all. Per IP: a cap on failures in a window,
// so one client cannot spray many usernames.

export interface ThrottleOptions {
  freeFailures: number;
  maxDelayMs: number;
  maxPerHour: number;
  ipMaxFailures: number;
  ipWindowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  freeFailures: 5,
  maxDelayMs: 5 * 60 * 1000,
  maxPerHour: 100,
  ipMaxFailures: 300,
  ipWindowMs: 15 * 60 * 1000,
};

const HOUR = 60 * 60 * 1000;

export class LoginThrottle {
  private byUser = new Map<string, number[]>();
  private byIp = new Map<string, number[]>();

  constructor(private readonly opts: ThrottleOptions = DEFAULT_THROTTLE) {}

  /** Milliseconds the caller must wait before trying again, or 0. */
  retryAfterMs(username: string, ip: string, now = Date.now()): number {
    const user = this.recent(this.byUser, username.toLowerCase(), now - HOUR);
    const ipFails = this.recent(this.byIp, ip, now - this.opts.ipWindowMs);
    let wait = 0;
    if (ipFails.length >= this.opts.ipMaxFailures) {
      wait = Math.max(wait, (ipFails[0] ?? now) + this.opts.ipWindowMs - now);
    }
    if (user.length >= this.opts.maxPerHour) {
      wait = Math.max(wait, (user[0] ?? now) + HOUR - now);
    } else if (user.length >= this.opts.freeFailures) {
      const delay = Math.min(
        1000 * 2 ** (user.length - this.opts.freeFailures),
        this.opts.maxDelayMs,
      );
      wait = Math.max(wait, (user[user.length - 1] ?? now) + delay - now);
    }
    return Math.max(0, wait);
  }

  fail(username: string, ip: string, now = Date.now()): void {
    this.push(this.byUser, username.toLowerCase(), now);
    this.push(this.byIp, ip, now);
  }

  succeed(username: string): void {
    this.byUser.delete(username.toLowerCase());
  }

  private recent(map: Map<string, number[]>, key: string, since: number): number[] {
    const list = map.get(key);
    if (!list) return [];
    while (list.length && (list[0] ?? 0) <= since) list.shift();
    if (!list.length) map.delete(key);
    return list;
  }

  private push(map: Map<string, number[]>, key: string, now: number): void {
    const list = map.get(key) ?? [];
    list.push(now);
    map.set(key, list);
    // Bound memory under a flood of distinct keys.
    if (map.size > 50_000) {
      const first = map.keys().next().value;
      if (first !== undefined) map.delete(first);
    }
  }
}
