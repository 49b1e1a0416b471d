import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerOut } from '../../../../../../shared/schemas/office';
import i18n from '../../../../i18n';
import { makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { CustomerCard } from './CustomerCard';
import { CustomerForm } from './CustomerForm';

// A monthly customer's card shows when it closes beside when it pays (月末締め・毎月25日払い),
// and the form says whether it registers a new customer or edits one.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(() => i18n.changeLanguage('en'));

const customer: CustomerOut = {
  _id: 'c1',
  restaurantName: 'Annapurna',
  phoneNumber: '312345678',
  customerCode: 'C1',
  paymentMethod: 'monthly',
  paymentDate: '25',
  deliveryDays: [],
  route: null,
  routeName: null,
  contactPerson: null,
  mobileNumber: null,
  username: null,
  badDebt: false,
  webOrder: false,
  creditHold: false,
  billingName: null,
  billingAddress: null,
  email: null,
  closingDay: 20,
  documentLanguage: 'ja',
  totalDues: 0,
  lastDelivered: null,
  inactive: false,
} as CustomerOut;

const card = (c: CustomerOut) =>
  renderScreen(
    <CustomerCard customer={c} onEdit={() => {}} onDelete={() => {}} onHistory={() => {}} />,
    {
      path: '/admin/customers',
      user: admin,
      answers: { 'invoices.overdueCustomers': () => [] },
    },
  );

describe("a customer's closing day", () => {
  it('shows on a monthly customer’s card in Japanese: 20日締め, 月末締め', async () => {
    await i18n.changeLanguage('ja');
    const { unmount } = card(customer);
    expect(screen.getByTestId('closing-day').textContent).toBe('20日締め');
    expect(screen.getByText('毎月25日払い')).toBeTruthy();
    unmount();
    card({ ...customer, closingDay: 31, paymentDate: '31' });
    expect(screen.getByTestId('closing-day').textContent).toBe('月末締め');
    // The 31st falls on each month's last day: said as month end, not 毎月31日払い.
    expect(screen.getByText('月末払い')).toBeTruthy();
    expect(screen.queryByText('毎月31日払い')).toBeNull();
  });

  it('closes at month end when none is set, and is not shown for a cash customer', () => {
    const { unmount } = card({ ...customer, closingDay: null });
    expect(screen.getByTestId('closing-day').textContent).toBe('Closes at month end');
    unmount();
    card({ ...customer, paymentMethod: 'cash', paymentDate: null, closingDay: null });
    expect(screen.queryByTestId('closing-day')).toBeNull();
  });
});

describe('the customer form title', () => {
  const form = (c: CustomerOut | null) =>
    renderScreen(<CustomerForm customer={c} onClose={() => {}} />, {
      path: '/admin/customers',
      user: admin,
      answers: { 'routes.list': () => [] },
    });

  it('says edit when editing and registration when new (Japanese)', async () => {
    await i18n.changeLanguage('ja');
    const { unmount } = form(customer);
    expect(screen.getByRole('dialog', { name: '得意先の編集' })).toBeTruthy();
    unmount();
    form(null);
    expect(screen.getByRole('dialog', { name: '得意先の登録' })).toBeTruthy();
  });
});

describe('the payment day on the customer form (ADR 057)', () => {
  const calendar = (today: string) => ({
    timeZone: 'Asia/Tokyo',
    today,
    earliest: today,
    cutoff: '04:00',
    holidays: [],
  });
  const form = (c: CustomerOut | null, today = '2026-11-10') =>
    renderScreen(<CustomerForm customer={c} onClose={() => {}} />, {
      path: '/admin/customers',
      user: admin,
      answers: { 'routes.list': () => [], 'settings.deliveryCalendar': () => calendar(today) },
    });

  it('says the next closing and its due date by the closing rule, and follows the fields', async () => {
    await i18n.changeLanguage('ja');
    form({ ...customer, closingDay: 31, paymentDate: '25' });
    const sentence = screen.getByTestId('next-closing');
    // Closing at month end, paying on the 25th: the 25th of the next month.
    await waitFor(() =>
      expect(sentence.textContent).toBe('次回の締め：2026/11/30 → お支払期限：2026/12/25'),
    );
    // Closing on the 20th instead: the 25th of the same month.
    fireEvent.click(screen.getByLabelText('締め日', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: '20日' }));
    await waitFor(() =>
      expect(sentence.textContent).toBe('次回の締め：2026/11/20 → お支払期限：2026/11/25'),
    );
    // No payment day: the end of the following month.
    fireEvent.click(screen.getByLabelText('毎月の支払日', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: '月末' }));
    await waitFor(() =>
      expect(sentence.textContent).toBe('次回の締め：2026/11/20 → お支払期限：2026/11/30'),
    );
  });

  it('lists the days as 1日…30日 and 月末 in Japanese, 1st, 2nd, 3rd… in English', async () => {
    await i18n.changeLanguage('ja');
    const { unmount } = form({ ...customer, paymentDate: '' });
    fireEvent.click(screen.getByLabelText('毎月の支払日', { selector: 'input' }));
    const ja = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(ja.slice(0, 3)).toEqual(['1日', '2日', '3日']);
    expect(ja.at(-1)).toBe('月末');
    expect(ja).toHaveLength(31);
    await waitFor(() =>
      expect(screen.getByTestId('next-closing').textContent).toBe(
        '次回の締め：2026/11/20 → お支払期限：2026/12/31（支払日未設定のため翌月末）',
      ),
    );
    unmount();
    await i18n.changeLanguage('en');
    form({ ...customer, paymentDate: '' });
    fireEvent.click(screen.getByLabelText('Payment day of the month', { selector: 'input' }));
    const en = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect([en[0], en[1], en[2], en[3], en[10], en[20], en[21], en[22]]).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '21st',
      '22nd',
      '23rd',
    ]);
    expect(en.at(-1)).toBe('Month end');
  });

  it('says nothing of closings for a cash customer', () => {
    form({ ...customer, paymentMethod: 'cash', paymentDate: null, closingDay: null });
    expect(screen.queryByTestId('next-closing')).toBeNull();
  });
});
