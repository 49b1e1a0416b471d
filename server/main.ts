import { isoDateInZone } from '../shared/format';
import { ensureFirstAdmin } from './accounts/first-admin';
import { buildApp } from './app';
import { removePidFile, startDailyBackups, writePidFile } from './platform/backup';
import { type Checkpointer, startCheckpointer } from './platform/checkpointer';
import { configFromEnv } from './platform/config';
import { closeDb, openDb } from './platform/db';

/** The database this process has claimed (its pid file), so a failed start gives it back. */
let claimed: string | null = null;

async function main() {
  const config = configFromEnv();
  // Before anything opens the database for writes: a second server on the same data would
  // take over the pid file `npm run restore` trusts, and both would write (docs/deploy.md).
  writePidFile(config.dbPath);
  claimed = config.dbPath;
  let migrated: string | null = null;
  // Group commit: commits are fsynced off the event loop, before their answers (ADR 018).
  const db = openDb(config.dbPath, {
    groupCommit: true,
    onMigrated: (from, to) => {
      migrated = `Database migrated from ${from} to ${to} migrations`;
    },
  });
  const app = await buildApp({ db, config });
  if (migrated) app.log.info(migrated);
  app.log.info(
    `Business time zone ${config.timeZone} (BUSINESS_TIME_ZONE): today is ${isoDateInZone(new Date(), config.timeZone)}`,
  );
  const firstAdmin = await ensureFirstAdmin(db, config);
  if (firstAdmin) app.log.warn(firstAdmin);
  const backups = startDailyBackups(db, config, app.log);
  let checkpoints: Checkpointer | null = null;

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await backups.stop();
    await checkpoints?.stop();
    closeDb(db);
    removePidFile(config.dbPath);
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // After listening: the worker's own Node start (~20 ms here, more on a busy box) would
  // otherwise compete with ours for the first answer; until it runs, SQLite checkpoints
  // inside commits as it does by default.
  if (!closing) checkpoints = startCheckpointer(db);
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  app.log.info(`Serving on http://${shown}:${config.port} (data in ${config.dataDir})`);
}

// A refusal or a failed start is one line for the box's keeper (what and how to fix), no trace.
main().catch((err) => {
  if (claimed) removePidFile(claimed);
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
