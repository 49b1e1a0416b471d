import fs from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../csv';
import { en, ja, ne } from '../locales';
import {
  decodeCsvBytes,
  headerLabel,
  importColumns,
  importTemplate,
  importTemplateRows,
  type LabelT,
  looseKey,
  spreadsheetNumber,
} from './imports';

// How the import screen reads a file (docs/decisions/055): UTF-8 with or without its mark,
// else Japanese Excel's Shift_JIS, else a refusal; a spreadsheet's numbers; the template.

const fixture = (name: string) =>
  new Uint8Array(fs.readFileSync(path.join(__dirname, '../../tests/fixtures', name)));

describe('decodeCsvBytes', () => {
  it('reads a file Japanese Excel saved as "CSV (コンマ区切り)" as Shift_JIS', () => {
    const r = decodeCsvBytes(fixture('products-shift_jis.csv'));
    expect(r).toMatchObject({ ok: true, encoding: 'shift_jis' });
    if (!r.ok) return;
    const [header, first, second] = r.text.split('\r\n');
    expect(header).toBe('商品名,カテゴリー,価格（円）,説明,単位,商品区分,在庫管理,在庫数,消費税率');
    expect(first).toBe(
      'ジャスミン米 5kg,米・穀類,"1,980",タイ産の香り米,袋,特売,在庫数を管理する,24,8%',
    );
    // Windows-31J's own characters (NEC row 13) read too.
    expect(second).toContain('純粋なバターオイル①㈱');
  });

  it('reads UTF-8 with or without its byte-order mark, without the mark', () => {
    const text = '商品名,価格\nギー,1200\n';
    const bytes = new TextEncoder().encode(text);
    expect(decodeCsvBytes(bytes)).toEqual({ ok: true, text, encoding: 'utf-8' });
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
    expect(decodeCsvBytes(marked)).toEqual({ ok: true, text, encoding: 'utf-8' });
    // Plain ASCII is UTF-8.
    expect(decodeCsvBytes(new TextEncoder().encode('name\nRice\n'))).toMatchObject({
      encoding: 'utf-8',
    });
  });

  it('refuses bytes that are neither, and UTF-16 (Excel\'s "Unicode text")', () => {
    expect(decodeCsvBytes(new Uint8Array([0x61, 0xfd, 0x62, 0x0a]))).toEqual({ ok: false });
    expect(decodeCsvBytes(new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x0a, 0x00]))).toEqual({
      ok: false,
    });
  });
});

describe('spreadsheetNumber', () => {
  it('reads thousands separators, and a yen mark or 円 on a price', () => {
    expect(spreadsheetNumber('1,980')).toBe('1980');
    expect(spreadsheetNumber('1,234,567')).toBe('1234567');
    expect(spreadsheetNumber('¥1,980', true)).toBe('1980');
    expect(spreadsheetNumber('￥1980', true)).toBe('1980');
    expect(spreadsheetNumber('1,980円', true)).toBe('1980');
    // Shift_JIS's yen sign (0x5C) read as a backslash, as Excel's "CSV (コンマ区切り)" writes it.
    expect(spreadsheetNumber('\\4,980', true)).toBe('4980');
    expect(spreadsheetNumber('\\980', true)).toBe('980');
    expect(spreadsheetNumber('￥4,980円', true)).toBe('4980');
  });

  it('passes anything else on as written, to be refused by the schema', () => {
    for (const cell of ['1,98', '19,80', '1.980', ' 5', '¥1,980', '1,980円', '1,,980', ',980']) {
      expect(spreadsheetNumber(cell)).toBe(cell);
    }
    expect(spreadsheetNumber('¥', true)).toBe('¥');
    expect(spreadsheetNumber('¥ 1980', true)).toBe('¥ 1980');
    // Only in money columns: a backslash elsewhere is no yen sign.
    expect(spreadsheetNumber('\\5')).toBe('\\5');
    expect(spreadsheetNumber('\\\\980', true)).toBe('\\\\980');
  });
});

