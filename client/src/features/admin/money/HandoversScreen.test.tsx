import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showDataTableColumns } from '../../../test/dataTable';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { HandoversScreen } from './HandoversScreen';

// The cash handovers name each driver as the office knows them (グルン ラム), with the login
// beside it (ram), not the login alone (ADR 056).

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

describe('the cash handovers', () => {
  it("shows the driver's name with the username beside it", async () => {
    renderScreen(<HandoversScreen />, {
      path: '/admin/handovers',
      user: admin,
      answers: {
        'handovers.report': ({ to }) => [
          {
            driverId: 'd-ram',
            driverName: 'グルン ラム',
            driverUsername: 'ram',
            date: to,
            collected: 11_235,
            handover: {
              _id: 'h1',
              driverId: 'd-ram',
              driverName: 'グルン ラム',
              date: to,
              collected: 11_235,
              handedOver: 11_235,
              confirmed: null,
              confirmedBy: null,
              confirmedAt: null,
              note: '',
              createdAt: '2030-05-15T09:00:00.000Z',
            },
            corrections: [],
          },
          {
            driverId: 'd-hari',
            driverName: 'hari',
            driverUsername: 'hari',
            date: to,
            collected: 2_000,
            handover: null,
            corrections: [],
          },
        ],
      },
    });
    const row = (name: string) =>
      screen.getAllByRole('row').find((r) => r.textContent?.includes(name))?.textContent ?? '';
    await waitFor(() => {
      expect(row('グルン ラム')).toContain('グルン ラム(ram)');
      // A driver without a name goes by the username, said once.
      expect(row('¥2,000')).toContain('hari');
      expect(row('¥2,000')).not.toContain('(hari)');
    });
  });
});

describe('confirming a handover', () => {
  showDataTableColumns();

  it('takes the amount received typed in full-width digits (a Japanese IME)', async () => {
    renderScreen(<HandoversScreen />, {
      path: '/admin/handovers',
      user: admin,
      answers: {
        'handovers.report': ({ to }) => [
          {
            driverId: 'd-ram',
            driverName: 'グルン ラム',
            driverUsername: 'ram',
            date: to,
            collected: 11_235,
            handover: {
              _id: 'h1',
              driverId: 'd-ram',
              driverName: 'グルン ラム',
              date: to,
              collected: 11_235,
              handedOver: 11_235,
              confirmed: null,
              confirmedBy: null,
              confirmedAt: null,
              note: '',
              createdAt: '2030-05-15T09:00:00.000Z',
            },
            corrections: [],
          },
        ],
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    const amount = (await screen.findByLabelText(/Amount received/)) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '１１２３５' } });
    expect(amount.value).toBe('¥11,235');
  });
});

// The two dialogs on a driver's day share their frame and the lines of the day's corrections
// (handoverDialog.tsx): a confirmed day's dialog names the day and its confirmed figure, and
// lists the corrections as the table does.
describe('correcting a confirmed day', () => {
  showDataTableColumns();

  it('names the day and its confirmed figure, and lists its corrections as the table does', async () => {
    const correction = {
      _id: 'c1',
      paymentId: 'p1',
      invoiceId: 'i1',
      restaurantName: 'Sagarmatha Momo Bar',
      beforeAmount: 3_000,
      afterAmount: 2_500,
      reason: 'Miscounted',
      correctedBy: 'Office',
      createdAt: '2030-05-16T09:00:00.000Z',
    };
    const handover = {
      _id: 'h1',
      driverId: 'd-ram',
      driverName: 'グルン ラム',
      date: '2030-05-15',
      collected: 11_235,
      handedOver: 11_235,
      confirmed: 10_735,
      confirmedBy: 'Office',
      confirmedAt: '2030-05-15T18:00:00.000Z',
      note: '',
      createdAt: '2030-05-15T09:00:00.000Z',
    };
    renderScreen(<HandoversScreen />, {
      path: '/admin/handovers',
      user: admin,
      answers: {
        'handovers.report': () => [
          {
            driverId: 'd-ram',
            driverName: 'グルン ラム',
            driverUsername: 'ram',
            date: '2030-05-15',
            collected: 11_235,
            handover,
            corrections: [correction],
          },
        ],
        'handovers.detail': () => ({ handover, payments: [], corrections: [correction] }),
      },
    });
    const line = 'Sagarmatha Momo Bar: ¥3,000 → ¥2,500, Miscounted (Office)';
    expect(await screen.findByText(line)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Correct/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct a confirmed day' });
    expect(within(dialog).getByText(/グルン ラム · .* · Confirmed: ¥10,735/)).toBeTruthy();
    expect(await within(dialog).findByText(line)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
