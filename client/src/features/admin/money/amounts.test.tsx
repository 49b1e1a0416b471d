import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { ProductForm } from '../office/catalogue/ProductForm';
import { PaymentForm } from './PaymentForm';

// Amounts are taken as typed (docs/decisions/024): a "." or a "-" is not dropped, and what is
// not a whole number of yen above the form's floor is refused with a message, before any call.

const invoice = makeInvoice({ dueDate: null, amount: 5000, pendingAmount: 5000 });

afterEach(() => vi.restoreAllMocks());

const clerk = makeUser({ _id: 's1', role: 'admin', isAdmin: true, userType: 'Admin' });

/** The office's form (it reads the business's payment-date window from the server). */
function renderPaymentForm(onSaved: (saved: unknown) => void) {
  return renderScreen(
    <PaymentForm invoice={invoice} opened onClose={() => {}} onSaved={onSaved} />,
    {
      path: '/admin/invoice',
      user: clerk,
      answers: { 'settings.money': () => ({ paymentBackdateDays: 30 }) },
    },
  );
}

describe('the payment form', () => {
  it('refuses 12.5 with a message instead of recording ¥125', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const onSaved = vi.fn();
    renderPaymentForm(onSaved);
    const amount = screen.getByLabelText('Amount (¥)');
    fireEvent.change(amount, { target: { value: '12.5' } });
    expect(await screen.findByText('Amount must be a whole number of yen.')).toBeTruthy();
    expect((amount as HTMLInputElement).value).toBe('¥12.5');
    expect(fetch).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    // Enter on an amount that is refused records nothing either.
    fireEvent.submit(amount.closest('form') as HTMLFormElement);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('records the amount typed when Enter is pressed in it', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify({ result: { data: invoice } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderPaymentForm(() => {});
    const amount = screen.getByLabelText('Amount (¥)');
    fireEvent.change(amount, { target: { value: '2000' } });
    fireEvent.submit(amount.closest('form') as HTMLFormElement);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(String(url)).toContain('invoices.pay');
    expect(JSON.parse(String(init.body))).toMatchObject({ amount: 2000 });
  });
});

describe('the product form', () => {
  // jsdom has no FontFaceSet; Mantine's autosizing description field listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {} },
      configurable: true,
    });
  }
  it('refuses a negative price with a message instead of saving ¥0', async () => {
    const { calls } = renderScreen(<ProductForm product={null} onClose={() => {}} />, {
      path: '/admin/products',
      user: makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' }),
      answers: {
        'categories.list': () => [{ _id: 'cat1', name: 'Rice', nameNe: null }] as never,
      },
    });
    const price = screen.getByLabelText(/Price \(yen\)/);
    fireEvent.change(price, { target: { value: '-100' } });
    fireEvent.blur(price);
    expect(await screen.findByText('The price cannot be negative.')).toBeTruthy();
    expect((price as HTMLInputElement).value).toBe('-¥100');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByText('The price cannot be negative.')).toBeTruthy());
    expect(calls.filter((c) => c.path === 'products.create')).toHaveLength(0);
  });
});
