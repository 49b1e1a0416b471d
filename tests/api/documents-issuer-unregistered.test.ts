import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { placeAndDeliver } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { pdfTextAt } from '../helpers/pdf';
import { mutate } from '../helpers/trpc';

// A wholesaler whose name is long and that has no invoice registration number yet (ADR 089):
// its delivery slip and invoice PDFs, read back as text, carry its whole name and the whole
// name of a restaurant billed under a long company name, each on a second line rather than cut
// with "…", and no "登録番号:" left empty.

const LEGAL_NAME = '株式会社グローバルスパイス＆ハラール食材トレーディング・ジャパン東日本営業本部';
const BILLING_NAME =
  '株式会社バンコクスパイス・トレーディング・アンド・レストラン・マネジメント恵比寿';

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let cust: ApiClient;
let orderId = '';
let invoiceId = '';

const pdfText = (path: string) => pdfTextAt(admin, path);
/** The text without line breaks or spaces: a name set on two lines reads as one. */
const joined = (text: string) => text.replace(/\s+/g, '');

beforeAll(async () => {
  t = await startTestApp();
  const date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  const rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' });
  const c = await makeCustomer(t.db, { restaurantName: 'Bangkok Spice Ebisu' });
  t.db.$client.prepare('UPDATE customer SET billing_name = ? WHERE id = ?').run(BILLING_NAME, c.id);
  const adm = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  cust = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
  await cust.login(c.username, c.password);
  const saved = await mutate(admin, 'settings.updateBusiness', {
    legalName: LEGAL_NAME,
    address: '〒231-0023 神奈川県横浜市中区山下町123番地4 横浜国際食品卸売センタービル7階701号室',
    phone: '045-123-4567',
    registrationNumber: '',
    bank: {
      bankName: 'ゆうちょ銀行',
      branchName: '〇一八店',
      accountType: 'current',
      accountNumber: '7654321',
      accountHolder: 'カ)グローバルスパイス',
    },
  });
  expect(saved.status).toBe(200);
  const road = await placeAndDeliver(
    { admin, driver, driverId: dr.id },
    cust,
    { orderItems: [{ product: rice.id, quantity: 2 }], deliveryDate: date },
    { cashTaken: 0 },
  );
  orderId = road.orderId;
  if (!road.delivered.order.invoice) throw new Error('no invoice');
  invoiceId = road.delivered.order.invoice._id;
});
afterAll(() => t.close());

describe('a long-named business without a registration number', () => {
  it('the delivery slip carries both whole names and no empty registration number', async () => {
    const text = await pdfText(`/api/documents/slip/${orderId}.pdf`);
    expect(joined(text)).toContain(joined(LEGAL_NAME));
    expect(joined(text)).toContain(joined(`${BILLING_NAME} 御中`));
    expect(text).not.toContain('…');
    expect(text).not.toContain('登録番号');
  });

  it('so does the invoice, which still names the bank to pay to', async () => {
    const text = await pdfText(`/api/documents/invoice/${invoiceId}.pdf`);
    expect(joined(text)).toContain(joined(LEGAL_NAME));
    expect(joined(text)).toContain(joined(`${BILLING_NAME} 御中`));
    expect(text).not.toContain('…');
    expect(text).not.toContain('登録番号');
    expect(text).toContain('ゆうちょ銀行 〇一八店 当座 7654321');
  });
});
