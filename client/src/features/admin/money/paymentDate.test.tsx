import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDaysIso } from '../../../../../shared/delivery-dates';
import { businessToday, showDate } from '../../../dates';
import i18n from '../../../i18n';
import { openCalendar, typeDate } from '../../../test/datePicker';
import { makeInvoice, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { PaymentForm } from './PaymentForm';

// The office's payment date reads and is typed as the app writes dates in the reader's language
// (2026/11/28 in Japanese), whatever the browser's locale, and the server still gets
// YYYY-MM-DD; the days it takes are today and the business's window back (ADR 023).

const invoice = makeInvoice({ dueDate: null, amount: 5000, pendingAmount: 5000 });
const clerk = makeUser({ _id: 's1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

function renderForm() {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ result: { data: invoice } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  renderScreen(<PaymentForm invoice={invoice} opened onClose={() => {}} onSaved={() => {}} />, {
    path: '/admin/invoice',
    user: clerk,
    answers: { 'settings.money': () => ({ paymentBackdateDays: 30 }) },
  });
  return fetch;
}

function sentBody(fetch: ReturnType<typeof renderForm>) {
  const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
  expect(String(url)).toContain('invoices.pay');
  return JSON.parse(String(init.body)) as { date: string; amount: number };
}

describe('the payment date', () => {
  it('shows 2026/11/28 in Japanese, takes a date typed so, and sends YYYY-MM-DD', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const fetch = renderForm();
    const today = businessToday();
    const date = (await screen.findByLabelText(/^日付/)) as HTMLInputElement;
    expect(date.value).toBe(today.replaceAll('-', '/'));

    const day = addDaysIso(today, -3);
    typeDate(date, day.replaceAll('-', '/'));
    expect(date.value).toBe(showDate(day));

    fireEvent.change(screen.getByLabelText('金額（円）'), { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: '一部を入金' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentBody(fetch)).toMatchObject({ amount: 2000, date: day });
  });

  it('is picked in the calendar, whose days are named as they are said (2026年11月27日)', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const fetch = renderForm();
    const day = addDaysIso(businessToday(), -1);
    const [y, m, d] = day.split('-').map(Number);
    const spoken = `${y}年${m}月${d}日`;
    const date = (await screen.findByLabelText(/^日付/)) as HTMLInputElement;
    const calendar = await openCalendar(date);
    // The calendar opens on the month of the date shown: yesterday may be in the month before.
    if (!within(calendar).queryByRole('button', { name: spoken })) {
      fireEvent.click(within(calendar).getByRole('button', { name: '前の月' }));
    }
    fireEvent.click(within(calendar).getByRole('button', { name: spoken }));
    await waitFor(() => expect(date.value).toBe(showDate(day)));

    fireEvent.change(screen.getByLabelText('金額（円）'), { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: '一部を入金' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentBody(fetch)).toMatchObject({ amount: 1500, date: day });
  });

  it('refuses a day in the future or before the window, says why, and sends nothing', async () => {
    const fetch = renderForm();
    const today = businessToday();
    const date = (await screen.findByLabelText(/^Date/)) as HTMLInputElement;
    fireEvent.change(screen.getByLabelText('Amount (¥)'), { target: { value: '2000' } });

    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: showDate(addDaysIso(today, 1)) } });
    expect(await screen.findByText('A payment cannot be dated in the future.')).toBeTruthy();
    // The field holds no date now: recording it sends nothing, and the reason stays shown.
    fireEvent.click(screen.getByRole('button', { name: 'Pay Partial Amount' }));
    expect(screen.getByText('A payment cannot be dated in the future.')).toBeTruthy();

    // The window is read from the server: wait for it before typing a day just outside it.
    await waitFor(() => {
      fireEvent.change(date, { target: { value: showDate(addDaysIso(today, -31)) } });
      expect(screen.getByText('A payment can be dated at most 30 days back.')).toBeTruthy();
    });
    fireEvent.blur(date);
    expect(date.value).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });
});
