import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadXlsx } from '../../server/reports/export';
import { deliveryCalendar } from '../../server/settings/settings';
import { en, ne } from '../../shared/locales';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeRoute } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// Consumption tax (ADR 031, DESIGN §7): rates per category and product, lines keeping their
// rate, tax per rate rounded once per order as the business chooses, tax-inclusive prices, and
// the business's and customers' details.

let t: TestApp;
let admin: ApiClient;
let cust: ApiClient;
let date = '';
let food = '';
let drinks = '';
let rice = '';
let beer = '';
let routeId = '';

type Err = { code: string; message: string; issues?: Record<string, string> };
type Product = { _id: string; taxRate: number; ownTaxRate: number | null };
type Order = {
  _id: string;
  totalPrice: number;
  net8: number;
  tax8: number;
  net10: number;
  tax10: number;
  orderItems: { name: string; total: number; taxRate: number }[];
};

async function trpc<T>(c: ApiClient, path: string, input?: unknown) {
  const r = await c.post<{ result?: { data: T }; error?: { data: { appCode: string } } }>(
    `/trpc/${path}`,
    input ?? {},
  );
  return { status: r.status, data: r.body.result?.data as T, code: r.body.error?.data.appCode };
}
async function trpcQuery<T>(c: ApiClient, path: string) {
  const r = await c.get<{ result?: { data: T }; error?: { data: { appCode: string } } }>(
    `/trpc/${path}`,
  );
  return { status: r.status, data: r.body.result?.data as T, code: r.body.error?.data.appCode };
}

const product = (name: string, category: string, price: number, taxRate?: unknown) => ({
  name,
  category,
  price,
  description: name,
  sku: 'Pcs',
  stockInCount: 1000,
  ...(taxRate === undefined ? {} : { taxRate }),
});

const place = (lines: [string, number][]) =>
  cust.post<Order>('/api/orders', {
    orderItems: lines.map(([id, quantity]) => ({ product: id, quantity })),
    deliveryDate: date,
  });

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  admin = new ApiClient(t.url);
  cust = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  await admin.login(a.username, a.password);
  routeId = makeRoute(t.db, 'Tax Route').id;
  const c = await makeCustomer(t.db, { routeId });
  await cust.login(c.username, c.password);
  food = (await admin.post<{ _id: string }>('/api/category', { name: 'Food' })).body._id;
  drinks = (await admin.post<{ _id: string }>('/api/category', { name: 'Alcohol', taxRate: 10 }))
    .body._id;
  rice = (await admin.post<Product>('/api/products', product('Rice', food, 1006))).body._id;
  beer = (await admin.post<Product>('/api/products', product('Beer', drinks, 1995))).body._id;
});
afterAll(() => t.close());

