import { expect, vi } from 'vitest';
import type { InvoiceOut, PaymentOut } from '../../../shared/schemas/invoices';
import { PaymentForm } from '../features/admin/money/PaymentForm';
import type { UserOut } from './fixtures';
import { renderScreen } from './renderScreen';

// For the payment form's tests (bank fee, how it was paid): the form opened on an invoice, the
// server answering every call with that invoice, and what a procedure was sent.

/** The form on `invoice` for `user`, correcting `editing` if given; returns the fetch spy. */
export function renderPaymentForm(
  invoice: InvoiceOut,
  user: UserOut,
  editing: PaymentOut | null = null,
) {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ result: { data: invoice } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  renderScreen(
    <PaymentForm
      invoice={invoice}
      editing={editing}
      opened
      onClose={() => {}}
      onSaved={() => {}}
    />,
    {
      path: '/admin/invoice',
      user,
      answers: { 'settings.money': () => ({ paymentBackdateDays: 30 }) },
    },
  );
  return fetch;
}

/** The body the form sent to `procedure` (e.g. 'invoices.pay'). */
export function sentTo(fetch: ReturnType<typeof renderPaymentForm>, procedure: string) {
  const call = fetch.mock.calls.find(([url]) => String(url).includes(procedure));
  expect(call).toBeDefined();
  return JSON.parse(String((call as [string, RequestInit])[1].body)) as Record<string, unknown>;
}
