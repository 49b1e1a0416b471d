import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OfficeOrderOut } from '../../../../../shared/schemas/doorstep';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { AdminHome } from '../AdminHome';
import { MONEY_REPORT_LINKS } from '../money/routes';
import { ReportsHome } from '../reports/ReportsHome';
import { OfficeOrderCard } from './OfficeOrderCard';

const staff = makeUser({
  _id: 'a1',
  role: 'admin',
  isAdmin: true,
  userType: 'Admin',
  customerId: null,
});

function order(
  over: Partial<OfficeOrderOut> & { _id: string; customerId: string },
): OfficeOrderOut {
  const { customerId, ...rest } = over;
  return {
    orderNumber: 10482,
    user: {
      username: 'late',
      restaurantName: 'Late Curry',
      customerCode: 'C1',
      phoneNumber: '312345678',
      route: null,
    },
    customer: { _id: customerId, restaurantName: 'Late Curry' },
    orderItems: [],
    deliveryDate: '2030-05-16',
    customMessage: '',
    totalPrice: 1080,
    net8: 1000,
    tax8: 80,
    net10: 0,
    tax10: 0,
    isDelivered: false,
    deliveredBy: null,
    deliveredAt: null,
    createdAt: '2030-05-15T00:00:00.000Z',
    offSchedule: false,
    onHold: false,
    placedByStaff: false,
    ...rest,
  };
}

describe('the web-order card flags', () => {
  it('shows overdue (one request for every card), credit hold with Release, and off schedule', async () => {
    const { calls } = renderScreen(
      <>
        <OfficeOrderCard
          order={order({ _id: 'o1', customerId: 'c-late', onHold: true, offSchedule: true })}
          allowDispatch
          onSelect={() => {}}
        />
        <OfficeOrderCard order={order({ _id: 'o2', customerId: 'c-late' })} allowDispatch />
        <OfficeOrderCard order={order({ _id: 'o3', customerId: 'c-ok' })} allowDispatch />
      </>,
      {
        path: '/admin/orders',
        user: staff,
        answers: {
          'invoices.overdueCustomers': () => [
            {
              customerId: 'c-late',
              customerCode: 'C1',
              restaurantName: 'Late Curry',
              overdueAmount: 50000,
              totalDues: 80000,
              oldestDueDate: '2030-01-01',
            },
          ],
          'orders.release': ({ id }) => ({ _id: id, onHold: false as const }),
        },
      },
    );
    expect(await screen.findAllByText('Overdue over 2 months')).toHaveLength(2);
    expect(calls.filter((c) => c.path === 'invoices.overdueCustomers')).toHaveLength(1);
    expect(screen.getAllByText('Not a delivery day')).toHaveLength(1);
    expect(screen.getAllByText('On hold')).toHaveLength(1);
    // A held order cannot be picked for dispatch; Release calls orders.release.
    expect((screen.getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Release' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'orders.release')?.input).toEqual({ id: 'o1' }),
    );
  });
});

describe('links to the reports and settings', () => {
  it('the reports page links every money report and the settings', () => {
    renderScreen(<ReportsHome />, { path: '/admin/reports', user: staff });
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const r of MONEY_REPORT_LINKS) expect(hrefs).toContain(r.to);
    expect(hrefs).toContain('/admin/reports/todays');
    expect(hrefs).toContain('/admin/settings');
  });

  it('the admin home keeps eight tiles and links Settings, Price lists and the lists beside them', () => {
    renderScreen(<AdminHome />, { path: '/admin', user: staff });
    const settings = screen.getByRole('link', {
      name: 'Settings: order cut-off, holidays, tax, business details and bank account',
    });
    expect(settings.getAttribute('href')).toBe('/admin/settings');
    const prices = screen.getByRole('link', { name: 'Price lists' });
    expect(prices.getAttribute('href')).toBe('/admin/pricelists');
    const lists = screen.getByRole('link', { name: 'Lists and totals' });
    expect(lists.getAttribute('href')).toBe('/admin/lists/orders');
    const tiles = screen
      .getAllByRole('link')
      .filter((a) => a !== settings && a !== prices && a !== lists);
    expect(tiles).toHaveLength(8);
  });
});
