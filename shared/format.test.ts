import { describe, expect, it } from 'vitest';
import {
  displayPhone,
  formatOrderNumber,
  formatYen,
  isoDateInZone,
  normalizePhone,
  toPickerDate,
} from './format';

describe('formatYen', () => {
  it('adds the yen sign and thousands separators', () => {
    expect(formatYen(12345)).toBe('¥12,345');
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(1234567)).toBe('¥1,234,567');
  });
});

describe('phones', () => {
  it('stores without and shows with the leading 0', () => {
    expect(normalizePhone('090-1234-5678')).toBe('9012345678');
    expect(normalizePhone('9012345678')).toBe('9012345678');
    expect(displayPhone('9012345678')).toBe('09012345678');
    expect(displayPhone('')).toBe('');
  });
});

describe('dates', () => {
  it('takes today in the business time zone', () => {
    // 2026-01-01 20:00 UTC is already 2026-01-02 in Tokyo.
    expect(isoDateInZone(new Date('2026-01-01T20:00:00Z'), 'Asia/Tokyo')).toBe('2026-01-02');
    expect(toPickerDate('2026-03-09')).toBe('9 Mar 2026');
  });
});

describe('formatOrderNumber', () => {
  it('shows the sequential number with a hash', () => {
    expect(formatOrderNumber(10482)).toBe('#10482');
  });
});
