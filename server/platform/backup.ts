// Backups of the live database and restores into a stopped data directory (docs/deploy.md).
//   - `npm run backup` (scripts/backup.ts) and the server's daily copy both use backupDatabase:
//     SQLite's online backup, a consistent copy while orders keep coming in.
//   - The server keeps the last `backupKeep` daily copies; copies made by hand are never pruned.
//   - `npm run restore <file>` (scripts/restore.ts) checks the copy before anything is replaced
//     and keeps the replaced database beside it.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  BACKUP_FAILURE_REASONS,
  type BackupFailureReason,
} from '../../shared/schemas/backup-status';
import type { Config } from './config';
import { type Db, isPermissionError, notWritable } from './db';

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
        recordBackupAttempt(config, { at: now.toISOString(), file: name, ok: true });
        const removed = pruneDailyBackups(config.backupDir, config.dbPath, config.backupKeep, now);
        log.info(`Daily backup written to ${file}; ${removed.length} older removed`);
        return file;
      })
      .catch((err: unknown) => {
        log.error({ err }, 'daily backup failed');
        const failure = failureOf(err);
        recordBackupAttempt(config, { at: now.toISOString(), file: name, ...failure });
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
// The daily copy's last attempt, for the office (ADR 061). Kept in this process's memory and in
// a small file beside the copies, so that it outlives a restart. A full disk, the failure the
// office most needs to hear of, may refuse that file too: the memory still answers.

export interface BackupAttempt {
  /** When the attempt began (ISO): the time in the copy's name. */
  at: string;
  /** The copy's file name. */
  file: string;
  ok: boolean;
  reason?: BackupFailureReason;
  /** The error's own code (SQLITE_FULL, ENOSPC, EACCES ...), when it had one. */
  code?: string | null;
}

type Where = Pick<Config, 'backupDir' | 'dbPath'>;

const attemptsInMemory = new Map<string, BackupAttempt>();

export function backupStatusFile(where: Where): string {
  return path.join(where.backupDir, `${baseName(where.dbPath)}-last-backup.json`);
}

const DISK_FULL = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
const NO_PERMISSION = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_PERM',
]);

/** Why a copy failed, in the office's terms, and the error's code. */
export function failureOf(err: unknown): {
  ok: false;
  reason: BackupFailureReason;
  code: string | null;
} {
  const raw = (err as { code?: unknown } | null)?.code;
  const code = typeof raw === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(raw) ? raw : null;
  const reason = !code
    ? 'other'
    : DISK_FULL.has(code)
      ? 'diskFull'
      : NO_PERMISSION.has(code) || code.startsWith('SQLITE_CANTOPEN')
        ? 'noPermission'
        : 'other';
  return { ok: false, reason, code };
}

/** Remembers the attempt; never throws (the copy's own outcome is what matters). */
export function recordBackupAttempt(where: Where, attempt: BackupAttempt): void {
  const file = backupStatusFile(where);
  attemptsInMemory.set(file, attempt);
  const text = `${JSON.stringify(attempt)}\n`;
  try {
    fs.mkdirSync(where.backupDir, { recursive: true });
    fs.writeFileSync(`${file}.tmp`, text);
    fs.renameSync(`${file}.tmp`, file);
  } catch {
    // A new file may not fit on a full disk where the old one's block still does.
    try {
      fs.rmSync(`${file}.tmp`, { force: true });
      fs.writeFileSync(file, text);
    } catch {
      // Kept in memory only.
    }
  }
}

function savedAttempt(file: string): BackupAttempt | null {
  try {
    const v = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<BackupAttempt>;
    if (typeof v.at !== 'string' || Number.isNaN(Date.parse(v.at))) return null;
    if (typeof v.file !== 'string' || typeof v.ok !== 'boolean') return null;
    const reason = BACKUP_FAILURE_REASONS.find((r) => r === v.reason);
    return {
      at: v.at,
      file: v.file,
      ok: v.ok,
      ...(v.ok
        ? {}
        : { reason: reason ?? 'other', code: typeof v.code === 'string' ? v.code : null }),
    };
  } catch {
    return null;
  }
}

