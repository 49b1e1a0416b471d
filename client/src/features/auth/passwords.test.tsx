import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserMenu } from '../../components/UserMenu';
import { makeUser } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { serverError } from '../../test/testServer';
import { CustomerCard } from '../admin/office/customers/CustomerCard';

// "Change password" from the account menu, and the office's "Reset password" (ADR 024).

describe('Change password', () => {
  it('is in the account menu, checks the new password and shows a wrong current one', async () => {
    const user = makeUser();
    const { calls } = renderScreen(<UserMenu user={user} />, {
      path: '/customer',
      user,
      answers: {
        'auth.changePassword': ({ currentPassword }) => {
          if (currentPassword !== 'cust1234')
            throw serverError(400, 'auth.currentPasswordWrong', undefined, {
              currentPassword: 'auth.currentPasswordWrong',
            });
          return { message: 'Password changed' };
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Change password' }));
    const current = await screen.findByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const again = screen.getByLabelText('New password again');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    fireEvent.change(current, { target: { value: 'wrong-one' } });
    fireEvent.change(next, { target: { value: 'short' } });
    submit();
    expect(await screen.findByText('The password needs at least 8 characters.')).toBeTruthy();
    fireEvent.change(next, { target: { value: 'a-new-password' } });
    fireEvent.change(again, { target: { value: 'a-new-passwort' } });
    expect(await screen.findByText('The two new passwords are not the same.')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'auth.changePassword')).toHaveLength(0);

    fireEvent.change(again, { target: { value: 'a-new-password' } });
    submit();
    expect(await screen.findByText('The current password is not right.')).toBeTruthy();
    fireEvent.change(current, { target: { value: 'cust1234' } });
    submit();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'auth.changePassword').at(-1)?.input).toEqual({
        currentPassword: 'cust1234',
        newPassword: 'a-new-password',
      }),
    );
    await waitFor(() => expect(screen.queryByLabelText('Current password')).toBeNull());
  });
});

describe('Reset password', () => {
  it("sets a customer's new password from the customer card", async () => {
    const { calls } = renderScreen(
      <CustomerCard
        customer={
          {
            _id: 'c1',
            restaurantName: 'Annapurna',
            phoneNumber: '312345678',
            customerCode: 'C1',
            paymentMethod: 'cash',
            username: 'annapurna',
            totalDues: 0,
            webOrder: false,
            inactive: false,
            lastDelivered: null,
            deliveryDays: [],
          } as never
        }
        onEdit={() => {}}
        onDelete={() => {}}
        onHistory={() => {}}
      />,
      {
        path: '/admin/customer',
        user: makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' }),
        answers: { 'customers.resetPassword': () => ({ message: 'Password reset' }) },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset password of Annapurna' }));
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'from-the-office' },
    });
    fireEvent.change(screen.getByLabelText('New password again'), {
      target: { value: 'from-the-office' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'customers.resetPassword')?.input).toEqual({
        id: 'c1',
        newPassword: 'from-the-office',
      }),
    );
  });
});
