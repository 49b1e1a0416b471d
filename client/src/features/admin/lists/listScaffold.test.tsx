import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, type RouterOutputs } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { serverError } from '../../../test/testServer';
import { OrdersList } from './OrdersList';

// What the four lists share (ListTable, useBulkAction, useListState's paging and refilter),
// through the orders list: a bulk action's partial answer leaves the refused rows selected and
// says why, a refusal of the whole call is shown under the list's name, and a new filter asks
// the server for page 1 again.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

type Out = RouterOutputs['lists']['orders'];
const row = (id: string, n: number): Out['rows'][number] => ({
  _id: id,
  orderNumber: n,
  restaurantName: `Restaurant ${n}`,
  customerCode: `C${n}`,
  routeName: 'East',
  deliveryDate: '2030-04-01',
  status: 'pending',
  total: 1000,
});

function renderOrders(dispatch: Parameters<typeof renderScreen>[1]['answers']) {
  return renderScreen(<OrdersList />, {
    path: '/admin/lists/orders',
    user: admin,
    answers: {
      'lists.orders': (input) => ({
        rows: [row('o1', 1041), row('o2', 1042)],
        page: Number(input.page ?? 1),
        pages: 3,
        totals: { count: 120, total: 120_000 },
      }),
      'routes.list': () => [],
      ...dispatch,
    },
  });
}

const selectRow = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name }));

describe("the office lists' shared scaffold", () => {
  it('keeps the rows a bulk action refused selected and names each with why', async () => {
    renderOrders({
      'orders.dispatchSelected': ({ ids }) => ({
        done: ids.filter((id) => id === 'o1'),
        failed: [{ id: 'o2', label: '#1042', code: 'order.onHold', params: { orderNumber: 1042 } }],
      }),
    });
    await screen.findByRole('table');
    selectRow('Select #1041 Restaurant 1041');
    selectRow('Select #1042 Restaurant 1042');
    expect(screen.getByTestId('selected-count').textContent).toBe('2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Mark selected as dispatched' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('1 was not changed')).toBeTruthy();
    expect(alert.textContent).toContain('#1042: Order 1042 is on credit hold.');
    expect(screen.getByTestId('selected-count').textContent).toBe('1 selected');
    expect(
      (screen.getByRole('checkbox', { name: 'Select #1042 Restaurant 1042' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });

  it("shows a refusal of the whole action under the list's name, the selection kept", async () => {
    renderOrders({
      'orders.dispatchSelected': () => {
        throw serverError(403, 'auth.forbidden');
      },
    });
    await screen.findByRole('table');
    selectRow('Select #1041 Restaurant 1041');
    fireEvent.click(screen.getByRole('button', { name: 'Mark selected as dispatched' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Orders: You are not allowed to do this.');
    expect(screen.getByTestId('selected-count').textContent).toBe('1 selected');
  });

  it('asks for page 1 again when a filter changes', async () => {
    const { calls } = renderOrders({});
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'lists.orders').at(-1)?.input).toMatchObject({
        page: 3,
      }),
    );
    const status = screen
      .getAllByLabelText('Status')
      .find((e) => e.tagName === 'INPUT') as HTMLElement;
    fireEvent.click(status);
    fireEvent.click(await screen.findByRole('option', { name: 'On hold' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'lists.orders').at(-1)?.input).toMatchObject({
        page: 1,
        status: 'onHold',
        sort: 'date',
        dir: 'desc',
      }),
    );
  });
});
