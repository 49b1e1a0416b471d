import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { serverError } from '../../../test/testServer';
import { SettingsScreen } from './SettingsScreen';

// Two people with the Settings screen open at once (ADR 109): what is being changed here is
// not wiped when the screen reads the settings again, the save says what it started from, and
// the holidays shown after it are the stored ones, the other person's included.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const saveButton = () =>
  screen.getAllByRole('button', { name: /^Save(:|：| |$)/u })[0] as HTMLElement;

describe('holidays changed in another browser meanwhile', () => {
  it('keeps the removal typed here across a new read and shows the merged list after saving', async () => {
    let stored = { cutoff: '04:00', holidays: ['2026-12-29'] };
    const { calls, queryClient } = renderScreen(<SettingsScreen />, {
      path: '/admin/settings',
      user: admin,
      answers: {
        'settings.get': () => stored,
        'settings.update': () => ({ cutoff: '04:00', holidays: ['2027-01-01'] }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Remove holiday/ }));
    expect(screen.getByText('No holidays')).toBeTruthy();
    // The manager adds New Year's Day; this screen reads the settings again (back to the front).
    stored = { cutoff: '04:00', holidays: ['2026-12-29', '2027-01-01'] };
    await act(() => queryClient.refetchQueries({ queryKey: [['settings', 'get']] }));
    expect(calls.filter((c) => c.path === 'settings.get').length).toBeGreaterThan(1);
    expect(screen.getByText('No holidays')).toBeTruthy();
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'settings.update')?.input).toEqual({
        cutoff: '04:00',
        holidays: [],
        seen: { cutoff: '04:00', holidays: ['2026-12-29'] },
      }),
    );
    expect(await screen.findByRole('button', { name: /^Remove holiday .*2027/ })).toBeTruthy();
  });

  it('says the cut-off was changed meanwhile and keeps the one typed when saved again', async () => {
    let refused = false;
    const { calls } = renderScreen(<SettingsScreen />, {
      path: '/admin/settings',
      user: admin,
      answers: {
        'settings.get': () => ({ cutoff: '04:00', holidays: [] }),
        'settings.update': () => {
          if (!refused) {
            refused = true;
            throw serverError(409, 'settings.cutoffChangedMeanwhile', { now: '05:00' });
          }
          return { cutoff: '06:30', holidays: [] };
        },
      },
    });
    const hours = (await screen.findByLabelText('Order cut-off time: hours')) as HTMLInputElement;
    await waitFor(() => expect(hours.value).toBe('04'));
    fireEvent.change(hours, { target: { value: '06' } });
    fireEvent.change(screen.getByLabelText('Order cut-off time: minutes'), {
      target: { value: '30' },
    });
    fireEvent.click(saveButton());
    expect(
      await screen.findByText(
        'Someone else changed the order cut-off time to 05:00 while this screen was open. Nothing was saved. Yours is still in the field: save again to use it, or change it.',
      ),
    ).toBeTruthy();
    expect(hours.value).toBe('06');
    fireEvent.click(saveButton());
    const updates = () => calls.filter((c) => c.path === 'settings.update');
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()[1]?.input).toMatchObject({ cutoff: '06:30', seen: { cutoff: '05:00' } });
  });
});
