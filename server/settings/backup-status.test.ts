import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  backupFileName,
  backupStatusFile,
  failureOf,
  recordBackupAttempt,
} from '../platform/backup';
import { backupStatus } from './backup-status';

const dirs: string[] = [];
function where() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-backup-status-'));
  dirs.push(dir);
  return {
    dbPath: path.join(dir, 'app.db'),
    backupDir: path.join(dir, 'backups'),
    backupHour: 5 as const,
  };
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const DAY = 86_400_000;

describe('why a backup failed', () => {
  it("reads SQLite's and the system's codes as the office's reasons", () => {
    const full = new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
    expect(failureOf(full)).toEqual({ ok: false, reason: 'diskFull', code: 'SQLITE_FULL' });
    const enospc = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    expect(failureOf(enospc).reason).toBe('diskFull');
    const eacces = Object.assign(new Error('permission denied'), { code: 'EACCES' });
    expect(failureOf(eacces).reason).toBe('noPermission');
    expect(failureOf(new Error('odd'))).toEqual({ ok: false, reason: 'other', code: null });
  });
});

describe('the backup status', () => {
  it('names the full disk of the last daily copy, after the last good one, and its age', () => {
    const w = where();
    const now = new Date('2026-11-28T05:10:00Z');
    fs.mkdirSync(w.backupDir);
    const good = backupFileName(w.dbPath, 'daily', new Date(now.getTime() - 3 * DAY));
    fs.writeFileSync(path.join(w.backupDir, good), '');
    recordBackupAttempt(w, {
      at: new Date(now.getTime() - 10 * 60_000).toISOString(),
      file: backupFileName(w.dbPath, 'daily', now),
      ...failureOf(new Database.SqliteError('database or disk is full', 'SQLITE_FULL')),
    });
    expect(backupStatus(w, now)).toEqual({
      dailyHour: 5,
      folder: w.backupDir,
      lastGood: { at: new Date(now.getTime() - 3 * DAY).toISOString(), file: good },
      lastFailure: {
        at: '2026-11-28T05:00:00.000Z',
        file: backupFileName(w.dbPath, 'daily', now),
        reason: 'diskFull',
        code: 'SQLITE_FULL',
      },
      tooOld: true,
    });
  });

  it('says when the daily copy is turned off', () => {
    expect(backupStatus({ ...where(), backupHour: 'off' }).dailyHour).toBeNull();
  });

  it('is remembered when its file cannot be written, and read from the file after a restart', async () => {
    const w = where();
    // The folder's place is taken by a file: nothing can be written in it.
    fs.writeFileSync(w.backupDir, '');
    recordBackupAttempt(w, {
      at: '2026-11-28T05:00:00.000Z',
      file: 'app-daily-2026-11-28T050000Z.db',
      ok: false,
      reason: 'diskFull',
      code: 'SQLITE_FULL',
    });
    expect(backupStatus(w).lastFailure?.reason).toBe('diskFull');

    const w2 = where();
    recordBackupAttempt(w2, {
      at: '2026-11-28T05:00:00.000Z',
      file: 'app-daily-2026-11-28T050000Z.db',
      ok: false,
      reason: 'noPermission',
      code: 'EACCES',
    });
    expect(fs.existsSync(backupStatusFile(w2))).toBe(true);
    vi.resetModules();
    const fresh = await import('./backup-status');
    expect(fresh.backupStatus(w2).lastFailure).toMatchObject({
      reason: 'noPermission',
      code: 'EACCES',
    });
  });
});
