import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '../../../components/notify';
import i18n from '../../../i18n';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { DispatchDialog } from './DispatchDialog';

// 'Mark as dispatched' cannot be undone, so it never leaves the driver to a default (ADR 056):
// the driver who last delivered to the customer is preselected when the server names one;
// otherwise nothing is chosen and Yes waits until the office picks a driver or, explicitly,
// "the office delivers it".

vi.mock('../../../components/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
const dispatch = vi.hoisted(() => vi.fn(async (_input: unknown): Promise<unknown> => ({})));
const dispatchMany = vi.hoisted(() => vi.fn(async (_input: unknown): Promise<unknown> => ({})));
vi.mock('../../../keyed', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../keyed')>()),
  keyedClient: {
    orders: { dispatch: { mutate: dispatch }, dispatchMany: { mutate: dispatchMany } },
  },
}));

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const RAM = { _id: 'd-ram', username: 'ram', name: 'グルン ラム' };
const HARI = { _id: 'd-hari', username: 'hari', name: '' };

function renderDialog(
  suggestion: { driverId: string | null; basis: 'customer' | 'route' | null },
  drivers = [RAM, HARI],
  orderIds = ['o1'],
  /** null: opened from New Orders' ticks, without an order number. */
  label: string | null = '#10482',
) {
  return renderScreen(
    <DispatchDialog opened orderIds={orderIds} label={label ?? undefined} onClose={() => {}} />,
    {
      path: '/admin/orders',
      user: admin,
      answers: {
        'ordertrack.formOptions': () => ({ drivers, routes: [] }),
        'orders.suggestDriver': () => suggestion,
      },
    },
  );
}

const yes = () => screen.getByRole('button', { name: 'Yes' }) as HTMLButtonElement;
const driverInput = () => screen.getByRole('combobox', { name: /Driver/ }) as HTMLInputElement;

async function choose(option: string) {
  await waitFor(() => expect(driverInput().getAttribute('aria-busy')).toBeNull());
  fireEvent.click(driverInput());
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => i18n.changeLanguage('en'));

beforeEach(() => {
  dispatch.mockClear();
  dispatchMany.mockClear();
  vi.mocked(notifySuccess).mockClear();
});

