import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { addDaysIso } from '../../../../../shared/delivery-dates';
import { businessToday } from '../../../dates';
import i18n from '../../../i18n';
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

  it('names its restaurant in an h2, the level under the screen’s h1', () => {
    const job = cashJob('d', { deliveryDate: businessToday() });
    renderWithProviders(<JobCard job={job} />);
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.textContent).toBe(job.customer?.restaurantName ?? job.restaurantName);
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
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

  it('a later day is a note on the card, not an alert read out with each card', () => {
    const later = addDaysIso(businessToday(), 2);
    renderWithProviders(
      <JobCard job={cashJob('e', { deliveryDate: later, customMessage: 'Back door' })} />,
    );
    expect(screen.getByTestId('job-later-date').getAttribute('role')).toBe('note');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe("the card's buttons say whose they are (a screen reader lists them all together)", () => {
  it('Mark As Delivered names the restaurant; what it shows is unchanged', () => {
    renderWithProviders(<JobCard job={cashJob('f')} onDeliver={() => {}} />);
    const mark = screen.getByRole('button', { name: 'Mark As Delivered: Curry f' });
    expect(mark.textContent).toBe('Mark As Delivered');
  });

  it("a delivered card's slip and receipt name the restaurant (and the receipt its amount)", () => {
    const job = cashJob(
      'g',
      {
        invoice: {
          _id: 'inv-g',
          number: 'INV-9',
          amount: 2160,
          paidAmount: 2160,
          receipts: [{ _id: 'pay-g', amount: 2160, date: '2030-05-15' }],
        },
      },
      { isDelivered: true, deliveredAt: '2030-05-15T03:00:00.000Z', amountToCollect: 0 },
    );
    renderWithProviders(
      <MemoryRouter>
        <JobCard job={job} />
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('link', { name: 'Delivery slip for Curry g, Delivery slip PDF' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Delivery slip for Curry g Print view' })).toBeTruthy();
    const pdf = screen.getByRole('link', { name: 'Receipt ¥2,160 for Curry g, Receipt PDF' });
    expect(pdf.textContent).toBe('Receipt PDF');
    expect(
      screen.getByRole('link', { name: 'Receipt ¥2,160 for Curry g Print view' }),
    ).toBeTruthy();
  });

  it('in Nepali', async () => {
    await act(() => i18n.changeLanguage('ne'));
    renderWithProviders(<JobCard job={cashJob('h')} onDeliver={() => {}} />);
    expect(screen.getByRole('button', { name: 'Curry h: डेलिभर भयो' })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });
});
