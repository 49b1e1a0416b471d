import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { placeAndDeliver } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// Nepali typed by a restaurant or a driver prints on the documents (it printed as empty boxes:
// the Japanese font has no Devanagari). Read back as an accountant's tools read a PDF: the text
// with poppler's pdftotext, the embedded fonts with pdffonts.

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let driverId = '';
let date = '';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'documents-devanagari-'));
const p: Record<string, { id: string }> = {};

/** Written as a restaurant owner writes it: conjuncts, a vowel sign before its letter, a comma. */
const REASON = 'बोरा च्यातिएको थियो, चामल पोखियो। कृपया फिर्ता गर्नुहोस्';
const BILLING_NAME = 'हिमालय किचन प्रा. लि.';

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  p.rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' });
  const adm = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  driverId = dr.id;
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  return t.close();
});

/** A customer whose order of rice was delivered (its cash invoice issued, not paid). */
async function deliveredCustomer(restaurantName: string) {
  const made = await makeCustomer(t.db, { restaurantName });
  const c = new ApiClient(t.url);
  await c.login(made.username, made.password);
  const { orderId, pending: job } = await placeAndDeliver({ admin, driver, driverId }, c, {
    orderItems: [{ product: p.rice!.id, quantity: 2 }],
    deliveryDate: date,
  });
  const invoiceId = String(
    t.db.$client.prepare('SELECT invoice_id FROM customer_order WHERE id = ?').pluck().get(orderId),
  );
  return { id: made.id, client: c, lineId: job.order.orderItems[0]!._id, invoiceId };
}

/** A document's PDF, saved; its text (pdftotext) and its fonts (pdffonts). */
async function readBack(kind: string, id: string): Promise<{ text: string; fonts: string }> {
  const res = await fetch(`${t.url}/api/documents/${kind}/${id}.pdf`, {
    headers: admin.cookie ? { cookie: admin.cookie } : {},
  });
  expect(res.status).toBe(200);
  const file = path.join(dir, `${kind}-${id}.pdf`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return {
    text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }),
    fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }),
  };
}

describe('Nepali on the documents', () => {
  it("a claim's Nepali reason prints on its credit note, with a Devanagari font subset embedded", async () => {
    const c = await deliveredCustomer('Himalaya Kitchen');
    const claim = await mutate<{ _id: string }>(c.client, 'claims.create', {
      orderLineId: c.lineId,
      quantity: 1,
      reason: REASON,
    });
    expect(claim.status).toBe(200);
    const decided = await mutate<{ creditNoteId: string }>(admin, 'claims.decide', {
      id: claim.data._id,
      approve: true,
    });
    expect(decided.status).toBe(200);
    const { text, fonts } = await readBack('creditNote', decided.data.creditNoteId);
    expect(text).toContain(`理由: ${REASON}`);
    // Subset-embedded (the six-letter tag before the name), beside the Japanese font.
    expect(fonts).toMatch(
      /[A-Z]{6}\+NotoSansDevanagari-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/,
    );
    expect(fonts).toMatch(/[A-Z]{6}\+NotoSansJP-Regular/);
  });

  it("a billing name and address typed in Devanagari print on the customer's documents", async () => {
    const made = await makeCustomer(t.db, { restaurantName: 'Everest Momo' });
    t.db.$client
      .prepare('UPDATE customer SET billing_name = ?, billing_address = ? WHERE id = ?')
      .run(BILLING_NAME, '東京都新宿区大久保1-2-3 एभरेस्ट भवन, २ तल्ला', made.id);
    const c = new ApiClient(t.url);
    await c.login(made.username, made.password);
    const placed = await c.post<{ _id: string }>('/api/orders', {
      orderItems: [{ product: p.rice!.id, quantity: 1 }],
      deliveryDate: date,
    });
    expect(placed.status).toBe(201);
    await mutate(admin, 'orders.dispatch', { id: placed.body._id, driverId });
    const jobs = await query<{ _id: string; order: { _id: string } }[]>(
      driver,
      'ordertrack.driverPending',
      { driverId, keyword: '' },
    );
    const job = jobs.data.find((j) => j.order?._id === placed.body._id);
    expect((await mutate(driver, 'ordertrack.deliver', { id: job?._id })).status).toBe(200);
    const invoiceId = String(
      t.db.$client
        .prepare('SELECT invoice_id FROM customer_order WHERE id = ?')
        .pluck()
        .get(placed.body._id),
    );
    const { text, fonts } = await readBack('invoice', invoiceId);
    expect(text).toContain(BILLING_NAME);
    expect(text).toContain('एभरेस्ट भवन');
    expect(text).toContain('२ तल्ला');
    // The name is printed bold: the bold Devanagari subset is embedded for it.
    expect(fonts).toMatch(/\+NotoSansDevanagari-Bold/);
    expect(fonts).toMatch(/\+NotoSansDevanagari-Regular/);
  });

  it('a document with only Japanese embeds no Devanagari font', async () => {
    const c = await deliveredCustomer('さくら食堂');
    const { text, fonts } = await readBack('invoice', c.invoiceId);
    expect(text).toContain('さくら食堂');
    expect(fonts).not.toMatch(/Devanagari/);
    expect(fonts).toMatch(/\+NotoSansJP-Regular/);
  });
});
