import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HomeButton, PHONE_QUERY } from '../../../shell/FloatingActions';
import { cashJob, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { DriverPendingScreen } from './DriverPendingScreen';

// A delivery of six lines on a 390 x 844 phone: the dialog's Yes and No stay at the foot of the
// screen however far the driver has scrolled, and the home button does not sit over them.

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });

const sixLines = cashJob('j6', {
  orderItems: Array.from({ length: 6 }, (_, i) => ({
    _id: `l${i}`,
    name: `Product ${i + 1}`,
    nameNe: null,
    quantity: 4,
    sku: 'Pkt',
    unitPrice: 500,
    taxRate: 8,
    deliveredQuantity: null,
    shortReason: null,
  })),
});

const stub = window.matchMedia;
beforeEach(() => {
  // A phone: the shell's phone query matches, every other one does not.
  window.matchMedia = ((query: string) => ({
    ...stub(query),
    matches: query === PHONE_QUERY,
  })) as typeof window.matchMedia;
});
afterEach(() => {
  window.matchMedia = stub;
});

const homeLink = () => document.querySelector('a[aria-label="Home"]');

describe('the delivery dialog on a phone', () => {
  it('keeps Yes and No in a footer stuck to the foot, full screen, with the home button gone', async () => {
    renderScreen(
      <>
        <DriverPendingScreen />
        <HomeButton home="/driver" />
      </>,
      {
        path: '/driver/ordertrack',
        user: driver,
        answers: { 'ordertrack.driverPending': () => [sixLines] },
      },
    );
    expect(homeLink()).not.toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /^Mark As Delivered/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Delivered: Product 6')).toBeTruthy();

    const yes = within(dialog).getByRole('button', { name: 'Yes' });
    const footer = yes.closest<HTMLElement>('[data-testid="deliver-actions"]');
    expect(footer).not.toBeNull();
    expect(footer?.contains(within(dialog).getByRole('button', { name: 'No' }))).toBe(true);
    const style = window.getComputedStyle(footer as HTMLElement);
    expect(style.position).toBe('sticky');
    expect(Number.parseFloat(style.bottom)).toBe(0);
    // The last field comes before the footer: nothing is drawn under the buttons.
    expect(footer?.nextElementSibling).toBeNull();
    expect(
      dialog.closest('[data-full-screen]') ?? dialog.hasAttribute('data-full-screen'),
    ).toBeTruthy();

    await waitFor(() => expect(homeLink()).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(homeLink()).not.toBeNull());
  });
});