/** The last attempt of the daily copy this process or an earlier one recorded, or null. */
export function lastBackupAttempt(where: Where): BackupAttempt | null {
  const file = backupStatusFile(where);
  const candidates = [attemptsInMemory.get(file), savedAttempt(file)].filter(
    (a): a is BackupAttempt => !!a,
  );
  return candidates.sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Is a server running on this database? The server claims the database by creating a pid file
// next to it (exclusively: of two starts at the same instant, one creates it) and keeps that file
// open while it runs. `npm run restore` refuses while it names a live server.

export function pidFileOf(dbPath: string): string {
  return `${dbPath}.pid`;
}

/** A second start on the same database, refused before it opens or changes anything. */
export class ServerAlreadyRunning extends Error {
  override name = 'ServerAlreadyRunning';
  constructor(
    readonly pid: number,
    dbPath: string,
  ) {
    super(
      `Another server is already running on DATA_DIR=${path.dirname(path.resolve(dbPath))} (pid ${pid}); stop it first`,
    );
  }
}

/** The open pid files of this process, by file: kept open so others can tell it is ours. */
const heldPidFiles = new Map<string, number>();

/**
 * Claims the database for this process: creates its pid file with this pid, or throws
 * ServerAlreadyRunning when the file names another live server. A file left by a server that
 * is gone (a crash, a power cut) is taken over. Call before opening the database for writes.
 */
export function writePidFile(dbPath: string): void {
  if (dbPath === ':memory:') return;
  try {
    claimPidFile(dbPath);
  } catch (err) {
    if (isPermissionError(err)) throw notWritable(dbPath, err, [pidFileOf(dbPath)]);
    throw err;
  }
}

function claimPidFile(dbPath: string): void {
  const file = pidFileOf(dbPath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Each round either creates the file or removes one left by a server that is gone; only a
  // crowd of starts taking over the same stale file could keep it going.
  for (let round = 0; round < 100; round++) {
    if (createPidFile(file)) return;
    const holder = pidFileHolder(file);
    if (holder.state === 'self') return;
    if (holder.state === 'running') throw new ServerAlreadyRunning(holder.pid, dbPath);
    if (holder.state === 'writing') {
      sleepMs(20);
      continue;
    }
    if (holder.state === 'stale') removeStalePidFile(file, holder.text);
  }
  throw new Error(`Could not claim ${file}: other starts keep replacing it`);
}

/** Creates the pid file if there is none (true), or leaves it alone (false). */
function createPidFile(file: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    fs.writeSync(fd, `${process.pid}\n`);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
    throw err;
  }
  heldPidFiles.set(file, fd);
  return true;
}

/**
 * Removes a pid file judged stale, unless another start replaced it meanwhile: it is moved
 * aside first (one of several starts wins the move), then read again; a file that is no longer
 * the stale one is put back.
 */
function removeStalePidFile(file: string, staleText: string): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // another start moved it
    throw err;
  }
  try {
    if (fs.readFileSync(aside, 'utf8') !== staleText) fs.linkSync(aside, file);
  } catch {
    // A newer file is in place already: that start holds the database.
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/** Removes the pid file if it is still this process's. */
export function removePidFile(dbPath: string): void {
  if (dbPath === ':memory:') return;
  const file = pidFileOf(dbPath);
  const fd = heldPidFiles.get(file);
  heldPidFiles.delete(file);
  try {
    if (pidIn(fs.readFileSync(file, 'utf8')) === process.pid) fs.rmSync(file);
  } catch {
    // already gone
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The pid of a live process that wrote the pid file, or null (none, or left by a crash). */
export function runningServerPid(dbPath: string): number | null {
  const holder = pidFileHolder(pidFileOf(dbPath));
  return holder.state === 'running' || holder.state === 'self' ? holder.pid : null;
}

type Holder =
  | { state: 'none' }
  | { state: 'self' | 'running'; pid: number }
  /** Just created by a start that has not written its pid yet. */
  | { state: 'writing' }
  /** Left by a process that is gone; `text` is what the file held. */
  | { state: 'stale'; text: string };

/** How long a start may take between creating the pid file and writing its pid. */
const WRITING_GRACE_MS = 2000;

function pidFileHolder(file: string): Holder {
  let text: string;
  let stat: fs.Stats;
  try {
    text = fs.readFileSync(file, 'utf8');
    stat = fs.statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'none' };
    throw err;
  }
  const pid = pidIn(text);
  if (pid === null) {
    const young = Math.abs(Date.now() - stat.mtimeMs) < WRITING_GRACE_MS;
    return young && text === '' ? { state: 'writing' } : { state: 'stale', text };
  }
  if (pid === process.pid) return { state: 'self', pid };
  return holdsPidFile(pid, stat) ? { state: 'running', pid } : { state: 'stale', text };
}

function pidIn(text: string): number | null {
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Whether process `pid` is the server that wrote the pid file. Alive is not enough: after a
 * power cut the same pid may belong to another program, and a refusal would keep the server
 * down. Where Linux's /proc tells, the process must run as the file's owner and (when this user
 * may look) hold the file open; when it cannot tell, an alive process counts as the server.
 */
function holdsPidFile(pid: number, pidFile: fs.Stats): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, but another user's.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  let uids: string[];
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    uids = /^Uid:\s+(.*)$/m.exec(status)?.[1]?.split(/\s+/) ?? [];
  } catch {
    return true; // no /proc, or it hides other users' processes
  }
  if (uids.length > 0 && !uids.includes(String(pidFile.uid))) return false;
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return true; // another user's process
  }
  return fds.some((fd) => {
    try {
      const open = fs.statSync(`/proc/${pid}/fd/${fd}`);
      return open.ino === pidFile.ino && open.dev === pidFile.dev;
    } catch {
      return false;
    }
  });
}

