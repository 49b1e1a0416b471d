import { screen } from '@testing-library/react';
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
    card({ ...customer, closingDay: 31 });
    expect(screen.getByTestId('closing-day').textContent).toBe('月末締め');
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