describe('looseKey and headerLabel', () => {
  it('match headers however they are spaced, cased, bracketed or written', () => {
    expect(looseKey('Customer Code')).toBe(looseKey('customer_code'));
    expect(looseKey('customerCode')).toBe('customercode');
    expect(looseKey('価格（円）')).toBe(looseKey('価格'));
    expect(looseKey('ＰＲＩＣＥ')).toBe('price');
    expect(looseKey('C/s')).toBe(looseKey('cs'));
    expect(looseKey("Don't show")).toBe(looseKey('Dont Show'));
    expect(looseKey('नेपाली नाम (ऐच्छिक)')).toBe(looseKey('नेपाली नाम'));
  });

  it('takes the note in brackets off a label', () => {
    expect(headerLabel('価格（円）')).toBe('価格');
    expect(headerLabel('Price (yen)')).toBe('Price');
    expect(headerLabel('商品名')).toBe('商品名');
  });
});

describe('importTemplate', () => {
  async function tIn(lng: 'ja' | 'en' | 'ne') {
    const i18n = createInstance();
    await i18n.init({
      lng,
      resources: { en: { translation: en }, ja: { translation: ja }, ne: { translation: ne } },
      interpolation: { escapeValue: false },
    });
    return i18n.t.bind(i18n) as unknown as LabelT;
  }

  it('is UTF-8 with a byte-order mark, headed by the labels, with examples in the language', async () => {
    const csv = importTemplate('products', await tIn('ja'), { categories: ['調味料', '米・穀類'] });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = parseCsv(csv);
    if (!parsed.ok) throw new Error('unreadable');
    const [header, ...rows] = parsed.records.map((r) => r.fields);
    expect(header?.slice(0, 6)).toEqual([
      '商品名',
      'ネパール語名',
      '日本語名',
      'カテゴリー',
      '価格',
      '説明',
    ]);
    expect(header).toHaveLength(importColumns('products').length);
    expect(header).toEqual(expect.arrayContaining(['消費税率', '最低注文数', '注文単位']));
    expect(rows).toHaveLength(2);
    expect(rows[0]?.[0]).toBe('ジャスミン米 5kg');
    // The office's own category that fits the rice, so the example imports as it is.
    expect(rows[0]?.[3]).toBe('米・穀類');
  });

  it('puts each example in a category that fits it, never simply the first one', async () => {
    const rows = async (lng: 'ja' | 'en' | 'ne', categories: string[]) => {
      const [header, ...examples] = importTemplateRows('products', await tIn(lng), { categories });
      const at =
        header?.indexOf(lng === 'ja' ? 'カテゴリー' : lng === 'en' ? 'Category' : 'वर्ग') ?? -1;
      return examples.map((r) => r[at]);
    };
    // The office's categories: the rice with the grains, the ghee with the dairy, in any language.
    expect(await rows('ja', ['Beverages', '乳製品', 'Rice'])).toEqual(['Rice', '乳製品']);
    expect(await rows('en', ['Beverages', 'Grains & Pulses', 'Cooking Oil'])).toEqual([
      'Grains & Pulses',
      'Cooking Oil',
    ]);
    // None fits: a fitting name of the example's own, to make (never "Beverages").
    expect(await rows('ja', ['Beverages'])).toEqual(['米・穀類', '油・乳製品']);
    expect(await rows('en', ['Beverages', '飲料'])).toEqual(['Rice & Grains', 'Oils & Dairy']);
    expect(await rows('ne', [])).toEqual(['चामल र अन्न', 'तेल र दुग्ध पदार्थ']);
  });

  it('never puts a name a spreadsheet would run as a formula in an example', async () => {
    const csv = importTemplate('customers', await tIn('en'), { route: '=HYPERLINK("x")' });
    expect(csv).not.toContain('HYPERLINK');
    expect(csv).toContain('Shinjuku route');
  });
});
