import { describe, expect, it } from 'vitest';
import {
  dueDateOf,
  isClosingDate,
  latestClosingDate,
  nextClosingDate,
  paymentMonthBefore0022,
  paymentMonthFits,
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

  it('is due on the payment day of the payment month counted from the closing', () => {
    // 20日締め翌月末払い.
    expect(dueDateOf('2026-11-20', 1, '31')).toBe('2026-12-31');
    // 月末締め翌月末払い.
    expect(dueDateOf('2026-11-30', 1, '31')).toBe('2026-12-31');
    // 月末締め翌々月10日払い.
    expect(dueDateOf('2026-10-31', 2, '10')).toBe('2026-12-10');
    // 25日締め当月末払い.
    expect(dueDateOf('2026-11-25', 0, '31')).toBe('2026-11-30');
    // 15日締め翌月15日払い.
    expect(dueDateOf('2026-11-15', 1, '15')).toBe('2026-12-15');
  });

  it('pays a day beyond the month on its last day', () => {
    // 31 in a 30-day month, and in February (leap year or not).
    expect(dueDateOf('2026-10-31', 1, '31')).toBe('2026-11-30');
    expect(dueDateOf('2027-01-31', 1, '31')).toBe('2027-02-28');
    expect(dueDateOf('2028-01-31', 1, '30')).toBe('2028-02-29');
    expect(dueDateOf('2026-12-20', 2, '31')).toBe('2027-02-28');
  });

  it('rolls the year over after a December closing', () => {
    expect(dueDateOf('2026-12-31', 1, '10')).toBe('2027-01-10');
    expect(dueDateOf('2026-12-20', 1, '31')).toBe('2027-01-31');
    expect(dueDateOf('2026-11-30', 2, '25')).toBe('2027-01-25');
    expect(dueDateOf('2026-12-20', 0, '31')).toBe('2026-12-31');
  });

  it('is due at the end of the payment month without a payment day', () => {
    expect(dueDateOf('2026-11-30', 1, null)).toBe('2026-12-31');
    expect(dueDateOf('2027-01-31', 1, '')).toBe('2027-02-28');
    expect(dueDateOf('2026-11-20', 0, null)).toBe('2026-11-30');
    expect(dueDateOf('2026-11-20', 2, 'x')).toBe('2027-01-31');
  });

  it('takes 当月 only with a payment day after the closing day', () => {
    expect(paymentMonthFits(25, 0, '31')).toBe(true);
    expect(paymentMonthFits(20, 0, null)).toBe(true);
    expect(paymentMonthFits(20, 0, '10')).toBe(false);
    expect(paymentMonthFits(20, 0, '20')).toBe(false);
    expect(paymentMonthFits(31, 0, '31')).toBe(false);
    expect(paymentMonthFits(null, 0, '25')).toBe(false);
    expect(paymentMonthFits(20, 1, '10')).toBe(true);
    expect(paymentMonthFits(null, 2, null)).toBe(true);
  });

  it('keeps the due dates customers had before the payment month', () => {
    // Before: due on the first payment day after the closing.
    const before = (closingDate: string, day: string | null) => {
      const d = Number.parseInt(day ?? '', 10);
      if (!(d >= 1 && d <= 31)) return dueDateOf(closingDate, 1, null);
      const same = dueDateOf(closingDate, 0, d);
      return same > closingDate ? same : dueDateOf(closingDate, 1, d);
    };
    const cases: [number | null, string | null, string][] = [
      [20, '25', '2026-11-20'],
      [20, '10', '2026-11-20'],
      [20, '20', '2026-11-20'],
      [20, '31', '2026-11-20'],
      [31, '25', '2026-11-30'],
      [31, '31', '2027-01-31'],
      [null, '10', '2026-12-31'],
      [25, null, '2026-12-25'],
      [15, '15', '2026-12-15'],
    ];
    for (const [closingDay, day, closingDate] of cases) {
      const month = paymentMonthBefore0022(closingDay, day);
      expect(dueDateOf(closingDate, month, day), `${closingDay}/${day}`).toBe(
        before(closingDate, day),
      );
    }
    expect(paymentMonthBefore0022(20, '25')).toBe(0);
    expect(paymentMonthBefore0022(31, '25')).toBe(1);
    expect(paymentMonthBefore0022(null, '25')).toBe(1);
    expect(paymentMonthBefore0022(20, null)).toBe(1);
  });
});
