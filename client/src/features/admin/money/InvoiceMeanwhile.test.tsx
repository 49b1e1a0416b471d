import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { serverError } from '../../../test/testServer';
import { InvoiceForm } from './InvoiceForm';

// An invoice given to a driver from the list while its form is open (ADR 109): the form sends
// what it showed, so the server keeps the driver; when a field both changed is refused, the
// other person's changes come into the form and what was typed here stays for the next save.

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

describe('an invoice changed by someone else while its form is open', () => {
  it('sends what it showed, takes their changes in after a refusal, and keeps the note typed', async () => {
    const shown = makeInvoice({ note: 'Pay by the 10th' });
    const driver = { _id: 'd1', username: 'ram', name: 'Ram', role: 'driver' };
    const saved = makeInvoice({
      note: 'Pay at the door',
      assignToCollect: driver as never,
    });
    let refused = false;
    const { calls } = renderScreen(
      <InvoiceForm invoice={shown} onClose={() => {}} onSaved={() => {}} />,
      {
        path: '/admin/invoice',
        user: admin,
        answers: {
          'invoices.formOptions': () => ({ collectors: [driver], routes: [] }),
          'customers.pick': () => ({ customers: [], more: false }),
          'invoices.byId': () => saved,
          'invoices.update': () => {
            if (!refused) {
              refused = true;
              throw serverError(409, 'invoice.changedMeanwhile', { name: 'INV-000318', count: 1 });
            }
            return saved;
          },
        },
      },
    );
    const note = screen.getByLabelText('Note') as HTMLTextAreaElement;
    fireEvent.change(note, { target: { value: 'Pay with the December invoice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Invoice' }));
    const updates = () => calls.filter((c) => c.path === 'invoices.update');
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.input).toMatchObject({
      note: 'Pay with the December invoice',
      assignToCollect: null,
      seen: { note: 'Pay by the 10th', assignToCollect: null },
    });
    await waitFor(() => expect(calls.some((c) => c.path === 'invoices.byId')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Update Invoice' }));
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()[1]?.input).toMatchObject({
      note: 'Pay with the December invoice',
      assignToCollect: 'd1',
      seen: { note: 'Pay at the door', assignToCollect: 'd1' },
    });
  });
});
