import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardOut } from '../../../../shared/schemas/dashboard';
import i18n from '../../i18n';
import { makeUser } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { OwnerDay } from './OwnerDay';

// The office's morning (ADR 068): the orders tile says it counts orders placed today and names
// the web orders still waiting beside it; the deliveries tile counts today's with those left
// over from earlier days, and says how many were left over.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

const morning: DashboardOut = {
  date: '2026-12-01',
  placedToday: { count: 0, amount: 0 },
  waitingWebOrders: 10,
  deliveriesToday: { delivered: 2, pending: 6, leftOver: 3, deliveredAmount: 12_000 },
  cashToday: { collected: 0, handedOver: 0 },
  overdue: { amount: 0, invoices: 0 },
  silent: { count: 0, customers: [] },
  days: [{ date: '2026-12-01', orders: 0, amount: 0 }],
  deliveredDays: [{ date: '2026-12-01', delivered: 2, amount: 12_000 }],
};

afterEach(() => i18n.changeLanguage('en'));

function renderDay(day: DashboardOut = morning) {
  return renderScreen(<OwnerDay />, {
    path: '/admin',
    user: admin,
    answers: { 'reports.dashboard': () => day },
  });
}

describe("the owner's day in the morning", () => {
  it('in Japanese: orders received today, web orders waiting, deliveries with the left-over', async () => {
    await i18n.changeLanguage('ja');
    renderDay();
    const orders = await screen.findByTestId('day-orders');
    expect(within(orders).getByText('本日受付の注文')).toBeTruthy();
    const waiting = within(orders).getByTestId('day-waiting');
    expect(waiting.textContent).toBe('処理待ちのWeb注文 10 件');
    expect(waiting.getAttribute('href')).toBe('/admin/orders');

    const deliveries = screen.getByTestId('day-deliveries');
    expect(within(deliveries).getByText('本日の配達（持ち越し分を含む）')).toBeTruthy();
    expect(within(deliveries).getByText('2 / 8')).toBeTruthy();
    expect(within(deliveries).getByTestId('day-left-over').textContent).toBe(
      'うち前日からの持ち越し 3 件',
    );
  });

  it('in English and Nepali, with the plural; nothing left over says nothing', async () => {
    const en = renderDay({
      ...morning,
      waitingWebOrders: 1,
      deliveriesToday: { ...morning.deliveriesToday, leftOver: 1 },
    });
    expect((await screen.findByTestId('day-waiting')).textContent).toBe(
      '1 web order waiting to be processed',
    );
    expect(screen.getByTestId('day-left-over').textContent).toBe(
      '1 of them left over from an earlier day',
    );
    en.unmount();

    await i18n.changeLanguage('ne');
    renderDay({
      ...morning,
      deliveriesToday: { ...morning.deliveriesToday, leftOver: 0 },
    });
    expect((await screen.findByTestId('day-waiting')).textContent).toBe(
      'प्रक्रिया पर्खिरहेका वेब अर्डर: 10',
    );
    expect(screen.queryByTestId('day-left-over')).toBeNull();
  });
});

describe("the 30 days' chart for a reader who cannot see it", () => {
  it('says the month in one sentence, in Japanese: totals and the busiest day', async () => {
    await i18n.changeLanguage('ja');
    renderDay({
      ...morning,
      days: [
        { date: '2026-11-30', orders: 3, amount: 30_000 },
        { date: '2026-12-01', orders: 1, amount: 5_000 },
      ],
      deliveredDays: [{ date: '2026-12-01', delivered: 2, amount: 12_000 }],
    });
    const summary = await screen.findByText(/^過去30日間の注文は/);
    expect(summary.id).toBe('owner-day-chart-summary');
    expect(summary.textContent).toBe(
      '過去30日間の注文は¥35,000、配達は¥12,000でした。注文が最も多かった日は2026/11/30（¥30,000）です。',
    );
  });

  it('says there was nothing, in English', async () => {
    renderDay({ ...morning, deliveredDays: [] });
    expect((await screen.findByText(/^No orders and no deliveries/)).id).toBe(
      'owner-day-chart-summary',
    );
  });
});
