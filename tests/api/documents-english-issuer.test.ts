import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { placeAndDeliver } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { pdfTextAt } from '../helpers/pdf';
import { mutate, query } from '../helpers/trpc';

// A restaurant that gets its documents in English reads the business's English name and
// address on them, where the office gave them in Business details (ADR 089); a restaurant
// reading Japanese still gets the legal name. An issued document keeps the name it was issued
// with when the setting changes later (ADR 049).

const LEGAL_NAME = '株式会社ヒマラヤ食品';
const ADDRESS = '東京都新宿区西新宿1-2-3';
const NAME_EN = 'Himalaya Foods Co., Ltd.';
const ADDRESS_EN = '1-2-3 Nishi-Shinjuku, Shinjuku-ku, Tokyo';
const BANK = {
  bankName: 'みずほ銀行',
  branchName: '新宿支店',
  accountType: 'ordinary',
  accountNumber: '1234567',
  accountHolder: 'カ)ヒマラヤショクヒン',
};

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let driverId = '';
let rice = '';
let date = '';

const pdfText = (path: string) => pdfTextAt(admin, path);
const joined = (text: string) => text.replace(/\s+/g, '');

/** A cash restaurant's order, delivered: its invoice's id. */
async function deliveredInvoice(
  language: 'en' | 'ja',
  tag: string,
  billingAddress: string | null = null,
): Promise<string> {
  const c = await makeCustomer(t.db, { restaurantName: `Restaurant ${tag}` });
  t.db.$client
    .prepare('UPDATE customer SET document_language = ?, billing_address = ? WHERE id = ?')
    .run(language, billingAddress, c.id);
  const cust = new ApiClient(t.url);
  await cust.login(c.username, c.password);
  const { delivered } = await placeAndDeliver(
    { admin, driver, driverId },
    cust,
    { orderItems: [{ product: rice, quantity: 1 }], deliveryDate: date },
    { cashTaken: 0 },
  );
  if (!delivered.order.invoice) throw new Error(`no invoice for ${tag}`);
  return delivered.order.invoice._id;
}

function saveBusiness(extra: { nameEn: string; addressEn: string }) {
  return mutate<{ nameEn: string; addressEn: string }>(admin, 'settings.updateBusiness', {
    legalName: LEGAL_NAME,
    address: ADDRESS,
    phone: '03-1234-5678',
    registrationNumber: 'T7000012050002',
    bank: BANK,
    ...extra,
  });
}

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' }).id;
  const adm = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  driverId = dr.id;
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
});
afterAll(() => t.close());

describe("the business's name in English", () => {
  it('is kept by the settings, trimmed, and blank when not given', async () => {
    const saved = await saveBusiness({ nameEn: `  ${NAME_EN} `, addressEn: ADDRESS_EN });
    expect(saved.status, JSON.stringify(saved)).toBe(200);
    expect(saved.data).toMatchObject({ nameEn: NAME_EN, addressEn: ADDRESS_EN });
    const read = await query<{ nameEn: string }>(admin, 'settings.business', undefined);
    expect(read.data.nameEn).toBe(NAME_EN);
  });

  it('an English invoice names the business in English; a Japanese one by its legal name', async () => {
    await saveBusiness({ nameEn: NAME_EN, addressEn: ADDRESS_EN });
    const english = await pdfText(
      `/api/documents/invoice/${await deliveredInvoice('en', 'en1')}.pdf`,
    );
    expect(joined(english)).toContain(joined(NAME_EN));
    expect(joined(english)).toContain(joined(ADDRESS_EN));
    expect(english).not.toContain(LEGAL_NAME);
    expect(english).toContain('T7000012050002');

    const japanese = await pdfText(
      `/api/documents/invoice/${await deliveredInvoice('ja', 'ja1')}.pdf`,
    );
    expect(japanese).toContain(LEGAL_NAME);
    expect(joined(japanese)).toContain(joined(ADDRESS));
    expect(joined(japanese)).not.toContain(joined(NAME_EN));
  });

  it('an English invoice issued before keeps its name when the setting changes', async () => {
    await saveBusiness({ nameEn: NAME_EN, addressEn: ADDRESS_EN });
    const before = await deliveredInvoice('en', 'en2');
    await saveBusiness({ nameEn: '', addressEn: '' });
    expect(joined(await pdfText(`/api/documents/invoice/${before}.pdf`))).toContain(
      joined(NAME_EN),
    );
    // Blank again: an English invoice issued now names the business by its legal name.
    const after = await pdfText(
      `/api/documents/invoice/${await deliveredInvoice('en', 'en3')}.pdf`,
    );
    expect(after).toContain(LEGAL_NAME);
    expect(joined(after)).not.toContain(joined(NAME_EN));
  });
});

describe('an address typed on lines', () => {
  it('is printed on those lines, the postal code on its own, for the business and the restaurant', async () => {
    const saved = await mutate<{ address: string }>(admin, 'settings.updateBusiness', {
      legalName: LEGAL_NAME,
      address: '〒160-0023\n東京都新宿区西新宿1-2-3\nヒマラヤビル4F',
      phone: '03-1234-5678',
      registrationNumber: 'T7000012050002',
      bank: BANK,
      nameEn: '',
      addressEn: '',
    });
    expect(saved.status, JSON.stringify(saved)).toBe(200);
    expect(saved.data.address).toBe('〒160-0023\n東京都新宿区西新宿1-2-3\nヒマラヤビル4F');
    const id = await deliveredInvoice('ja', 'lines', '〒150-0001\n東京都渋谷区神宮前5-6-7');
    const lines = (await pdfText(`/api/documents/invoice/${id}.pdf`)).split('\n');
    const lineOf = (text: string) => {
      const found = lines.find((l) => joined(l).includes(text));
      if (!found) throw new Error(`no line with ${text}`);
      return joined(found);
    };
    expect(lineOf('〒160-0023')).not.toContain('東京都新宿区');
    expect(lineOf('東京都新宿区西新宿1-2-3')).not.toContain('ヒマラヤビル');
    expect(lineOf('ヒマラヤビル4F')).not.toContain('〒160-0023');
    expect(lineOf('〒150-0001')).not.toContain('東京都渋谷区');
    expect(lineOf('東京都渋谷区神宮前5-6-7')).not.toContain('〒150-0001');
  });
});
