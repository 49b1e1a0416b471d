import { createInstance } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, ja, ne } from '../../shared/locales';
import {
  decodeCsvBytes,
  importTemplateRows,
  type LabelT,
  loadXlsx,
  readImportFile,
} from '../../shared/schemas/imports';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// A Japanese office's files straight from Excel (docs/decisions/055, amended): a "CSV (コンマ区切り)"
// file is Shift_JIS, where the yen sign is the byte 0x5C and is read as a backslash (¥4,980
// arrives as \4,980); a workbook (.xlsx) is read by its first sheet as the import screen reads
// it (readImportFile) and its text checked by the server like any CSV, headed in any language;
// a file that is neither is said to be so before anything is sent.

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  await admin.login(a.username, a.password);
  for (const name of ['飲料', '米・穀類', '油・乳製品']) {
    await admin.post('/api/category', { name });
  }
});
afterAll(() => t.close());

interface ImportAnswer {
  valid: boolean;
  written: number;
  rows: { line: number; values: Record<string, string>; errors: Record<string, string> }[];
  fileErrors: { code: string }[];
}
interface Product {
  name: string;
  price: number;
  ownTaxRate: number | null;
  category: { name: string };
}

const importCsv = async (csv: string, commit: boolean) => {
  const r = await admin.post<{ result: { data: ImportAnswer } }>('/trpc/products.importCsv', {
    csv,
    commit,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.data;
};
const byName = async (name: string) =>
  (await admin.get<Product[]>('/api/products')).body.find((p) => p.name === name);

async function tIn(lng: 'en' | 'ne' | 'ja') {
  const i18n = createInstance();
  await i18n.init({
    lng,
    resources: { en: { translation: en }, ja: { translation: ja }, ne: { translation: ne } },
    interpolation: { escapeValue: false },
  });
  return i18n.t.bind(i18n) as unknown as LabelT;
}

/**
 * Text as Japanese Excel saves it in Shift_JIS: the table is the import's own decoder
 * (WHATWG 'shift_jis') turned around, so the bytes read back exactly; the yen sign is 0x5C.
 */
function shiftJis(text: string): Uint8Array {
  const decoder = new TextDecoder('shift_jis');
  const table = new Map<string, number[]>([['¥', [0x5c]]]);
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead >= 0xa0 && lead <= 0xdf) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) {
      const ch = decoder.decode(new Uint8Array([lead, trail]));
      if (ch.length === 1 && ch !== '\uFFFD' && !table.has(ch)) table.set(ch, [lead, trail]);
    }
  }
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const mapped = code < 0x80 && ch !== '\\' ? [code] : table.get(ch);
    if (!mapped) throw new Error(`no Shift_JIS for ${ch}`);
    bytes.push(...mapped);
  }
  return new Uint8Array(bytes);
}

describe('a Shift_JIS CSV whose prices have a yen sign', () => {
  const csv = [
    '商品名,カテゴリー,価格,説明,単位',
    'ジャスミン米 10kg,米・穀類,"¥4,980",タイ産の香り米,袋',
    'ギー 缶 1kg,油・乳製品,¥980,純粋なバターオイル,缶',
  ].join('\r\n');

  it('arrives with a backslash for ¥ and imports at the price written', async () => {
    const bytes = shiftJis(csv);
    expect(bytes.includes(0x5c)).toBe(true);
    const decoded = await readImportFile(bytes);
    expect(decoded).toMatchObject({ ok: true, format: 'shift_jis' });
    if (!decoded.ok) return;
    // What the office met: the screen reads the yen sign as a backslash.
    expect(decoded.text).toContain('"\\4,980"');
    expect(decodeCsvBytes(bytes)).toMatchObject({ ok: true, text: decoded.text });

    const preview = await importCsv(decoded.text, false);
    expect(preview.rows.map((r) => r.errors)).toEqual([{}, {}]);
    expect(await importCsv(decoded.text, true)).toMatchObject({ valid: true, written: 2 });
    expect(await byName('ジャスミン米 10kg')).toMatchObject({ price: 4980 });
    expect(await byName('ギー 缶 1kg')).toMatchObject({ price: 980 });
  });

  it('takes a backslash only as a price’s yen sign: in a count it is still refused', async () => {
    const text = [
      'name,category,price,description,unit,stock,itemCount',
      'Slash Rice,米・穀類,\\4980,x,Kg,\\5,Count',
    ].join('\n');
    const out = await importCsv(text, false);
    expect(out.rows[0]?.errors).toEqual({ stockInCount: expect.any(String) });
  });
});

