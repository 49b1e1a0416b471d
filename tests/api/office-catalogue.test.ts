import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeRoute } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let cust: ApiClient;
let anon: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  cust = new ApiClient(t.url);
  anon = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  await admin.login(a.username, a.password);
  const d = await makeEmployee(t.db, 'driver');
  await driver.login(d.username, d.password);
  const c = await makeCustomer(t.db);
  await cust.login(c.username, c.password);
});
afterAll(() => t.close());

type Err = { code: string; params?: Record<string, unknown>; issues?: Record<string, string> };

describe('/api/route', () => {
  it('lists, adds, renames and deletes a route; a name used twice is 409', async () => {
    const add = await admin.post<{ _id: string; name: string }>('/api/route/', { name: 'East' });
    expect(add.status).toBe(201);
    expect((await admin.post<Err>('/api/route', { name: 'east' })).body.code).toBe(
      'route.nameTaken',
    );
    const ren = await admin.put(`/api/route/${add.body._id}`, {
      _id: add.body._id,
      name: 'East 2',
    });
    expect(ren.status).toBe(200);
    const list = await admin.get<{ name: string }[]>('/api/route');
    expect(list.body.map((r) => r.name)).toContain('East 2');
    expect((await admin.delete(`/api/route/${add.body._id}`)).status).toBe(200);
    expect((await admin.delete(`/api/route/${add.body._id}`)).status).toBe(404);
  });

  it('refuses to delete a route customers still use, saying how many (409)', async () => {
    const r = makeRoute(t.db, 'West');
    await makeCustomer(t.db, { routeId: r.id });
    await makeCustomer(t.db, { routeId: r.id });
    const del = await admin.delete<Err>(`/api/route/${r.id}`);
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({ code: 'route.inUse', params: { count: 2 } });
  });

  it('validates the name and is for staff only', async () => {
    const bad = await admin.post<Err>('/api/route', { name: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual({ name: 'common.required' });
    expect((await anon.get('/api/route')).status).toBe(401);
    expect((await cust.get('/api/route')).status).toBe(403);
    expect((await driver.post('/api/route', { name: 'X' })).status).toBe(403);
  });
});

describe('/api/category and /api/products', () => {
  let categoryId = '';
  let productId = '';

  it('adds a category with a Nepali name; duplicates 409; staff only', async () => {
    const r = await admin.post<{ _id: string; nameNe: string }>('/api/category', {
      name: 'Spices',
      nameNe: 'मसला',
    });
    expect(r.status).toBe(201);
    expect(r.body.nameNe).toBe('मसला');
    categoryId = r.body._id;
    expect((await admin.post('/api/category', { name: 'SPICES' })).status).toBe(409);
    expect((await cust.post('/api/category', { name: 'X' })).status).toBe(403);
    expect((await anon.post('/api/category', { name: 'X' })).status).toBe(401);
  });

  it('creates a product that customers see on their next catalogue read', async () => {
    const r = await admin.post<{ _id: string; category: { name: string } }>('/api/products', {
      name: 'Cumin Seeds',
      category: categoryId,
      price: 1200,
      description: 'Whole cumin',
      sku: 'Kg',
      productRank: 3,
      itemType: 'New Item',
      itemCount: 'Count',
      showDescription: 'Show',
      stockInCount: 20,
    });
    expect(r.status).toBe(201);
    expect(r.body.category.name).toBe('Spices');
    productId = r.body._id;
    const seen = await cust.get<{ _id: string; price: number }[]>('/api/products');
    expect(seen.body.find((p) => p._id === productId)?.price).toBe(1200);
    const upd = await admin.put(`/api/products/${productId}`, {
      name: 'Cumin Seeds',
      category: categoryId,
      price: 1300,
      description: 'Whole cumin',
      sku: 'Kg',
    });
    expect(upd.status).toBe(200);
    const again = await cust.get<{ _id: string; price: number }[]>('/api/products');
    expect(again.body.find((p) => p._id === productId)?.price).toBe(1300);
  });

  it("answers 400 with the spec's product messages", async () => {
    const r = await admin.post<Err>('/api/products', { sku: 'Kg' });
    expect(r.status).toBe(400);
    expect(r.body.issues).toMatchObject({
      name: 'product.nameRequired',
      category: 'product.categoryRequired',
      price: 'product.priceRequired',
      description: 'product.descriptionRequired',
    });
    const unit = await admin.post<Err>('/api/products', {
      name: 'A',
      category: categoryId,
      price: 1,
      description: 'd',
      sku: 'Crate',
    });
    expect(unit.status).toBe(400);
    expect(Object.keys(unit.body.issues ?? {})).toEqual(['sku']);
  });

  it('refuses to delete a category that still holds products (409), then deletes both', async () => {
    const r = await admin.delete<Err>(`/api/category/${categoryId}`);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'category.inUse', params: { count: 1 } });
    expect((await driver.delete(`/api/products/${productId}`)).status).toBe(403);
    expect((await admin.delete(`/api/products/${productId}`)).status).toBe(200);
    expect((await admin.delete(`/api/products/${productId}`)).status).toBe(404);
    expect((await admin.delete(`/api/category/${categoryId}`)).status).toBe(200);
    expect((await admin.put(`/api/category/${categoryId}`, { name: 'x' })).status).toBe(404);
  });
});