describe('rates of categories and products', () => {
  it("a category's rate is followed by its products that have none of their own", async () => {
    const cats = await admin.get<{ _id: string; taxRate: number }[]>('/api/category');
    expect(cats.body.find((c) => c._id === food)?.taxRate).toBe(8);
    expect(cats.body.find((c) => c._id === drinks)?.taxRate).toBe(10);
    const own = await admin.post<Product>('/api/products', product('Juice', drinks, 300, 8));
    expect(own.body).toMatchObject({ taxRate: 8, ownTaxRate: 8 });
    const follows = await admin.post<Product>('/api/products', product('Sake', drinks, 3000));
    expect(follows.body).toMatchObject({ taxRate: 10, ownTaxRate: null });

    // The category becomes 8%: the product without a rate follows, the one with its own stays.
    const moved = await admin.put<{ taxRate: number }>(`/api/category/${drinks}`, {
      name: 'Alcohol',
      taxRate: 8,
    });
    expect(moved.body.taxRate).toBe(8);
    expect((await admin.get<Product>(`/api/products/${follows.body._id}`)).body.taxRate).toBe(8);
    expect((await admin.get<Product>(`/api/products/${own.body._id}`)).body.taxRate).toBe(8);
    // Renaming without a rate keeps the rate.
    await admin.put(`/api/category/${drinks}`, { name: 'Alcohol', taxRate: 10 });
    await admin.put(`/api/category/${drinks}`, { name: 'Alcohol & Co' });
    const list = await admin.get<Product[]>('/api/products');
    const byId = new Map(list.body.map((p) => [p._id, p]));
    expect(byId.get(follows.body._id)?.taxRate).toBe(10);
    expect(byId.get(own.body._id)?.taxRate).toBe(8);
    expect(byId.get(beer)?.taxRate).toBe(10);
  });

  it('an unknown rate is refused with a clear message, in every language, and nothing changes', async () => {
    const before = (await admin.get<unknown[]>('/api/category')).body.length;
    const cat = await admin.post<Err>('/api/category', { name: 'Odd', taxRate: 5 });
    expect(cat.status).toBe(400);
    expect(cat.body.code).toBe('settings.unknownTaxRate');
    expect(cat.body.message).toBe(en.errors.settings.unknownTaxRate);
    expect(cat.body.message).toMatch(/8%.*10%/);
    expect(ne.errors.settings.unknownTaxRate).not.toBe(en.errors.settings.unknownTaxRate);
    expect((await admin.get<unknown[]>('/api/category')).body.length).toBe(before);

    const prod = await admin.post<Err>('/api/products', product('Odd', food, 100, 5));
    expect(prod.status).toBe(400);
    expect(prod.body.issues).toMatchObject({ taxRate: 'settings.unknownTaxRate' });
    const edit = await admin.put<Err>(`/api/products/${rice}`, product('Rice', food, 1006, 'abc'));
    expect(edit.body.code).toBe('settings.unknownTaxRate');
    expect((await admin.get<Product>(`/api/products/${rice}`)).body.taxRate).toBe(8);
  });
});

describe('tax of an order', () => {
  it('is computed per rate and rounded once per rate, as the business chooses', async () => {
    // Rice 1,006 at 8% (80.48) and Beer 1,995 at 10% (199.5).
    const expected = {
      down: { tax8: 80, tax10: 199 },
      halfUp: { tax8: 80, tax10: 200 },
      up: { tax8: 81, tax10: 200 },
    } as const;
    for (const [rounding, tax] of Object.entries(expected)) {
      const set = await trpc(admin, 'settings.updateTax', { basis: 'exclusive', rounding });
      expect(set.status, rounding).toBe(200);
      const r = await place([
        [rice, 1],
        [beer, 1],
      ]);
      expect(r.status, rounding).toBe(201);
      expect(r.body, rounding).toMatchObject({ net8: 1006, net10: 1995, ...tax });
      expect(r.body.totalPrice, rounding).toBe(1006 + 1995 + tax.tax8 + tax.tax10);
      expect(r.body.orderItems.map((l) => [l.name, l.taxRate])).toEqual([
        ['Rice', 8],
        ['Beer', 10],
      ]);
    }
  });

  it('rounds once per rate, not per line', async () => {
    await trpc(admin, 'settings.updateTax', { basis: 'exclusive', rounding: 'down' });
    // Three rice lines would each round 80.48 down to 80 (240); once: 3,018 x 8% = 241.44.
    const r = await place([[rice, 3]]);
    expect(r.body).toMatchObject({ net8: 3018, tax8: 241, net10: 0, tax10: 0, totalPrice: 3259 });
  });

  it('with tax-inclusive prices, the lines are what the customer pays and hold the tax', async () => {
    const set = await trpc<{ basis: string }>(admin, 'settings.updateTax', {
      basis: 'inclusive',
      rounding: 'down',
    });
    expect(set.data.basis).toBe('inclusive');
    // 1,006 x 8/108 = 74.51 -> 74; 1,995 x 10/110 = 181.36 -> 181.
    const r = await place([
      [rice, 1],
      [beer, 1],
    ]);
    expect(r.body).toMatchObject({ net8: 932, tax8: 74, net10: 1814, tax10: 181 });
    expect(r.body.totalPrice).toBe(1006 + 1995);
    // The customer's screens read the basis to estimate the same way.
    expect((await trpcQuery<{ basis: string }>(cust, 'settings.tax')).data.basis).toBe('inclusive');
    await trpc(admin, 'settings.updateTax', { basis: 'exclusive', rounding: 'down' });
  });

  it('a line keeps its rate after the product changes rate', async () => {
    const placed = await place([[rice, 2]]);
    expect(placed.body).toMatchObject({ net8: 2012, tax8: 160, totalPrice: 2172 });
    const changed = await admin.put<Product>(
      `/api/products/${rice}`,
      product('Rice', food, 1006, 10),
    );
    expect(changed.body.taxRate).toBe(10);

    const again = await cust.get<Order>(`/api/orders/${placed.body._id}`);
    expect(again.body.orderItems[0]?.taxRate).toBe(8);
    expect(again.body).toMatchObject({
      net8: 2012,
      tax8: 160,
      net10: 0,
      tax10: 0,
      totalPrice: 2172,
    });
    // A new order takes the new rate.
    const next = await place([[rice, 2]]);
    expect(next.body).toMatchObject({
      net8: 0,
      tax8: 0,
      net10: 2012,
      tax10: 201,
      totalPrice: 2213,
    });
    // Following the category again (null) brings it back to 8%.
    const back = await admin.put<Product>(
      `/api/products/${rice}`,
      product('Rice', food, 1006, null),
    );
    expect(back.body).toMatchObject({ taxRate: 8, ownTaxRate: null });
  });

  it('refuses an unknown rounding or basis and keeps the settings', async () => {
    const bad = await trpc(admin, 'settings.updateTax', {
      basis: 'exclusive',
      rounding: 'sideways',
    });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe('settings.unknownTaxRounding');
    expect((await trpcQuery<{ rounding: string }>(admin, 'settings.tax')).data.rounding).toBe(
      'down',
    );
    expect((await trpc(admin, 'settings.updateTax', { basis: 'net', rounding: 'down' })).code).toBe(
      'settings.unknownTaxBasis',
    );
    // Only the office changes them.
    expect(
      (await trpc(cust, 'settings.updateTax', { basis: 'inclusive', rounding: 'up' })).status,
    ).toBe(403);
  });
});

