import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { SettingsScreen } from './SettingsScreen';

// The order cut-off is a time of day in 24 hours in every language, as the app writes times
// (04:00, never "04:00 AM" as an English browser's own time field showed the Japanese office),
// and it is saved as HH:MM.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

function renderSettings() {
  return renderScreen(<SettingsScreen />, {
    path: '/admin/settings',
    user: admin,
    answers: {
      'settings.get': () => ({ cutoff: '04:00', holidays: [] }),
      'settings.update': (input) => input,
    },
  });
}

describe('the order cut-off time', () => {
  it('shows 04:00 in 24 hours in Japanese, takes 16:30 typed, and saves HH:MM', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const { calls } = renderSettings();
    const hours = (await screen.findByLabelText('注文の締め時刻（時）')) as HTMLInputElement;
    const minutes = screen.getByLabelText('注文の締め時刻（分）') as HTMLInputElement;
    await waitFor(() => expect(hours.value).toBe('04'));
    expect(minutes.value).toBe('00');
    // No morning/afternoon part: 24 hours.
    expect(screen.queryByRole('combobox', { name: /AM|PM|午前|午後/ })).toBeNull();

    fireEvent.change(hours, { target: { value: '16' } });
    fireEvent.change(minutes, { target: { value: '30' } });
    expect(hours.value).toBe('16');
    fireEvent.click(screen.getAllByRole('button', { name: /^保存(:|：| |$)/u })[0] as HTMLElement);
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'settings.update')?.input).toEqual({
        cutoff: '16:30',
        holidays: [],
        seen: { cutoff: '04:00', holidays: [] },
      }),
    );
  });

  it('reads hours typed in Devanagari digits', async () => {
    await act(() => i18n.changeLanguage('ne'));
    const { calls } = renderSettings();
    const label = i18n.t('settings.cutoff');
    const hours = (await screen.findByLabelText(`${label}: घण्टा`)) as HTMLInputElement;
    await waitFor(() => expect(hours.value).toBe('04'));
    fireEvent.change(hours, { target: { value: '०५' } });
    expect(hours.value).toBe('05');
    fireEvent.click(
      screen.getAllByRole('button', {
        name: new RegExp(`^${i18n.t('settings.save')}:`),
      })[0] as HTMLElement,
    );
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'settings.update')?.input).toMatchObject({
        cutoff: '05:00',
      }),
    );
  });

  it('names each Save for its panel, heads the first panel, and keeps focus on Save after saving', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const { calls } = renderSettings();
    await screen.findByRole('heading', { level: 2, name: '注文の締め時刻と休業日' });
    const save = await screen.findByRole('button', { name: '保存: 注文の締め時刻と休業日' });
    fireEvent.change(screen.getByLabelText('注文の締め時刻（時）'), { target: { value: '05' } });
    save.focus();
    fireEvent.click(save);
    // A browser drops the focus from a button that disables while it saves.
    save.blur();
    await waitFor(() => expect(calls.some((c) => c.path === 'settings.update')).toBe(true));
    await waitFor(() => expect(document.activeElement).toBe(save));
  });
});
