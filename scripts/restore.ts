// `npm run restore <file>`: replaces the database in DATA_DIR (DB_FILE) with a backup, after
// checking the backup (PRAGMA integrity_check). The server must be stopped. The replaced
// database is kept as <db>.<UTC time>.before-restore. See docs/deploy.md.
import { RestoreRefused, restoreDatabase } from '../server/platform/backup';
import { configFromEnv } from '../server/platform/config';

const USAGE = 'Usage: npm run restore <backup file>   (with the server stopped)';

function main(argv: string[]): number {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = configFromEnv();
  try {
    const { replacedKeptAt } = restoreDatabase(argv[0]!, config.dbPath);
    console.log(`Restored ${argv[0]} into ${config.dbPath}.`);
    if (replacedKeptAt) console.log(`The database it replaced is kept as ${replacedKeptAt}.`);
    console.log('Start the server again; it applies any newer migrations on start.');
    return 0;
  } catch (err) {
    if (err instanceof RestoreRefused) {
      console.error(`Restore refused: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

process.exitCode = main(process.argv.slice(2));
