import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { en, ja, ne } from '../../shared/locales';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCategory, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// Terms per restaurant (ADR 035): price lists with per-customer overrides, hidden
// products, minimum quantities and case lots, the minimum order value, and the CSV files of a
// list. Everything through the real app over HTTP on a fresh SQLite file.

let t: TestApp;
let admin: ApiClient;
let date = '';

type Err = { code: string; message: string; params?: Record<string, unknown> };
type Product = { _id: string; name: string; price: number; minQuantity: number; lot: number };
type Line = { product: string | null; name: string; price: number; total: number; taxRate: number };
type Order = { _id: string; totalPrice: number; net10: number; tax10: number; orderItems: Line[] };
type ImportOut = {
  rows: { line: number; errors: Record<string, string> }[];
  valid: boolean;
  written: number;
  fileErrors: { code: string; params?: Record<string, string | number> }[];
};

async function trpc<T>(c: ApiClient, path: string, input?: unknown) {
  const r = await c.post<{ result?: { data: T }; error?: { data: { appCode: string } } }>(
    `/trpc/${path}`,
    input ?? {},
  );
  return { status: r.status, data: r.body.result?.data as T, code: r.body.error?.data.appCode };
}

async function customer() {
  const c = await makeCustomer(t.db);
  const client = new ApiClient(t.url);
  await client.login(c.username, c.password);
  return { id: c.id, client };
}

const catalogue = async (c: ApiClient) =>
  new Map((await c.get<Product[]>('/api/products')).body.map((p) => [p._id, p]));

const place = (c: ApiClient, lines: [string, number][], extra: Record<string, unknown> = {}) =>
  c.post<Order & Err>('/api/orders', {
    orderItems: lines.map(([id, quantity]) => ({ product: id, quantity, ...extra })),
    deliveryDate: date,
  });

async function newList(name: string) {
  const r = await trpc<{ _id: string }>(admin, 'priceLists.create', { name });
  expect(r.status).toBe(200);
  return r.data._id;
}

const assign = (customerId: string, priceListId: string | null, more = {}) =>
  trpc(admin, 'priceLists.setCustomerTerms', {
    customerId,
    priceListId,
    minOrderRule: 'none',
    minOrderValue: 0,
    deliveryCharge: 0,
    ...more,
  });

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  admin = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  await admin.login(a.username, a.password);
});
afterAll(() => t.close());

