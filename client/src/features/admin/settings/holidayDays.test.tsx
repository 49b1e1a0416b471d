import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { SettingsScreen } from './SettingsScreen';

// The holidays calendar by keyboard with a screen reader: each day is said as the app writes a
// date (2026年11月30日), as the date fields' calendars say it, not '30 11月 2026'.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('the holidays calendar', () => {
  it('names its days as the app writes a date, in Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    renderScreen(<SettingsScreen />, {
      path: '/admin/settings',
      user: admin,
      answers: { 'settings.get': () => ({ cutoff: '04:00', holidays: [] }) },
    });
    const calendar = await screen.findByTestId('holiday-calendar');
    const days = within(calendar)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? '')
      .filter((name) => /\d/.test(name) && !/月$/.test(name));
    expect(days.length).toBeGreaterThan(27);
    for (const name of days) expect(name).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/);
  });

  it('lists the holidays by date with their weekday, sorted, however they were picked', async () => {
    await act(() => i18n.changeLanguage('ja'));
    renderScreen(<SettingsScreen />, {
      path: '/admin/settings',
      user: admin,
      answers: {
        'settings.get': () => ({
          cutoff: '04:00',
          holidays: ['2027-01-03', '2026-12-30', '2027-01-01', '2026-12-31', '2027-01-02'],
        }),
      },
    });
    await screen.findAllByTestId('holiday-row');
    expect(screen.getAllByTestId('holiday-row').map((r) => r.textContent)).toEqual([
      '2026/12/30水曜日×',
      '2026/12/31木曜日×',
      '2027/01/01金曜日×',
      '2027/01/02土曜日×',
      '2027/01/03日曜日×',
    ]);
  });
});
