import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadXlsx, readImportFile } from '../../shared/schemas/imports';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// A new Japanese office's first catalogue, as its own Excel sheet has it (ADR 084): its own
// headers, no description column, prices typed with full-width digits, the rate written as
// 軽減 or as a percent cell, a blank row and a date column the import does not know.

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  await admin.login(a.username, a.password);
  await admin.post('/api/route', { name: '新宿ルート' });
  for (const [name, taxRate] of [
    ['米・穀類', 8],
    ['調味料', 8],
    ['酒類', 10],
  ] as const) {
    await admin.post('/api/category', { name, taxRate });
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
  description: string;
  ownTaxRate: number | null;
}

async function workbook(rows: unknown[][], name = '商品マスタ'): Promise<string> {
  const XLSX = await loadXlsx();
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true });
  const rate = sheet.G4;
  if (rate) rate.z = '0%';
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, name);
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  const read = await readImportFile(new Uint8Array(bytes));
  if (!read.ok) throw new Error(read.code);
  return read.text;
}

const importCsv = async (csv: string, commit: boolean) => {
  const r = await admin.post<{ result: { data: ImportAnswer } }>('/trpc/products.importCsv', {
    csv,
    commit,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.data;
};

describe("an office's own product sheet", () => {
  it('imports without a description column, full-width prices and 軽減 or 8% as the rate', async () => {
    const csv = await workbook([
      ['商品コード', '商品名', 'カテゴリ', '単価', '単位', '税率', '登録日'],
      ['A001', 'コシヒカリ 10kg', '米・穀類', '¥4,980', '袋', '8%', new Date(2026, 10, 2)],
      ['A002', '濃口醤油 1L', '調味料', '１，２００', '本', '軽減', new Date(2026, 10, 2)],
      ['A003', '日本酒 純米 1.8L', '酒類', 2200, '本', 0.1, new Date(2026, 10, 2)],
      [],
      ['A004', '麦味噌 1kg  ', '調味料', '￥６４８', '個', '標準', new Date(2026, 10, 3)],
      ['A005', '米油 1500g', '調味料', '９８０', '本', '', new Date(2026, 10, 3)],
    ]);
    const preview = await importCsv(csv, false);
    expect(preview.fileErrors).toEqual([]);
    expect(preview.rows.map((r) => [r.line, r.errors])).toEqual([
      [2, {}],
      [3, {}],
      [4, {}],
      [6, {}],
      [7, {}],
    ]);
    expect(await importCsv(csv, true)).toMatchObject({ valid: true, written: 5 });
    const products = (await admin.get<Product[]>('/api/products')).body;
    const byName = (name: string) => products.find((p) => p.name === name);
    expect(byName('コシヒカリ 10kg')).toMatchObject({ price: 4980, ownTaxRate: 8 });
    expect(byName('濃口醤油 1L')).toMatchObject({ price: 1200, ownTaxRate: 8 });
    expect(byName('日本酒 純米 1.8L')).toMatchObject({ price: 2200, ownTaxRate: 10 });
    expect(byName('麦味噌 1kg')).toMatchObject({ price: 648, ownTaxRate: 10 });
    expect(byName('米油 1500g')).toMatchObject({ price: 980, ownTaxRate: null });
    // No description column: the name stands in (shown only when the product says Show).
    expect(byName('濃口醤油 1L')?.description).toBe('濃口醤油 1L');
  });

  it('still refuses what is no whole yen or rate, written in full-width or not', async () => {
    const csv = await workbook([
      ['商品名', 'カテゴリ', '単価', '単位', '税率'],
      ['税込の味噌', '調味料', '648円(税込)', '個', '8'],
      ['半端な油', '調味料', '１２．５', '本', '8'],
      ['五パーセント', '調味料', '500', '本', '5%'],
      ['分類なし昆布', '', '800', '袋', '8'],
    ]);
    const preview = await importCsv(csv, false);
    expect(preview.valid).toBe(false);
    expect(preview.rows.map((r) => Object.keys(r.errors))).toEqual([
      ['price'],
      ['price'],
      ['taxRate'],
      ['category'],
    ]);
    // A blank category is said as such, not as the form's "choose a category".
    expect(preview.rows[3]?.errors.category).toBe('import.categoryBlank');
  });
});

interface Customer {
  customerCode: string;
  restaurantName: string;
  phoneNumber: string;
  paymentMethod: string;
  closingDay: number | null;
  paymentDate: string | null;
}

describe("an office's own customer list", () => {
  it('is read by its own headers (店名, 締日), with 末日, 20日, 掛け and a phone typed full-width', async () => {
    const csv = await workbook(
      [
        ['得意先コード', '店名', '電話番号', '支払方法', '締日', '支払日', 'ルート', '取引開始日'],
        [
          'C001',
          '居酒屋 さくら',
          '03-1234-5678',
          '現金',
          '',
          '',
          '新宿ルート',
          new Date(2026, 10, 1),
        ],
        [
          'C002',
          '割烹 やまだ',
          '０３（５５５５）１２３４',
          '月締め',
          '末日',
          '２５',
          '新宿ルート',
          '',
        ],
        [
          'C003',
          'ラーメン 一番',
          '０９０ー１２３４ー５６７８',
          '掛け',
          '20日',
          '10日',
          '新宿ルート',
          '',
        ],
      ],
      '得意先',
    );
    const preview = await admin.post<{ result: { data: ImportAnswer } }>(
      '/trpc/customers.importCsv',
      { csv, commit: true },
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const answer = preview.body.result.data;
    expect(answer.fileErrors).toEqual([]);
    expect(answer.rows.map((r) => r.errors)).toEqual([{}, {}, {}]);
    expect(answer.written).toBe(3);
    const customers = (await admin.get<Customer[]>('/api/customer')).body;
    const byCode = (code: string) => customers.find((c) => c.customerCode === code);
    expect(byCode('C002')).toMatchObject({
      restaurantName: '割烹 やまだ',
      phoneNumber: '355551234',
      paymentMethod: 'monthly',
      closingDay: 31,
      paymentDate: '25',
    });
    expect(byCode('C003')).toMatchObject({
      phoneNumber: '9012345678',
      paymentMethod: 'monthly',
      closingDay: 20,
      paymentDate: '10',
    });
  });
});
