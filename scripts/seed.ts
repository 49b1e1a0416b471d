// `npm run seed`: fills the database in DATA_DIR with the demo data set.
//   (no flag)    refuse when the database already has data (exit 1)
//   --if-empty   leave a database that has data alone (exit 0); used by `npm run demo`
//   --reset      delete every row and the uploaded files, then seed again
import fs from 'node:fs';
import path from 'node:path';
import { configFromEnv } from '../server/platform/config';
import { closeDb, openDb } from '../server/platform/db';
import { isoDateInZone } from '../shared/format';
import { bankSampleCsv } from './demo/bank-sample';
import { clearAllData, hasAnyData, seedDemo } from './demo/seed-demo';

const USAGE = 'Usage: npm run seed [-- --reset | --if-empty]';

async function main(argv: string[]): Promise<number> {
  const flags = new Set(argv);
  for (const f of flags) {
    if (f !== '--reset' && f !== '--if-empty') {
      console.error(`Unknown option ${f}\n${USAGE}`);
      return 2;
    }
  }
  if (flags.has('--reset') && flags.has('--if-empty')) {
    console.error(`--reset and --if-empty cannot be used together.\n${USAGE}`);
    return 2;
  }

  const config = configFromEnv();
  if (config.dbPath === ':memory:') {
    console.error('DB_FILE is ":memory:": a seeded in-memory database would vanish on exit.');
    return 1;
  }
  const db = openDb(config.dbPath);
  try {
    if (hasAnyData(db)) {
      if (flags.has('--if-empty')) {
        console.log('Database already has data; leaving it as it is.');
        return 0;
      }
      if (!flags.has('--reset')) {
        console.error(
          `The database at ${config.dbPath} already has data; nothing was changed.\n` +
            'Run `npm run seed -- --reset` to delete ALL of its data and uploaded files and seed the demo again.',
        );
        return 1;
      }
      const removed = clearAllData(db, config.uploadsDir);
      console.log(`Reset: deleted ${removed.rows} rows and ${removed.files} uploaded files.`);
    }

    const today = isoDateInZone(new Date(), config.timeZone);
    const started = performance.now();
    const summary = await seedDemo(db, {
      uploadsDir: config.uploadsDir,
      today,
      timeZone: config.timeZone,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);

    console.log(`Seeded the demo into ${config.dbPath} in ${seconds} s (today = ${today}).`);
    console.log(`Pictures: ${summary.files.length} files in ${config.uploadsDir}`);
    // A bank statement of the demo's transfers, for 銀行明細から入金を取り込む (ADR 085).
    const sample = path.join(config.dataDir, 'bank-statement-sample.csv');
    fs.writeFileSync(sample, bankSampleCsv(db, today));
    console.log(`Bank statement to import (Payments > Import payments): ${sample}`);
    const width = Math.max(...Object.keys(summary.counts).map((k) => k.length));
    for (const [table, n] of Object.entries(summary.counts)) {
      console.log(`  ${table.padEnd(width)}  ${n}`);
    }
    const staff = summary.logins.filter((l) => l.kind !== 'customer');
    const customers = summary.logins.filter((l) => l.kind === 'customer');
    console.log('\nDemo logins:');
    for (const l of staff) {
      console.log(`  ${(l.role ?? l.kind).padEnd(9)} ${l.username} / ${l.password}`);
    }
    if (customers.length > 0) {
      const first = customers[0]!;
      const last = customers[customers.length - 1]!;
      console.log(`  customer  ${first.username} .. ${last.username} / ${first.password}`);
    }
    return 0;
  } finally {
    closeDb(db);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  },
);
