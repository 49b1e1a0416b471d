import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors';
import { deliveredTime } from './deliver';

const now = new Date('2026-11-23T10:00:00.000Z');
const codeOf = (f: () => unknown) => {
  try {
    f();
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? e.appCode : 'other';
  }
};

describe('deliveredTime', () => {
  it('keeps the tap time sent from the phone', () => {
    expect(deliveredTime('2026-11-23T08:15:00.000Z', now)).toBe('2026-11-23T08:15:00.000Z');
    expect(deliveredTime('2026-11-23T17:15:00+09:00', now)).toBe('2026-11-23T08:15:00.000Z');
  });
  it('is now when nothing is sent', () => {
    expect(deliveredTime(undefined, now)).toBe(now.toISOString());
  });
  it('allows a small clock skew but never records a time after now', () => {
    expect(deliveredTime('2026-11-23T10:03:00.000Z', now)).toBe(now.toISOString());
    expect(codeOf(() => deliveredTime('2026-11-23T10:06:00.000Z', now))).toBe(
      'delivery.deliveredAtFuture',
    );
  });
  it('refuses a time more than 7 days old', () => {
    expect(codeOf(() => deliveredTime('2026-11-16T09:59:00.000Z', now))).toBe(
      'delivery.deliveredAtTooOld',
    );
    expect(codeOf(() => deliveredTime('2026-11-16T10:01:00.000Z', now))).toBe('ok');
  });
});