describe('price lists and overrides', () => {
  it('a customer sees and pays its own price: override > list > product; others the standard', async () => {
    const rice = makeProduct(t.db, { name: 'PL Rice', price: 1000 });
    const oil = makeProduct(t.db, { name: 'PL Oil', price: 500 });
    const salt = makeProduct(t.db, { name: 'PL Salt', price: 200 });
    const list = await newList('Big restaurants');
    const set = await trpc<{ products: { productId: string; price: number | null }[] }>(
      admin,
      'priceLists.setPrices',
      {
        id: list,
        prices: [
          { productId: rice.id, price: 900 },
          { productId: oil.id, price: 450 },
        ],
      },
    );
    expect(set.status).toBe(200);
    const a = await customer();
    const b = await customer();
    expect((await assign(a.id, list)).status).toBe(200);
    expect(
      (
        await trpc(admin, 'priceLists.setOverride', {
          customerId: a.id,
          productId: oil.id,
          price: 400,
        })
      ).status,
    ).toBe(200);

    const seenA = await catalogue(a.client);
    const seenB = await catalogue(b.client);
    expect(seenA.get(rice.id)?.price).toBe(900);
    expect(seenA.get(oil.id)?.price).toBe(400);
    expect(seenA.get(salt.id)?.price).toBe(200);
    expect(seenB.get(rice.id)?.price).toBe(1000);
    expect(seenB.get(oil.id)?.price).toBe(500);
    expect((await a.client.get<Product>(`/api/products/${rice.id}`)).body.price).toBe(900);

    // The server prices the order from the list, whatever the client sends.
    const order = await place(
      a.client,
      [
        [rice.id, 2],
        [oil.id, 1],
        [salt.id, 1],
      ],
      { price: 1 },
    );
    expect(order.status).toBe(201);
    expect(order.body.orderItems.map((l) => [l.product, l.price, l.total])).toEqual([
      [rice.id, 900, 1800],
      [oil.id, 400, 400],
      [salt.id, 200, 200],
    ]);
    // The order keeps its prices after the list changes.
    await trpc(admin, 'priceLists.setPrices', {
      id: list,
      prices: [{ productId: rice.id, price: 950 }],
    });
    const again = await a.client.get<Order>(`/api/orders/${order.body._id}`);
    expect(again.body.orderItems[0]?.price).toBe(900);
    expect((await catalogue(a.client)).get(rice.id)?.price).toBe(950);

    // B orders at the standard prices.
    const bOrder = await place(b.client, [[rice.id, 1]]);
    expect(bOrder.body.orderItems[0]?.price).toBe(1000);

    // The office sees who pays what.
    const terms = await query<{
      standardPrice: number;
      lists: { _id: string; price: number | null }[];
      customers: { _id: string; price: number; source: string }[];
    }>(admin, 'priceLists.productTerms', { productId: oil.id });
    expect(terms.data.standardPrice).toBe(500);
    expect(terms.data.lists.find((l) => l._id === list)?.price).toBe(450);
    expect(terms.data.customers.find((c) => c._id === a.id)).toMatchObject({
      price: 400,
      source: 'override',
    });
    expect(terms.data.customers.find((c) => c._id === b.id)).toBeUndefined();
  });

  it('two customers reading at once each see their own prices (the cache never mixes them)', async () => {
    const p = makeProduct(t.db, { name: 'PL Shared', price: 3000 });
    const cheap = await newList('Cheap list');
    const dear = await newList('Dear list');
    await trpc(admin, 'priceLists.setPrices', {
      id: cheap,
      prices: [{ productId: p.id, price: 2000 }],
    });
    await trpc(admin, 'priceLists.setPrices', {
      id: dear,
      prices: [{ productId: p.id, price: 4000 }],
    });
    const a = await customer();
    const b = await customer();
    const c = await customer();
    await assign(a.id, cheap);
    await assign(b.id, dear);
    await trpc(admin, 'priceLists.setOverride', { customerId: c.id, productId: p.id, price: 2500 });
    const reads = await Promise.all(
      Array.from({ length: 30 }, (_, i) => [a, b, c][i % 3] as typeof a).map(async (who) => ({
        who: who.id,
        price: (await catalogue(who.client)).get(p.id)?.price,
      })),
    );
    const want: Record<string, number> = { [a.id]: 2000, [b.id]: 4000, [c.id]: 2500 };
    for (const r of reads) expect(r.price).toBe(want[r.who]);
    // And at once with orders: each order carries its customer's price.
    const orders = await Promise.all([a, b, c].map((who) => place(who.client, [[p.id, 1]])));
    expect(orders.map((o) => o.body.orderItems[0]?.price)).toEqual([2000, 4000, 2500]);
  });

  it('each change reaches the catalogue at once: list price, assignment, override, removal', async () => {
    const p = makeProduct(t.db, { name: 'PL Fresh', price: 700 });
    const list = await newList('Fresh list');
    const a = await customer();
    await assign(a.id, list);
    expect((await catalogue(a.client)).get(p.id)?.price).toBe(700);
    await trpc(admin, 'priceLists.setPrices', {
      id: list,
      prices: [{ productId: p.id, price: 650 }],
    });
    expect((await catalogue(a.client)).get(p.id)?.price).toBe(650);
    await trpc(admin, 'priceLists.setOverride', { customerId: a.id, productId: p.id, price: 600 });
    expect((await catalogue(a.client)).get(p.id)?.price).toBe(600);
    await trpc(admin, 'priceLists.setOverride', { customerId: a.id, productId: p.id, price: null });
    expect((await catalogue(a.client)).get(p.id)?.price).toBe(650);
    await assign(a.id, null);
    expect((await catalogue(a.client)).get(p.id)?.price).toBe(700);
    await assign(a.id, list);
    expect((await trpc(admin, 'priceLists.remove', { id: list })).status).toBe(200);
    expect((await catalogue(a.client)).get(p.id)?.price).toBe(700);
    // The product's own price still moves the standard.
    await admin.put(`/api/products/${p.id}`, {
      name: 'PL Fresh',
      category: makeCategory(t.db).id,
      price: 720,
      description: 'x',
      sku: 'Kg',
    });
    expect((await catalogue(a.client)).get(p.id)?.price).toBe(720);
  });

  it('a list name used twice is 409; unknown list or product 404/400; negative price 400', async () => {
    await newList('Twice');
    expect((await trpc(admin, 'priceLists.create', { name: 'twice' })).code).toBe(
      'terms.listNameTaken',
    );
    const missing = await trpc(admin, 'priceLists.setPrices', {
      id: 'nope',
      prices: [{ productId: 'x', price: 1 }],
    });
    expect([missing.status, missing.code]).toEqual([404, 'terms.listNotFound']);
    const list = await newList('Negatives');
    const p = makeProduct(t.db, { price: 100 });
    const neg = await trpc(admin, 'priceLists.setPrices', {
      id: list,
      prices: [{ productId: p.id, price: -1 }],
    });
    expect([neg.status, neg.code]).toEqual([400, 'product.priceNegative']);
    const half = await trpc(admin, 'priceLists.setPrices', {
      id: list,
      prices: [{ productId: p.id, price: 10.5 }],
    });
    expect([half.status, half.code]).toEqual([400, 'product.priceWhole']);
    const unknown = await trpc(admin, 'priceLists.setPrices', {
      id: list,
      prices: [
        { productId: p.id, price: 90 },
        { productId: 'no-such-product', price: 1 },
      ],
    });
    expect([unknown.status, unknown.code]).toEqual([400, 'terms.productUnknown']);
    // Nothing of the refused change was written.
    const detail = await query<{ products: { productId: string; price: number | null }[] }>(
      admin,
      'priceLists.byId',
      { id: list },
    );
    expect(detail.data.products.find((r) => r.productId === p.id)?.price).toBeNull();
  });
});

