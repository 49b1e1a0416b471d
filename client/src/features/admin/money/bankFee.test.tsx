import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceOut } from '../../../../../shared/schemas/invoices';
import i18n from '../../../i18n';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { renderPaymentForm, sentTo } from '../../../test/paymentForm';
import { renderScreen } from '../../../test/renderScreen';
import { describeEntry } from './historyText';
import { InvoiceCard } from './InvoiceCard';

// A transfer short of the balance by at most ¥1,000 (a bank's fee the restaurant deducted): the
// office's payment form offers to write the rest off as the fee, and sends the flag only when
// ticked (ADR 069). A larger rest, a driver's payment and a correction are never offered it.

// A monthly customer's invoice: its payment is a transfer unless the office says cash (ADR 107).
const base = makeInvoice();
const invoice = makeInvoice({
  dueDate: null,
  amount: 46_550,
  pendingAmount: 46_550,
  customer: base.customer && { ...base.customer, paymentMethod: 'monthly' },
});
const clerk = makeUser({ _id: 's1', role: 'admin', isAdmin: true, userType: 'Admin' });
const driver = makeUser({ _id: 'd1', role: 'driver', isAdmin: false, userType: 'Employee' });

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

const renderForm = (user = clerk, editing: InvoiceOut['payments'][number] | null = null) =>
  renderPaymentForm(invoice, user, editing);

const typeAmount = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const paySent = (fetch: ReturnType<typeof renderForm>) => sentTo(fetch, 'invoices.pay');

describe('writing off the rest as a bank transfer fee', () => {
  it('is offered for a rest of ¥660, and the payment sends the flag when it is ticked', async () => {
    const fetch = renderForm();
    typeAmount('Amount (¥)', '45890');
    const box = await screen.findByRole('checkbox', {
      name: 'Write off the rest (¥660) as a bank transfer fee',
    });
    fireEvent.click(box);
    // Ticked, the invoice is settled: the button no longer says the payment is partial.
    expect(screen.queryByRole('button', { name: 'Pay Partial Amount' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Record Payment and ¥660 Fee' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(paySent(fetch)).toMatchObject({ amount: 45_890, writeOffRest: true });
  });

  it('sends no flag when left unticked', async () => {
    const fetch = renderForm();
    typeAmount('Amount (¥)', '45890');
    await screen.findByRole('checkbox');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Partial Amount' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(paySent(fetch)).not.toHaveProperty('writeOffRest');
  });

  it('is not offered over ¥1,000, nor for the whole balance', async () => {
    renderForm();
    typeAmount('Amount (¥)', '45549');
    await screen.findByRole('button', { name: 'Pay Partial Amount' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    typeAmount('Amount (¥)', '45550');
    expect(
      await screen.findByRole('checkbox', {
        name: 'Write off the rest (¥1,000) as a bank transfer fee',
      }),
    ).toBeTruthy();
    typeAmount('Amount (¥)', '46550');
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
  });

  it('reads in Japanese as 残額 ¥660 を振込手数料として処理する', async () => {
    await act(() => i18n.changeLanguage('ja'));
    renderForm();
    typeAmount('金額（円）', '45890');
    fireEvent.click(
      await screen.findByRole('checkbox', { name: '残額 ¥660 を振込手数料として処理する' }),
    );
    expect(screen.getByRole('button', { name: '入金と手数料 ¥660 を記録' })).toBeTruthy();
  });

  it('is not offered for cash paid at the counter, and the payment sends no flag', async () => {
    const fetch = renderForm();
    typeAmount('Amount (¥)', '45890');
    fireEvent.click(await screen.findByRole('checkbox'));
    fireEvent.click(screen.getByRole('radio', { name: 'Cash' }));
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Pay Partial Amount' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(paySent(fetch)).toMatchObject({ amount: 45_890, method: 'cash' });
    expect(paySent(fetch)).not.toHaveProperty('writeOffRest');
  });

  it("is not offered on a driver's phone", async () => {
    renderForm(driver);
    typeAmount('Amount (¥)', '45890');
    await screen.findByRole('button', { name: 'Pay Partial Amount' });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it("shows the fee on the invoice card's payments, with no receipt, and the office takes it back", async () => {
    const settled = makeInvoice({
      amount: 46_550,
      paidAmount: 46_550,
      pendingAmount: 0,
      status: 'Completed',
      payments: [
        {
          _id: 'p1',
          amount: 45_890,
          date: '2030-05-20',
          collectedBy: 'office',
          createdAt: '2030-05-20T01:00:00.000Z',
          kind: 'payment',
        },
        {
          _id: 'p2',
          amount: 660,
          date: '2030-05-20',
          collectedBy: 'office',
          createdAt: '2030-05-20T01:00:00.000Z',
          kind: 'bank_fee',
        },
      ],
    });
    const { calls } = renderScreen(<InvoiceCard invoice={settled} staff onChanged={() => {}} />, {
      path: '/admin/invoice',
      user: clerk,
      answers: {
        'invoices.history': () => [],
        'invoices.removeBankFee': () => ({ ...settled, payments: settled.payments.slice(0, 1) }),
      },
    });
    // The card's "Paid" is the money received; the fee is said under it.
    expect(screen.getByText('¥45,890')).toBeTruthy();
    expect(screen.getByTestId('invoice-bank-fee').textContent).toBe(
      'Bank transfer fee deducted ¥660',
    );
    fireEvent.click(screen.getAllByRole('button', { name: /details/i })[0] as HTMLElement);
    const row = await screen.findByTestId('bank-fee-row');
    expect(row.textContent).toContain('¥660');
    expect(row.textContent).toContain('Bank transfer fee written off');
    // One receipt: the money received's.
    expect(await screen.findAllByRole('button', { name: 'Receipt' })).toHaveLength(1);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Take back the bank transfer fee of ¥660' }),
    );
    expect(await screen.findByText('Take back the bank transfer fee of ¥660?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'invoices.removeBankFee')?.input).toEqual({
        invoiceId: settled._id,
        _id: 'p2',
      }),
    );
  });

  it("reads in the invoice's history as a fee, in each language", async () => {
    const fee = { kind: 'bank_fee', amount: 660, date: '2030-05-20', collectedBy: 'office' };
    expect(describeEntry(i18n.t, null, fee)[0]).toBe('bank transfer fee written off');
    expect(describeEntry(i18n.t, null, fee)).toContain('Amount ¥660');
    await act(() => i18n.changeLanguage('ja'));
    expect(describeEntry(i18n.t, fee, null)[0]).toBe('振込手数料の処理');
    await act(() => i18n.changeLanguage('ne'));
    expect(describeEntry(i18n.t, fee, null)[0]).toBe('मिलान गरिएको बैंक ट्रान्सफर शुल्क');
  });
});
