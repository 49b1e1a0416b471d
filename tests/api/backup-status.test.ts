import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backupFileName,
  backupStatusFile,
  type DailyBackups,
  startDailyBackups,
} from '../../server/platform/backup';
import type { BackupStatusOut } from '../../shared/schemas/backup-status';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { query } from '../helpers/trpc';

// The office admin sees the daily backup over HTTP (ADR 061): a copy that failed (the box's
// disk filled up and the server only logged it) is named with its time and reason until a
// newer copy exists, and a last good copy older than two days is flagged.

const DAY = 86_400_000;
let t: TestApp;
let admin: ApiClient;
let manager: ApiClient;
let daily: DailyBackups;

beforeAll(async () => {
  t = await startTestApp();
  const a = await makeAdmin(t.db);
  const m = await makeEmployee(t.db, 'manager');
  admin = new ApiClient(t.url);
  manager = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  await manager.login(m.username, m.password);
  // The server's own scheduler on the app's database, due at any hour; no timer fires here.
  daily = startDailyBackups(
    t.db,
    { ...t.config, backupHour: 0 },
    { info() {}, error() {} },
    { firstCheckAfterMs: DAY },
  );
});
afterAll(async () => {
  await daily.stop();
  await t.close();
});

async function status(): Promise<BackupStatusOut> {
  const r = await query<BackupStatusOut>(admin, 'settings.backupStatus');
  expect(r.status).toBe(200);
  return r.data;
}

describe('the backup status on the Settings screen', () => {
  it('is for admins only', async () => {
    expect((await query(manager, 'settings.backupStatus')).status).toBe(403);
    expect((await query(new ApiClient(t.url), 'settings.backupStatus')).status).toBe(401);
  });

  it('says no backup was taken yet on a new box', async () => {
    expect(await status()).toEqual({
      dailyHour: 5,
      folder: t.config.backupDir,
      lastGood: null,
      lastFailure: null,
      tooOld: false,
    });
  });

  it('warns when the newest copy is more than two days old', async () => {
    const old = backupFileName(t.config.dbPath, 'manual', new Date(Date.now() - 3 * DAY));
    fs.mkdirSync(t.config.backupDir, { recursive: true });
    fs.writeFileSync(path.join(t.config.backupDir, old), '');
    const s = await status();
    expect(s.lastGood?.file).toBe(old);
    expect(s.tooOld).toBe(true);
  });

  it("names the server's daily copy once it is taken", async () => {
    const file = await daily.runIfDue();
    expect(file).not.toBeNull();
    const s = await status();
    expect(s.lastGood).toEqual({
      at: expect.any(String),
      file: path.basename(file!),
    });
    expect(Date.now() - Date.parse(s.lastGood!.at)).toBeLessThan(60_000);
    expect(s.tooOld).toBe(false);
    expect(s.lastFailure).toBeNull();
    expect(JSON.parse(fs.readFileSync(backupStatusFile(t.config), 'utf8'))).toMatchObject({
      ok: true,
      file: path.basename(file!),
    });
  });

  it('tells of a failed daily copy, with its time and reason, until a newer copy exists', async () => {
    const tomorrow = new Date(Date.now() + DAY);
    // Something in the copy's way: its unfinished file's name is taken by a folder.
    const name = backupFileName(t.config.dbPath, 'daily', tomorrow);
    fs.mkdirSync(path.join(t.config.backupDir, `${name}.partial`));
    expect(await daily.runIfDue(tomorrow)).toBeNull();

    const s = await status();
    expect(s.lastFailure).toMatchObject({ file: name, reason: 'other' });
    expect(s.lastFailure?.code).toMatch(/^[A-Z_]+$/);
    expect(s.lastFailure?.at).toBe(tomorrow.toISOString());
    // The last good copy is still named beside it.
    expect(s.lastGood).not.toBeNull();

    // A copy made by hand afterwards: the failure is no longer the news.
    const later = backupFileName(t.config.dbPath, 'manual', new Date(tomorrow.getTime() + 60_000));
    fs.writeFileSync(path.join(t.config.backupDir, later), '');
    const after = await status();
    expect(after.lastFailure).toBeNull();
    expect(after.lastGood?.file).toBe(later);
  });
});