describe("the business's details", () => {
  const details = {
    legalName: '株式会社ヒマラヤ食品',
    address: '東京都新宿区西新宿1-1-1',
    phone: '03-1234-5678',
    bank: {
      bankName: 'みずほ銀行',
      branchName: '新宿支店',
      accountType: 'ordinary',
      accountNumber: '1234567',
      accountHolder: 'カ）ヒマラヤシヨクヒン',
    },
    registrationNumber: 't 7000-0120-50002',
  };

  it('keeps a valid registration number (normalised) with the bank account', async () => {
    const r = await trpc<typeof details>(admin, 'settings.updateBusiness', details);
    expect(r.status).toBe(200);
    // Sent without a name in English, it has none (English documents print the legal name).
    expect(r.data).toEqual({
      ...details,
      nameEn: '',
      addressEn: '',
      registrationNumber: 'T7000012050002',
    });
    const read = await trpcQuery<typeof details>(admin, 'settings.business');
    expect(read.data.registrationNumber).toBe('T7000012050002');
    expect(read.data.bank.accountHolder).toBe('カ）ヒマラヤシヨクヒン');
  });

  it('reads an account number typed in full-width digits or with a dash, and a number without its T', async () => {
    const r = await trpc<typeof details>(admin, 'settings.updateBusiness', {
      ...details,
      bank: { ...details.bank, accountNumber: '１２３－４５６７' },
      registrationNumber: '７０００－０１２０－５０００２',
    });
    expect(r.status).toBe(200);
    expect(r.data.bank.accountNumber).toBe('1234567');
    expect(r.data.registrationNumber).toBe('T7000012050002');
    const letters = await trpc(admin, 'settings.updateBusiness', {
      ...details,
      bank: { ...details.bank, accountNumber: '12a4567' },
    });
    expect(letters.code).toBe('settings.bankAccountNumber');
    const read = await trpcQuery<typeof details>(admin, 'settings.business');
    expect(read.data.bank.accountNumber).toBe('1234567');
  });

  it('refuses a wrong registration number with a clear message and changes nothing', async () => {
    const wrongDigit = await admin.post<{ error: { data: { appCode: string }; message: string } }>(
      '/trpc/settings.updateBusiness',
      { ...details, legalName: 'Changed', registrationNumber: 'T7000012050003' },
    );
    expect(wrongDigit.status).toBe(400);
    expect(wrongDigit.body.error.data.appCode).toBe('settings.registrationCheckDigit');
    expect(wrongDigit.body.error.message).toMatch(/check digit/);
    const short = await trpc(admin, 'settings.updateBusiness', {
      ...details,
      registrationNumber: 'T70000120500',
    });
    expect(short.code).toBe('settings.registrationFormat');
    const read = await trpcQuery<typeof details>(admin, 'settings.business');
    expect(read.data).toMatchObject({
      legalName: details.legalName,
      registrationNumber: 'T7000012050002',
    });
    expect((await trpcQuery(cust, 'settings.business')).status).toBe(403);
  });

  it('an empty form is refused and blanks nothing: every invoice names its issuer', async () => {
    const empty = await trpc(admin, 'settings.updateBusiness', {});
    expect(empty.status).toBe(400);
    expect(empty.code).toBe('settings.legalNameRequired');
    const blankName = await trpc(admin, 'settings.updateBusiness', { ...details, legalName: '  ' });
    expect(blankName.code).toBe('settings.legalNameRequired');
    const read = await trpcQuery<typeof details>(admin, 'settings.business');
    expect(read.data.legalName).toBe(details.legalName);
    expect(read.data.registrationNumber).toBe('T7000012050002');
  });
});

