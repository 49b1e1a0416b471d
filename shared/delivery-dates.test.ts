import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  closedRunsAhead,
  defaultDeliveryDate,
  earliestDeliveryDate,
  isDeliveryDay,
  weekdayOf,
} from './delivery-dates';

const settings = { cutoff: '04:00', holidays: ['2026-12-31', '2027-01-01'] };

describe('delivery dates', () => {
  it('allows today before the cut-off and tomorrow after it', () => {
    expect(earliestDeliveryDate('2026-11-23', '03:59', settings)).toBe('2026-11-23');
    expect(earliestDeliveryDate('2026-11-23', '04:00', settings)).toBe('2026-11-24');
    expect(earliestDeliveryDate('2026-11-23', '23:33', settings)).toBe('2026-11-24');
  });

  it('skips holidays', () => {
    expect(earliestDeliveryDate('2026-12-30', '12:00', settings)).toBe('2027-01-02');
  });

  it('knows weekdays and month ends', () => {
    expect(weekdayOf('2026-11-23')).toBe('Monday');
    expect(addDaysIso('2026-02-28', 1)).toBe('2026-03-01');
    expect(isDeliveryDay('2026-11-25', ['Wednesday'])).toBe(true);
    expect(isDeliveryDay('2026-11-24', ['Wednesday'])).toBe(false);
    expect(isDeliveryDay('2026-11-24', [])).toBe(true);
  });

  it('defaults to the first delivery day from the earliest allowed date', () => {
    // A Wednesday-only restaurant ordering on Monday night gets Wednesday, not tonight.
    expect(defaultDeliveryDate('2026-11-24', ['Wednesday'], [])).toBe('2026-11-25');
    expect(defaultDeliveryDate('2026-11-25', ['Wednesday'], ['2026-11-25'])).toBe('2026-12-02');
    expect(defaultDeliveryDate('2026-11-24', [], [])).toBe('2026-11-24');
  });

  it('groups the coming holidays into runs, a break said to its end', () => {
    const yearEnd = ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03'];
    // 12/29 after the cut-off: one run, the whole break.
    expect(closedRunsAhead('2026-12-29', yearEnd, 14)).toEqual([
      { from: '2026-12-30', to: '2027-01-03' },
    ]);
    // Ten days before, with a single closed day first; a break that starts on the window's last
    // day is still said to its end.
    expect(closedRunsAhead('2026-12-20', ['2026-12-23', ...yearEnd], 10)).toEqual([
      { from: '2026-12-23', to: '2026-12-23' },
      { from: '2026-12-30', to: '2027-01-03' },
    ]);
    // After the break, or with none ahead: nothing to say.
    expect(closedRunsAhead('2027-01-04', yearEnd, 14)).toEqual([]);
    expect(closedRunsAhead('2026-11-30', yearEnd, 14)).toEqual([]);
  });
});
