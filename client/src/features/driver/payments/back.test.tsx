import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { fakeAuth, Providers } from '../../../test/render';
import { fakeServer } from '../../../test/testServer';
import { AuthContext } from '../../auth/AuthContext';
import { DriverPaymentsScreen } from './DriverPaymentsScreen';

// The phone's Back button on the driver's invoices: it closes the Payment form (the amount
// typed is only lost when the driver chooses to leave it) and the invoices stay, on the app's
// own BrowserRouter and the window's history, as on the phone.

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });
const PATH = '/driver/payments';

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderPayments() {
  const { ServerProvider } = fakeServer({
    'invoices.mine': () => ({ invoices: [makeInvoice()], totalDues: 47196 }),
  });
  return render(
    <AuthContext value={fakeAuth({ user: driver })}>
      <ServerProvider>
        <BrowserRouter>
          <Routes>
            <Route path={PATH} element={<DriverPaymentsScreen />} />
            <Route path="*" element={<p>Somewhere else</p>} />
          </Routes>
          <Where />
        </BrowserRouter>
      </ServerProvider>
    </AuthContext>,
    { wrapper: Providers },
  );
}

const marked = () => typeof window.history.state?.backCloses === 'string';

beforeEach(async () => {
  await waitFor(() => expect(marked()).toBe(false));
  window.history.pushState(null, '', PATH);
});

describe("the phone's Back button on the driver's invoices", () => {
  it('closes the Payment form and the invoices stay', async () => {
    renderPayments();
    fireEvent.click(await screen.findByRole('button', { name: /^Payment(:|：| |$)/u }));
    const form = await screen.findByRole('dialog', { name: /^Payment(:|：| |$)/u });
    fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: '100' } });
    expect(marked()).toBe(true);

    await act(async () => {
      window.history.back();
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: /^Payment(:|：| |$)/u })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(PATH);
    expect(screen.queryByText('Somewhere else')).toBeNull();
    expect(marked()).toBe(false);
  });

  it('closed by ×, it leaves the history as it found it', async () => {
    renderPayments();
    const pay = await screen.findByRole('button', { name: /^Payment(:|：| |$)/u });
    const state = window.history.state;
    const length = window.history.length;
    fireEvent.click(pay);
    const form = await screen.findByRole('dialog', { name: /^Payment(:|：| |$)/u });
    fireEvent.click(within(form).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(marked()).toBe(false));
    expect(window.history.state).toEqual(state);
    // The entry taken away stays a forward entry (browsers never shorten the history).
    expect(window.history.length).toBe(length + 1);
  });

  it('closes the Add Note form and keeps the invoices (it left the screen and the note)', async () => {
    renderPayments();
    fireEvent.click(await screen.findByRole('button', { name: /^Note(:|：| |$)/u }));
    const form = await screen.findByRole('dialog', { name: 'Add Note' });
    fireEvent.change(within(form).getByLabelText(/^Note/), { target: { value: 'Pays Friday' } });
    expect(marked()).toBe(true);

    await act(async () => {
      window.history.back();
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: /^Note(:|：| |$)/u })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(PATH);
    expect(screen.queryByText('Somewhere else')).toBeNull();
    expect(marked()).toBe(false);
  });

  it('answers "pay the full amount?" with one Back, and closes the form with the next', async () => {
    renderPayments();
    fireEvent.click(await screen.findByRole('button', { name: /^Payment(:|：| |$)/u }));
    const form = await screen.findByRole('dialog', { name: /^Payment(:|：| |$)/u });
    fireEvent.click(within(form).getByRole('button', { name: 'Pay Full Amount' }));
    expect(await within(form).findByRole('alertdialog')).toBeTruthy();

    await act(async () => {
      window.history.back();
    });
    await waitFor(() => expect(within(form).queryByRole('alertdialog')).toBeNull());
    // Only the question went: the form is still open, on the same screen.
    expect(screen.getByRole('dialog', { name: /^Payment(:|：| |$)/u })).toBe(form);
    expect(screen.getByTestId('location').textContent).toBe(PATH);
    expect(marked()).toBe(true);

    await act(async () => {
      window.history.back();
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe(PATH);
    expect(screen.queryByText('Somewhere else')).toBeNull();
    expect(marked()).toBe(false);
  });

  it('closed by Go back, the question leaves the history as it found it', async () => {
    renderPayments();
    fireEvent.click(await screen.findByRole('button', { name: /^Payment(:|：| |$)/u }));
    const form = await screen.findByRole('dialog', { name: /^Payment(:|：| |$)/u });
    await waitFor(() => expect(marked()).toBe(true));
    const state = window.history.state;
    fireEvent.click(within(form).getByRole('button', { name: 'Pay Full Amount' }));
    const ask = await within(form).findByRole('alertdialog');
    await waitFor(() => expect(window.history.state).not.toEqual(state));
    fireEvent.click(within(ask).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(window.history.state).toEqual(state));
    expect(screen.getByRole('dialog', { name: /^Payment(:|：| |$)/u })).toBe(form);
  });
});