describe("a customer's billing details", () => {
  const form = (over: Record<string, unknown> = {}) => ({
    restaurantName: 'Sakura Curry',
    phoneNumber: '090-1111-2222',
    customerCode: `SK${Math.random().toString(36).slice(2, 8)}`,
    paymentMethod: 'monthly',
    paymentDate: '10',
    deliveryDays: ['Monday'],
    route: routeId,
    billingName: '株式会社さくら',
    billingAddress: '東京都渋谷区1-2-3',
    email: 'office@sakura.example.jp',
    closingDay: 31,
    documentLanguage: 'en',
    ...over,
  });

  it('keeps billing name, address, e-mail, closing day and document language', async () => {
    const r = await admin.post<Record<string, unknown>>('/api/customer', form());
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      billingName: '株式会社さくら',
      billingAddress: '東京都渋谷区1-2-3',
      email: 'office@sakura.example.jp',
      closingDay: 31,
      documentLanguage: 'en',
    });
    const id = r.body._id as string;
    const edit = await admin.put<Record<string, unknown>>(
      `/api/customer/${id}`,
      form({
        customerCode: r.body.customerCode,
        closingDay: '20',
        documentLanguage: 'ja',
        email: '',
      }),
    );
    expect(edit.body).toMatchObject({ closingDay: 20, documentLanguage: 'ja', email: null });
  });

  it('refuses a closing day out of the month, a bad e-mail and an unknown language', async () => {
    const r = await admin.post<Err>(
      '/api/customer',
      form({ closingDay: 32, email: 'not-mail', documentLanguage: 'fr' }),
    );
    expect(r.status).toBe(400);
    expect(r.body.issues).toMatchObject({
      closingDay: 'customer.badClosingDay',
      email: 'customer.badEmail',
      documentLanguage: 'customer.badDocumentLanguage',
    });
  });
});

