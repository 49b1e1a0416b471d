import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { informationItem, product } from '../../drizzle/schema';
import { write } from '../../server/platform/db';
import { newId } from '../../server/platform/ids';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCategory, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

let t: TestApp;
let member: ApiClient;
let thai: { id: string; name: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  thai = makeCategory(t.db, 'Thai Items');
  const spice = makeCategory(t.db, 'Spices');
  ids.regular1 = makeProduct(t.db, {
    name: 'Basmati Rice',
    productRank: 1,
    categoryId: spice.id,
  }).id;
  ids.special5 = makeProduct(t.db, { name: 'Ghee', productRank: 5, itemType: 'Special' }).id;
  ids.restocked2 = makeProduct(t.db, {
    name: 'Fish Sauce',
    productRank: 2,
    itemType: 'Restocked',
    categoryId: thai.id,
  }).id;
  ids.special9 = makeProduct(t.db, { name: 'Paneer', productRank: 9, itemType: 'Special' }).id;
  ids.regular3 = makeProduct(t.db, { name: 'Atta', productRank: 3, itemType: 'New Item' }).id;
  ids.atta = ids.regular3;
  const c = await makeCustomer(t.db);
  member = new ApiClient(t.url);
  await member.login(c.username, c.password);
});
afterAll(() => t.close());

const names = (list: { name: string }[]) => list.map((p) => p.name);

describe('GET /api/products', () => {
  it('orders a signed-in catalogue Special, then Restocked, then the rest, each by rank', async () => {
    const r = await member.get<{ name: string }[]>('/api/products');
    expect(r.status).toBe(200);
    expect(names(r.body)).toEqual(['Ghee', 'Paneer', 'Fish Sauce', 'Basmati Rice', 'Atta']);
  });

  it('orders the anonymous catalogue by productRank', async () => {
    const r = await new ApiClient(t.url).get<{ name: string }[]>('/api/products');
    expect(names(r.body)).toEqual(['Basmati Rice', 'Fish Sauce', 'Atta', 'Ghee', 'Paneer']);
  });

  it('carries category, price in yen, unit, badge type and _id', async () => {
    const r = await member.get<Record<string, unknown>[]>('/api/products');
    const fish = r.body.find((p) => p.name === 'Fish Sauce');
    expect(fish).toMatchObject({
      _id: ids.restocked2,
      category: { _id: thai.id, name: 'Thai Items' },
      price: 1000,
      sku: 'Kg',
      itemType: 'Restocked',
    });
  });

  it('a product change is visible at once (the cache is invalidated)', async () => {
    const before = await member.get<{ name: string; price: number }[]>('/api/products');
    write(t.db, () =>
      t.db.update(product).set({ price: 1234 }).where(eq(product.id, ids.regular1!)).run(),
    );
    const after = await member.get<{ name: string; price: number }[]>('/api/products');
    expect(before.body.find((p) => p.name === 'Basmati Rice')?.price).toBe(1000);
    expect(after.body.find((p) => p.name === 'Basmati Rice')?.price).toBe(1234);
  });

  it('the tRPC procedure answers the same list', async () => {
    const r = await member.get<{ result: { data: { name: string }[] } }>('/trpc/products.list');
    expect(names(r.body.result.data)).toEqual([
      'Ghee',
      'Paneer',
      'Fish Sauce',
      'Basmati Rice',
      'Atta',
    ]);
  });
});

// The catalogue through each door the client or a REST caller uses: the REST path, the tRPC
// query alone, and the batch the catalogue screen sends (products and categories together).
const BATCH_INPUT = encodeURIComponent(JSON.stringify({}));
const doors = {
  rest: { url: '/api/products', products: (b: unknown) => b as unknown[] },
  trpc: {
    url: '/trpc/products.list',
    products: (b: unknown) => (b as { result: { data: unknown[] } }).result.data,
  },
  batch: {
    url: `/trpc/products.list,categories.list?batch=1&input=${BATCH_INPUT}`,
    products: (b: unknown) => (b as { result: { data: unknown[] } }[])[0]?.result.data ?? [],
  },
};