describe('an Excel workbook (.xlsx)', () => {
  async function workbook(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx') {
    const XLSX = await loadXlsx();
    const sheet = XLSX.utils.aoa_to_sheet(rows);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, '商品');
    // A second sheet is not read.
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['memo']]), 'メモ');
    return { XLSX, sheet, book, bytes: () => XLSX.write(book, { type: 'buffer', bookType }) };
  }

  it('is read by its first sheet, each cell as Excel shows it (¥4,980, 8%), and imports', async () => {
    const { sheet, bytes } = await workbook([
      ['商品名', 'カテゴリー', '価格（円）', '説明', '単位', '消費税率'],
      ['バスマティ米 5kg', '米・穀類', 4980, 'インド産', '袋', 0.08],
      [],
      ['マスタードオイル 1L', '油・乳製品', 1200, '料理用', '本', ''],
    ]);
    // Money formatted as Japanese Excel formats yen, the tax rate as a percentage.
    for (const cell of ['C2', 'C4']) Object.assign(sheet[cell], { z: '"¥"#,##0' });
    Object.assign(sheet.F2, { z: '0%' });
    const file = await readImportFile(new Uint8Array(bytes()));
    expect(file).toMatchObject({ ok: true, format: 'xlsx', sheet: '商品' });
    if (!file.ok) return;
    expect(file.text).toContain('"¥4,980"');

    const preview = await importCsv(file.text, false);
    expect(preview.fileErrors).toEqual([]);
    // The row after a blank one is said at the row number Excel shows.
    expect(preview.rows.map((r) => [r.line, r.errors])).toEqual([
      [2, {}],
      [4, {}],
    ]);
    expect(await importCsv(file.text, true)).toMatchObject({ valid: true, written: 2 });
    expect(await byName('バスマティ米 5kg')).toMatchObject({ price: 4980, ownTaxRate: 8 });
    expect(await byName('マスタードオイル 1L')).toMatchObject({ price: 1200, ownTaxRate: null });
  });

  it.each(['ja', 'en', 'ne'] as const)(
    'takes the template’s headers in %s, as the screen offers it as .xlsx',
    async (lng) => {
      const rows = importTemplateRows('products', await tIn(lng), {
        categories: ['飲料', '米・穀類', '油・乳製品'],
      });
      const { bytes } = await workbook(rows);
      const file = await readImportFile(new Uint8Array(bytes()));
      if (!file.ok) throw new Error(file.code);
      const out = await importCsv(file.text, false);
      expect(out.fileErrors).toEqual([]);
      expect(out.rows.map((r) => r.errors)).toEqual([{}, {}]);
      // Not "Beverages" (飲料), the office's first category.
      expect(out.rows.map((r) => r.values.category)).toEqual(['米・穀類', '油・乳製品']);
    },
  );

  it('an .xls (Excel 97-2003) is read the same way', async () => {
    const { bytes } = await workbook(
      [
        ['name', 'category', 'price', 'description', 'unit'],
        ['Old Excel Rice', '米・穀類', 1500, 'x', 'Kg'],
      ],
      'biff8',
    );
    const file = await readImportFile(new Uint8Array(bytes()));
    expect(file).toMatchObject({ ok: true, format: 'xls' });
    if (!file.ok) return;
    expect(await importCsv(file.text, true)).toMatchObject({ valid: true, written: 1 });
    expect(await byName('Old Excel Rice')).toMatchObject({ price: 1500 });
  });
});

describe('a file that is neither CSV text nor a workbook', () => {
  it('is said to be so, not that its characters cannot be read', async () => {
    // A PNG picture, a PDF and a zip that is no workbook.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const pdf = new TextEncoder().encode('%PDF-1.7\n%\xe2\xe3\n');
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]);
    for (const bytes of [png, pdf, zip]) {
      expect(await readImportFile(bytes)).toEqual({ ok: false, code: 'import.notSpreadsheet' });
    }
    // Text in another encoding is still told as such.
    expect(await readImportFile(new Uint8Array([0x61, 0xfd, 0x62, 0x0a]))).toEqual({
      ok: false,
      code: 'import.encodingUnknown',
    });
    expect(en.errors.import.notSpreadsheet).toMatch(/^This file is not a CSV or Excel file\./);
    expect(ja.errors.import.notSpreadsheet).toMatch(/CSVファイルでもExcelファイルでもありません/);
  });

  it('an Excel file saved with a password is said to be one, with how to save it without', async () => {
    // Excel saves an .xlsx with a password to open it as a compound file holding its encryption
    // header and the encrypted workbook (MS-OFFCRYPTO); built here with SheetJS's own container
    // writer, as no reader can open it without the password.
    const XLSX = await loadXlsx();
    const cfb = XLSX.CFB.utils.cfb_new();
    const header = new Uint8Array(64);
    header.set([4, 0, 2, 0, 0x24, 0, 0, 0]);
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptionInfo', header);
    XLSX.CFB.utils.cfb_add(cfb, '/EncryptedPackage', new Uint8Array(4096).fill(0x5a));
    const locked = new Uint8Array(XLSX.CFB.write(cfb, { type: 'array' }) as number[]);
    expect(await readImportFile(locked)).toEqual({ ok: false, code: 'import.passwordProtected' });
    // An ordinary .xls is still read, and a broken compound file is still no spreadsheet.
    const broken = new Uint8Array(4096);
    broken.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await readImportFile(broken)).toEqual({ ok: false, code: 'import.notSpreadsheet' });
    expect(en.errors.import.passwordProtected).toMatch(/protected by a password/);
    expect(ja.errors.import.passwordProtected).toMatch(/パスワードで保護されている/);
    expect(ne.errors.import.passwordProtected).toMatch(/पासवर्ड/);
  });
});