describe('the dispatch dialog', () => {
  it('opens on the driver field, not on ×, for a clerk at the keyboard', async () => {
    renderDialog({ driverId: RAM._id, basis: 'customer' });
    await waitFor(() => expect(document.activeElement).toBe(driverInput()));
    await waitFor(() => expect(driverInput().value).toBe('ram (グルン ラム)'));
    expect(document.activeElement).toBe(driverInput());
  });

  it("preselects the customer's last driver, says why, and dispatches to that driver", async () => {
    const { calls } = renderDialog({ driverId: RAM._id, basis: 'customer' });
    await waitFor(() => expect(driverInput().value).toBe('ram (グルン ラム)'));
    expect(calls.find((c) => c.path === 'orders.suggestDriver')?.input).toEqual({ ids: ['o1'] });
    expect(screen.getByTestId('dispatch-suggested').textContent).toBe(
      "Suggested: ram (グルン ラム), who had this customer's latest delivery.",
    );
    expect(screen.getByTestId('dispatch-outcome').textContent).toBe(
      "The order goes on ram (グルン ラム)'s delivery list.",
    );
    expect(screen.getByText('You cannot undo this operation')).toBeTruthy();
    expect(yes().disabled).toBe(false);
    fireEvent.click(yes());
    await waitFor(() => expect(dispatch).toHaveBeenCalledTimes(1));
    expect(dispatch.mock.calls[0]?.[0]).toEqual({ id: 'o1', driverId: RAM._id });
  });

  it('names the route when the driver comes from the route’s last delivery', async () => {
    renderDialog({ driverId: HARI._id, basis: 'route' });
    await waitFor(() => expect(driverInput().value).toBe('hari'));
    expect(screen.getByTestId('dispatch-suggested').textContent).toBe(
      'Suggested: hari, who had the latest delivery on this route.',
    );
  });

  it('with nothing to suggest, chooses nothing and keeps Yes off until someone is picked', async () => {
    renderDialog({ driverId: null, basis: null });
    await waitFor(() => expect(driverInput().getAttribute('aria-busy')).toBeNull());
    expect(driverInput().value).toBe('');
    expect(screen.queryByTestId('dispatch-suggested')).toBeNull();
    expect(screen.getByTestId('dispatch-outcome').textContent).toBe(
      'Choose who delivers it: Yes waits until you do.',
    );
    expect(yes().disabled).toBe(true);
    fireEvent.click(yes());
    expect(dispatch).not.toHaveBeenCalled();

    await choose('hari');
    expect(yes().disabled).toBe(false);
    fireEvent.click(yes());
    await waitFor(() => expect(dispatch).toHaveBeenCalledTimes(1));
    expect(dispatch.mock.calls[0]?.[0]).toEqual({ id: 'o1', driverId: HARI._id });
  });

  it('on a new database (no drivers) the office must say it delivers the order itself', async () => {
    renderDialog({ driverId: null, basis: null }, []);
    await waitFor(() => expect(driverInput().getAttribute('aria-busy')).toBeNull());
    expect(yes().disabled).toBe(true);
    await choose('The office delivers it (no driver)');
    expect(screen.getByTestId('dispatch-outcome').textContent).toBe(
      'No driver gets it: the office hands it over, and it is billed now.',
    );
    expect(yes().disabled).toBe(false);
    fireEvent.click(yes());
    await waitFor(() => expect(dispatch).toHaveBeenCalledTimes(1));
    // The REST contract's optional driverId: the office delivering sends none.
    expect(dispatch.mock.calls[0]?.[0]).toEqual({ id: 'o1', driverId: undefined });
  });

  it('the office may override the suggestion with "the office delivers it"', async () => {
    renderDialog({ driverId: RAM._id, basis: 'customer' });
    await waitFor(() => expect(driverInput().value).toBe('ram (グルン ラム)'));
    await choose('The office delivers it (no driver)');
    expect(screen.queryByTestId('dispatch-suggested')).toBeNull();
    fireEvent.click(yes());
    await waitFor(() => expect(dispatch).toHaveBeenCalledTimes(1));
    expect(dispatch.mock.calls[0]?.[0]).toEqual({ id: 'o1', driverId: undefined });
  });

  it('many orders go to one driver only: no office choice, the suggestion preselected', async () => {
    renderDialog({ driverId: HARI._id, basis: 'route' }, [RAM, HARI], ['o1', 'o2']);
    await waitFor(() => expect(driverInput().value).toBe('hari'));
    fireEvent.click(driverInput());
    await screen.findByRole('option', { name: 'hari' });
    expect(screen.queryByRole('option', { name: 'The office delivers it (no driver)' })).toBeNull();
    fireEvent.click(yes());
    await waitFor(() => expect(dispatchMany).toHaveBeenCalledTimes(1));
    expect(dispatchMany.mock.calls[0]?.[0]).toEqual({ ids: ['o1', 'o2'], driverId: HARI._id });
  });

  it('many orders without any driver say to add one first', async () => {
    renderDialog({ driverId: null, basis: null }, [], ['o1', 'o2']);
    expect(
      await screen.findByText('There are no drivers yet: add one under Employees, then dispatch.'),
    ).toBeTruthy();
    expect(yes().disabled).toBe(true);
  });

  it('asks in Japanese about several orders together, and speaks of them in the plural', async () => {
    await i18n.changeLanguage('ja');
    renderDialog({ driverId: RAM._id, basis: 'customer' }, [RAM, HARI], ['o1', 'o2']);
    expect(await screen.findByText('2件の注文をまとめて出荷しますか？')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('dispatch-suggested').textContent).toBe(
        '候補：これらの得意先の直近の配送を担当した ram (グルン ラム)',
      ),
    );
    expect(screen.getByTestId('dispatch-outcome').textContent).toBe(
      'これらの注文は ram (グルン ラム) の配送リストに入ります。',
    );
  });

  it('speaks of one order and its customer (得意先) in Japanese', async () => {
    await i18n.changeLanguage('ja');
    renderDialog({ driverId: RAM._id, basis: 'customer' });
    await waitFor(() =>
      expect(screen.getByTestId('dispatch-suggested').textContent).toBe(
        '候補：この得意先の直近の配送を担当した ram (グルン ラム)',
      ),
    );
    expect(screen.getByTestId('dispatch-outcome').textContent).toBe(
      'この注文は ram (グルン ラム) の配送リストに入ります。',
    );
  });

  // One order ticked on New Orders comes without its number: a count, never "order 1".
  it('counts one ticked order in Japanese (1件の注文), asking and confirming', async () => {
    await i18n.changeLanguage('ja');
    renderDialog({ driverId: RAM._id, basis: 'customer' }, [RAM, HARI], ['o1'], null);
    expect(await screen.findByText('1件の注文を出荷しますか？')).toBeTruthy();
    const driver = () => screen.getByRole('combobox', { name: /ドライバー/ }) as HTMLInputElement;
    await waitFor(() => expect(driver().value).toBe('ram (グルン ラム)'));
    fireEvent.click(screen.getByRole('button', { name: 'はい' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('1件の注文を出荷しました'));
    expect(dispatch.mock.calls[0]?.[0]).toEqual({ id: 'o1', driverId: RAM._id });
  });

  it('says "1 order" in English and Nepali, and an order\'s number when it has one', async () => {
    const one = renderDialog({ driverId: null, basis: null }, [RAM], ['o1'], null);
    expect(await screen.findByText('Dispatch 1 order?')).toBeTruthy();
    one.unmount();
    await i18n.changeLanguage('ne');
    const ne = renderDialog({ driverId: null, basis: null }, [RAM], ['o1'], null);
    expect(await screen.findByText('1 अर्डर पठाउने?')).toBeTruthy();
    ne.unmount();
    await i18n.changeLanguage('ja');
    renderDialog({ driverId: null, basis: null });
    expect(await screen.findByText('注文#10482を出荷しますか？')).toBeTruthy();
  });
});
