import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n';
import { makeInvoice, makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { Receipt } from './Receipt';

// The payment receipt a collector shows on screen: it names the invoice by the number printed on
// the invoice itself, and says "unknown" for a collector no longer known in the reader's language.

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const payment = {
  _id: 'p1',
  amount: 20_000,
  date: '2030-05-20',
  collectedBy: null,
  createdAt: '2030-05-20T03:00:00.000Z',
  kind: 'payment' as const,
};

function show(number: string | null) {
  const invoice = makeInvoice({
    _id: 'a1b2c3d4e5f6a7b8c9d0e1f2',
    number,
    amount: 47_196,
    payments: [payment],
  });
  renderScreen(<Receipt invoice={invoice} payment={payment} onClose={() => {}} />, {
    path: '/admin/invoice',
    user: makeUser({ _id: 's1', role: 'admin', isAdmin: true, userType: 'Admin' }),
  });
  return screen.getByTestId('receipt');
}

describe('the payment receipt on screen', () => {
  it('names the invoice by its number and shows the balance left', async () => {
    const receipt = show('INV-000318');
    expect(within(receipt).getByText('INV-000318')).toBeTruthy();
    expect(receipt.textContent).not.toContain('#D0E1F2');
    expect(within(receipt).getByText('¥27,196')).toBeTruthy();
  });

  it('keeps the code and short id for an old invoice without a number', () => {
    const receipt = show(null);
    expect(within(receipt).getByText('C1 #D0E1F2')).toBeTruthy();
  });

  it('says the collector is unknown in Japanese when the collector is gone', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const receipt = show('INV-000318');
    expect(within(receipt).getByText('不明')).toBeTruthy();
    expect(receipt.textContent).not.toContain('Unknown');
  });
});
