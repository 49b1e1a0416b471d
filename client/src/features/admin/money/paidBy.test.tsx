import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceOut } from '../../../../../shared/schemas/invoices';
import i18n from '../../../i18n';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { renderPaymentForm, sentTo } from '../../../test/paymentForm';

// How a payment was paid (ADR 107): the office's payment form asks Cash or Bank transfer, set at
// first as the customer pays (a monthly customer's money is a transfer), and sends the choice;
// a correction shows the payment's own; a driver's collection is cash and is not asked.

const customer = makeInvoice().customer as NonNullable<InvoiceOut['customer']>;
const monthly = makeInvoice({
  amount: 11_000,
  pendingAmount: 11_000,
  customer: { ...customer, paymentMethod: 'monthly' },
});
const cashCustomer = makeInvoice({ amount: 11_000, pendingAmount: 11_000 });
const clerk = makeUser({ _id: 's1', role: 'admin', isAdmin: true, userType: 'Admin' });
const driver = makeUser({ _id: 'd1', role: 'driver', isAdmin: false, userType: 'Employee' });

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

const renderForm = (
  invoice: InvoiceOut,
  user = clerk,
  editing: InvoiceOut['payments'][number] | null = null,
) => renderPaymentForm(invoice, user, editing);

const sent = sentTo;

const checked = (name: string) => (screen.getByRole('radio', { name }) as HTMLInputElement).checked;

describe('the payment form asks how it was paid', () => {
  it("a monthly customer's payment is a bank transfer unless the office says cash, and sends cash", async () => {
    const fetch = renderForm(monthly);
    expect(await screen.findByRole('radiogroup', { name: /Paid by/ })).toBeTruthy();
    expect(checked('Bank transfer')).toBe(true);
    expect(checked('Cash')).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Cash' }));
    expect(checked('Cash')).toBe(true);
    fireEvent.change(screen.getByLabelText('Amount (¥)'), { target: { value: '11000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay Partial Amount' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sent(fetch, 'invoices.pay')).toMatchObject({ amount: 11_000, method: 'cash' });
  });

  it("a cash customer's payment is cash at first, and Pay Full Amount sends the choice", async () => {
    const fetch = renderForm(cashCustomer);
    expect(await screen.findByRole('radio', { name: 'Cash' })).toBeTruthy();
    expect(checked('Cash')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay Full Amount' }));
    fireEvent.click(await screen.findByRole('button', { name: /¥11,000/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sent(fetch, 'invoices.payFull')).toMatchObject({ method: 'transfer' });
  });

  it("a correction shows the payment's own method and sends it", async () => {
    const fetch = renderForm(cashCustomer, clerk, {
      _id: 'p1',
      amount: 5_000,
      date: new Date().toISOString().slice(0, 10),
      collectedBy: 'admin',
      createdAt: new Date().toISOString(),
      kind: 'payment',
      method: 'transfer',
    });
    expect(await screen.findByRole('radio', { name: 'Bank transfer' })).toBeTruthy();
    expect(checked('Bank transfer')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Cash' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sent(fetch, 'invoices.editPayment')).toMatchObject({ _id: 'p1', method: 'cash' });
  });

  it('reads 支払方法: 現金 / 振込 in Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    renderForm(monthly);
    expect(await screen.findByRole('radiogroup', { name: /支払方法/ })).toBeTruthy();
    expect(checked('振込')).toBe(true);
    expect(screen.getByRole('radio', { name: '現金' })).toBeTruthy();
  });

  it("is not asked on a driver's phone: a collection is cash", async () => {
    renderForm(monthly, driver);
    await screen.findByRole('button', { name: 'Pay Partial Amount' });
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
