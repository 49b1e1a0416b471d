import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backupFileName,
  dailyBackupDue,
  listBackups,
  pruneDailyBackups,
  startDailyBackups,
} from './backup';
import { closeDb, openDb } from './db';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-rotation-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const DAY = 86_400_000;
const dbPath = '/srv/wholesale/app.db';
/** Noon in Tokyo on 2026-03-`day`. */
const tokyoNoon = (day: number) => new Date(Date.UTC(2026, 2, day, 3, 0, 0));

describe('keeping the last 14 daily copies', () => {
  it('deletes the oldest daily copies beyond 14 and leaves copies made by hand', () => {
    const dir = tempDir();
    const daily = Array.from({ length: 20 }, (_, i) =>
      backupFileName(dbPath, 'daily', tokyoNoon(i + 1)),
    );
    const manual = [
      backupFileName(dbPath, 'manual', tokyoNoon(1)),
      backupFileName(dbPath, 'manual', tokyoNoon(2)),
    ];
    // Another database's copies in the same folder are not this one's to prune.
    const other = backupFileName('/srv/wholesale/demo.db', 'daily', tokyoNoon(1));
    for (const name of [...daily, ...manual, other]) fs.writeFileSync(path.join(dir, name), '');

    const removed = pruneDailyBackups(dir, dbPath, 14, tokyoNoon(21));

    expect(removed.map((f) => path.basename(f))).toEqual(daily.slice(0, 6));
    expect(fs.readdirSync(dir).sort()).toEqual([...daily.slice(6), ...manual, other].sort());
    expect(listBackups(dir, dbPath, 'daily').map((b) => b.takenAt)).toEqual(
      Array.from({ length: 14 }, (_, i) => tokyoNoon(i + 7)),
    );
    // Nothing more to delete the next time.
    expect(pruneDailyBackups(dir, dbPath, 14, tokyoNoon(21))).toEqual([]);
  });

  it('removes an unfinished copy once it is a day old, not before', () => {
    const dir = tempDir();
    const partial = path.join(dir, `${backupFileName(dbPath, 'daily', tokyoNoon(1))}.partial`);
    fs.writeFileSync(partial, '');
    const written = fs.statSync(partial).mtime;
    expect(pruneDailyBackups(dir, dbPath, 14, new Date(written.getTime() + 1000))).toEqual([]);
    expect(pruneDailyBackups(dir, dbPath, 14, new Date(written.getTime() + DAY + 1000))).toEqual([
      partial,
    ]);
  });

  it('the running server takes one copy a day and keeps 14', async () => {
    const dir = tempDir();
    const backupDir = path.join(dir, 'backups');
    fs.mkdirSync(backupDir);
    for (let day = 1; day <= 14; day++) {
      fs.writeFileSync(path.join(backupDir, backupFileName('app.db', 'daily', tokyoNoon(day))), '');
    }
    const config = {
      dbPath: path.join(dir, 'app.db'),
      backupDir,
      backupKeep: 14,
      backupHour: 5,
      timeZone: 'Asia/Tokyo',
    };
    const db = openDb(config.dbPath);
    const daily = startDailyBackups(
      db,
      config,
      { info() {}, error() {} },
      {
        firstCheckAfterMs: DAY,
      },
    );
    try {
      expect(await daily.runIfDue(tokyoNoon(15))).toMatch(/app-daily-2026-03-15T030000Z\.db$/);
      const kept = listBackups(backupDir, config.dbPath, 'daily');
      expect(kept).toHaveLength(14);
      expect(kept[0]!.takenAt).toEqual(tokyoNoon(2));
      expect(kept.at(-1)!.takenAt).toEqual(tokyoNoon(15));
      // Later the same business day: nothing more.
      expect(await daily.runIfDue(new Date(tokyoNoon(15).getTime() + 6 * 3_600_000))).toBeNull();
    } finally {
      await daily.stop();
      closeDb(db);
    }
  });
});

describe('when the day’s copy is due', () => {
  const tz = 'Asia/Tokyo';
  // 2026-03-15 05:00 in Tokyo is 2026-03-14 20:00 UTC.
  const fiveAm = new Date('2026-03-14T20:00:00Z');

  it('from the configured hour of the business day, once per business day', () => {
    const yesterday = new Date(fiveAm.getTime() - DAY);
    expect(dailyBackupDue(yesterday, new Date(fiveAm.getTime() - 1), tz, 5)).toBe(false);
    expect(dailyBackupDue(yesterday, fiveAm, tz, 5)).toBe(true);
    expect(dailyBackupDue(null, fiveAm, tz, 5)).toBe(true);
    expect(dailyBackupDue(fiveAm, new Date(fiveAm.getTime() + 3_600_000), tz, 5)).toBe(false);
  });

  it('counts days in the business time zone, not in UTC', () => {
    // 23:30 and 00:30 in Tokyo are the same UTC day but two business days.
    const lateNight = new Date('2026-03-15T14:30:00Z'); // 23:30 on the 15th in Tokyo
    const afterMidnight = new Date('2026-03-15T15:30:00Z'); // 00:30 on the 16th in Tokyo
    expect(dailyBackupDue(lateNight, afterMidnight, tz, 0)).toBe(true);
    expect(dailyBackupDue(lateNight, afterMidnight, 'UTC', 0)).toBe(false);
  });
});