describe('price list CSV', () => {
  it('refuses a file with an unknown product, a negative or a non-whole price, row by row, and writes nothing', async () => {
    makeProduct(t.db, { name: 'CSV Rice', price: 1000 });
    makeProduct(t.db, { name: 'CSV Oil', price: 500 });
    const list = await newList('CSV list');
    const csv = 'product,price\nCSV Rice,900\nNo Such Thing,100\nCSV Oil,-5\nCSV Rice 2,1\n';
    const bad = await trpc<ImportOut>(admin, 'priceLists.importCsv', {
      id: list,
      csv,
      commit: true,
    });
    expect(bad.status).toBe(200);
    expect(bad.data.valid).toBe(false);
    expect(bad.data.written).toBe(0);
    expect(bad.data.rows.map((r) => r.errors)).toEqual([
      {},
      { product: 'terms.productUnknown' },
      { price: 'product.priceNegative' },
      { product: 'terms.productUnknown' },
    ]);
    const half = await trpc<ImportOut>(admin, 'priceLists.importCsv', {
      id: list,
      csv: 'product,price\nCSV Rice,12.5\nCSV Oil,abc\n',
      commit: true,
    });
    expect(half.data.rows.map((r) => r.errors.price)).toEqual([
      'product.priceWhole',
      'product.priceWhole',
    ]);
    const detail = await query<{ priceCount: number }>(admin, 'priceLists.byId', { id: list });
    expect(detail.data.priceCount).toBe(0);
    // Each code reads in every language.
    for (const tree of [en, ne, ja]) {
      expect(tree.errors.terms.productUnknown).toBeTruthy();
      expect(tree.errors.product.priceNegative).toBeTruthy();
    }
  });

  it('a good file replaces the list; its export imports back unchanged', async () => {
    const rice = makeProduct(t.db, { name: 'RT Rice', price: 1000 });
    const oil = makeProduct(t.db, { name: 'RT "Oil", 1L', price: 500 });
    const list = await newList('Round trip');
    await trpc(admin, 'priceLists.setPrices', {
      id: list,
      prices: [{ productId: oil.id, price: 1 }],
    });
    const ok = await trpc<ImportOut>(admin, 'priceLists.importCsv', {
      id: list,
      csv: 'Product,Price\r\nRT Rice,880\r\n',
      commit: true,
    });
    expect(ok.data).toMatchObject({ valid: true, written: 1 });
    const d = await query<{ products: { productId: string; price: number | null }[] }>(
      admin,
      'priceLists.byId',
      { id: list },
    );
    const priceOf = (rows: typeof d.data.products, id: string) =>
      rows.find((r) => r.productId === id)?.price;
    expect(priceOf(d.data.products, rice.id)).toBe(880);
    expect(priceOf(d.data.products, oil.id)).toBeNull();

    await trpc(admin, 'priceLists.setPrices', {
      id: list,
      prices: [{ productId: oil.id, price: 450 }],
    });
    const out = await query<{ filename: string; csv: string }>(admin, 'priceLists.exportCsv', {
      id: list,
    });
    expect(out.data.filename).toBe('Round-trip.csv');
    expect(out.data.csv).toContain('"RT ""Oil"", 1L",450');
    const back = await trpc<ImportOut>(admin, 'priceLists.importCsv', {
      id: list,
      csv: out.data.csv,
      commit: true,
    });
    expect(back.data).toMatchObject({ valid: true, written: 2 });
    const d2 = await query<{ products: { productId: string; price: number | null }[] }>(
      admin,
      'priceLists.byId',
      { id: list },
    );
    expect(priceOf(d2.data.products, rice.id)).toBe(880);
    expect(priceOf(d2.data.products, oil.id)).toBe(450);
  });

  it('says what is wrong with the whole file as codes (REST too), and keeps the list', async () => {
    makeProduct(t.db, { name: 'File Rice', price: 1000 });
    const list = await newList('File errors');
    await trpc(admin, 'priceLists.importCsv', {
      id: list,
      csv: 'product,price\nFile Rice,900\n',
      commit: true,
    });
    const fileErrors = async (csv: string) => {
      const r = await trpc<ImportOut>(admin, 'priceLists.importCsv', {
        id: list,
        csv,
        commit: true,
      });
      expect(r.status).toBe(200);
      expect(r.data).toMatchObject({ valid: false, written: 0 });
      return r.data.fileErrors;
    };
    expect(await fileErrors('  \n')).toEqual([{ code: 'import.empty' }]);
    expect(await fileErrors('product,price\nFile Rice,"900\n')).toEqual([
      { code: 'import.unclosedQuote', params: { line: 2 } },
    ]);
    expect(
      await fileErrors(['product,price', ...Array(5001).fill('File Rice,1')].join('\n')),
    ).toEqual([{ code: 'import.tooManyRows', params: { max: 5000 } }]);
    expect(await fileErrors('name,cost\nFile Rice,800\n')).toEqual([
      { code: 'import.columnMissing', params: { column: 'price' } },
    ]);
    expect(await fileErrors('item,price\nFile Rice,800\n')).toEqual([
      { code: 'import.columnMissing', params: { column: 'product' } },
    ]);
    const rest = await admin.post<ImportOut>(`/api/pricelists/${list}/import`, {
      csv: 'price\n1\n',
    });
    expect(rest.status).toBe(200);
    expect(rest.body.fileErrors).toEqual([
      { code: 'import.columnMissing', params: { column: 'product' } },
    ]);
    const detail = await query<{ products: { name: string; price: number | null }[] }>(
      admin,
      'priceLists.byId',
      { id: list },
    );
    expect(detail.data.products.find((p) => p.name === 'File Rice')?.price).toBe(900);
  });
});