describe('the monthly tax summary', () => {
  it('sums issued invoices per rate minus credit notes, month by month, on screen and in xlsx', async () => {
    const c = await makeCustomer(t.db, { routeId });
    const sqlite = t.db.$client;
    const invoice = (
      id: string,
      issue: string,
      n8: number,
      t8: number,
      n10: number,
      t10: number,
      cancelled = false,
    ) =>
      sqlite
        .prepare(
          `INSERT INTO invoice (id, customer_id, amount, paid_amount, note, kind, number, issue_date,
             net8, tax8, net10, tax10, cancelled_at)
           VALUES (?, ?, ?, 0, '', 'closing', ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          c.id,
          n8 + t8 + n10 + t10,
          `INV-${id}`,
          issue,
          n8,
          t8,
          n10,
          t10,
          cancelled ? `${issue}T09:00:00Z` : null,
        );
    invoice('s1', '2025-01-31', 10000, 800, 2000, 200);
    invoice('s2', '2025-01-15', 5000, 400, 0, 0);
    // Cancelled the day it was issued: counted issued and cancelled in January, netting to zero.
    invoice('s3', '2025-01-20', 9999, 799, 0, 0, true);
    invoice('s4', '2025-02-28', 1000, 80, 1000, 100);
    invoice('s5', '2024-12-31', 7000, 560, 0, 0); // outside the period
    // A hand-made invoice of February, typed before it had an issue date: ¥3,300 with 10 %
    // tax included (ADR 046), counted in the month it was typed.
    sqlite
      .prepare(
        `INSERT INTO invoice (id, customer_id, amount, paid_amount, note, created_at, net10, tax10)
         VALUES ('m1', ?, 3300, 0, '', '2025-02-10T03:00:00.000Z', 3000, 300)`,
      )
      .run(c.id);
    sqlite
      .prepare(
        `INSERT INTO credit_note (id, number, customer_id, issue_date, reason, net8, tax8, total)
         VALUES ('cn1', 'CN-1', ?, '2025-02-05', 'damaged', 500, 40, 540)`,
      )
      .run(c.id);

    const r = await admin.get<{
      result: {
        data: { months: Record<string, number | string>[]; totals: Record<string, number> };
      };
    }>(
      `/trpc/reports.taxSummary?input=${encodeURIComponent(JSON.stringify({ from: '2025-01', to: '2025-03' }))}`,
    );
    const s = r.body.result.data;
    expect(s.months).toEqual([
      {
        month: '2025-01',
        invoices: 3,
        cancelledInvoices: 1,
        creditNotes: 0,
        net8: 15000,
        tax8: 1200,
        net10: 2000,
        tax10: 200,
        cancellations: 9999 + 799,
        credits: 0,
        total: 18400,
      },
      {
        month: '2025-02',
        invoices: 2,
        cancelledInvoices: 0,
        creditNotes: 1,
        net8: 500,
        tax8: 40,
        net10: 4000,
        tax10: 400,
        cancellations: 0,
        credits: 540,
        total: 4940,
      },
      {
        month: '2025-03',
        invoices: 0,
        cancelledInvoices: 0,
        creditNotes: 0,
        net8: 0,
        tax8: 0,
        net10: 0,
        tax10: 0,
        cancellations: 0,
        credits: 0,
        total: 0,
      },
    ]);
    expect(s.totals).toMatchObject({
      net8: 15500,
      tax8: 1240,
      net10: 6000,
      tax10: 600,
      total: 23340,
    });

    const reversed = await admin.get<{ error: { data: { appCode: string } } }>(
      `/trpc/reports.taxSummary?input=${encodeURIComponent(JSON.stringify({ from: '2025-03', to: '2025-01' }))}`,
    );
    expect(reversed.body.error.data.appCode).toBe('settings.periodReversed');

    const file = await fetch(`${t.url}/api/data/tax-summary?from=2025-01&to=2025-03`, {
      headers: { cookie: admin.cookie ?? '' },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('tax-summary-2025-01-2025-03.xlsx');
    const XLSX = await loadXlsx();
    const wb = XLSX.read(Buffer.from(await file.arrayBuffer()), { type: 'buffer' });
    const sheet = wb.Sheets['Tax summary'] as Record<string, { v: unknown }>;
    // Month, invoices issued, cancelled, credit notes, then the figures per rate, the
    // cancellations and credit notes subtracted, and the total.
    expect(
      ['A2', 'B2', 'C2', 'D2', 'E2', 'F2', 'G2', 'H2', 'I2', 'J2'].map((c) => sheet[c]?.v),
    ).toEqual(['2025-01', 3, 1, 0, 15000, 1200, 2000, 200, 10798, 0]);
    expect([sheet.A5?.v, sheet.K5?.v]).toEqual(['Total', 23340]);
    const bad = await fetch(`${t.url}/api/data/tax-summary?from=2025-13&to=2025-01`, {
      headers: { cookie: admin.cookie ?? '' },
    });
    expect(bad.status).toBe(400);
    expect((await cust.get('/api/data/tax-summary?from=2025-01&to=2025-01')).status).toBe(403);
  });
});
