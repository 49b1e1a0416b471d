import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { PaymentReportScreen } from './PaymentReportScreen';

// The collection forecast says what it counts (ADR 060): by payment day, monthly customers only,
// so an accountant does not read its total against the aging report's and find money missing.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('the collection forecast', () => {
  it('says cash customers are not counted, and where every unpaid invoice is', async () => {
    await act(() => i18n.changeLanguage('ja'));
    renderScreen(<PaymentReportScreen />, {
      path: '/admin/reports/payment',
      user: admin,
      answers: {
        'invoices.forecast': () => ({
          total: 228_915,
          days: [{ date: '2026-11-30', amount: 228_915, customers: 3 }],
        }),
        'invoices.byDate': () => ({ invoices: [], totalAmountToCollect: 0 }),
      },
    });
    const hint = await screen.findByTestId('forecast-hint');
    expect(hint.textContent).toContain('現金の得意先は納品時に支払うため含みません');
    expect(hint.textContent).toContain('売掛金年齢表');
    expect(await screen.findByText('集金予定の合計：¥228,915', { exact: false })).toBeTruthy();
  });

  it('asks for the payment day typed in full-width digits (a Japanese IME)', async () => {
    const { calls } = renderScreen(<PaymentReportScreen />, {
      path: '/admin/reports/payment',
      user: admin,
      answers: {
        'invoices.forecast': () => ({ total: 0, days: [] }),
        'invoices.byDate': () => ({ invoices: [], totalAmountToCollect: 0 }),
      },
    });
    const day = (await screen.findByLabelText('Payment day')) as HTMLInputElement;
    fireEvent.change(day, { target: { value: '２５' } });
    expect(day.value).toBe('25');
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === 'invoices.byDate' && JSON.stringify(c.input).includes('25')),
      ).toBe(true),
    );
  });
});
