// `npm run bench:bank` (also a part of `npm run bench`, BENCH_ONLY=bank): 入金消込 from the
// bank's statement (ADR 085, server/money/bank-import.ts) at the size of a month's file for 300
// monthly customers, each with the invoice of last month's closing open: the statement as the
// demo's sample writes it (Shift_JIS, each payer in half-width katakana with its company mark,
// every fourth ¥660 short), read and matched as the office's screen asks, then every matched
// transfer recorded as its 「選択した入金を記録」 does. Beside each, a bare reference in the same
// run: reading the file is decoding it and splitting its cells with a lookup of each payer's
// exact name; recording it is, per transfer, one transaction inserting its payment (and its fee)
// and adding it to the invoice, in plain SQL on a copy of the same database.
// No target: the office reads a file a few times a month. The figures say what it waits.
// In process, on a fresh database in a temp folder; not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { readBankFile, recordBankTransfers } from '../../server/money/bank-import';
import { runClosing } from '../../server/money/closing';
import { closeDb, openDb, write } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { bankSampleCsv } from '../demo/bank-sample';
import { seedClosingMonth } from './closing';

const TIME_ZONE = 'Asia/Tokyo';
const TODAY = '2026-11-29';
const RUNS = Number(process.env.BENCH_BANK_RUNS ?? 15);
const actor = { id: null, name: 'bench' };

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

export interface BankImportFigures {
  transfers: number;
  matched: number;
  bareReadMs: number;
  readMs: number;
  bareRecordMs: number;
  recordMs: number;
}

export async function runBankImportBench(): Promise<BankImportFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bank-'));
  const db = openDb(path.join(dir, 'app.db'));
  try {
    write(db, () => seedClosingMonth(db));
    runClosing(db, actor, '2026-10-31', { timeZone: TIME_ZONE });
    db.$client.exec('ANALYZE');
    const file = bankSampleCsv(db, TODAY);
    const base64 = file.toString('base64');

    // The app's read: the file parsed and each row matched to a customer and its invoices.
    let read = readBankFile(db, base64);
    // The bare read: decode, split, and each payer looked up by the name as the file writes it
    // in a map made beforehand (what a matcher that needed no folding would do).
    const payers = new Map(read.rows.map((r) => [r.name, r.customerId]));
    const bareRuns: number[] = [];
    let bareFound = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      bareFound = new TextDecoder('shift_jis')
        .decode(file)
        .split(/\r?\n/)
        .slice(1)
        .filter(Boolean)
        .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')))
        .filter((cells) => payers.get(cells[1] ?? '')).length;
      bareRuns.push(performance.now() - t0);
    }
    const readRuns: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      read = readBankFile(db, base64);
      readRuns.push(performance.now() - t0);
    }
    const chosen = read.rows
      .filter((r) => r.status === 'matched' && r.customerId)
      .map((r) => ({
        date: r.date,
        amount: r.amount,
        name: r.name,
        ordinal: r.ordinal,
        customerId: r.customerId as string,
        invoiceIds: r.invoiceIds,
      }));

    // The bare record, on a copy taken before the app records anything.
    const copy = path.join(dir, 'bare.db');
    db.$client.exec(`VACUUM INTO '${copy}'`);
    const bare = new Database(copy);
    bare.pragma('journal_mode = WAL');
    const pending = bare
      .prepare<[string], number>('SELECT amount - paid_amount FROM invoice WHERE id = ?')
      .pluck();
    const pay = bare.prepare(
      `INSERT INTO payment (id, invoice_id, amount, date, kind) VALUES (?, ?, ?, ?, ?)`,
    );
    const settle = bare.prepare('UPDATE invoice SET paid_amount = paid_amount + ? WHERE id = ?');
    const one = bare.transaction((row: (typeof chosen)[number]) => {
      const invoiceId = row.invoiceIds[0] as string;
      const due = pending.get(invoiceId) as number;
      pay.run(newId(), invoiceId, row.amount, row.date, 'payment');
      if (due > row.amount) pay.run(newId(), invoiceId, due - row.amount, row.date, 'bank_fee');
      settle.run(due, invoiceId);
    });
    const b0 = performance.now();
    for (const row of chosen) one.immediate(row);
    const bareRecordMs = performance.now() - b0;
    bare.close();

    const r0 = performance.now();
    const recorded = recordBankTransfers(db, actor, chosen, {
      timeZone: TIME_ZONE,
      now: new Date(`${TODAY}T03:00:00.000Z`),
    });
    const recordMs = performance.now() - r0;
    const done = recorded.results.filter((r) => r.outcome === 'recorded').length;
    if (done !== chosen.length) {
      throw new Error(`bank import bench: ${done} of ${chosen.length} transfers recorded`);
    }
    const open = db.$client
      .prepare<[], number>(
        "SELECT COUNT(*) FROM invoice WHERE kind = 'closing' AND paid_amount < amount",
      )
      .pluck()
      .get();
    if (bareFound === 0 || open !== 0) {
      throw new Error(`bank import bench: ${open} closing invoices left open`);
    }

    const figures: BankImportFigures = {
      transfers: read.rows.length,
      matched: chosen.length,
      bareReadMs: median(bareRuns),
      readMs: median(readRuns),
      bareRecordMs,
      recordMs,
    };
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(
      `\nbank statement (入金消込), ${figures.transfers} incoming transfers, ${figures.matched} matched:\n` +
        `  read and match: ${ms(figures.readMs)} (bare decode and exact-name lookup: ${ms(figures.bareReadMs)}, median of ${RUNS})\n` +
        `  record all matched: ${ms(figures.recordMs)}, ${(figures.recordMs / figures.matched).toFixed(2)} ms a transfer (bare SQL, a transaction each: ${ms(figures.bareRecordMs)})`,
    );
    return figures;
  } finally {
    closeDb(db);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runBankImportBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