describe('hidden products', () => {
  it('hidden from a customer or its list: not in its catalogue, order sheet or by id; an order is refused', async () => {
    const secret = makeProduct(t.db, { name: 'Hidden Sake', price: 3000 });
    const listOnly = makeProduct(t.db, { name: 'Hidden for list', price: 100 });
    const list = await newList('Hiding list');
    const a = await customer();
    const b = await customer();
    const other = await customer();
    await assign(b.id, list);
    // On the order sheet before it is hidden.
    await a.client.post('/api/wishlist', { productId: secret.id });
    expect((await a.client.get<Product[]>('/api/wishlist')).body.map((p) => p._id)).toContain(
      secret.id,
    );
    expect(
      (
        await trpc(admin, 'priceLists.setHidden', {
          productId: secret.id,
          customerId: a.id,
          hidden: true,
        })
      ).status,
    ).toBe(200);
    await trpc(admin, 'priceLists.setHidden', {
      productId: listOnly.id,
      priceListId: list,
      hidden: true,
    });

    expect((await catalogue(a.client)).has(secret.id)).toBe(false);
    expect((await catalogue(b.client)).has(listOnly.id)).toBe(false);
    expect((await catalogue(b.client)).has(secret.id)).toBe(true);
    expect((await catalogue(other.client)).has(secret.id)).toBe(true);
    expect((await catalogue(other.client)).has(listOnly.id)).toBe(true);
    expect((await a.client.get<Product[]>('/api/wishlist')).body.map((p) => p._id)).not.toContain(
      secret.id,
    );
    expect((await a.client.get(`/api/products/${secret.id}`)).status).toBe(404);
    expect((await b.client.post('/api/wishlist', { productId: listOnly.id })).status).toBe(404);
    // Search finds it for others, never for the customer it is hidden from.
    const found = async (c: typeof a, q: string) =>
      (await c.client.get<{ ids: string[] }>(`/api/products/search?q=${encodeURIComponent(q)}`))
        .body.ids;
    expect(await found(other, 'hidden sake')).toContain(secret.id);
    expect(await found(a, 'hidden sake')).not.toContain(secret.id);
    expect(await found(b, 'hidden for list')).not.toContain(listOnly.id);

    const refused = await place(a.client, [[secret.id, 1]]);
    expect([refused.status, refused.body.code]).toEqual([409, 'terms.productHidden']);
    expect(refused.body.message).toContain('Hidden Sake');
    const refusedB = await place(b.client, [[listOnly.id, 1]]);
    expect([refusedB.status, refusedB.body.code]).toEqual([409, 'terms.productHidden']);
    expect((await place(other.client, [[secret.id, 1]])).status).toBe(201);

    // Shown again.
    await trpc(admin, 'priceLists.setHidden', {
      productId: secret.id,
      customerId: a.id,
      hidden: false,
    });
    expect((await catalogue(a.client)).has(secret.id)).toBe(true);
    expect((await place(a.client, [[secret.id, 1]])).status).toBe(201);
  });
});

