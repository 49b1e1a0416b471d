import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../../drizzle/schema';
import { newId } from '../../server/platform/ids';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertDeliveredOrder } from '../helpers/deliveries';
import {
  makeAdmin,
  makeCustomer,
  makeEmployee,
  makeInvoice,
  makeProduct,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { query } from '../helpers/trpc';

// Search boxes as people type into them (ADR 113): full-width letters and digits from a Japanese
// input method, a code without its zeros, an invoice number typed short, a phone number with or
// without dashes, kana for a name, an order number on the driver's phone; and text with no letter
// (%, _, an emoji) finds nothing rather than everything, and never fails.

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let driverId = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  const a = await makeAdmin(t.db);
  admin = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  const d = await makeEmployee(t.db, 'driver');
  driverId = d.id;
  driver = new ApiClient(t.url);
  await driver.login(d.username, d.password);
  const names: [string, string, string, string][] = [
    ['Sagarmatha Momo Bar', 'C007', 'サガルマタ モモバー', '9036382343'],
    ['Namaste Curry House', 'C002', 'ナマステカレーハウス', '352237494'],
    ['Lumbini Curry & Naan', 'C015', 'ルンビニ', '366260034'],
  ];
  for (const [restaurantName, code, billingName, mobile] of names) {
    const c = await makeCustomer(t.db, { restaurantName });
    t.db
      .update(customer)
      .set({ customerCode: code, billingName, mobileNumber: mobile })
      .where(eq(customer.id, c.id))
      .run();
    ids[code] = c.id;
  }
  // A paid invoice INV-000079 of Namaste's, and another numbered ...179.
  for (const [n, code] of [
    [79, 'C002'],
    [179, 'C007'],
  ] as const) {
    const inv = makeInvoice(t.db, {
      customerId: ids[code] as string,
      amount: 5000,
      paidAmount: 5000,
    });
    t.db.$client
      .prepare('UPDATE invoice SET number = ? WHERE id = ?')
      .run(`INV-${String(n).padStart(6, '0')}`, inv.id);
  }
  // A job the driver delivered to Namaste, order #1 of this database.
  const rice = makeProduct(t.db, { name: 'Rice' });
  const orderId = insertDeliveredOrder(t.db, {
    customerId: ids.C002 as string,
    productId: rice.id,
    day: '2026-11-20',
  });
  t.db.$client
    .prepare(
      `INSERT INTO delivery_job (id, serial_no, customer_id, restaurant_name, order_id, delivered_by,
         is_delivered, delivered_at) VALUES (?, 1, ?, 'Namaste Curry House', ?, ?, 1, ?)`,
    )
    .run(newId(), ids.C002, orderId, driverId, '2026-11-20T03:00:00.000Z');
});
afterAll(() => t.close());

type Pick = { customers: { customerCode: string }[] };
type Rows = {
  rows: { customerCode?: string; number?: string | null; invoiceNumber?: string | null }[];
};
const pick = async (q: string) => {
  const r = await query<Pick>(admin, 'customers.pick', { q });
  expect(r.status).toBe(200);
  return r.data.customers.map((c) => c.customerCode);
};
const list = async (path: string, search: string) => {
  const r = await query<Rows>(admin, path, { search });
  expect(r.status).toBe(200);
  return r.data.rows;
};

describe('a customer typed the way the office types', () => {
  it('finds a code without its leading zeros, in either case or width', async () => {
    for (const typed of ['c7', 'C7', 'Ｃ７', 'ｃ００７', 'C007'])
      expect(await pick(typed)).toEqual(['C007']);
    for (const typed of ['c7', 'Ｃ７']) {
      expect((await list('lists.customers', typed)).map((r) => r.customerCode)).toEqual(['C007']);
    }
  });

  it("finds them on the customers screen's cards as well", async () => {
    for (const [typed, code] of [
      ['c7', 'C007'],
      ['Ｃ７', 'C007'],
      ['０９０ー３６３８', 'C007'],
      ['ＮＡＭＡＳＴＥ', 'C002'],
    ]) {
      const r = await query<{ customerCode: string }[]>(admin, 'customers.list', {
        kind: 'all',
        keyword: typed,
      });
      expect(r.status, typed).toBe(200);
      expect(
        r.data.map((c) => c.customerCode),
        typed,
      ).toEqual([code]);
    }
  });

  it('finds a phone number with or without dashes, in full-width digits', async () => {
    for (const typed of ['090-3638-2343', '09036382343', '０９０ー３６３８', '０９０－３６３８']) {
      expect(await pick(typed)).toEqual(['C007']);
      expect((await list('lists.customers', typed)).map((r) => r.customerCode)).toEqual(['C007']);
    }
  });

  it('finds a name by its kana reading in the list as in the picker', async () => {
    for (const typed of ['ﾅﾏｽﾃ', 'なますて', 'ＮＡＭＡＳＴＥ']) {
      expect((await list('lists.customers', typed)).map((r) => r.customerCode)).toEqual(['C002']);
    }
  });
});

describe('an invoice number typed short', () => {
  it('finds INV-000079 from inv79, INV 79, full-width ＩＮＶ－０００７９', async () => {
    for (const typed of ['INV79', 'inv 79', 'ＩＮＶ－０００７９', 'ｉｎｖ７９', 'inv-000079']) {
      expect((await list('lists.invoices', typed)).map((r) => r.number)).toEqual(['INV-000079']);
      const done = await query<{ invoices: { number: string }[] }>(admin, 'invoices.completed', {
        keyword: typed,
        pageNumber: 1,
      });
      expect(done.status).toBe(200);
      expect(done.data.invoices.map((i) => i.number)).toEqual(['INV-000079']);
    }
  });
});

describe("a driver's delivered orders", () => {
  it('are found by order number, with or without #, and by a name typed full-width or in kana', async () => {
    for (const typed of ['1', '#1', '＃１', 'ＮＡＭＡＳＴＥ', 'ナマステ']) {
      const r = await query<{ total: number }>(driver, 'ordertrack.driverDelivered', {
        driverId,
        keyword: typed,
        pageNumber: 1,
      });
      expect(r.status, typed).toBe(200);
      expect(r.data.total, typed).toBe(1);
    }
  });
});

describe('text with no letter or digit', () => {
  it('finds nothing, not everything, and never fails', async () => {
    for (const typed of ['%', '_', '\\', "'", '"', '😀', '%_%']) {
      expect(await pick(typed), typed).toEqual([]);
      expect(await list('lists.customers', typed), typed).toEqual([]);
      expect(await list('lists.invoices', typed), typed).toEqual([]);
      const products = await query<{ ids: string[] }>(admin, 'products.search', { q: typed });
      expect(products.status, typed).toBe(200);
      expect(products.data.ids, typed).toEqual([]);
    }
    expect(await pick('&')).toEqual(['C015']);
    expect(await pick('x'.repeat(100))).toEqual([]);
  });
});