async function upload(client: ApiClient, bytes: Buffer, filename = 'photo.jpg', query = '') {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)]), filename);
  const headers: Record<string, string> = { origin: t.url };
  if (client.cookie) headers.cookie = client.cookie;
  const res = await fetch(`${t.url}/api/upload${query}`, { method: 'POST', body: form, headers });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, string> & { imageUrl: string; cardUrl: string },
  };
}

describe('POST /api/upload and DELETE /api/delete/{filename}', () => {
  it('re-encodes a JPEG without its metadata, makes a card-sized copy, serves both for good', async () => {
    const original = await sharp({
      create: { width: 2400, height: 1800, channels: 3, background: '#c0843d' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer();
    expect(original.includes('secret-camera-owner')).toBe(true);
    const r = await upload(admin, original, '../../evil.png');
    expect(r.status).toBe(201);
    expect(r.body.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    const res = await fetch(t.url + r.body.imageUrl);
    expect(res.headers.get('cache-control')).toMatch(/max-age=31536000/);
    const stored = Buffer.from(await res.arrayBuffer());
    expect(stored.includes('secret-camera-owner')).toBe(false);
    expect((await sharp(stored).metadata()).width).toBe(1600);
    const card = Buffer.from(await (await fetch(t.url + r.body.cardUrl)).arrayBuffer());
    expect((await sharp(card).metadata()).width).toBe(480);

    const name = r.body.imageUrl.slice('/uploads/'.length);
    expect((await driver.delete(`/api/delete/${name}`)).status).toBe(403);
    expect((await admin.delete(`/api/delete/${name}`)).status).toBe(200);
    expect(fs.existsSync(path.join(t.config.uploadsDir, name))).toBe(false);
    expect((await admin.delete(`/api/delete/${name}`)).status).toBe(404);
  });

  it('refuses what is not a JPEG or PNG by content, a file over 5 MB, and callers who are not staff', async () => {
    const text = await upload(admin, Buffer.from('GIF89a not really'), 'x.png');
    expect(text).toMatchObject({ status: 400, body: { code: 'upload.notAnImage' } });
    const big = await upload(
      admin,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]),
    );
    expect(big).toMatchObject({ status: 413, body: { code: 'upload.tooLarge' } });
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    expect((await upload(cust, png)).status).toBe(403);
    expect((await upload(anon, png)).status).toBe(401);
    expect((await upload(admin, png)).status).toBe(201);
  });

  it('lets a driver upload only a proof-of-delivery photo, never delete; customers never', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    expect((await upload(driver, png)).status).toBe(403);
    expect((await upload(cust, png, 'p.png', '?purpose=proof')).status).toBe(403);
    expect((await upload(anon, png, 'p.png', '?purpose=proof')).status).toBe(401);
    const proof = await upload(driver, png, 'p.png', '?purpose=proof');
    expect(proof.status).toBe(201);
    expect(proof.body.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const name = proof.body.imageUrl.slice('/uploads/'.length);
    expect((await driver.delete(`/api/delete/${name}`)).status).toBe(403);
    expect((await admin.delete(`/api/delete/${name}`)).status).toBe(200);
  });

  it('deletes only names the server issued: anything else is 400 or 404', async () => {
    for (const bad of ['..%2F..%2Fapp.db', 'app.db', 'x.jpg', '%2E%2E%2Fetc%2Fpasswd']) {
      expect([400, 404]).toContain((await admin.delete(`/api/delete/${bad}`)).status);
    }
    expect((await admin.delete(`/api/delete/${'a'.repeat(32)}.jpg`)).status).toBe(404);
    expect(fs.existsSync(t.config.dbPath)).toBe(true);
  });
});

describe('/api/information', () => {
  it('creates, lists, toggles and deletes slider and popup items (staff only)', async () => {
    const bad = await admin.post<Err>('/api/information', { name: 'Promo', type: 'slider' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual({ image: 'upload.imageRequired' });
    const r = await admin.post<{ _id: string; active: boolean }>('/api/information', {
      name: 'Promo',
      image: '/uploads/x.png',
      type: 'popup',
    });
    expect(r.status).toBe(201);
    expect((await admin.get<unknown[]>('/api/information?type=popup')).body).toHaveLength(1);
    expect((await admin.get<unknown[]>('/api/information?type=slider')).body).toHaveLength(0);
    const off = await admin.put<{ active: boolean }>(`/api/information/${r.body._id}`, {
      active: false,
    });
    expect(off.body.active).toBe(false);
    // Renaming alone leaves it inactive.
    const renamed = await admin.put<{ active: boolean; name: string }>(
      `/api/information/${r.body._id}`,
      { name: 'Promo 2' },
    );
    expect(renamed.body).toMatchObject({ name: 'Promo 2', active: false });
    expect((await cust.get<unknown>('/api/information/popup/active')).body).toBeNull();
    expect((await cust.get('/api/information')).status).toBe(403);
    expect((await anon.post('/api/information', {})).status).toBe(401);
    expect((await admin.delete(`/api/information/${r.body._id}`)).status).toBe(200);
    expect((await admin.delete(`/api/information/${r.body._id}`)).status).toBe(404);
  });
});
