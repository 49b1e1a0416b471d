import fs from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { en, ja, ne } from '../../shared/locales';
import { decodeCsvBytes, importTemplate, type LabelT } from '../../shared/schemas/imports';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeRoute } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// A new wholesaler setting up its catalogue from Excel (docs/decisions/055): a file Japanese
// Excel saved as "CSV (コンマ区切り)" (Shift_JIS, read by the import screen as the screen
// does: decodeCsvBytes), headed by the form's Japanese labels, values by their Japanese labels,
// prices as Excel shows them ("1,980"); the template the screen offers, read back in every
// language; and a product made without saying whether its stock is counted can be ordered.

let t: TestApp;
let admin: ApiClient;
let cust: ApiClient;
let date = '';
let categoryId = '';

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  admin = new ApiClient(t.url);
  cust = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  await admin.login(a.username, a.password);
  const c = await makeCustomer(t.db);
  await cust.login(c.username, c.password);
  // The office's first category, made on its (Japanese) screen.
  const made = await admin.post<{ _id: string }>('/api/category', { name: '米・穀類' });
  categoryId = made.body._id;
});
afterAll(() => t.close());

interface ImportAnswer {
  valid: boolean;
  written: number;
  rows: { line: number; values: Record<string, string>; errors: Record<string, string> }[];
  fileErrors: { code: string; params?: Record<string, string | number> }[];
}
interface Product {
  _id: string;
  name: string;
  nameJa?: string | null;
  price: number;
  description: string;
  sku: string;
  itemType: string;
  itemCount: string;
  stockInCount: number;
  taxRate: number;
  ownTaxRate: number | null;
}

