import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { pickFrom } from '../../../test/customerPick';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { InvoiceForm } from './InvoiceForm';

// The hand-made invoice by keyboard alone (ADR 083): the dialog opens on its first field, the
// customer, not on ×; sent with a field missing, the focus goes to that field, where its
// message is, instead of staying on 登録.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

function renderForm() {
  return renderScreen(<InvoiceForm onClose={() => {}} onSaved={() => {}} />, {
    path: '/admin/invoice',
    user: admin,
    answers: {
      'invoices.formOptions': () => ({ collectors: [], routes: [] }),
      'customers.pick': pickFrom([
        { _id: 'c1', customerCode: 'C1', restaurantName: 'さくら食堂' },
        { _id: 'c2', customerCode: 'C2', restaurantName: 'Everest Momo' },
      ]),
    },
  });
}

describe('the hand-made invoice by keyboard, in Japanese', () => {
  it('opens on the customer, and a refused 登録 takes the focus to the missing field', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const { calls } = renderForm();
    const customer = screen.getByRole('combobox', { name: /得意先/ });
    await waitFor(() => expect(document.activeElement).toBe(customer));

    const user = userEvent.setup();
    screen.getByRole('button', { name: '登録' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(customer));
    expect(customer.getAttribute('aria-invalid')).toBe('true');

    // The customer chosen, the amount is what is missing.
    // Searched on the server (ADR 094): only what matches the typed word is offered.
    await user.type(customer, 'さくら');
    await screen.findByRole('option', { name: 'さくら食堂 (C1)' });
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: 'Everest Momo (C2)' })).toBeNull(),
    );
    expect(
      calls.some((c) => c.path === 'customers.pick' && (c.input as { q: string }).q === 'さくら'),
    ).toBe(true);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect((customer as HTMLInputElement).value).toBe('さくら食堂'));
    screen.getByRole('button', { name: '登録' }).focus();
    await user.keyboard('{Enter}');
    const amount = screen.getByRole('textbox', { name: /金額/ });
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(calls.filter((c) => c.path === 'invoices.create')).toHaveLength(0);
  });
});
