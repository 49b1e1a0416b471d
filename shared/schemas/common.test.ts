import { describe, expect, it } from 'vitest';
import { DATE_RANGE, isCalendarDate, isRealDay } from './common';

// The one test of a date field's day: a day of the calendar, inside the date inputs' range.

describe('isCalendarDate', () => {
  it('takes a day of the calendar from 1900-01-01 to 2099-12-31', () => {
    for (const d of [DATE_RANGE.min, DATE_RANGE.max, '2024-02-29', '2026-12-31']) {
      expect(isCalendarDate(d), d).toBe(true);
    }
  });

  it('refuses a day that does not exist, a year outside the range, and other text', () => {
    for (const d of [
      '2026-02-29',
      '2026-02-30',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '1899-12-31',
      '2100-01-01',
      '9999-12-31',
      '0000-01-01',
      '2026-1-01',
      '2026-01-01T00:00',
      '',
    ]) {
      expect(isCalendarDate(d), d).toBe(false);
    }
    expect(isRealDay('9999-12-31')).toBe(true);
    expect(isRealDay('2026-02-30')).toBe(false);
  });
});