describe('the office sees whom a product is hidden from', () => {
  it('on the product (customer by customer, own or through the list) and on the customer', async () => {
    const kimchi = makeProduct(t.db, { name: 'Kimchi Tub', price: 800 });
    const tofu = makeProduct(t.db, { name: 'Tofu Block', price: 200 });
    const list = await newList('Office view list');
    const a = await customer();
    const b = await customer();
    await assign(b.id, list);
    const hide = (body: Record<string, unknown>) =>
      trpc<{ customers: { _id: string; hidden: boolean; hiddenOwn: boolean }[] }>(
        admin,
        'priceLists.setHidden',
        { hidden: true, ...body },
      );
    const own = await hide({ productId: kimchi.id, customerId: a.id });
    expect(own.data.customers.find((c) => c._id === a.id)).toMatchObject({
      hidden: true,
      hiddenOwn: true,
    });
    await hide({ productId: kimchi.id, priceListId: list });
    await hide({ productId: tofu.id, priceListId: list });
    const terms = await query<{
      customers: { _id: string; hidden: boolean; hiddenOwn: boolean; source: string }[];
    }>(admin, 'priceLists.productTerms', { productId: kimchi.id });
    expect(terms.data.customers.find((c) => c._id === b.id)).toMatchObject({
      hidden: true,
      hiddenOwn: false,
      source: 'standard',
    });
    type Terms = {
      hidden: { productId: string; name: string }[];
      hiddenByList: { productId: string; name: string }[];
    };
    const ofA = await query<Terms>(admin, 'priceLists.customerTerms', { customerId: a.id });
    expect(ofA.data.hidden).toEqual([{ productId: kimchi.id, name: 'Kimchi Tub' }]);
    expect(ofA.data.hiddenByList).toEqual([]);
    const ofB = await query<Terms>(admin, 'priceLists.customerTerms', { customerId: b.id });
    expect(ofB.data.hidden).toEqual([]);
    expect(ofB.data.hiddenByList.map((h) => h.name)).toEqual(['Kimchi Tub', 'Tofu Block']);
    // Unknown customer or product: 404; neither a customer nor a list named: 400; customers: 403.
    expect((await query(admin, 'priceLists.customerTerms', { customerId: 'nobody' })).status).toBe(
      404,
    );
    expect((await hide({ productId: 'nothing', customerId: a.id })).status).toBe(404);
    expect((await hide({ productId: kimchi.id, customerId: 'nobody' })).status).toBe(404);
    expect((await hide({ productId: kimchi.id })).status).toBe(400);
    const asCustomer = await trpc(a.client, 'priceLists.setHidden', {
      productId: kimchi.id,
      customerId: a.id,
      hidden: false,
    });
    expect(asCustomer.status).toBe(403);
    expect((await catalogue(a.client)).has(kimchi.id)).toBe(false);
  });
});

