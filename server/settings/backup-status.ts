import path from 'node:path';
import type { BackupStatusOut } from '../../shared/schemas/backup-status';
import { lastBackupAttempt, listBackups } from '../platform/backup';
import type { Config } from '../platform/config';

// What the office admin sees of the backups (ADR 061): the newest copy in the backups folder
// (the files are the truth: a copy made by hand counts too), and the daily copy's last attempt
// when it failed after that copy. Read on each ask: a directory listing and one small file.

/** A copy older than this is worth a warning: two daily copies have been missed. */
const TOO_OLD_MS = 2 * 24 * 60 * 60 * 1000;

function copiesIn(config: Pick<Config, 'dbPath' | 'backupDir'>) {
  try {
    return [
      ...listBackups(config.backupDir, config.dbPath, 'daily'),
      ...listBackups(config.backupDir, config.dbPath, 'manual'),
    ];
  } catch {
    // A folder the server cannot read holds no copy it can vouch for; the failed attempt says why.
    return [];
  }
}

export function backupStatus(
  config: Pick<Config, 'dbPath' | 'backupDir' | 'backupHour'>,
  now = new Date(),
): BackupStatusOut {
  const copies = copiesIn(config).sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
  const newest = copies.at(-1) ?? null;
  const attempt = lastBackupAttempt(config);
  // A copy's time is its name's, to the second: a failure within the second a copy began is
  // taken as before it.
  const failedSince =
    attempt &&
    !attempt.ok &&
    (!newest || Math.floor(Date.parse(attempt.at) / 1000) * 1000 > newest.takenAt.getTime());
  return {
    dailyHour:
      config.backupHour === 'off' || config.dbPath === ':memory:' ? null : config.backupHour,
    folder: config.backupDir,
    lastGood: newest
      ? { at: newest.takenAt.toISOString(), file: path.basename(newest.file) }
      : null,
    lastFailure: failedSince
      ? {
          at: attempt.at,
          file: attempt.file,
          reason: attempt.reason ?? 'other',
          code: attempt.code ?? null,
        }
      : null,
    tooOld: !!newest && now.getTime() - newest.takenAt.getTime() > TOO_OLD_MS,
  };
}