const importCsv = async (kind: 'products' | 'customers', csv: string, commit: boolean) => {
  const r = await admin.post<{ result: { data: ImportAnswer } }>(`/trpc/${kind}.importCsv`, {
    csv,
    commit,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.data;
};
const products = async () => (await admin.get<Product[]>('/api/products')).body;
const byName = async (name: string) => (await products()).find((p) => p.name === name);

async function tIn(lng: 'en' | 'ne' | 'ja') {
  const i18n = createInstance();
  await i18n.init({
    lng,
    resources: { en: { translation: en }, ja: { translation: ja }, ne: { translation: ne } },
    interpolation: { escapeValue: false },
  });
  return i18n.t.bind(i18n) as unknown as LabelT;
}

describe('a Shift_JIS file from Japanese Excel', () => {
  const bytes = fs.readFileSync(path.join(__dirname, '../fixtures/products-shift_jis.csv'));

  it('read as UTF-8 is garbled and its columns are not found (what the office met)', async () => {
    const garbled = new TextDecoder('utf-8').decode(bytes);
    const out = await importCsv('products', garbled, false);
    expect(out.fileErrors.map((e) => e.code)).toContain('import.columnMissing');
  });

  it('imports with its Japanese headers, labels as values and "1,980" as 1980', async () => {
    const decoded = decodeCsvBytes(new Uint8Array(bytes));
    expect(decoded).toMatchObject({ ok: true, encoding: 'shift_jis' });
    if (!decoded.ok) return;
    const preview = await importCsv('products', decoded.text, false);
    expect(preview.fileErrors).toEqual([]);
    expect(preview.rows.map((r) => r.errors)).toEqual([{}, {}]);
    const out = await importCsv('products', decoded.text, true);
    expect(out).toMatchObject({ valid: true, written: 2 });

    expect(await byName('ジャスミン米 5kg')).toMatchObject({
      price: 1980,
      description: 'タイ産の香り米',
      sku: 'Bag',
      itemType: 'Special',
      itemCount: 'Count',
      stockInCount: 24,
      ownTaxRate: 8,
    });
    // Columns left blank: a new product's defaults, not counted (it can be ordered).
    expect(await byName('ギー 1L')).toMatchObject({
      price: 1200,
      description: '純粋なバターオイル①㈱',
      sku: 'Btl',
      itemType: 'Regular',
      itemCount: 'Not Count',
      ownTaxRate: null,
    });
    // The same file again changes nothing (the names match).
    expect(await importCsv('products', decoded.text, true)).toMatchObject({ written: 2 });
    expect((await products()).filter((p) => p.name === 'ギー 1L')).toHaveLength(1);
  });
});

describe('numbers as a spreadsheet writes them', () => {
  it('reads "1,980", "¥1,980" and "1980円" as 1980 and still refuses what is no whole yen', async () => {
    const csv = [
      'name,category,price,description,unit,stock,itemCount',
      'Comma Rice,米・穀類,"1,980",x,Kg,"1,200",Count',
      'Yen Rice,米・穀類,"¥1,980",x,Kg,,',
      'En Rice,米・穀類,1980円,x,Kg,,',
      'Bad Rice,米・穀類,"1,98",x,Kg,,',
      'Space Rice,米・穀類, 5,x,Kg,,',
    ].join('\n');
    const out = await importCsv('products', csv, false);
    expect(out.rows.map((r) => r.errors.price)).toEqual([
      undefined,
      undefined,
      undefined,
      'product.priceWhole',
      'product.priceWhole',
    ]);
    const ok = await importCsv('products', csv.split('\n').slice(0, 4).join('\n'), true);
    expect(ok).toMatchObject({ valid: true, written: 3 });
    expect(await byName('Comma Rice')).toMatchObject({ price: 1980, stockInCount: 1200 });
    expect(await byName('Yen Rice')).toMatchObject({ price: 1980 });
    expect(await byName('En Rice')).toMatchObject({ price: 1980 });
  });
});

describe('the template the import screen offers', () => {
  // Each example goes in a category that fits it: the rice with grains, the ghee with oils.
  const categories = ['飲料', '米・穀類', '油・乳製品'];
  beforeAll(async () => {
    for (const name of ['飲料', '油・乳製品']) await admin.post('/api/category', { name });
  });

  it.each(['ja', 'en', 'ne'] as const)(
    'reads back in %s: its labels as headers, its examples valid with an existing category',
    async (lng) => {
      const csv = importTemplate('products', await tIn(lng), { categories });
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const out = await importCsv('products', csv, false);
      expect(out.fileErrors).toEqual([]);
      expect(out.rows.map((r) => r.errors)).toEqual([{}, {}]);
      // Every column of the template was found: each row has a value for each.
      expect(Object.keys(out.rows[0]?.values ?? {})).toHaveLength(16);
    },
  );

  it('in Japanese, imports its example products as written', async () => {
    const csv = importTemplate('products', await tIn('ja'), { categories });
    expect(await importCsv('products', csv, true)).toMatchObject({ valid: true, written: 2 });
    expect(await byName('ジャスミン米 5kg')).toMatchObject({ sku: 'Bag', price: 1980 });
    expect(await byName('ギー 1L × 12本')).toMatchObject({
      sku: 'C/s',
      itemType: 'New Item',
      itemCount: 'Count',
      stockInCount: 24,
    });
  });

  it('for customers, reads back with an existing route, and takes Japanese headers and values', async () => {
    makeRoute(t.db, '新宿ルート');
    const template = importTemplate('customers', await tIn('ja'), { route: '新宿ルート' });
    const preview = await importCsv('customers', template, false);
    expect(preview.fileErrors).toEqual([]);
    expect(preview.rows.map((r) => r.errors)).toEqual([{}, {}]);

    const csv = [
      '得意先コード,店舗名,電話番号,支払方法,配送ルート,配送曜日,Web注文,書類の言語',
      'J001,カトマンズ食堂,03-1234-5678,現金,新宿ルート,月;木,はい,英語',
    ].join('\r\n');
    expect(await importCsv('customers', csv, true)).toMatchObject({ valid: true, written: 1 });
    const list =
      await admin.get<
        {
          customerCode: string;
          paymentMethod: string;
          deliveryDays: string[];
          webOrder: boolean;
          documentLanguage: string;
        }[]
      >('/api/customer');
    expect(list.body.find((c) => c.customerCode === 'J001')).toMatchObject({
      paymentMethod: 'cash',
      deliveryDays: ['Monday', 'Thursday'],
      webOrder: true,
      documentLanguage: 'en',
    });
  });

  it('takes the payment month by its name, and refuses a 当月 term due before its closing (ADR 066)', async () => {
    makeRoute(t.db, '品川ルート');
    const head = '得意先コード,店舗名,電話番号,支払方法,配送ルート,毎月の支払日,締め日,支払月';
    const csv = [head, 'M201,ポカラ食堂,03-2222-3333,月締め,品川ルート,10,20,翌々月'].join('\r\n');
    expect(await importCsv('customers', csv, true)).toMatchObject({ valid: true, written: 1 });
    const list = await admin.get<{ customerCode: string; paymentMonth: number }[]>('/api/customer');
    expect(list.body.find((c) => c.customerCode === 'M201')?.paymentMonth).toBe(2);

    const early = [head, 'M202,ルンビニ食堂,03-2222-4444,月締め,品川ルート,10,20,当月'].join(
      '\r\n',
    );
    const refused = await importCsv('customers', early, true);
    expect(refused).toMatchObject({ valid: false, written: 0 });
    expect(refused.rows[0]?.errors).toEqual({ paymentMonth: 'customer.paymentMonthTooEarly' });
  });
});

describe('the Japanese name column (ADR 064)', () => {
  it('sets Japanese names under any language’s header; a file without the column keeps them', async () => {
    const csv = [
      'name,Japanese name,category,price,description,unit',
      'Cumin Seeds 1kg,クミンシード 1kg,米・穀類,900,Whole cumin,Kg',
    ].join('\n');
    expect(await importCsv('products', csv, true)).toMatchObject({ valid: true, written: 1 });
    expect(await byName('Cumin Seeds 1kg')).toMatchObject({ nameJa: 'クミンシード 1kg' });

    // The Japanese screen's own label as the header (its note in brackets left off).
    const japanese = [
      'name,日本語名,category,price,description,unit',
      'Ghee Tin 15kg,ギー 缶 15kg,米・穀類,12000,Pure ghee,Tin',
    ].join('\n');
    expect(await importCsv('products', japanese, true)).toMatchObject({ written: 1 });
    expect(await byName('Ghee Tin 15kg')).toMatchObject({ nameJa: 'ギー 缶 15kg' });

    // A file of other columns changes those and leaves the Japanese name as it was.
    const prices = [
      'name,category,price,description,unit',
      'Cumin Seeds 1kg,米・穀類,950,Whole cumin,Kg',
    ];
    expect(await importCsv('products', prices.join('\n'), true)).toMatchObject({ written: 1 });
    expect(await byName('Cumin Seeds 1kg')).toMatchObject({
      price: 950,
      nameJa: 'クミンシード 1kg',
    });
  });

  it('refuses a Japanese name longer than the Nepali name may be, naming the column', async () => {
    const csv = [
      'name,nameJa,category,price,description,unit',
      `Long Rice,${'米'.repeat(201)},米・穀類,900,x,Kg`,
    ].join('\n');
    const out = await importCsv('products', csv, false);
    expect(out.valid).toBe(false);
    expect(out.rows[0]?.errors).toEqual({ nameJa: 'field.tooLong' });
  });
});

describe('a product made without saying whether its stock is counted', () => {
  it('is not counted, so customers can order it at once (POST /api/products)', async () => {
    const made = await admin.post<Product>('/api/products', {
      name: 'Basmati 1kg',
      category: categoryId,
      price: 500,
      description: 'Long grain',
      sku: 'Kg',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ itemCount: 'Not Count', stockInCount: 0 });
    const seen = (await cust.get<Product[]>('/api/products')).body.find(
      (p) => p._id === made.body._id,
    );
    expect(seen?.itemCount).toBe('Not Count');
    const order = await cust.post('/api/orders', {
      orderItems: [{ product: made.body._id, quantity: 3 }],
      deliveryDate: date,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
  });

  it('counted when the office says so; an edit that leaves both out keeps them (PUT)', async () => {
    const made = await admin.post<Product>('/api/products', {
      name: 'Counted Dal',
      category: categoryId,
      price: 300,
      description: 'Yellow lentils',
      sku: 'Kg',
      itemCount: 'Count',
      stockInCount: 20,
    });
    expect(made.body).toMatchObject({ itemCount: 'Count', stockInCount: 20 });
    const edit = await admin.put<Product>(`/api/products/${made.body._id}`, {
      name: 'Counted Dal',
      category: categoryId,
      price: 320,
      description: 'Yellow lentils',
      sku: 'Kg',
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ price: 320, itemCount: 'Count', stockInCount: 20 });
  });
});
