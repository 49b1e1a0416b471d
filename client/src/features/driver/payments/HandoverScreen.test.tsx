import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
