import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { InvoiceCard } from './InvoiceCard';

// The office cancels an issued invoice from its card (ADR 034): a reason is required before
// the confirm button works, the call carries it, and a cancelled invoice shows Cancelled with
// who and why and offers no payment, edit, delete or second cancel.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

const invoice = makeInvoice({ amount: 5000, pendingAmount: 5000, number: 'INV-000042' });

describe('cancelling an invoice from its card', () => {
  // jsdom has no FontFaceSet; Mantine's autosizing reason field listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {} },
      configurable: true,
    });
  }
  it('asks for the reason, then cancels with it', async () => {
    const onChanged = vi.fn();
    const { calls } = renderScreen(<InvoiceCard invoice={invoice} staff onChanged={onChanged} />, {
      path: '/admin/invoice',
      user: admin,
      answers: {
        'invoices.history': () => [],
        'invoices.cancel': () => ({
          invoice: {
            ...invoice,
            cancelled: { at: '2030-05-16T01:00:00.000Z', by: 'admin', reason: 'x' },
          },
          reissued: { id: 'inv2', number: 'INV-000043' },
        }),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: /^Cancel invoice(:|：| |$)/u }));
    const confirm = await screen.findByRole('button', { name: 'Cancel the invoice' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/invoiced again at once/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Reason for the cancellation/), {
      target: { value: 'Billed to the old company name' },
    });
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const call = calls.find((c) => c.path === 'invoices.cancel');
    expect(call?.input).toEqual({ id: 'inv1', reason: 'Billed to the old company name' });
  });

  it('sends one cancel however fast the confirm is clicked, and keeps it unavailable meanwhile', async () => {
    const onChanged = vi.fn();
    let finish: () => void = () => {};
    const { calls } = renderScreen(<InvoiceCard invoice={invoice} staff onChanged={onChanged} />, {
      path: '/admin/invoice',
      user: admin,
      answers: {
        'invoices.history': () => [],
        'invoices.cancel': () =>
          new Promise((resolve) => {
            finish = () =>
              resolve({
                invoice: {
                  ...invoice,
                  cancelled: { at: '2030-05-16T01:00:00.000Z', by: 'admin', reason: 'x' },
                },
                reissued: null,
              });
          }),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: /^Cancel invoice(:|：| |$)/u }));
    const confirm = (await screen.findByRole('button', {
      name: 'Cancel the invoice',
    })) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText(/Reason for the cancellation/), {
      target: { value: 'Duplicate' },
    });
    // A double click: both clicks arrive before the request has answered.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.filter((c) => c.path === 'invoices.cancel')).toHaveLength(1));
    // Unavailable meanwhile, yet keeping the keyboard's focus (components/FocusKeepingButton).
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(confirm);
    finish();
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path === 'invoices.cancel')).toHaveLength(1);
  });

  it('a cancelled invoice shows Cancelled with who and why, and no actions on its money', () => {
    renderScreen(
      <InvoiceCard
        invoice={{
          ...invoice,
          cancelled: { at: '2030-05-16T01:00:00.000Z', by: 'hana', reason: 'Duplicate' },
        }}
        staff
        onChanged={() => {}}
        onEdit={() => {}}
      />,
      { path: '/admin/invoice', user: admin, answers: { 'invoices.history': () => [] } },
    );
    expect(screen.getByTestId('invoice-cancelled').textContent).toBe('Cancelled');
    const line = screen.getByTestId('invoice-cancel-reason').textContent ?? '';
    expect(line).toContain('hana');
    expect(line).toContain('Duplicate');
    for (const name of ['Cancel invoice', 'Payment', 'Edit', 'Delete']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it("shows the cancellation's date in the business's calendar and nothing as still owed", async () => {
    // 05:00 in Tokyo on 17 May is still 16 May in UTC.
    renderScreen(
      <InvoiceCard
        invoice={{
          ...invoice,
          amount: 5500,
          pendingAmount: 5500,
          cancelled: { at: '2030-05-16T20:00:00.000Z', by: 'hana', reason: 'Duplicate' },
        }}
        staff
        onChanged={() => {}}
      />,
      { path: '/admin/invoice', user: admin, answers: { 'invoices.history': () => [] } },
    );
    await i18n.changeLanguage('ja');
    const line = screen.getByTestId('invoice-cancel-reason').textContent ?? '';
    expect(line).toContain('2030/05/17');
    expect(line).not.toContain('2030/05/16');
    const card = screen.getByTestId('invoice-card');
    expect(card.textContent).not.toContain('未入金額');
    expect(screen.getByTestId('invoice-not-owed').textContent).toBe('請求なし（取消済）¥0');
  });
});
