import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDaysIso } from '../../../../../shared/delivery-dates';
import { businessToday } from '../../../dates';
import { cashJob } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { JobCard } from './JobCard';

// A job dispatched early for a later day says so on the driver's card: it is not today's.

describe("a driver's job card", () => {
  it('says a job is for a later day, and says nothing for today', () => {
    const later = addDaysIso(businessToday(), 2);
    renderWithProviders(<JobCard job={cashJob('a', { deliveryDate: later })} />);
    expect(screen.getByTestId('job-later-date').textContent).toMatch(
      /^For delivery on .+, not today\.$/,
    );
  });

  it("shows no such note on today's job", () => {
    renderWithProviders(<JobCard job={cashJob('b', { deliveryDate: businessToday() })} />);
    expect(screen.queryByTestId('job-later-date')).toBeNull();
  });

  it('says which credit note makes the amount to collect less than the order', () => {
    const job = cashJob(
      'c',
      { credits: [{ id: 'cn1', number: 'CN-000001', total: 500 }] },
      {
        amountToCollect: 2160 - 500,
      },
    );
    renderWithProviders(<JobCard job={job} />);
    expect(screen.getByTestId('card-credits').textContent).toBe(
      'Invoice with tax: ¥2,160less credit note CN-000001 −¥500',
    );
    expect(screen.getByTestId('amount-to-collect').textContent).toContain('¥1,660');
  });

  it('says nothing of credits when there are none', () => {
    renderWithProviders(<JobCard job={cashJob('d', {}, { amountToCollect: 2160 })} />);
    expect(screen.queryByTestId('card-credits')).toBeNull();
  });
});
