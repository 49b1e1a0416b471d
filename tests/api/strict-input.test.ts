import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCategory,
  makeCustomer,
  makeInvoice,
  makeProduct,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// Amounts are whole numbers written as numbers (plain digits in a CSV cell); bodies and files
// that are cut short or empty are the caller's mistake, never a 500 (docs/decisions/024).

let t: TestApp;
let admin: ApiClient;
let categoryId: string;
let categoryName: string;

beforeAll(async () => {
  t = await startTestApp();
  const a = await makeAdmin(t.db);
  admin = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  const c = makeCategory(t.db);
  categoryId = c.id;
  categoryName = c.name;
});
afterAll(() => t.close());

const product = (price: unknown, extra: Record<string, unknown> = {}) => ({
  name: `Rice ${Math.random()}`,
  category: categoryId,
  price,
  description: 'Fragrant',
  sku: 'Bag',
  ...extra,
});

type Issues = { code: string; issues?: Record<string, string> };

describe('amounts in the API', () => {
  it('refuses a price that is not a plain whole number, and a negative one with its own message', async () => {
    for (const price of ['0x10', '1e3', ' 5', '5 ', '+5', '12.5', 12.5, '١٢', true, []]) {
      const r = await admin.post<Issues>('/api/products', product(price));
      expect(r.status, JSON.stringify(price)).toBe(400);
      expect(r.body.issues?.price, JSON.stringify(price)).toBe('product.priceWhole');
    }
    const negative = await admin.post<Issues>('/api/products', product(-100));
    expect(negative.status).toBe(400);
    expect(negative.body.issues?.price).toBe('product.priceNegative');
    for (const rank of ['1e3', '0x10', ' 5', true]) {
      const r = await admin.post<Issues>('/api/products', product(100, { productRank: rank }));
      expect(r.status, JSON.stringify(rank)).toBe(400);
    }
    const ok = await admin.post<{ price: number; productRank: number }>(
      '/api/products',
      product(1200, { productRank: 3 }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ price: 1200, productRank: 3 });
  });

  it('refuses a payment of 12.5 or "1e3" instead of reading another amount', async () => {
    const c = await makeCustomer(t.db);
    const inv = makeInvoice(t.db, { customerId: c.id, amount: 5000 });
    for (const amount of [12.5, '12.5', '1e3', '0x10', ' 5']) {
      const r = await admin.post<Issues>(`/api/invoice/${inv.id}/payment`, {
        amount,
        date: '2030-05-01',
      });
      expect(r.status, JSON.stringify(amount)).toBe(400);
      expect(r.body.code, JSON.stringify(amount)).toBe('invoice.amountWhole');
    }
  });
});

describe('bodies and files cut short or left out', () => {
  it('takes an empty body sent as application/json as no body (deliver, DELETE)', async () => {
    const json = { 'content-type': 'application/json' };
    const deliver = await admin.request<{ code: string }>(
      'PUT',
      '/api/ordertrack/no-such-job/deliver',
      undefined,
      json,
    );
    expect(deliver.status).toBe(404);
    const p = makeProduct(t.db, { categoryId });
    const del = await admin.request('DELETE', `/api/products/${p.id}`, undefined, json);
    expect(del.status).toBe(200);
    // A body that is there but is not JSON is still refused.
    const bad = await admin.request('PUT', '/api/ordertrack/x/deliver', '{"a":', json);
    expect(bad.status).toBe(400);
  });

  it('answers 400 to a multipart upload cut off in the middle', async () => {
    const boundary = '----cut-short';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const r = await fetch(`${t.url}/api/upload`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: admin.cookie ?? '',
        origin: t.url,
      },
      body: `${head}\x89PNG\r\n\x1a\n0000000000`,
    });
    expect(r.status).toBe(400);
  });
});

describe('CSV imports', () => {
  const call = (csv: string, commit: boolean) =>
    admin.post<{
      result: {
        data: {
          valid: boolean;
          written: number;
          rows: { line: number; errors: Record<string, string> }[];
          fileErrors: string[];
        };
      };
    }>('/trpc/products.importCsv', { csv, commit });
  const header = 'name,category,price,description,unit,rank';

  it('refuses prices and ranks that are not plain digits', async () => {
    const rows = ['0x10', '1e3', ' 5', '12.5', '-3'].map(
      (price, i) => `Odd ${i},${categoryName},${price},Odd,Bag,${i === 0 ? '1e2' : ''}`,
    );
    const r = await call([header, ...rows].join('\n'), true);
    const out = r.body.result.data;
    expect(out.valid).toBe(false);
    expect(out.written).toBe(0);
    expect(out.rows.map((x) => x.errors.price)).toEqual([
      'product.priceWhole',
      'product.priceWhole',
      'product.priceWhole',
      'product.priceWhole',
      'product.priceNegative',
    ]);
    expect(out.rows[0]?.errors.productRank).toBe('field.wholeNumber');
  });

  it('refuses NUL characters and lone surrogates, and says a long field is too long', async () => {
    const csv = [
      header,
      `Bad\u0000Name,${categoryName},100,Odd,Bag,`,
      `Half \ud83d,${categoryName},100,Odd,Bag,`,
      `${'x'.repeat(201)},${categoryName},100,Odd,Bag,`,
      `Fine,${categoryName},100,${'d'.repeat(2001)},Bag,`,
    ].join('\n');
    const out = (await call(csv, true)).body.result.data;
    expect(out.written).toBe(0);
    expect(out.rows.map((x) => x.errors)).toEqual([
      { name: 'import.badCharacter' },
      { name: 'import.badCharacter' },
      { name: 'field.tooLong' },
      { description: 'field.tooLong' },
    ]);
  });

  it('updates the products of a file imported twice instead of adding them again', async () => {
    const first = [header, `Jasmine Twice,${categoryName},2400,Fragrant,Bag,1`].join('\n');
    expect((await call(first, true)).body.result.data).toMatchObject({ valid: true, written: 1 });
    const second = [
      header,
      `jasmine twice,${categoryName},2600,Fragrant and new,Bag,2`,
      `Basmati Twice,${categoryName},3000,Long grain,Kg,`,
    ].join('\n');
    expect((await call(second, true)).body.result.data).toMatchObject({
      valid: true,
      written: 2,
    });
    const all =
      await admin.get<{ name: string; price: number; description: string }[]>('/api/products');
    const jasmine = all.body.filter((p) => p.name.toLowerCase() === 'jasmine twice');
    expect(jasmine).toHaveLength(1);
    expect(jasmine[0]).toMatchObject({ price: 2600, description: 'Fragrant and new' });
    expect(all.body.filter((p) => p.name === 'Basmati Twice')).toHaveLength(1);
  });
});
