// `npm run restore [-- --last-issued INV-000611,DS-000300,...] <file>`: replaces the database in
// DATA_DIR (DB_FILE) with a backup, after checking the backup (PRAGMA integrity_check). The
// server must be stopped. The replaced database is kept as <db>.<UTC time>.before-restore.
// Document and order numbers continue after the highest ever issued: the backup's, the
// replaced database's, and those named with --last-issued (ADR 061). See docs/deploy.md §6.
import {
  carryNumbersOver,
  describeNumbers,
  LastIssuedInvalid,
  type LastNumbers,
  parseLastIssued,
} from '../server/money/numbers-after-restore';
import { RestoreRefused, restoreDatabase } from '../server/platform/backup';
import { configFromEnv } from '../server/platform/config';

const USAGE = `Usage: npm run restore <backup file>   (with the server stopped)
       npm run restore -- --last-issued INV-000611,DS-000300,RC-000140,#10234 <backup file>
  --last-issued  the last number of each kind issued since the backup, when the database being
                 replaced is lost: numbering continues after them (document numbers by their
                 prefix INV, DS, ST, RC, CN; order numbers as #n).`;

function parseArgs(argv: string[]): { file: string; named: LastNumbers } | string {
  const files: string[] = [];
  const named: LastNumbers = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    let list: string | undefined;
    if (arg === '--last-issued') list = argv[++i];
    else if (arg.startsWith('--last-issued=')) list = arg.slice('--last-issued='.length);
    else if (arg.startsWith('-')) return `Unknown option ${arg}.`;
    else {
      files.push(arg);
      continue;
    }
    if (!list) return '--last-issued needs a list of numbers.';
    try {
      const more = parseLastIssued(list);
      for (const [kind, n] of Object.entries(more) as [keyof LastNumbers, number][]) {
        named[kind] = Math.max(named[kind] ?? 0, n);
      }
    } catch (err) {
      if (err instanceof LastIssuedInvalid) return err.message;
      throw err;
    }
  }
  if (files.length !== 1) return 'Name one backup file.';
  return { file: files[0]!, named };
}

function main(argv: string[]): number {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    console.error(`${args}\n${USAGE}`);
    return 2;
  }
  const config = configFromEnv();
  try {
    const { replacedKeptAt, prepared } = restoreDatabase(
      args.file,
      config.dbPath,
      new Date(),
      (incoming, replacing) => carryNumbersOver(incoming, replacing, args.named),
    );
    console.log(`Restored ${args.file} into ${config.dbPath}.`);
    if (replacedKeptAt) console.log(`The database it replaced is kept as ${replacedKeptAt}.`);
    if (prepared) for (const line of describeNumbers(prepared, config.dbPath)) console.log(line);
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
