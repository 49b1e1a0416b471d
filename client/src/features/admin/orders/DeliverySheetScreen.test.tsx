import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cashJob, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { DeliverySheetScreen } from './DeliverySheetScreen';

// A driver's printed sheet: orders dispatched early for a later day are headed by their date,
// after the day's stops, so a driver does not deliver them two days early.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

describe("a driver's delivery sheet", () => {
  it('heads each delivery date before its stops', async () => {
    renderScreen(<DeliverySheetScreen />, {
      path: '/admin/ordertrack/sheet/d1',
      pattern: '/admin/ordertrack/sheet/:driverId',
      user: admin,
      answers: {
        'ordertrack.sheet': () => ({
          driver: { _id: 'd1', username: 'driver1', name: 'Ram' },
          jobs: [
            cashJob('a', { deliveryDate: '2030-05-15', orderNumber: 10280 }),
            cashJob('b', { deliveryDate: '2030-05-15', orderNumber: 10281 }),
            cashJob('c', { deliveryDate: '2030-05-17', orderNumber: 10287 }),
          ],
          totalToCollect: 6480,
        }),
      },
    });
    const dates = await screen.findAllByTestId('sheet-date');
    expect(dates.map((d) => d.textContent)).toEqual([
      expect.stringContaining('15'),
      expect.stringContaining('17'),
    ]);
    expect(dates[0]?.textContent).toMatch(/^Delivery date: /);
  });
});
