import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerTermsOut } from '../../../../../../shared/schemas/terms';
import { makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { PriceListsScreen } from '../catalogue/PriceListsScreen';

// The price lists' customer picker (ADR 093): it asks the server for the customers matching
// what is typed, never for every customer, and a customer the page opened with keeps its name.

vi.mock('../../../../components/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const terms = (customerId: string): CustomerTermsOut => ({
  customerId,
  priceListId: null,
  minOrderRule: 'none',
  minOrderValue: 0,
  deliveryCharge: 0,
  overrides: [],
  hidden: [],
  hiddenByList: [],
});
const CUSTOMERS = [
  { _id: 'c1', restaurantName: 'Curry House', customerCode: 'CH-01' },
  { _id: 'c2', restaurantName: 'Everest Momo', customerCode: 'E-42' },
];

function render() {
  return renderScreen(<PriceListsScreen />, {
    path: '/admin/pricelists',
    user: admin,
    answers: {
      'priceLists.list': () => [],
      'customers.pick': ({ q = '' }) => ({
        customers: CUSTOMERS.filter(
          (c) => c.restaurantName.toLowerCase().includes(q.toLowerCase()) || c.customerCode === q,
        ),
        more: false,
      }),
      'customers.byId': () => {
        throw new Error('the picker read a customer alone');
      },
      'priceLists.customerTerms': ({ customerId }) => terms(customerId),
      'products.list': () => [],
    },
  });
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the price lists customer picker', () => {
  it('searches on the server as the office types, shows the matches, and picks one', async () => {
    const { calls } = render();
    const box = await screen.findByLabelText('Customer', { selector: 'input' });
    // Typed into (Mantine takes a change of an unfocused field for autofill).
    box.focus();
    fireEvent.click(box);
    fireEvent.change(box, { target: { value: 'momo' } });
    // The server is asked for what was typed, and only its matches are offered.
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === 'customers.pick' && (c.input as { q: string }).q === 'momo'),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('option', { name: /Curry House/ })).toBeNull());
    const option = await screen.findByRole('option', { name: 'Everest Momo (E-42)' });
    expect(calls.some((c) => c.path === 'customers.list')).toBe(false);
    fireEvent.click(option);
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === 'priceLists.customerTerms' &&
            (c.input as { customerId: string }).customerId === 'c2',
        ),
      ).toBe(true),
    );
    expect((box as HTMLInputElement).value).toBe('Everest Momo');
  });

  it('opened for one customer, shows that customer by name', async () => {
    window.history.replaceState(null, '', '/admin/pricelists?customer=c9');
    const { calls } = renderScreen(<PriceListsScreen />, {
      path: '/admin/pricelists',
      user: admin,
      answers: {
        'priceLists.list': () => [],
        'customers.pick': () => ({ customers: CUSTOMERS, more: true }),
        'customers.byId': () => ({ _id: 'c9', restaurantName: 'Sakura Shokudo' }) as never,
        'priceLists.customerTerms': ({ customerId }) => terms(customerId),
        'products.list': () => [],
      },
    });
    const box = (await screen.findByLabelText('Customer', {
      selector: 'input',
    })) as HTMLInputElement;
    await waitFor(() => expect(box.value).toBe('Sakura Shokudo'));
    expect(calls.some((c) => c.path === 'customers.list')).toBe(false);
  });
});
