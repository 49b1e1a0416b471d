import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BANK_CSV_MAX_BYTES, parseBankAmount, parseBankCsv, parseBankDate } from './bank-csv';

const utf8 = (s: string) => new TextEncoder().encode(s);
const fixture = (name: string) =>
  new Uint8Array(fs.readFileSync(path.join(__dirname, '../../tests/fixtures', name)));

describe('reading a bank statement CSV', () => {
  it('reads Shift_JIS bytes, finds the header under the account line, keeps only deposits', () => {
    const r = parseBankCsv(fixture('bank-statement-shift_jis.csv'));
    expect(r).toEqual({
      ok: true,
      rows: [
        { line: 3, date: '2026-11-25', amount: 45_890, name: '振込 ｶ)ｻｸﾗｼｮｸﾄﾞｳ' },
        { line: 5, date: '2026-11-27', amount: 12_000, name: 'ﾌﾘｺﾐ ﾔﾏﾀﾞ ﾀﾛｳ' },
      ],
    });
  });

  it('reads UTF-8 with a byte-order mark and other header names, the payer column first', () => {
    const csv =
      '\uFEFF取引日,摘要,振込依頼人名,入金額(円),出金額,残高\n20261130,振込,ﾕ)ﾀﾅｶｼｮｳﾃﾝ,"1,000",,5000\n';
    expect(parseBankCsv(utf8(csv))).toEqual({
      ok: true,
      rows: [{ line: 2, date: '2026-11-30', amount: 1000, name: 'ﾕ)ﾀﾅｶｼｮｳﾃﾝ' }],
    });
    const other = 'お取引日,お取引内容,お預り金額\n2026-11-30,ﾀﾅｶ,500\n,合計,500\n';
    expect(parseBankCsv(utf8(other))).toMatchObject({ ok: true, rows: [{ amount: 500 }] });
  });

  it('reads the dates and amounts banks write', () => {
    expect(parseBankDate('2026/11/30')).toBe('2026-11-30');
    expect(parseBankDate('2026-1-5')).toBe('2026-01-05');
    expect(parseBankDate('20261130')).toBe('2026-11-30');
    expect(parseBankDate('２０２６／１１／３０')).toBe('2026-11-30');
    expect(parseBankDate('R8.11.30')).toBe('2026-11-30');
    expect(parseBankDate('令和8年11月30日')).toBe('2026-11-30');
    expect(parseBankDate('令和元年5月1日')).toBe('2019-05-01');
    expect(parseBankDate('2026/11/30 10:15')).toBe('2026-11-30');
    expect(parseBankDate('2026/02/30')).toBeNull();
    expect(parseBankDate('合計')).toBeNull();
    expect(parseBankAmount('¥45,890')).toBe(45_890);
    expect(parseBankAmount('￥４５，８９０')).toBe(45_890);
    expect(parseBankAmount('45890円')).toBe(45_890);
    expect(parseBankAmount('')).toBe(0);
    expect(parseBankAmount('abc')).toBeNull();
  });

  it('names what is missing or wrong, and reads nothing from a file that is no statement', () => {
    expect(parseBankCsv(new Uint8Array())).toMatchObject({ ok: false, code: 'bankImport.empty' });
    expect(parseBankCsv(utf8('日付,摘要,出金\n2026/11/30,x,100\n'))).toMatchObject({
      ok: false,
      code: 'bankImport.noDepositColumn',
    });
    expect(parseBankCsv(utf8('name,amount\nx,1\n'))).toMatchObject({
      ok: false,
      code: 'bankImport.noDateColumn',
    });
    expect(parseBankCsv(utf8('日付,入金,残高\n2026/11/30,100,1\n'))).toMatchObject({
      ok: false,
      code: 'bankImport.noNameColumn',
    });
    expect(parseBankCsv(utf8('日付,摘要,入金\n2026/11/30,x,百円\n'))).toMatchObject({
      ok: false,
      code: 'bankImport.badAmount',
      params: { line: 2, value: '百円' },
    });
    expect(parseBankCsv(utf8('日付,摘要,入金\n11月30日,x,100\n'))).toMatchObject({
      ok: false,
      code: 'bankImport.badDate',
      params: { line: 2 },
    });
    expect(parseBankCsv(utf8('日付,摘要,入金,出金\n2026/11/30,x,,100\n'))).toMatchObject({
      ok: false,
      code: 'bankImport.noDeposits',
    });
    expect(parseBankCsv(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]))).toMatchObject({
      ok: false,
      code: 'bankImport.notCsv',
    });
    expect(parseBankCsv(new Uint8Array(BANK_CSV_MAX_BYTES + 1).fill(0x41))).toMatchObject({
      ok: false,
      code: 'bankImport.tooLarge',
    });
    expect(parseBankCsv(new Uint8Array([0x82, 0x20, 0xff, 0xfe, 0x41]))).toMatchObject({
      ok: false,
      code: 'bankImport.encodingUnknown',
    });
  });
});
