import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { placeAndDeliver } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// Products and categories carry a Japanese name beside the English and Nepali ones (ADR 064):
// the office gives it over HTTP as it gives the Nepali one, the catalogue and its search carry
// it, and a Japanese document prints the name its line was placed and issued with, also after
// the office renames the product. PDFs are read back with poppler's pdftotext.

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let cust: ApiClient;
let driverId = '';
let date = '';
let categoryId = '';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'japanese-names-'));

type Err = { code: string; issues?: Record<string, string> };
interface Product {
  _id: string;
  name: string;
  nameNe: string | null;
  nameJa?: string | null;
  category: { name: string; nameJa?: string | null } | null;
}
interface Category {
  _id: string;
  name: string;
  nameNe: string | null;
  nameJa?: string | null;
}

const productBody = (over: Record<string, unknown> = {}) => ({
  name: 'Basmati Rice 5kg',
  nameNe: 'बासमती चामल 5kg',
  nameJa: 'バスマティ米 5kg',
  category: categoryId,
  price: 2480,
  description: 'Long grain rice',
  sku: 'Bag',
  ...over,
});

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  const a = await makeAdmin(t.db);
  const d = await makeEmployee(t.db, 'driver');
  driverId = d.id;
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  cust = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  await driver.login(d.username, d.password);
  const c = await makeCustomer(t.db);
  await cust.login(c.username, c.password);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  return t.close();
});

describe('the office names categories and products in Japanese', () => {
  it('keeps a category’s Japanese name; an edit that leaves it out keeps it, a blank clears it', async () => {
    const made = await admin.post<Category>('/api/category', {
      name: 'Rice & Grains',
      nameNe: 'चामल र अन्न',
      nameJa: '米・穀類',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ nameNe: 'चामल र अन्न', nameJa: '米・穀類' });
    categoryId = made.body._id;

    const kept = await admin.put<Category>(`/api/category/${categoryId}`, {
      name: 'Rice and Grains',
      nameNe: 'चामल र अन्न',
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: 'Rice and Grains', nameJa: '米・穀類' });
    const listed = await cust.get<Category[]>('/api/category');
    expect(listed.body.find((c) => c._id === categoryId)?.nameJa).toBe('米・穀類');

    const blank = await admin.put<Category>(`/api/category/${categoryId}`, {
      name: 'Rice and Grains',
      nameJa: '  ',
    });
    expect(blank.body.nameJa).toBeNull();
    await admin.put(`/api/category/${categoryId}`, { name: 'Rice and Grains', nameJa: '米・穀類' });
  });

  it('refuses a Japanese name over the Nepali name’s limit, saying which field and why', async () => {
    const category = await admin.post<Err>('/api/category', {
      name: 'Too Long',
      nameJa: '米'.repeat(101),
    });
    expect(category.status).toBe(400);
    expect(category.body.issues).toEqual({ nameJa: 'field.tooLong' });

    const product = await admin.post<Err>(
      '/api/products',
      productBody({ nameJa: 'ギ'.repeat(201) }),
    );
    expect(product.status).toBe(400);
    expect(product.body.issues).toEqual({ nameJa: 'field.tooLong' });
    // The longest allowed is taken.
    const longest = await admin.post<Product>(
      '/api/products',
      productBody({ name: 'Long Ghee', nameJa: 'ギ'.repeat(200) }),
    );
    expect(longest.status).toBe(201);
    expect((await admin.delete(`/api/products/${longest.body._id}`)).status).toBe(200);
    const notText = await admin.post<Err>('/api/products', productBody({ nameJa: 42 }));
    expect(notText.status).toBe(400);
    expect(Object.keys(notText.body.issues ?? {})).toEqual(['nameJa']);
  });

  it('creates and changes a product’s Japanese name, records it in the trail, and finds it', async () => {
    const made = await admin.post<Product>(
      '/api/products',
      productBody({ name: 'Cumin Seeds 1kg', nameNe: null, nameJa: ' クミンシード 1kg ' }),
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      nameJa: 'クミンシード 1kg',
      category: { name: 'Rice and Grains', nameJa: '米・穀類' },
    });
    const id = made.body._id;
    // The customers' catalogue carries it.
    const seen = await cust.get<Product[]>('/api/products');
    expect(seen.body.find((p) => p._id === id)?.nameJa).toBe('クミンシード 1kg');

    const changed = await admin.put<Product>(
      `/api/products/${id}`,
      productBody({ name: 'Cumin Seeds 1kg', nameNe: null, nameJa: 'クミン（ホール）1kg' }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.nameJa).toBe('クミン（ホール）1kg');
    // A PUT written before Japanese names existed leaves it as it is.
    const older = productBody({ name: 'Cumin Seeds 1kg', nameNe: null, price: 1300 });
    delete (older as Record<string, unknown>).nameJa;
    const kept = await admin.put<Product>(`/api/products/${id}`, older);
    expect(kept.body).toMatchObject({ nameJa: 'クミン（ホール）1kg' });

    const trail = await query<
      {
        action: string;
        before: Record<string, unknown> | null;
        after: Record<string, unknown> | null;
      }[]
    >(admin, 'audit.history', { entity: 'product', id });
    expect(trail.status).toBe(200);
    const [latest, rename, created] = trail.data;
    expect(created).toMatchObject({ action: 'create', after: { nameJa: 'クミンシード 1kg' } });
    expect(rename).toMatchObject({
      before: { nameJa: 'クミンシード 1kg' },
      after: { nameJa: 'クミン（ホール）1kg' },
    });
    // The trail keeps what changed: the price, not the Japanese name.
    expect(latest?.after).toEqual({ price: 1300 });

    // Search finds it by its Japanese name, a part of it, and half-width katakana.
    for (const q of ['クミン', 'ホール', 'ｸﾐﾝ']) {
      const found = await cust.get<{ ids: string[] }>(
        `/api/products/search?${new URLSearchParams({ q })}`,
      );
      expect(found.body.ids, q).toContain(id);
    }
  });
});

