import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouteStopOut } from '../../../../../shared/schemas/doorstep';
import { cashJob, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { DriverRouteScreen } from './DriverRouteScreen';

// A driver following the Route screen delivers from each stop, in the same dialog as the
// pending list, without going back to Pending Orders.

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });

function stop(n: number, id: string, over: Partial<RouteStopOut> = {}): RouteStopOut {
  return {
    number: n,
    customerId: `c-${id}`,
    restaurantName: `Curry ${id}`,
    routeName: 'Saitama',
    address: null,
    phoneNumber: '312345678',
    pending: 1,
    delivered: 0,
    amountToCollect: 0,
    ...over,
  };
}

describe('the Route screen', () => {
  it('has a Deliver action on each stop still to deliver, opening the delivery dialog', async () => {
    renderScreen(<DriverRouteScreen />, {
      path: '/driver/route',
      user: driver,
      answers: {
        'ordertrack.driverRoute': () => ({
          date: '2030-05-15',
          stops: [
            stop(1, 'done', { pending: 0, delivered: 1 }),
            stop(2, 'b'),
            stop(3, 'c', { pending: 2 }),
          ],
        }),
        'ordertrack.driverPending': () => [
          cashJob('c', {}, { serialNo: 3 }),
          cashJob('b', {}, { serialNo: 5 }),
          cashJob('c', { _id: 'o-c2', orderNumber: 8 }, { _id: 'c2', serialNo: 4 }),
        ],
      },
    });
    await screen.findByRole('button', { name: 'Mark As Delivered: Curry b' });
    expect(screen.getByRole('button', { name: 'Mark As Delivered: Curry c' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark As Delivered: Curry done' })).toBeNull();

    // The stop's first job in the list's order opens.
    fireEvent.click(screen.getByRole('button', { name: 'Mark As Delivered: Curry c' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Curry c')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Delivered: Basmati Rice')).toBeTruthy();
  });
});
