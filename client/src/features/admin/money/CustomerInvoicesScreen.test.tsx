import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeInvoice, makeUser, type RouterOutputs } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { CustomerInvoicesScreen } from './CustomerInvoicesScreen';

// One customer's page in the office: what is overdue and the credit notes waiting are said
// beside the total due, and a change made on an invoice's card reads the documents list again
// (after a cancellation the list still showed the invoice as overdue until a reload).

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const invoice = makeInvoice({ amount: 5000, pendingAmount: 5000, number: 'INV-000042' });

type Documents = RouterOutputs['documents']['ofCustomer'];

function documents(overdue: number, cancelled: boolean): Documents {
  return {
    customerId: 'c1',
    restaurantName: 'Himalaya Kitchen',
    email: null,
    balance: overdue,
    overdue,
    documents: [
      {
        kind: 'invoice',
        id: 'inv1',
        number: 'INV-000042',
        date: '2030-10-31',
        amount: 5000,
        cancelled,
      },
    ],
    page: 1,
    more: false,
    account: {
      paymentMethod: 'monthly',
      closingDay: 31,
      paymentDay: 25,
      paymentMonth: 'next',
      nextClosing: { date: '2030-11-30', dueDate: '2030-12-25' },
      toBeInvoiced: [],
      nextDue: null,
      credits: { amount: 1_490, numbers: ['CN-000001'] },
    },
  };
}

// jsdom has no FontFaceSet; Mantine's autosizing reason field listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

describe("a customer's invoices in the office", () => {
  it('says what is overdue and the credit notes waiting, and reads the documents again after a cancellation', async () => {
    let cancelled = false;
    const { calls } = renderScreen(<CustomerInvoicesScreen />, {
      path: '/admin/invoice/bycustomer/c1',
      pattern: '/admin/invoice/bycustomer/:id',
      user: admin,
      answers: {
        'invoices.byCustomer': () => ({
          invoices: [
            cancelled
              ? {
                  ...invoice,
                  cancelled: { at: '2030-11-16T01:00:00.000Z', by: 'admin', reason: 'x' },
                }
              : invoice,
          ],
          totalDues: cancelled ? 0 : 5000,
        }),
        'documents.ofCustomer': () => documents(cancelled ? 0 : 5000, cancelled),
        'invoices.history': () => [],
        'invoices.cancel': () => {
          cancelled = true;
          return {
            invoice: {
              ...invoice,
              cancelled: { at: '2030-11-16T01:00:00.000Z', by: 'admin', reason: 'x' },
            },
            reissued: null,
          };
        },
      },
    });
    expect((await screen.findByTestId('customer-overdue')).textContent).toBe('Past due ¥5,000');
    expect(screen.getByTestId('customer-credits').textContent).toBe(
      'Credit notes waiting to be deducted from the next invoice: ¥1,490 (CN-000001)',
    );
    const reads = () => calls.filter((c) => c.path === 'documents.ofCustomer').length;
    const before = reads();

    fireEvent.click(await screen.findByRole('button', { name: /^Cancel invoice(:|：| |$)/u }));
    fireEvent.change(await screen.findByLabelText(/Reason for the cancellation/), {
      target: { value: 'Billed twice' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the invoice' }));
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByTestId('customer-overdue')).toBeNull());
  });
});
