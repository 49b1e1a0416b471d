import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvoiceOut } from '../../../../../shared/schemas/invoices';
import i18n from '../../../i18n';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { serverError } from '../../../test/testServer';
import { DriverPaymentsScreen } from './DriverPaymentsScreen';

// A larger wholesaler's driver had every open invoice on one page (163 cards, slow to draw on a
// phone) to find the few of the day's stops. The collections open on today's route; a search
// or "Show all" reaches the rest, a page at a time (ADR 092).

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });

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

const stop = (n: number, customerId: string) => ({
  number: n,
  customerId,
  restaurantName: `Restaurant ${customerId.slice(1)}`,
  routeName: null,
  address: null,
  phoneNumber: '312345678',
  pending: 1,
  delivered: 0,
  amountToCollect: 0,
});

function renderPayments() {
  const invoices = Array.from({ length: 80 }, (_, i) => invoiceOf(i + 1));
  return renderScreen(<DriverPaymentsScreen />, {
    path: '/driver/payments',
    user: driver,
    answers: {
      'invoices.mine': () => ({ invoices, totalDues: 80 * 47196 }),
      'ordertrack.driverRoute': () => ({
        date: '2026-11-29',
        stops: [stop(1, 'c7'), stop(2, 'c42'), stop(3, 'c999')],
      }),
    },
  });
}

const cards = () => screen.queryAllByTestId('invoice-card');

afterEach(() => {
  localStorage.clear();
  return i18n.changeLanguage('en');
});

describe("the driver's collections", () => {
  it("open on the invoices of today's route, with the rest a search or Show all away", async () => {
    renderPayments();
    expect(await screen.findByText("Invoices of today's route: 2 of 80")).toBeTruthy();
    expect(cards().map((c) => within(c).getByText(/^INV-/).textContent)).toEqual([
      'INV-000007',
      'INV-000042',
    ]);

    // A search reaches every invoice, by name, code or number.
    const search = screen.getByLabelText('Search all invoices: restaurant, code or number');
    fireEvent.change(search, { target: { value: 'INV-000063' } });
    expect(cards()).toHaveLength(1);
    fireEvent.change(search, { target: { value: '' } });
    expect(cards()).toHaveLength(2);

    // Show all: every open invoice, 30 at a time.
    fireEvent.click(screen.getByRole('button', { name: 'Show all 80' }));
    expect(cards()).toHaveLength(30);
    fireEvent.click(screen.getByRole('button', { name: 'Show 30 more' }));
    expect(cards()).toHaveLength(60);
    fireEvent.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(cards()).toHaveLength(80);
    fireEvent.click(screen.getByRole('button', { name: "Only today's route" }));
    expect(cards()).toHaveLength(2);
  });

  it('says so in Nepali when no invoice of the route is open', async () => {
    await i18n.changeLanguage('ne');
    renderScreen(<DriverPaymentsScreen />, {
      path: '/driver/payments',
      user: driver,
      answers: {
        'invoices.mine': () => ({ invoices: [invoiceOf(1)], totalDues: 47196 }),
        'ordertrack.driverRoute': () => ({ date: '2026-11-29', stops: [] }),
      },
    });
    expect(await screen.findByText('आजको रुटमा उठाउनुपर्ने बिल छैन।')).toBeTruthy();
    expect(cards()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'सबै 1 देखाउनुहोस्' }));
    expect(cards()).toHaveLength(1);
  });

  it('keeps the route on the phone: without signal the same invoices open', async () => {
    const first = renderPayments();
    expect(await screen.findByText("Invoices of today's route: 2 of 80")).toBeTruthy();
    first.unmount();
    const invoices = Array.from({ length: 80 }, (_, i) => invoiceOf(i + 1));
    renderScreen(<DriverPaymentsScreen />, {
      path: '/driver/payments',
      user: driver,
      answers: {
        'invoices.mine': () => ({ invoices, totalDues: 80 * 47196 }),
        'ordertrack.driverRoute': () => {
          throw serverError(503, 'common.serverBusy');
        },
      },
    });
    expect(await screen.findByText("Invoices of today's route: 2 of 80")).toBeTruthy();
    expect(cards()).toHaveLength(2);
  });
});
