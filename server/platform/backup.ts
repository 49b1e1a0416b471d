// Backups of the live database and restores into a stopped data directory (docs/deploy.md).
//   - `npm run backup` (scripts/backup.ts) and the server's daily copy both use backupDatabase:
//     SQLite's online backup, a consistent copy while orders keep coming in.
//   - The server keeps the last `backupKeep` daily copies; copies made by hand are never pruned.
//   - `npm run restore <file>` (scripts/restore.ts) checks the copy before anything is replaced
//     and keeps the replaced database beside it.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from './config';
import type { Db } from './db';

export type BackupKind = 'daily' | 'manual';

/** How often the running server looks whether the day's copy is due. */
export const DAILY_CHECK_INTERVAL_MS = 10 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Names: <db name>-<kind>-<UTC time>.db, e.g. app-daily-2026-11-23T050012Z.db. The time sorts as
// text, so the newest copy is the last name in order.

const STAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

function stampOf(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replaceAll(':', '')}Z`;
}

function instantOf(stamp: string): Date | null {
  const m = STAMP.exec(stamp);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : null;
}

function baseName(dbPath: string): string {
  return path.basename(dbPath, path.extname(dbPath));
}

export function backupFileName(dbPath: string, kind: BackupKind, instant: Date): string {
  return `${baseName(dbPath)}-${kind}-${stampOf(instant)}.db`;
}

/** The copies of one kind in `dir` for the database at `dbPath`, oldest first. */
export function listBackups(
  dir: string,
  dbPath: string,
  kind: BackupKind,
): { file: string; takenAt: Date }[] {
  if (!fs.existsSync(dir)) return [];
  const prefix = `${baseName(dbPath)}-${kind}-`;
  const found: { file: string; takenAt: Date }[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.startsWith(prefix) || !name.endsWith('.db')) continue;
    const takenAt = instantOf(name.slice(prefix.length, -'.db'.length));
    if (takenAt) found.push({ file: path.join(dir, name), takenAt });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Taking a copy.

/**
 * Copies the database open on `source` into `dir/fileName` and returns the file's path.
 * The copy is a snapshot of one moment even while others write: writes made on `source` itself
 * during an incremental copy are carried into it by SQLite; a copy in one step (`oneStep`, for a
 * separate process such as `npm run backup`) reads everything inside one read transaction,
 * which in WAL mode never blocks the server's writers.
 * The copy is written under a temporary name and renamed when complete, and is left as one
 * self-contained file (journal mode DELETE), so a file with the final name is always whole.
 */
export async function backupDatabase(
  source: Database.Database,
  dir: string,
  fileName: string,
  options: { oneStep?: boolean } = {},
): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, fileName);
  const partial = `${target}.partial`;
  removeDatabaseFiles(partial);
  try {
    if (options.oneStep) await source.backup(partial, { progress: () => 0x7fffffff });
    else await source.backup(partial);
    const copy = new Database(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    fsyncFile(partial);
    fs.renameSync(partial, target);
    fsyncDir(dir);
    return target;
  } catch (err) {
    removeDatabaseFiles(partial);
    throw err;
  }
}

/**
 * Deletes all but the newest `keep` daily copies (and unfinished copies older than a day).
 * Copies made by hand (`npm run backup`) are left alone. Returns the deleted files.
 */
export function pruneDailyBackups(dir: string, dbPath: string, keep: number, now = new Date()) {
  const removed: string[] = [];
  const daily = listBackups(dir, dbPath, 'daily');
  for (const { file } of daily.slice(0, Math.max(0, daily.length - keep))) {
    fs.rmSync(file, { force: true });
    removed.push(file);
  }
  if (fs.existsSync(dir)) {
    for (const name of fs.readdirSync(dir)) {
      if (!name.endsWith('.partial')) continue;
      const file = path.join(dir, name);
      if (now.getTime() - fs.statSync(file).mtimeMs > 24 * 60 * 60 * 1000) {
        fs.rmSync(file, { force: true });
        removed.push(file);
      }
    }
  }
  return removed;
}

// ---------------------------------------------------------------------------------------------
// The server's daily copy.

const hourFormats = new Map<string, Intl.DateTimeFormat>();
function dateAndHourInZone(instant: Date, timeZone: string): { date: string; hour: number } {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    hourFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/**
 * Whether the day's copy is due at `now`: the business day (in `timeZone`) has reached `hour`
 * and no daily copy was taken on that business day yet. A server that was down at that hour
 * takes the copy when it next checks the same day.
 */
export function dailyBackupDue(
  latest: Date | null,
  now: Date,
  timeZone: string,
  hour: number,
): boolean {
  const today = dateAndHourInZone(now, timeZone);
  if (today.hour < hour) return false;
  return !latest || dateAndHourInZone(latest, timeZone).date !== today.date;
}

export interface DailyBackups {
  /** Takes the copy if it is due, then prunes; resolves to the new file, or null. */
  runIfDue(now?: Date): Promise<string | null>;
  /** Stops the checks and waits for a copy in progress. */
  stop(): Promise<void>;
}

/** The running server's daily copies: a check every few minutes, one copy per business day. */
export function startDailyBackups(
  db: Db,
  config: Pick<Config, 'dbPath' | 'backupDir' | 'backupKeep' | 'backupHour' | 'timeZone'>,
  log: { info(msg: string): void; error(obj: object, msg: string): void },
  options: { firstCheckAfterMs?: number } = {},
): DailyBackups {
  let running: Promise<string | null> | null = null;
  let stopped = false;

  const runIfDue = (now = new Date()): Promise<string | null> => {
    if (running) return running;
    if (stopped || config.backupHour === 'off' || config.dbPath === ':memory:') {
      return Promise.resolve(null);
    }
    const latest = listBackups(config.backupDir, config.dbPath, 'daily').at(-1)?.takenAt ?? null;
    if (!dailyBackupDue(latest, now, config.timeZone, config.backupHour)) {
      return Promise.resolve(null);
    }
    const name = backupFileName(config.dbPath, 'daily', now);
    running = backupDatabase(db.$client, config.backupDir, name)
      .then((file) => {
        const removed = pruneDailyBackups(config.backupDir, config.dbPath, config.backupKeep, now);
        log.info(`Daily backup written to ${file}; ${removed.length} older removed`);
        return file;
      })
      .catch((err: unknown) => {
        log.error({ err }, 'daily backup failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const first = setTimeout(() => void runIfDue(), options.firstCheckAfterMs ?? 10_000);
  const timer = setInterval(() => void runIfDue(), DAILY_CHECK_INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    runIfDue,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Is a server running on this database? The server writes its pid next to the database file.

export function pidFileOf(dbPath: string): string {
  return `${dbPath}.pid`;
}

export function writePidFile(dbPath: string): void {
  if (dbPath === ':memory:') return;
  fs.writeFileSync(pidFileOf(dbPath), `${process.pid}\n`);
}

/** Removes the pid file if it is still this process's. */
export function removePidFile(dbPath: string): void {
  if (dbPath === ':memory:') return;
  const file = pidFileOf(dbPath);
  try {
    if (Number(fs.readFileSync(file, 'utf8').trim()) === process.pid) fs.rmSync(file);
  } catch {
    // already gone
  }
}

/** The pid of a live process that wrote the pid file, or null (none, or left by a crash). */
export function runningServerPid(dbPath: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFileOf(dbPath), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

// ---------------------------------------------------------------------------------------------
// Checking and restoring.

/**
 * Problems found in a database file; empty when it is sound and holds this app's tables.
 * Reads the file as it is (open it only on a copy: SQLite may leave -shm/-wal files beside it).
 */
export function checkDatabaseFile(file: string): string[] {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { fileMustExist: true });
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const problems = rows.map((r) => r.integrity_check).filter((r) => r !== 'ok');
    if (problems.length > 0) return problems;
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (?, ?)")
      .pluck()
      .all('__drizzle_migrations', 'account');
    if (tables.length < 2) return ["it holds no tables of this application's database"];
    return [];
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e.code === 'SQLITE_NOTADB') return ['it is not an SQLite database'];
    return [e.message ?? String(err)];
  } finally {
    db?.close();
  }
}

export class RestoreRefused extends Error {}

export interface RestoreResult {
  /** Where the database that was replaced now is, or null when there was none. */
  replacedKeptAt: string | null;
}

/**
 * Replaces the database at `dbPath` (its server stopped) with the copy in `from`, after
 * checking the copy. The old database is renamed to `<dbPath>.<time>.before-restore` (with its
 * -wal file, if a crash left one). Throws RestoreRefused, changing nothing, when the server
 * runs on `dbPath` or the copy fails its checks.
 */
export function restoreDatabase(from: string, dbPath: string, now = new Date()): RestoreResult {
  if (dbPath === ':memory:') throw new RestoreRefused('DB_FILE is ":memory:": nothing to restore.');
  const source = path.resolve(from);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) {
    throw new RestoreRefused(`No backup file at ${source}.`);
  }
  if (source === path.resolve(dbPath)) {
    throw new RestoreRefused(`${source} is the live database itself, not a backup.`);
  }
  const pid = runningServerPid(dbPath);
  if (pid !== null) {
    throw new RestoreRefused(
      `The server (pid ${pid}) is running on ${dbPath}. Stop it first, then restore again.`,
    );
  }

  // Check a copy, placed beside the database, so the rename below is atomic and the backup
  // folder gets no SQLite side files.
  fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  const incoming = `${dbPath}.restoring`;
  removeDatabaseFiles(incoming);
  fs.copyFileSync(source, incoming);
  const problems = checkDatabaseFile(incoming);
  if (problems.length > 0) {
    removeDatabaseFiles(incoming);
    const shown = problems.slice(0, 5).join('\n  ');
    throw new RestoreRefused(
      `The backup ${source} failed its check, so nothing was changed:\n  ${shown}`,
    );
  }
  removeSideFiles(incoming);
  fsyncFile(incoming);

  let replacedKeptAt: string | null = null;
  if (fs.existsSync(dbPath)) {
    replacedKeptAt = `${dbPath}.${stampOf(now)}.before-restore`;
    fs.renameSync(dbPath, replacedKeptAt);
    // A -wal file left by a crash belongs to the old database: keep it with it.
    if (fs.existsSync(`${dbPath}-wal`)) fs.renameSync(`${dbPath}-wal`, `${replacedKeptAt}-wal`);
    fs.rmSync(`${dbPath}-shm`, { force: true });
  }
  fs.renameSync(incoming, dbPath);
  fsyncDir(path.dirname(dbPath));
  return { replacedKeptAt };
}

// ---------------------------------------------------------------------------------------------

function removeSideFiles(file: string): void {
  fs.rmSync(`${file}-wal`, { force: true });
  fs.rmSync(`${file}-shm`, { force: true });
  fs.rmSync(`${file}-journal`, { force: true });
}

function removeDatabaseFiles(file: string): void {
  fs.rmSync(file, { force: true });
  removeSideFiles(file);
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