function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
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

export interface RestoreResult<T = undefined> {
  /** Where the database that was replaced now is, or null when there was none. */
  replacedKeptAt: string | null;
  /** What `beforeSwap` returned. */
  prepared: T | undefined;
}

/**
 * Replaces the database at `dbPath` (its server stopped) with the copy in `from`, after
 * checking the copy. The old database is renamed to `<dbPath>.<time>.before-restore` (with its
 * -wal file, if a crash left one). Throws RestoreRefused, changing nothing, when the server
 * runs on `dbPath` or the copy fails its checks.
 * `beforeSwap` may change the checked copy (`incoming`) while the database it replaces is still
 * in place at `replacing` (null when there is none): the document numbers are carried over so
 * (ADR 061). If it throws, nothing is replaced.
 */
export function restoreDatabase<T = undefined>(
  from: string,
  dbPath: string,
  now = new Date(),
  beforeSwap?: (incoming: string, replacing: string | null) => T,
): RestoreResult<T> {
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
  let prepared: T | undefined;
  try {
    prepared = beforeSwap?.(incoming, fs.existsSync(dbPath) ? dbPath : null);
  } catch (err) {
    removeDatabaseFiles(incoming);
    throw err;
  }
  removeSideFiles(incoming);
  fsyncFile(incoming);

  let replacedKeptAt: string | null = null;
  if (fs.existsSync(dbPath)) {
    replacedKeptAt = `${dbPath}.${stampOf(now)}.before-restore`;
    fs.renameSync(dbPath, replacedKeptAt);
    // A -wal file left by a crash belongs to the old database: keep it with it. An empty one
    // (reading the old database's numbers may leave one) holds nothing.
    const wal = `${dbPath}-wal`;
    if (fs.existsSync(wal) && fs.statSync(wal).size === 0) fs.rmSync(wal);
    if (fs.existsSync(wal)) fs.renameSync(wal, `${replacedKeptAt}-wal`);
    fs.rmSync(`${dbPath}-shm`, { force: true });
  }
  fs.renameSync(incoming, dbPath);
  fsyncDir(path.dirname(dbPath));
  return { replacedKeptAt, prepared };
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
