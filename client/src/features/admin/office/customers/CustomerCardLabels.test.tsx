import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n';
import { makeCustomer, makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { CustomerCard } from './CustomerCard';

// What the office audit found on the customer cards: a bare red "¥485,974" (only a screen
// reader heard that it was the customer's dues) and "OVERDUE OVER 2 MO…" cut at the card's edge.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

const customer = makeCustomer({
  restaurantName: 'Masala Art',
  totalDues: 485974,
});

const card = () =>
  renderScreen(
    <CustomerCard customer={customer} onEdit={() => {}} onDelete={() => {}} onHistory={() => {}} />,
    {
      path: '/admin/customer',
      user: admin,
      answers: {
        'invoices.overdueCustomers': () => [
          {
            customerId: 'c1',
            customerCode: 'C1',
            restaurantName: 'Masala Art',
            overdueAmount: 111176,
            totalDues: 485974,
            oldestDueDate: '2030-01-31',
          },
        ],
      },
    },
  );

afterEach(() => i18n.changeLanguage('en'));

describe("a customer card's dues", () => {
  it.each([
    ['en', 'Dues ¥485,974', 'Dues ¥485,974, Masala Art'],
    ['ne', 'बाँकी रकम ¥485,974', 'बाँकी रकम ¥485,974, Masala Art'],
    ['ja', '未収金 ¥485,974', '未収金 ¥485,974、Masala Art'],
  ])('say in %s what the amount is, in words that start its name', async (lang, shown, name) => {
    await i18n.changeLanguage(lang);
    card();
    const dues = screen.getByRole('link', { name });
    expect(dues.textContent?.replace(/\u00a0/g, ' ')).toBe(shown);
    expect(dues.getAttribute('href')).toBe('/admin/invoice/bycustomer/c1');
  });
});

describe("a customer card's overdue flag", () => {
  it('takes a second line in the narrow card rather than being cut', async () => {
    card();
    const label = await screen.findByText('Overdue over 2 months');
    expect(label.style.whiteSpace).toBe('normal');
    expect(label.style.overflow).toBe('visible');
    const badge = label.closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.style.height).toBe('auto');
    expect(badge.style.overflow).toBe('visible');
  });
});
