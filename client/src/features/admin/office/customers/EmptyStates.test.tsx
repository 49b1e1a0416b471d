import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../../../i18n';
import { makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { EmployeesScreen } from '../staff/EmployeesScreen';
import { CustomersScreen } from './CustomersScreen';
import { RoutesScreen } from './RoutesScreen';

// An empty office list says what to do next (ADR 057), with the button that does it.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const none = { customers: [], total: 0, pages: 1, page: 1 };
const route = { _id: 'r1', name: 'North', customerCount: 0 };

describe('an empty customer list', () => {
  it('asks for a route first when there is none (a customer needs one)', async () => {
    await i18n.changeLanguage('ja');
    renderScreen(<CustomersScreen view="all" />, {
      path: '/admin/customer',
      user: admin,
      answers: { 'customers.list': () => none, 'routes.list': () => [] },
    });
    expect(
      await screen.findByText(
        '先に配送ルートを追加してください。得意先はいずれかのルートに属します。',
      ),
    ).toBeTruthy();
    const add = screen.getByRole('link', { name: '配送ルートを追加' });
    expect(add.getAttribute('href')).toBe('/admin/customer/routes');
  });

  it('offers to add the first customer or import a list once a route exists', async () => {
    renderScreen(<CustomersScreen view="all" />, {
      path: '/admin/customer',
      user: admin,
      answers: { 'customers.list': () => none, 'routes.list': () => [route] },
    });
    expect(
      await screen.findByText(
        'No customers yet. Add your first customer, or import a list from a CSV file.',
      ),
    ).toBeTruthy();
    const empty = screen.getByTestId('customers-empty');
    fireEvent.click(empty.querySelector('button') as HTMLButtonElement);
    expect(await screen.findByRole('dialog', { name: 'Customer Form' })).toBeTruthy();
  });

  it('after a search that finds nothing, offers to clear it', async () => {
    renderScreen(<CustomersScreen view="all" />, {
      path: '/admin/customer',
      user: admin,
      answers: { 'customers.list': () => none, 'routes.list': () => [route] },
    });
    const search = await screen.findByRole('searchbox', { name: 'Search customers' });
    fireEvent.change(search, { target: { value: 'zzz' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear the search' }));
    expect((search as HTMLInputElement).value).toBe('');
  });
});

describe('empty routes and employees', () => {
  it('say how to start', async () => {
    await i18n.changeLanguage('ja');
    const { unmount } = renderScreen(<RoutesScreen />, {
      path: '/admin/customer/routes',
      user: admin,
      answers: { 'routes.list': () => [] },
    });
    expect(
      await screen.findByText(/配送ルートはまだありません。「配送ルートを追加」で作成し/),
    ).toBeTruthy();
    unmount();
    renderScreen(<EmployeesScreen />, {
      path: '/admin/employee',
      user: admin,
      answers: { 'employees.list': () => [] },
    });
    expect(await screen.findByText(/「従業員を追加」でドライバーを登録すると/)).toBeTruthy();
  });
});
