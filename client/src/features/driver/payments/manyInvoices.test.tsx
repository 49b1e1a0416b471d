import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvoiceOut } from '../../../../../shared/schemas/invoices';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { FIRST_CARDS } from '../deliveries/firstCards';
import { DriverPaymentsScreen } from './DriverPaymentsScreen';

// At ten times the demo a driver with 40 stops had 44 invoices of today's route to collect
// (ADR 106): the phone drew every card in one task of 2 s before showing the first. The first
// cards show at once, the others follow, and the count is of every invoice from the start.

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });
const COUNT = 44;

function invoiceOf(n: number): InvoiceOut {
  const base = makeInvoice();
  return makeInvoice({
    _id: `inv${n}`,
    number: `INV-${String(n).padStart(6, '0')}`,
    customer: {
      ...(base.customer as NonNullable<InvoiceOut['customer']>),
      _id: `c${n}`,
      customerCode: `C${n}`,
      restaurantName: `Restaurant ${n}`,
    },
  });
}

const stop = (n: number) => ({
  number: n,
  customerId: `c${n}`,
  restaurantName: `Restaurant ${n}`,
  routeName: null,
  address: null,
  phoneNumber: '312345678',
  pending: 1,
  delivered: 0,
  amountToCollect: 0,
});

const cardsDrawn = () => screen.queryAllByTestId('invoice-card').length;

afterEach(() => localStorage.clear());

describe("a driver's long route of invoices to collect", () => {
  it('draws its first cards at once, then every card, with every invoice counted from the start', async () => {
    const invoices = Array.from({ length: COUNT + 20 }, (_, i) => invoiceOf(i + 1));
    // The cards in the page when the first appear, read as the page changes.
    let firstDrawn = 0;
    const watch = new MutationObserver(() => {
      if (firstDrawn === 0) firstDrawn = cardsDrawn();
    });
    watch.observe(document.body, { childList: true, subtree: true });
    renderScreen(<DriverPaymentsScreen />, {
      path: '/driver/payments',
      user: driver,
      answers: {
        'invoices.mine': () => ({ invoices, totalDues: invoices.length * 47196 }),
        'ordertrack.driverRoute': () => ({
          date: '2026-11-30',
          stops: Array.from({ length: COUNT }, (_, i) => stop(i + 1)),
        }),
      },
    });
    expect(await screen.findByText(`Invoices of today's route: ${COUNT} of 64`)).toBeTruthy();
    watch.disconnect();
    expect(firstDrawn).toBe(FIRST_CARDS);
    await waitFor(() => expect(cardsDrawn()).toBe(COUNT), { timeout: 20_000 });
    const last = screen.getAllByTestId('invoice-card').at(-1) as HTMLElement;
    expect(within(last).getByText(`INV-0000${COUNT}`)).toBeTruthy();
    // The route's cards come without a "Show more": that is for Show all and a search.
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
  }, 30_000);
});
