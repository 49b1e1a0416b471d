import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pickFrom } from '../../../../test/customerPick';
import { cashJob, deliveryCalendar, makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import type { Call } from '../../../../test/testServer';
import { InvoiceForm } from '../../money/InvoiceForm';
import { JobFormModal } from '../../orders/JobFormModal';
import { PlaceForModal } from '../../orders/PlaceForModal';

// The invoice form, a delivery job and an order placed for a customer choose the customer by
// searching on the server as the office types (ADR 094): each keystroke asks `customers.pick`
// for what was typed, and the form options carry no customers. A form opened on a customer
// shows its name.

vi.mock('../../../../components/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const CUSTOMERS = [
  { _id: 'c1', restaurantName: 'Curry House', customerCode: 'CH-01' },
  { _id: 'c2', restaurantName: 'Everest Momo', customerCode: 'E-42' },
];
const answers = {
  'customers.pick': pickFrom(CUSTOMERS),
  'invoices.formOptions': () => ({ collectors: [], routes: [] }),
  'ordertrack.formOptions': () => ({ drivers: [], routes: [] }),
  'products.forCustomer': () => [],
  'orders.termsFor': () => ({ minimumOrder: null, hidden: [] }),
  'settings.tax': () => ({ basis: 'exclusive' as const, rounding: 'down' as const }),
  'settings.deliveryCalendar': deliveryCalendar,
};

// A busy machine answers a keystroke late: wait for it longer than a second.
const patient = { timeout: 5000 };

/** Types "momo" in the customer box and picks Everest Momo from the server's answer. */
async function typeAndPick(calls: Call[]) {
  const box = (await screen.findByLabelText(
    /^Customer/,
    { selector: 'input' },
    patient,
  )) as HTMLInputElement;
  box.focus();
  fireEvent.click(box);
  fireEvent.change(box, { target: { value: 'momo' } });
  await waitFor(
    () =>
      expect(
        calls.some((c) => c.path === 'customers.pick' && (c.input as { q: string }).q === 'momo'),
      ).toBe(true),
    patient,
  );
  await waitFor(
    () => expect(screen.queryByRole('option', { name: /Curry House/ })).toBeNull(),
    patient,
  );
  fireEvent.click(await screen.findByRole('option', { name: 'Everest Momo (E-42)' }, patient));
  await waitFor(() => expect(box.value).toBe('Everest Momo'), patient);
  expect(calls.some((c) => c.path === 'customers.list')).toBe(false);
}

describe('the customer pickers of the invoice form, a delivery job and a phoned-in order', () => {
  it('the invoice form searches on the server and picks', async () => {
    const { calls } = renderScreen(<InvoiceForm onClose={() => {}} onSaved={() => {}} />, {
      path: '/admin/invoice',
      user: admin,
      answers,
    });
    await typeAndPick(calls);
  });

  it("the invoice form opened from a customer's invoices shows that customer by name", async () => {
    renderScreen(<InvoiceForm presetCustomer="c9" onClose={() => {}} onSaved={() => {}} />, {
      path: '/admin/invoice/bycustomer/c9',
      user: admin,
      answers: {
        ...answers,
        'customers.byId': () => ({ _id: 'c9', restaurantName: 'Sakura Shokudo' }) as never,
      },
    });
    const box = (await screen.findByLabelText(/^Customer/, {
      selector: 'input',
    })) as HTMLInputElement;
    await waitFor(() => expect(box.value).toBe('Sakura Shokudo'));
  });

  it('a delivery job searches on the server and picks', async () => {
    const { calls } = renderScreen(<JobFormModal opened job={null} onClose={() => {}} />, {
      path: '/admin/ordertrack',
      user: admin,
      answers,
    });
    await typeAndPick(calls);
  });

  it('a delivery job being edited shows its customer by name, without reading it again', async () => {
    const job = cashJob('j1');
    const { calls } = renderScreen(<JobFormModal opened job={job} onClose={() => {}} />, {
      path: '/admin/ordertrack',
      user: admin,
      answers,
    });
    const box = (await screen.findByLabelText(/^Customer/, {
      selector: 'input',
    })) as HTMLInputElement;
    await waitFor(() => expect(box.value).toBe(job.customer?.restaurantName));
    expect(calls.some((c) => c.path === 'customers.byId')).toBe(false);
  });

  it('an order placed for a customer searches on the server and picks', async () => {
    const { calls } = renderScreen(<PlaceForModal opened onClose={() => {}} />, {
      path: '/admin/weborders',
      user: admin,
      answers,
    });
    await typeAndPick(calls);
  });
});