describe('minimum quantity and case lot', () => {
  it('the server refuses a quantity below the minimum or not a whole case, with clear codes', async () => {
    const cat = makeCategory(t.db);
    const made = await admin.post<Product>('/api/products', {
      name: 'Case Beer',
      category: cat.id,
      price: 200,
      description: 'A case of 12',
      sku: 'C/s',
      minQuantity: 24,
      lot: 12,
      stockInCount: 1000,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ minQuantity: 24, lot: 12 });
    const a = await customer();
    expect((await catalogue(a.client)).get(made.body._id)).toMatchObject({
      minQuantity: 24,
      lot: 12,
    });
    const low = await place(a.client, [[made.body._id, 12]]);
    expect([low.status, low.body.code, low.body.params?.minimum]).toEqual([
      400,
      'terms.belowMinimum',
      24,
    ]);
    const odd = await place(a.client, [[made.body._id, 30]]);
    expect([odd.status, odd.body.code, odd.body.params?.lot]).toEqual([400, 'terms.notLot', 12]);
    const ok = await place(a.client, [[made.body._id, 36]]);
    expect(ok.status).toBe(201);
    expect(ok.body.orderItems[0]?.total).toBe(7200);
  });

  it('a lot or minimum that is not a whole number 1-9999 is refused and nothing changes', async () => {
    const cat = makeCategory(t.db);
    const made = await admin.post<Product>('/api/products', {
      name: 'Lot Check',
      category: cat.id,
      price: 100,
      description: 'x',
      sku: 'Pcs',
      lot: 6,
    });
    for (const [field, value, code] of [
      ['lot', 1.5, 'terms.lotWhole'],
      ['lot', '1.5', 'terms.lotWhole'],
      ['lot', 0, 'terms.lotWhole'],
      ['minQuantity', -2, 'terms.minimumWhole'],
      ['minQuantity', 'ten', 'terms.minimumWhole'],
    ] as const) {
      const r = await admin.put<Err>(`/api/products/${made.body._id}`, {
        name: 'Lot Check',
        category: cat.id,
        price: 100,
        description: 'x',
        sku: 'Pcs',
        [field]: value,
      });
      expect([field, r.status, r.body.code]).toEqual([field, 400, code]);
      expect(r.body.message).toBe(
        en.errors.terms[code === 'terms.lotWhole' ? 'lotWhole' : 'minimumWhole'],
      );
    }
    const still = await admin.get<Product>(`/api/products/${made.body._id}`);
    expect(still.body).toMatchObject({ lot: 6, minQuantity: 1 });
    // Absent on an edit: unchanged.
    await admin.put(`/api/products/${made.body._id}`, {
      name: 'Lot Check',
      category: cat.id,
      price: 100,
      description: 'x',
      sku: 'Pcs',
    });
    expect((await admin.get<Product>(`/api/products/${made.body._id}`)).body.lot).toBe(6);
  });
});

