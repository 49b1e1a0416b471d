import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBankCsv } from '../../server/money/bank-csv';
import { readBankFile } from '../../server/money/bank-import';
import { closeDb, type Db, openDb } from '../../server/platform/db';
import { bankSampleCsv, halfWidthKana } from './bank-sample';
import { seedDemo } from './seed-demo';

// The demo's bank statement to try 入金消込 with (ADR 085): a Shift_JIS file the import reads,
// whose transfers the app matches to the demo's restaurants and invoices.

const TODAY = '2026-11-29';
let dir = '';
let db: Db;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-bank-sample-'));
  db = openDb(path.join(dir, 'app.db'));
  await seedDemo(db, { uploadsDir: path.join(dir, 'uploads'), today: TODAY });
});
afterAll(() => {
  closeDb(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the demo's bank statement", () => {
  it('writes katakana as a bank does', () => {
    expect(halfWidthKana('ヒマラヤキッチン')).toBe('ﾋﾏﾗﾔｷﾂﾁﾝ');
    expect(halfWidthKana('バーンタイ')).toBe('ﾊﾞｰﾝﾀｲ');
    expect(halfWidthKana('田中')).toBeNull();
  });

  it('is Shift_JIS the import reads, each restaurant’s transfer matched to its invoice', () => {
    const bytes = bankSampleCsv(db, TODAY);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const parsed = parseBankCsv(new Uint8Array(bytes));
    expect(parsed.ok).toBe(true);
    const read = readBankFile(db, bytes.toString('base64'));
    const statuses = read.rows.map((r) => r.status);
    expect(statuses.filter((s) => s === 'matched').length).toBeGreaterThanOrEqual(5);
    expect(statuses.filter((s) => s === 'unknown')).toHaveLength(1);
    expect(read.rows.some((r) => r.status === 'matched' && r.fee === 660)).toBe(true);
    for (const r of read.rows) {
      expect(r.date <= TODAY).toBe(true);
    }
  });
});
