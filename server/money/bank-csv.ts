import { parseCsv } from '../../shared/csv';
import { BANK_FILE_MAX_BYTES } from '../../shared/schemas/bank-import';
import type { ErrorCode, ErrorParams } from '../platform/errors';

// A bank account's transactions as internet banking downloads them (入出金明細 CSV, ADR 085):
// Shift_JIS or UTF-8 (with or without a byte-order mark), a few lines about the account before
// the header on some banks, the columns found by their header names, one row per transaction.
// Only money coming in (a deposit more than 0) is kept; withdrawals and the balance are not read.

/** At most this many bytes (shared/schemas/bank-import.ts). */
export const BANK_CSV_MAX_BYTES = BANK_FILE_MAX_BYTES;
const MAX_ROWS = 5000;
/** The header is looked for in the first lines (some banks put the account's details first). */
const HEADER_SEARCH_LINES = 20;

export interface BankRow {
  /** The file's line, for messages. */
  line: number;
  /** YYYY-MM-DD. */
  date: string;
  /** Yen received, more than 0. */
  amount: number;
  /** The payer as the bank writes it (often half-width katakana: ｶ)ｻｸﾗｼｮｸﾄﾞｳ). */
  name: string;
}

export type BankCsvResult =
  | { ok: true; rows: BankRow[] }
  | { ok: false; code: ErrorCode; params?: ErrorParams };

const DATE_HEADERS = ['日付', '取引日', '年月日', 'お取引日', '取引日付', '取扱日', '勘定日'];
const DEPOSIT_HEADERS = [
  '入金',
  '入金額',
  'お預り金額',
  'お預入金額',
  '預入金額',
  'お預かり金額',
  'お預入れ金額',
  '預り金額',
  '入金金額',
];
/** The most specific first: a file with both 摘要 and 振込依頼人名 names the payer in the latter. */
const NAME_HEADERS = ['振込依頼人名', '依頼人名', '摘要', 'お取引内容', '取引内容', '内容'];