describe('minimum order value', () => {
  it('refuse: an order below the value is refused; at the value it is placed', async () => {
    const p = makeProduct(t.db, { price: 5000 });
    const a = await customer();
    await assign(a.id, null, { minOrderRule: 'refuse', minOrderValue: 20000 });
    const low = await place(a.client, [[p.id, 3]]);
    expect([low.status, low.body.code]).toEqual([400, 'terms.orderBelowMinimum']);
    expect(low.body.params).toMatchObject({ minimum: '¥20,000', total: '¥15,000' });
    expect((await place(a.client, [[p.id, 4]])).status).toBe(201);
  });

  it('charge: a delivery charge line at 10% is added below the value, not at or above it', async () => {
    const p = makeProduct(t.db, { price: 5000 });
    const a = await customer();
    await assign(a.id, null, { minOrderRule: 'charge', minOrderValue: 20000, deliveryCharge: 800 });
    // The office's phone order reads the same terms for this customer.
    const terms = await query<{ minimumOrder: unknown }>(admin, 'orders.termsFor', {
      customerId: a.id,
      products: [],
    });
    expect(terms.data.minimumOrder).toEqual({ rule: 'charge', value: 20000, deliveryCharge: 800 });
    const low = await place(a.client, [[p.id, 1]]);
    expect(low.status).toBe(201);
    const charge = low.body.orderItems.find((l) => l.product === null);
    expect(charge).toMatchObject({ price: 800, total: 800, taxRate: 10 });
    expect(low.body.net10).toBe(800);
    expect(low.body.tax10).toBe(80);
    // 5000 + 8% tax 400, plus 800 + 10% tax 80.
    expect(low.body.totalPrice).toBe(5000 + 400 + 800 + 80);
    // Handed over by the office, its slip names the charge in the document's language
    // (Japanese by default).
    expect((await mutate(admin, 'orders.dispatch', { id: low.body._id })).status).toBe(200);
    const slip = await query<{ lines: { name: string; amount: number }[] }>(
      admin,
      'documents.model',
      { kind: 'slip', id: low.body._id },
    );
    expect(slip.status).toBe(200);
    expect(slip.data.lines.find((l) => l.amount === 800)?.name).toBe('配送料');
    const full = await place(a.client, [[p.id, 4]]);
    expect(full.body.orderItems.some((l) => l.product === null)).toBe(false);
  });

  it('a bad amount is refused with a clear code and the terms stay as they were', async () => {
    const a = await customer();
    await assign(a.id, null, { minOrderRule: 'refuse', minOrderValue: 10000 });
    const bad = await assign(a.id, null, { minOrderRule: 'charge', minOrderValue: -1 });
    expect([bad.status, bad.code]).toEqual([400, 'terms.amountWhole']);
    const now = await query<{ minOrderRule: string; minOrderValue: number }>(
      admin,
      'priceLists.customerTerms',
      { customerId: a.id },
    );
    expect(now.data).toMatchObject({ minOrderRule: 'refuse', minOrderValue: 10000 });
  });
});
