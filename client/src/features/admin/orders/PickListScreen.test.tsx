import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PickList } from '../../../../../shared/schemas/doorstep';
import i18n from '../../../i18n';
import { typeDate } from '../../../test/datePicker';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { PickListScreen } from './PickListScreen';

// /admin/orders/picklist opened without ?date= read nothing and spun forever: it asks for the
// date instead, offering the next date with pending orders, and loads once one is chosen.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

const pickList = (deliveryDate: string): PickList => ({
  deliveryDate,
  route: null,
  totals: [{ itemName: 'Basmati Rice 5kg', totalQuantity: 3, sku: 'Bag' }],
  stops: [],
});

function renderPickList(path: string) {
  return renderScreen(<PickListScreen />, {
    path,
    pattern: '/admin/orders/picklist',
    user: admin,
    answers: {
      'orders.pendingDates': () => ({
        next: '2030-05-17',
        dates: [{ date: '2030-05-17', count: 2 }],
        routes: [],
      }),
      'orders.pickList': (input) => pickList(input.deliveryDate),
    },
  });
}

afterEach(() => i18n.changeLanguage('en'));

describe('the pick list without a date', () => {
  it('asks for the date instead of spinning, and loads the next date with orders', async () => {
    const { calls } = renderPickList('/admin/orders/picklist');
    expect(await screen.findByText('Choose the delivery date to pick for.')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(calls.some((c) => c.path === 'orders.pickList')).toBe(false);
    expect((screen.getByRole('button', { name: 'Print' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Next date with orders: 17 May 2030' }),
    );
    expect(await screen.findByText('Basmati Rice 5kg')).toBeTruthy();
    expect(calls.find((c) => c.path === 'orders.pickList')?.input).toEqual({
      deliveryDate: '2030-05-17',
      route: '',
    });
  });

  it('takes a date typed in its picker, in Nepali', async () => {
    await i18n.changeLanguage('ne');
    const { calls } = renderPickList('/admin/orders/picklist');
    expect(
      await screen.findByText('कुन डेलिभरी मितिको सामान निकाल्ने हो, त्यो मिति छान्नुहोस्।'),
    ).toBeTruthy();
    // Typed as the app writes it in Nepali (20 मे 2030).
    typeDate(screen.getByLabelText('डेलिभरी मिति'), '20 मे 2030');
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'orders.pickList')?.input).toEqual({
        deliveryDate: '2030-05-20',
        route: '',
      }),
    );
    expect(screen.queryByTestId('picklist-no-date')).toBeNull();
  });

  it('with a date, reads it at once', async () => {
    renderPickList('/admin/orders/picklist?date=2030-05-17');
    expect(await screen.findByText('Basmati Rice 5kg')).toBeTruthy();
    expect((screen.getByLabelText('Delivery date') as HTMLInputElement).value).toBe('17 May 2030');
  });
});
