import { z } from 'zod';

/** Why a backup failed, as the office reads it (the error's own code travels beside it). */
export const BACKUP_FAILURE_REASONS = ['diskFull', 'noPermission', 'other'] as const;
export type BackupFailureReason = (typeof BACKUP_FAILURE_REASONS)[number];

/** The Settings screen's backup panel (admins only, ADR 061). Instants are ISO strings. */
export const backupStatusOut = z.object({
  /** The hour (in the business's time zone) the daily copy is taken from; null: turned off. */
  dailyHour: z.number().int().min(0).max(23).nullable(),
  /** The folder on the server the copies are written to. */
  folder: z.string(),
  /** The newest copy in that folder (daily or made by hand). */
  lastGood: z.object({ at: z.string(), file: z.string() }).nullable(),
  /** The last daily attempt, when it failed after the newest copy. */
  lastFailure: z
    .object({
      at: z.string(),
      file: z.string(),
      reason: z.enum(BACKUP_FAILURE_REASONS),
      code: z.string().nullable(),
    })
    .nullable(),
  /** The newest copy is more than two days old. */
  tooOld: z.boolean(),
});
export type BackupStatusOut = z.infer<typeof backupStatusOut>;
