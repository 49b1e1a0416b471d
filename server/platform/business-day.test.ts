import { describe, expect, it } from 'vitest';
import { businessDateOf, dayRange } from './business-day';

describe('dayRange', () => {
  it('is the business day in its zone', () => {
    expect(dayRange('2026-11-23', 'Asia/Tokyo')).toEqual([
      '2026-11-22T15:00:00.000Z',
      '2026-11-23T15:00:00.000Z',
    ]);
    expect(dayRange('2026-11-23', 'UTC')).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-24T00:00:00.000Z',
    ]);
  });
  it('follows a daylight-saving change (a 23-hour day)', () => {
    const [from, to] = dayRange('2026-03-08', 'America/New_York');
    expect(from).toBe('2026-03-08T05:00:00.000Z');
    expect(to).toBe('2026-03-09T04:00:00.000Z');
  });
});

describe('businessDateOf', () => {
  it("reads an instant as the business's date, and leaves a date as it is", () => {
    // 07:33 in Tokyo is 22:33 UTC the day before.
    expect(businessDateOf('2026-11-22T22:33:00.000Z', 'Asia/Tokyo')).toBe('2026-11-23');
    expect(businessDateOf('2026-11-23', 'Asia/Tokyo')).toBe('2026-11-23');
    expect(businessDateOf('2026-11-23Tnonsense', 'Asia/Tokyo')).toBe('2026-11-23');
  });
});