describe.each(Object.entries(doors))('the catalogue through %s', (_name, door) => {
  const get = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: door.url, headers });
  const decode = (raw: Buffer, encoding: unknown) =>
    JSON.parse(
      (encoding === 'br'
        ? brotliDecompressSync(raw)
        : encoding === 'gzip'
          ? gunzipSync(raw)
          : raw
      ).toString(),
    );

  it('is compressed as the browser asks: brotli first, else gzip', async () => {
    const br = await get({ 'accept-encoding': 'gzip, deflate, br', cookie: member.cookie ?? '' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(door.products(decode(br.rawPayload, 'br'))).toHaveLength(5);
    const gz = await get({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(door.products(decode(gz.rawPayload, 'gzip'))).toHaveLength(5);
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(door.products(plain.json())).toHaveLength(5);
    // The same answer whichever bytes carried it.
    expect(decode(gz.rawPayload, 'gzip')).toEqual(plain.json());
  });

  it('is never stored by a browser or proxy: no-store, no ETag (answers may be personal)', async () => {
    for (const headers of [{}, { cookie: member.cookie ?? '' }] as Record<string, string>[]) {
      const r = await get(headers);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers.etag).toBeUndefined();
      expect(String(r.headers.vary)).toMatch(/cookie/i);
      expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    }
  });

  it('a write() is visible in the next answer, compressed', async () => {
    write(t.db, () =>
      t.db
        .update(product)
        .set({ description: `changed ${Date.now()}` })
        .where(eq(product.id, ids.atta!))
        .run(),
    );
    const fresh = await get({ 'accept-encoding': 'br', cookie: member.cookie ?? '' });
    expect(fresh.statusCode).toBe(200);
    const atta = (
      door.products(decode(fresh.rawPayload, 'br')) as { _id: string; description: string }[]
    ).find((p) => p._id === ids.atta);
    expect(atta?.description).toMatch(/^changed /);
  });
});

describe('catalogue batches are answered like any other', () => {
  it('a batch with a personal query carries no ETag and is not stored', async () => {
    const input = encodeURIComponent(JSON.stringify({ 1: { pageNumber: 1 } }));
    const r = await t.app.inject({
      method: 'GET',
      url: `/trpc/products.list,orders.mine?batch=1&input=${input}`,
      headers: { cookie: member.cookie ?? '' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers.etag).toBeUndefined();
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('a failing call is no version: no ETag, not stored', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/trpc/products.list?input=%7B%22x%22%3A1%7D',
    });
    expect(r.statusCode).toBe(400);
    expect(r.headers.etag).toBeUndefined();
    expect(r.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/products/{id} and /api/category', () => {
  it('returns one product, or 404', async () => {
    const r = await member.get<{ name: string }>(`/api/products/${ids.special5}`);
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('Ghee');
    const missing = await member.get('/api/products/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      message: 'Product not found.',
      code: 'catalogue.productNotFound',
    });
  });

  it('lists categories by name', async () => {
    const r = await new ApiClient(t.url).get<{ _id: string; name: string }[]>('/api/category');
    expect(r.body.map((c) => c.name)).toEqual(['Spices', 'Thai Items']);
  });
});

describe('information reads', () => {
  it('lists active items by type and the active popup', async () => {
    const add = (name: string, type: 'slider' | 'popup', active: boolean) =>
      t.db
        .insert(informationItem)
        .values({ id: newId(), name, image: `/uploads/${name}.png`, type, active })
        .run();
    const anon = new ApiClient(t.url);
    expect((await anon.get('/api/information/popup/active')).body).toBeNull();
    add('Summer sale', 'slider', true);
    add('Old banner', 'slider', false);
    add('New momo', 'popup', true);
    const sliders = await anon.get<{ name: string }[]>('/api/information/active?type=slider');
    expect(names(sliders.body)).toEqual(['Summer sale']);
    const all = await anon.get<{ name: string }[]>('/api/information/active');
    expect(names(all.body).sort()).toEqual(['New momo', 'Summer sale']);
    const popup = await anon.get<{ name: string; type: string }>('/api/information/popup/active');
    expect(popup.body).toMatchObject({ name: 'New momo', type: 'popup' });
    expect((await anon.get('/api/information/active?type=banner')).status).toBe(400);
  });
});
