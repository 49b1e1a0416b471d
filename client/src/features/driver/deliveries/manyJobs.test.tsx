import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cashJob, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { DriverPendingScreen } from './DriverPendingScreen';
import { FIRST_CARDS } from './firstCards';

// At ten times the demo a driver has 40 jobs and more (ADR 103): the phone drew every card
// before showing the first, seconds later than a list of 8. The first cards show at once, the
// others follow, and the search and a delivery still reach every job.

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });
const COUNT = 40;
const jobs = Array.from({ length: COUNT }, (_, i) =>
  cashJob(`j${i + 1}`, {}, { restaurantName: `Restaurant ${i + 1}`, customer: null }),
);
const cardsDrawn = () => screen.queryAllByTestId('job-card').length;

describe("a driver's long list of jobs", () => {
  it('draws its first cards at once, then every card, with every job counted from the start', async () => {
    // The cards in the page when the first appear: read as the page changes (before the next
    // task can add more), not whenever a query looks.
    let firstDrawn = 0;
    const watch = new MutationObserver(() => {
      if (firstDrawn === 0) firstDrawn = cardsDrawn();
    });
    watch.observe(document.body, { childList: true, subtree: true });
    renderScreen(<DriverPendingScreen />, {
      path: '/driver/ordertrack',
      user: driver,
      answers: { 'ordertrack.driverPending': () => jobs },
    });
    await screen.findByText('Restaurant 1');
    watch.disconnect();
    expect(firstDrawn).toBe(FIRST_CARDS);
    // The count beside the heading is of every job, not the cards drawn so far.
    expect(screen.getByLabelText(/40/)).toBeTruthy();
    await waitFor(() => expect(cardsDrawn()).toBe(COUNT), { timeout: 20_000 });
    expect(screen.getByText(`Restaurant ${COUNT}`)).toBeTruthy();
  }, 30_000);

  it('finds a job beyond the first cards by its name', async () => {
    renderScreen(<DriverPendingScreen />, {
      path: '/driver/ordertrack',
      user: driver,
      answers: { 'ordertrack.driverPending': () => jobs },
    });
    await screen.findByText('Restaurant 1');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Restaurant 38' } });
    const card = await screen.findByTestId('job-card');
    expect(within(card).getByText('Restaurant 38')).toBeTruthy();
  });
});
