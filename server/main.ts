import { ensureFirstAdmin } from './accounts/first-admin';
import { buildApp } from './app';
import { removePidFile, startDailyBackups, writePidFile } from './platform/backup';
import { type Checkpointer, startCheckpointer } from './platform/checkpointer';
import { configFromEnv } from './platform/config';
import { closeDb, openDb } from './platform/db';

async function main() {
  const config = configFromEnv();
  // Group commit: commits are fsynced off the event loop, before their answers (ADR 018).
  const db = openDb(config.dbPath, { groupCommit: true });
  const app = await buildApp({ db, config });
  const firstAdmin = await ensureFirstAdmin(db, config);
  if (firstAdmin) app.log.warn(firstAdmin);
  // `npm run restore` refuses to replace the database while this file names a live process.
  writePidFile(config.dbPath);
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

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
