import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupStatusOut } from '../../../../../shared/schemas/backup-status';
import i18n from '../../../i18n';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { BackupStatusPanel } from './BackupStatusPanel';

// The office admin reads the server's backups on the Settings screen (ADR 061). Times are the
// business's (Asia/Tokyo): 05:00 UTC is 14:00 there.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const manager = makeUser({ _id: 'm1', role: 'manager', isAdmin: false, userType: 'Employee' });

const FOLDER = '/var/lib/wholesale/backups';
const healthy: BackupStatusOut = {
  dailyHour: 5,
  folder: FOLDER,
  lastGood: { at: '2026-11-27T20:00:12.000Z', file: 'app-daily-2026-11-27T200012Z.db' },
  lastFailure: null,
  tooOld: false,
};
const diskFull: BackupStatusOut = {
  dailyHour: 5,
  folder: FOLDER,
  lastGood: { at: '2026-11-25T20:00:09.000Z', file: 'app-daily-2026-11-25T200009Z.db' },
  lastFailure: {
    at: '2026-11-28T05:00:00.000Z',
    file: 'app-daily-2026-11-28T050000Z.db',
    reason: 'diskFull',
    code: 'SQLITE_FULL',
  },
  tooOld: true,
};

function show(status: BackupStatusOut, user = admin) {
  return renderScreen(<BackupStatusPanel />, {
    path: '/admin/settings',
    user,
    answers: { 'settings.backupStatus': () => status },
  });
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('the backup panel', () => {
  it('names the last backup and where the copies are', async () => {
    show(healthy);
    expect(
      await screen.findByText('Last backup: 28 Nov 2026 05:00 (app-daily-2026-11-27T200012Z.db)'),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      screen.getByText('The server takes a backup by itself every day from 05:00.'),
    ).toBeTruthy();
    expect(
      screen.getByText(new RegExp(`The backups are on the server, in ${FOLDER}\\.`)),
    ).toBeTruthy();
  });

  it('says in red that the last backup failed, when and why, and that the last good one is old', async () => {
    show(diskFull);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The last backup failed at 28 Nov 2026 14:00: the disk is full.',
    );
    expect(alert.textContent).toContain('Error code: SQLITE_FULL');
    expect(
      screen.getByText('Last backup: 26 Nov 2026 05:00 (app-daily-2026-11-25T200009Z.db)'),
    ).toBeTruthy();
    expect(screen.getByText(/more than two days old/)).toBeTruthy();
  });

  it('says when no backup was taken yet, and when the daily one is off', async () => {
    show({ ...healthy, lastGood: null, dailyHour: null });
    expect(await screen.findByText('No backup taken yet.')).toBeTruthy();
    expect(screen.getByText(/daily backup is turned off \(BACKUP_HOUR=off\)/)).toBeTruthy();
  });

  it('speaks Japanese and Nepali', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const { unmount } = show(diskFull);
    expect((await screen.findByRole('alert')).textContent).toContain(
      '前回のバックアップは 2026/11/28 14:00 に失敗しました：ディスクの空き容量がありません。',
    );
    unmount();
    await act(() => i18n.changeLanguage('ne'));
    show(diskFull);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'पछिल्लो ब्याकअप 28 नोभेम्बर 2026 14:00 मा असफल भयो: डिस्क भरिएको छ।',
    );
  });

  it('is not shown to a manager, and not asked for', async () => {
    const { calls } = show(healthy, manager);
    await act(async () => {});
    expect(screen.queryByTestId('backup-status')).toBeNull();
    expect(screen.queryByText(/backup/i)).toBeNull();
    expect(calls.some((c) => c.path === 'settings.backupStatus')).toBe(false);
  });
});
