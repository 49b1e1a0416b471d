// `npm run backup`: a consistent copy of the live database (the server may keep running) into
// BACKUP_DIR (default DATA_DIR/backups), named <db>-manual-<UTC time>.db. Copies made here are
// never pruned; the server's own daily copies are (docs/deploy.md).
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { backupDatabase, backupFileName } from '../server/platform/backup';
import { configFromEnv } from '../server/platform/config';

async function main(): Promise<number> {
  const config = configFromEnv();
  if (config.dbPath === ':memory:') {
    console.error('DB_FILE is ":memory:": there is no database file to back up.');
    return 1;
  }
  if (!fs.existsSync(config.dbPath)) {
    console.error(`No database at ${config.dbPath} (check DATA_DIR and DB_FILE).`);
    return 1;
  }
  const started = new Date();
  const source = new Database(config.dbPath, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    const file = await backupDatabase(
      source,
      config.backupDir,
      backupFileName(config.dbPath, 'manual', started),
      { oneStep: true },
    );
    const mb = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
    const seconds = ((Date.now() - started.getTime()) / 1000).toFixed(1);
    console.log(`Backup of ${config.dbPath} written to ${file} (${mb} MB, ${seconds} s).`);
    return 0;
  } finally {
    source.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
