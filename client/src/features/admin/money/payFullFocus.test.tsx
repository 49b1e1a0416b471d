import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { PaymentForm } from './PaymentForm';

// 'Pay Full Amount' disables as its question appears: a keyboard or screen-reader user is
// taken to the question's answer, not dropped on the page, and back when it is dismissed.

const invoice = makeInvoice({ dueDate: null, amount: 5000, pendingAmount: 5000 });
const clerk = makeUser({ _id: 's1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(() => vi.restoreAllMocks());

describe('the pay-full question', () => {
  it('takes focus to its Yes button when it appears, and back to the button on Go back', async () => {
    renderScreen(<PaymentForm invoice={invoice} opened onClose={() => {}} onSaved={() => {}} />, {
      path: '/admin/invoice',
      user: clerk,
      answers: { 'settings.money': () => ({ paymentBackdateDays: 30 }) },
    });
    // The form opens on the amount.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Amount (¥)')));
    const payFull = screen.getByRole('button', { name: 'Pay Full Amount' });
    payFull.focus();
    fireEvent.click(payFull);
    const question = await screen.findByRole('alertdialog');
    const yes = screen.getByRole('button', { name: /^Yes, record/ });
    await waitFor(() => expect(document.activeElement).toBe(yes));
    expect(question.contains(document.activeElement)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pay Full Amount' })),
    );
  });
});
