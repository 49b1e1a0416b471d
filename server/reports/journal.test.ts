import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../shared/csv';
import { YAYOI_COLUMNS, yayoiLines } from './journal';

// Each field of a journal line stands in the column 弥生 reads it from: a value one column off
// is imported as something else (an amount as a tax amount) without a word from 弥生.

describe('yayoiLines', () => {
  const [first, last] = yayoiLines([
    {
      date: '2026-10-31',
      kind: 'invoice',
      description: '売上 INV-000123 "Cafe, Tokyo"',
      at: '2026-10-31T00:00:00.000Z',
      lines: [
        {
          debit: { account: '売掛金', sub: 'Cafe', amount: 1080 },
          credit: { account: '売上高', tax: '課税売上内軽減8%', amount: 1080, taxAmount: 80 },
        },
        {
          debit: { account: '売掛金', sub: 'Cafe', amount: 550 },
          credit: { account: '売上高', tax: '課税売上内10%', amount: 550, taxAmount: 50 },
        },
      ],
    },
  ]);
  /** A line's fields by the column's name. */
  const fields = (line: string | undefined) => {
    const parsed = parseCsv(`${line}\r\n`);
    if (!parsed.ok) throw new Error('not CSV');
    const values = parsed.records[0]?.fields ?? [];
    expect(values).toHaveLength(YAYOI_COLUMNS.length);
    return Object.fromEntries(values.map((v, i) => [YAYOI_COLUMNS[i], v]));
  };

  it('puts every value in its named column, 25 to a line', () => {
    expect(YAYOI_COLUMNS).toHaveLength(25);
    expect(fields(first)).toEqual({
      識別フラグ: '2110',
      伝票No: '',
      決算: '',
      取引日付: '2026/10/31',
      借方勘定科目: '売掛金',
      借方補助科目: 'Cafe',
      借方部門: '',
      借方税区分: '',
      借方金額: '1080',
      借方税金額: '',
      貸方勘定科目: '売上高',
      貸方補助科目: '',
      貸方部門: '',
      貸方税区分: '課税売上内軽減8%',
      貸方金額: '1080',
      貸方税金額: '80',
      摘要: '売上 INV-000123 "Cafe, Tokyo"',
      番号: '',
      期日: '',
      タイプ: '3',
      生成元: '',
      仕訳メモ: '',
      付箋1: '0',
      付箋2: '0',
      調整: 'no',
    });
    expect(fields(last)).toMatchObject({ 識別フラグ: '2101', 貸方金額: '550', 貸方税金額: '50' });
  });
});
