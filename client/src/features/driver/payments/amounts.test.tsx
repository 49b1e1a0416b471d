import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { DriverPaymentsScreen } from './DriverPaymentsScreen';

// A payment typed on a Nepali keyboard: "१००००" is ¥10,000, as the quantities read Devanagari
// digits (ADR 048); the money field dropped them and stayed empty.

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });

afterEach(() => vi.unstubAllGlobals());

describe("the driver's payment amount", () => {
  it('reads Devanagari digits and sends the amount they say', async () => {
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
        sent.push({ url: String(url), body: JSON.parse(String(init?.body)) });
        return new Response(JSON.stringify({ result: { data: makeInvoice() } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderScreen(<DriverPaymentsScreen />, {
      path: '/driver/payments',
      user: driver,
      answers: { 'invoices.mine': () => ({ invoices: [makeInvoice()], totalDues: 47196 }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Payment(:|：| |$)/u }));
    const form = await screen.findByRole('dialog', { name: /^Payment(:|：| |$)/u });
    const amount = within(form).getByLabelText(/^Amount/) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '१००००' } });
    expect(amount.value).toBe('¥10,000');
    const partial = within(form).getByRole('button', { name: 'Pay Partial Amount' });
    expect((partial as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(partial);
    await waitFor(() => expect(sent.some((s) => s.url.includes('invoices.pay'))).toBe(true));
    const pay = sent.find((s) => s.url.includes('invoices.pay'));
    expect(pay?.body).toMatchObject({ invoiceId: 'inv1', amount: 10000 });
  });

  it('reads full-width digits typed through a Japanese IME', async () => {
    renderScreen(<DriverPaymentsScreen />, {
      path: '/driver/payments',
      user: driver,
      answers: { 'invoices.mine': () => ({ invoices: [makeInvoice()], totalDues: 47196 }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Payment(:|：| |$)/u }));
    const form = await screen.findByRole('dialog', { name: /^Payment(:|：| |$)/u });
    const amount = within(form).getByLabelText(/^Amount/) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '５０００' } });
    expect(amount.value).toBe('¥5,000');
  });
});
