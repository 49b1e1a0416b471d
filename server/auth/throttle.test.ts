import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './throttle';

describe('LoginThrottle', () => {
  const opts = {
    freeFailures: 3,
    maxDelayMs: 60_000,
    maxPerHour: 10,
    ipMaxFailures: 1000,
    ipWindowMs: 60_000,
  };

  it('lets the first failures through, then asks for growing delays', () => {
    const t = new LoginThrottle(opts);
    const now = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(t.retryAfterMs('ana', 'ip', now)).toBe(0);
      t.fail('ana', 'ip', now);
    }
    expect(t.retryAfterMs('ana', 'ip', now)).toBe(1000);
    t.fail('ana', 'ip', now + 1000);
    expect(t.retryAfterMs('ana', 'ip', now + 1000)).toBe(2000);
    expect(t.retryAfterMs('other', 'ip', now)).toBe(0);
  });

  it('caps failures per hour and forgets after success', () => {
    const t = new LoginThrottle(opts);
    let now = 0;
    for (let i = 0; i < 10; i++) {
      now += 61_000;
      t.fail('Bob', 'ip', now);
    }
    expect(t.retryAfterMs('bob', 'ip', now + 61_000)).toBeGreaterThan(0);
    t.succeed('bob');
    expect(t.retryAfterMs('bob', 'ip', now)).toBe(0);
  });

  it('limits one IP spraying many usernames', () => {
    const t = new LoginThrottle({ ...opts, ipMaxFailures: 5 });
    for (let i = 0; i < 5; i++) t.fail(`u${i}`, '1.2.3.4', 100);
    expect(t.retryAfterMs('fresh', '1.2.3.4', 200)).toBeGreaterThan(0);
    expect(t.retryAfterMs('fresh', '5.6.7.8', 200)).toBe(0);
  });
});
