import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmployeeOut } from '../../../../../../shared/schemas/office';
import i18n from '../../../../i18n';
import { showDataTableColumns } from '../../../../test/dataTable';
import { makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { EmployeesScreen } from './EmployeesScreen';

// Only an admin changes a manager (DESIGN §2; the server refuses a manager with 403): a manager
// sees no edit, password reset or delete on a manager's row, but the reason, and keeps them on
// a driver's row; an admin has them on every row.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const manager = makeUser({ _id: 'm0', role: 'manager', isAdmin: false, userType: 'Employee' });

const staff: EmployeeOut[] = [
  {
    _id: 'd1',
    name: 'Ram',
    username: 'ram',
    phoneNumber: '9012345678',
    photo: null,
    role: 'driver',
  },
  {
    _id: 'm1',
    name: 'Sita',
    username: 'sita',
    phoneNumber: '9087654321',
    photo: null,
    role: 'manager',
  },
];

showDataTableColumns();
afterEach(async () => {
  await i18n.changeLanguage('en');
});

const render = (user: typeof admin) =>
  renderScreen(<EmployeesScreen />, {
    path: '/admin/employee',
    user,
    answers: { 'employees.list': () => staff },
  });

const row = (name: string) => {
  const found = screen.getAllByRole('row').find((r) => r.textContent?.includes(name));
  if (!found) throw new Error(`no row ${name}`);
  return within(found);
};

describe('the employees a manager may change', () => {
  it("a manager sees the reason instead of the actions on a manager's row", async () => {
    await i18n.changeLanguage('ja');
    render(manager);
    await waitFor(() => expect(row('Sita').getByTestId('manager-admin-only')).toBeTruthy());
    expect(row('Sita').getByTestId('manager-admin-only').textContent).toBe(
      'マネージャーの作成・変更・削除は管理者のみ行えます。',
    );
    expect(row('Sita').queryAllByRole('button')).toHaveLength(0);
    expect(row('Ram').getByRole('button', { name: 'パスワードをリセット：Ram' })).toBeTruthy();
    expect(row('Ram').getAllByRole('button').length).toBeGreaterThanOrEqual(3);
  });

  it("an admin has edit, reset and delete on a manager's row", async () => {
    render(admin);
    await waitFor(() =>
      expect(row('Sita').getByRole('button', { name: 'Edit Sita' })).toBeTruthy(),
    );
    expect(row('Sita').getByRole('button', { name: 'Delete Sita' })).toBeTruthy();
    expect(row('Sita').queryByTestId('manager-admin-only')).toBeNull();
  });

  it("names the password field's eye in the reader's language", async () => {
    await i18n.changeLanguage('ja');
    render(admin);
    fireEvent.click(await screen.findByRole('button', { name: '従業員を追加' }));
    const eye = await screen.findByRole('button', { name: 'パスワードを表示' });
    expect(eye.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Toggle password visibility' })).toBeNull();
  });
});

describe("an employee row's words", () => {
  it('are not cut in Japanese: the actions column is not held to a fixed width', async () => {
    // The audit saw "パスワードをリセッ" in a 230 px column; jsdom measures nothing, so what is
    // checked is that no width holds the column and the button does not shrink inside it.
    await i18n.changeLanguage('ja');
    render(admin);
    const reset = await screen.findByRole('button', { name: 'パスワードをリセット：Ram' });
    expect(reset.style.flexShrink).toBe('0');
    const actions = screen.getByRole('columnheader', { name: '操作' });
    expect(actions.style.width).toBe('');
    expect(actions.style.maxWidth).toBe('');
    const role = row('Ram').getByText('ドライバー');
    expect(role.style.overflow).toBe('visible');
    expect((role.closest('.mantine-Badge-root') as HTMLElement).style.minWidth).toBe('max-content');
  });
});
