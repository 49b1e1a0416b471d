import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { informationItem, product } from '../../drizzle/schema';
import { write } from '../../server/db';
import { newId } from '../../server/ids';
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

  it('sends gzip to browsers and 304 for an unchanged ETag', async () => {
    const res = await fetch(`${t.url}/api/products`, { headers: { 'accept-encoding': 'gzip' } });
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const again = await fetch(`${t.url}/api/products`, {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    // Node's fetch decompresses; check the raw bytes too.
    const raw = await t.app.inject({
      url: '/api/products',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(JSON.parse(gunzipSync(raw.rawPayload).toString()).length).toBe(5);
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