/** A header cell compared loosely: width, spaces, quotes and a unit such as (円) do not count. */
function headerKey(cell: string): string {
  return cell
    .normalize('NFKC')
    .replace(/[\s"']/g, '')
    .replace(/\((円|¥|\\)\)$/, '');
}

/** Bytes as text: UTF-8 (its mark dropped) when they are valid UTF-8, else Shift_JIS. */
export function decodeBankBytes(bytes: Uint8Array): string | null {
  for (const encoding of ['utf-8', 'shift_jis']) {
    try {
      const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
      return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    } catch {
      // Not this encoding: try the next.
    }
  }
  return null;
}

/** A PDF, an image, a workbook or anything with NUL bytes is no CSV text. */
function binary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  return head.includes(0) || (head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44);
}

const pad = (n: number) => String(n).padStart(2, '0');

function realDate(y: number, m: number, d: number): string | null {
  if (y < 2000 || y > 2099 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d > last ? null : `${y}-${pad(m)}-${pad(d)}`;
}

/** Reiwa (令和) began in 2019: 令和1年 (元年) is 2019, so R8 is 2026. */
const REIWA_OFFSET = 2018;

/**
 * A date as banks write it: 2026/11/30, 2026-11-30, 2026.11.30, 20261130, 2026年11月30日,
 * R8.11.30, R08/11/30, 令和8年11月30日 (令和元年 too); full-width digits; a time after it ignored.
 */
export function parseBankDate(cell: string): string | null {
  const s = cell.normalize('NFKC').trim().split(/\s+/)[0] ?? '';
  let m = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(s) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  m ??= /^(\d{4})年(\d{1,2})月(\d{1,2})日?$/.exec(s);
  if (m) return realDate(Number(m[1]), Number(m[2]), Number(m[3]));
  const era =
    /^R(\d{1,2})[/.-](\d{1,2})[/.-](\d{1,2})$/i.exec(s) ??
    /^令和(\d{1,2}|元)年(\d{1,2})月(\d{1,2})日?$/.exec(s);
  if (era) {
    const year = era[1] === '元' ? 1 : Number(era[1]);
    return year >= 1 ? realDate(REIWA_OFFSET + year, Number(era[2]), Number(era[3])) : null;
  }
  return null;
}

/**
 * Yen as banks write them: 45,890, ¥45,890, ￥４５，８９０, 45890円, "45890.0". Blank, a dash or
 * 0 is no money (the row is a withdrawal); null when the cell is no amount.
 */
export function parseBankAmount(cell: string): number | null {
  const s = cell
    .normalize('NFKC')
    .replace(/[\s,¥\\円]/g, '')
    .replace(/^\+/, '');
  if (s === '' || s === '-' || s === '―' || s === '－') return 0;
  if (!/^\d{1,12}(\.0+)?$/.test(s)) return null;
  return Number.parseInt(s, 10);
}

function findColumn(header: string[], names: readonly string[]): number {
  const keys = header.map(headerKey);
  for (const name of names) {
    const i = keys.indexOf(name);
    if (i !== -1) return i;
  }
  return -1;
}

/** The bank's file as its incoming rows, or the one problem that stops reading it. */
export function parseBankCsv(bytes: Uint8Array): BankCsvResult {
  if (bytes.length === 0) return { ok: false, code: 'bankImport.empty' };
  if (bytes.length > BANK_CSV_MAX_BYTES) {
    return { ok: false, code: 'bankImport.tooLarge' };
  }
  if (binary(bytes)) return { ok: false, code: 'bankImport.notCsv' };
  const text = decodeBankBytes(bytes);
  if (text === null) return { ok: false, code: 'bankImport.encodingUnknown' };
  const parsed = parseCsv(text);
  if (!parsed.ok)
    return { ok: false, code: 'bankImport.unclosedQuote', params: { line: parsed.line } };
  const records = parsed.records;
  if (records.length === 0) return { ok: false, code: 'bankImport.empty' };
  // The header: the first line (of the first few) that names a date and a deposit column.
  const at = records
    .slice(0, HEADER_SEARCH_LINES)
    .findIndex(
      (r) =>
        findColumn(r.fields, DATE_HEADERS) !== -1 && findColumn(r.fields, DEPOSIT_HEADERS) !== -1,
    );
  if (at === -1) {
    const first = records.slice(0, HEADER_SEARCH_LINES);
    const anyDate = first.some((r) => findColumn(r.fields, DATE_HEADERS) !== -1);
    return anyDate
      ? {
          ok: false,
          code: 'bankImport.noDepositColumn',
          params: { names: DEPOSIT_HEADERS.slice(0, 5).join('・') },
        }
      : {
          ok: false,
          code: 'bankImport.noDateColumn',
          params: { names: DATE_HEADERS.slice(0, 4).join('・') },
        };
  }
  const header = (records[at] as (typeof records)[number]).fields;
  const dateCol = findColumn(header, DATE_HEADERS);
  const depositCol = findColumn(header, DEPOSIT_HEADERS);
  const nameCol = findColumn(header, NAME_HEADERS);
  if (nameCol === -1) {
    return {
      ok: false,
      code: 'bankImport.noNameColumn',
      params: { names: NAME_HEADERS.join('・') },
    };
  }
  const body = records.slice(at + 1);
  if (body.length > MAX_ROWS)
    return { ok: false, code: 'bankImport.tooManyRows', params: { max: MAX_ROWS } };
  const rows: BankRow[] = [];
  for (const r of body) {
    const cell = (i: number) => (r.fields[i] ?? '').trim();
    const amount = parseBankAmount(cell(depositCol));
    if (amount === null) {
      return {
        ok: false,
        code: 'bankImport.badAmount',
        params: { line: r.line, value: cell(depositCol).slice(0, 40) },
      };
    }
    // No money in (a withdrawal), or a line without a date (a total, the file's end).
    if (amount === 0 || cell(dateCol) === '') continue;
    const date = parseBankDate(cell(dateCol));
    if (!date) {
      return {
        ok: false,
        code: 'bankImport.badDate',
        params: { line: r.line, value: cell(dateCol).slice(0, 40) },
      };
    }
    rows.push({ line: r.line, date, amount, name: cell(nameCol).slice(0, 200) });
  }
  if (rows.length === 0) return { ok: false, code: 'bankImport.noDeposits' };
  return { ok: true, rows };
}
