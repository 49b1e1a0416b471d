import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { DriverPendingScreen } from './DriverPendingScreen';

function job(id: string, customerId: string, name: string): JobOut {
  return {
    _id: id,
    serialNo: 1,
    restaurantName: name,
    customer: {
      _id: customerId,
      restaurantName: name,
      phoneNumber: '312345678',
      customerCode: 'C1',
      paymentMethod: 'cash',
      routeName: null,
      address: null,
    },
    order: null,
    preparedBy: null,
    deliveredBy: null,
    isDelivered: false,
    deliveredAt: null,
    recipientName: null,
    proofImage: null,
    amountToCollect: 0,
    createdAt: '2030-05-15T00:00:00.000Z',
  };
}

describe("the driver's job card", () => {
  it('says to collect before unloading for an overdue customer, with one dues request', async () => {
    const { calls } = renderScreen(<DriverPendingScreen />, {
      path: '/driver/ordertrack',
      user: makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null }),
      answers: {
        'ordertrack.driverPending': () => [
          job('j1', 'c-late', 'Late Curry'),
          job('j2', 'c-ok', 'Good Naan'),
          job('j3', 'c-late', 'Late Curry'),
        ],
        'invoices.duesForCustomers': ({ customerIds }) =>
          customerIds.map((id) => ({
            customerId: id,
            totalDues: id === 'c-late' ? 123456 : 5000,
            overdue: id === 'c-late',
            overdueAmount: id === 'c-late' ? 100000 : 0,
            overdueToCollect: id === 'c-late' ? 100000 : 0,
            overdueHeldElsewhere: [],
          })),
      },
    });
    // The overdue part (¥100,000), not every due (¥123,456).
    const alerts = await screen.findAllByText(
      'Overdue: collect ¥100,000 before unloading',
      {},
      { timeout: 10_000 },
    );
    expect(alerts).toHaveLength(2);
    expect(screen.queryByText(/¥5,000 before unloading/)).toBeNull();
    const dues = calls.filter((c) => c.path === 'invoices.duesForCustomers');
    expect(dues).toHaveLength(1);
    expect(dues[0]?.input).toEqual({ customerIds: ['c-late', 'c-ok'] });
  });

  it('asks only for what this driver can record and says who holds the rest', async () => {
    renderScreen(<DriverPendingScreen />, {
      path: '/driver/ordertrack',
      user: makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null }),
      answers: {
        'ordertrack.driverPending': () => [
          job('j1', 'c-moved', 'Moved Momo'),
          job('j2', 'c-theirs', 'Their Thali'),
        ],
        'invoices.duesForCustomers': () => [
          {
            customerId: 'c-moved',
            totalDues: 20000,
            overdue: true,
            overdueAmount: 15407,
            overdueToCollect: 6207,
            overdueHeldElsewhere: [
              { heldBy: 'Driver Two', amount: 8200 },
              { heldBy: null, amount: 1000 },
            ],
          },
          {
            customerId: 'c-theirs',
            totalDues: 3000,
            overdue: true,
            overdueAmount: 3000,
            overdueToCollect: 0,
            overdueHeldElsewhere: [{ heldBy: null, amount: 3000 }],
          },
        ],
      },
    });
    // His own part only: ¥6,207, not the restaurant's ¥15,407.
    await screen.findByText('Overdue: collect ¥6,207 before unloading', {}, { timeout: 10_000 });
    expect(screen.queryByText(/¥15,407/)).toBeNull();
    expect(
      screen.getByText('Also overdue ¥8,200 held by Driver Two — not yours to collect'),
    ).toBeTruthy();
    expect(
      screen.getByText('Also overdue ¥1,000 held by the office — not yours to collect'),
    ).toBeTruthy();
    // Nothing of his at the other restaurant: nothing asked, the office's part said.
    expect(
      screen.getByText('Overdue ¥3,000 held by the office — not yours to collect'),
    ).toBeTruthy();
    expect(screen.queryByText(/¥3,000 before unloading/)).toBeNull();
  });
});
