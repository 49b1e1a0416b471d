import { describe, expect, it } from 'vitest';
import {
  dueDateAfter,
  isClosingDate,
  latestClosingDate,
  nextClosingDate,
  previousClosingDate,
} from './closing-dates';

// The closing calendar the closing run bills with and the customer form shows (ADR 057).

describe('closing dates', () => {
  it('closes on the day of month, a day beyond the month end on its last day', () => {
    expect(isClosingDate(20, '2026-11-20')).toBe(true);
    expect(isClosingDate(20, '2026-11-21')).toBe(false);
    expect(isClosingDate(31, '2026-11-30')).toBe(true);
    expect(isClosingDate(30, '2027-02-28')).toBe(true);
    expect(isClosingDate(30, '2028-02-29')).toBe(true);
    expect(isClosingDate(null, '2026-12-31')).toBe(true);
    expect(isClosingDate(null, '2026-12-30')).toBe(false);
  });

  it('finds the next closing on or after a date', () => {
    expect(nextClosingDate(20, '2026-11-20')).toBe('2026-11-20');
    expect(nextClosingDate(20, '2026-11-21')).toBe('2026-12-20');
    expect(nextClosingDate(31, '2026-11-05')).toBe('2026-11-30');
    expect(nextClosingDate(null, '2026-12-31')).toBe('2026-12-31');
    expect(nextClosingDate(31, '2027-01-31')).toBe('2027-01-31');
    expect(nextClosingDate(30, '2027-02-01')).toBe('2027-02-28');
    expect(nextClosingDate(15, '2026-12-16')).toBe('2027-01-15');
  });

  it('finds the previous and the latest closing', () => {
    expect(previousClosingDate(31, '2026-12-31')).toBe('2026-11-30');
    expect(previousClosingDate(20, '2027-01-05')).toBe('2026-12-20');
    expect(latestClosingDate(20, '2026-11-20')).toBe('2026-11-20');
    expect(latestClosingDate(20, '2026-11-19')).toBe('2026-10-20');
    expect(latestClosingDate(31, '2027-03-01')).toBe('2027-02-28');
  });

  it('is due on the first payment day after the closing', () => {
    // Closing on the 20th, paying on the 25th: the same month.
    expect(dueDateAfter('2026-11-20', '25')).toBe('2026-11-25');
    // Closing at month end, paying on the 25th: the next month (翌月25日).
    expect(dueDateAfter('2026-11-30', '25')).toBe('2026-12-25');
    // Paying on the closing day itself: a month later, never the same day.
    expect(dueDateAfter('2026-11-20', '20')).toBe('2026-12-20');
    // Paying at month end (31) after a 20th closing: this month's last day.
    expect(dueDateAfter('2026-11-20', '31')).toBe('2026-11-30');
    expect(dueDateAfter('2027-01-31', '31')).toBe('2027-02-28');
    // Across the year.
    expect(dueDateAfter('2026-12-31', '10')).toBe('2027-01-10');
  });

  it('is due at the end of the next month without a payment day', () => {
    expect(dueDateAfter('2026-11-30', null)).toBe('2026-12-31');
    expect(dueDateAfter('2027-01-31', '')).toBe('2027-02-28');
    expect(dueDateAfter('2026-11-20', '0')).toBe('2026-12-31');
    expect(dueDateAfter('2026-11-20', 'x')).toBe('2026-12-31');
  });
});