/** A document's PDF as an accountant's tools read it (pdftotext). */
async function pdfText(kind: string, id: string): Promise<string> {
  const res = await fetch(`${t.url}/api/documents/${kind}/${id}.pdf`, {
    headers: admin.cookie ? { cookie: admin.cookie } : {},
  });
  expect(res.status).toBe(200);
  const file = path.join(dir, `${kind}-${id}-${Date.now()}.pdf`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

/** A cash customer, with its documents in `language`, whose order of `productId` was delivered. */
async function delivered(language: 'ja' | 'en', productId: string) {
  const made = await makeCustomer(t.db, { restaurantName: `Kitchen ${language}` });
  t.db.$client
    .prepare('UPDATE customer SET document_language = ? WHERE id = ?')
    .run(language, made.id);
  const c = new ApiClient(t.url);
  await c.login(made.username, made.password);
  const { orderId, pending } = await placeAndDeliver({ admin, driver, driverId }, c, {
    orderItems: [{ product: productId, quantity: 2 }],
    deliveryDate: date,
  });
  const invoiceId = String(
    t.db.$client.prepare('SELECT invoice_id FROM customer_order WHERE id = ?').pluck().get(orderId),
  );
  return { client: c, orderId, invoiceId, lineId: pending.order.orderItems[0]?._id ?? '' };
}

describe('documents name a line in their language as it was issued', () => {
  let productId = '';

  beforeAll(async () => {
    const made = await admin.post<Product>(
      '/api/products',
      productBody({
        name: 'Pure Ghee 1L',
        nameNe: 'शुद्ध घ्यू 1L',
        nameJa: '純正ギー 1L',
        sku: 'Btl',
        price: 1200,
      }),
    );
    expect(made.status).toBe(201);
    productId = made.body._id;
  });

  it('a Japanese invoice and slip print the Japanese name; an English invoice of the same lines the English one', async () => {
    const ja = await delivered('ja', productId);
    const en = await delivered('en', productId);

    const jaInvoice = await pdfText('invoice', ja.invoiceId);
    expect(jaInvoice).toContain('純正ギー 1L');
    expect(jaInvoice).not.toContain('Pure Ghee');
    const enInvoice = await pdfText('invoice', en.invoiceId);
    expect(enInvoice).toContain('Pure Ghee 1L');
    expect(enInvoice).not.toContain('純正ギー');

    expect(await pdfText('slip', ja.orderId)).toContain('純正ギー 1L');
    expect(await pdfText('slip', en.orderId)).toContain('Pure Ghee 1L');
  });

  it('an issued invoice keeps the Japanese name it was issued with after the office renames the product', async () => {
    const ja = await delivered('ja', productId);
    const renamed = await admin.put<Product>(
      `/api/products/${productId}`,
      productBody({
        name: 'Pure Ghee 1L',
        nameNe: 'शुद्ध घ्यू 1L',
        nameJa: 'ギー（純正）1L',
        sku: 'Btl',
        price: 1200,
      }),
    );
    expect(renamed.status).toBe(200);

    const text = await pdfText('invoice', ja.invoiceId);
    expect(text).toContain('純正ギー 1L');
    expect(text).not.toContain('ギー（純正）');

    // A credit note made after the rename names the line as its invoice billed it.
    const claim = await mutate<{ _id: string }>(ja.client, 'claims.create', {
      orderLineId: ja.lineId,
      quantity: 1,
      reason: '瓶が割れていた',
    });
    expect(claim.status).toBe(200);
    const decided = await mutate<{ creditNoteId: string }>(admin, 'claims.decide', {
      id: claim.data._id,
      approve: true,
    });
    expect(decided.status).toBe(200);
    const credit = await pdfText('creditNote', decided.data.creditNoteId);
    expect(credit).toContain('純正ギー 1L');
    expect(credit).not.toContain('Pure Ghee');

    // An order placed now is named by the new name.
    const later = await delivered('ja', productId);
    expect(await pdfText('invoice', later.invoiceId)).toContain('ギー（純正）1L');
  });

  it('a line whose product has no Japanese name prints its English name on a Japanese invoice', async () => {
    const plain = await admin.post<Product>(
      '/api/products',
      productBody({ name: 'Mustard Oil 1L', nameNe: null, nameJa: null, sku: 'Btl', price: 800 }),
    );
    const ja = await delivered('ja', plain.body._id);
    expect(await pdfText('invoice', ja.invoiceId)).toContain('Mustard Oil 1L');
  });
});
