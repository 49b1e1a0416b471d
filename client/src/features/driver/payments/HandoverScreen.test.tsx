import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDaysIso } from '../../../../../shared/delivery-dates';
import { HANDOVER_DAYS_BACK } from '../../../../../shared/rules';
import { businessToday } from '../../../dates';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { HandoverScreen } from './HandoverScreen';

// The amount handed over: what the field shows is what is sent, and a wrong amount says so.

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });

afterEach(() => vi.unstubAllGlobals());

function render() {
  return renderScreen(<HandoverScreen />, {
    path: '/driver/payments/handover',
    user: driver,
    answers: {
      'handovers.myDay': (input) => ({
        date: (input as { date?: string } | undefined)?.date ?? '2030-05-15',
        customers: [
          { customerId: 'c1', restaurantName: 'Lumbini Curry', amount: 12000, payments: 1 },
        ],
        total: 12000,
        handover: null,
      }),
    },
  });
}

describe('the cash handover', () => {
  it('shows the day total as the amount, and sends what it shows', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ result: { data: {} } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    render();
    const amount = (await screen.findByLabelText('Amount handed over (¥)')) as HTMLInputElement;
    expect(amount.value).toBe('¥12,000');
    fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ handedOver: 12000 });
  });

  it('a negative or emptied amount says so, stays as typed and is not sent', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render();
    const amount = (await screen.findByLabelText('Amount handed over (¥)')) as HTMLInputElement;
    const button = () => screen.getByRole('button', { name: 'Hand over' }) as HTMLButtonElement;

    fireEvent.change(amount, { target: { value: '-100' } });
    expect(await screen.findByText('Cannot be below 0')).toBeTruthy();
    expect(amount.value).toContain('-');
    expect(button().disabled).toBe(true);

    fireEvent.change(amount, { target: { value: '' } });
    expect(await screen.findByText('Enter an amount')).toBeTruthy();
    expect(amount.value).toBe('');
    expect(button().disabled).toBe(true);
    fireEvent.click(button());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers today and the 31 days before it, and says so of a typed day outside them', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render();
    const today = businessToday();
    const date = screen.getByLabelText('Date') as HTMLInputElement;
    expect(date.value).toBe(today);
    expect(date.min).toBe(addDaysIso(today, -HANDOVER_DAYS_BACK));
    expect(date.max).toBe(today);
    const button = async () =>
      (await screen.findByRole('button', { name: 'Hand over' })) as HTMLButtonElement;
    expect((await button()).disabled).toBe(false);

    fireEvent.change(date, { target: { value: addDaysIso(today, 1) } });
    expect(await screen.findByText(/The day has not come yet/)).toBeTruthy();
    expect((await button()).disabled).toBe(true);

    fireEvent.change(date, { target: { value: addDaysIso(today, -HANDOVER_DAYS_BACK - 1) } });
    expect(
      await screen.findByText(
        `Only the cash of the last ${HANDOVER_DAYS_BACK} days can be handed over here; ask the office about an older day.`,
      ),
    ).toBeTruthy();
    fireEvent.click(await button());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
