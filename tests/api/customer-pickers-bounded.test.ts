import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../../drizzle/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { query } from '../helpers/trpc';

// The office's remaining pickers (ADR 094): the invoice form, the closing run's one customer,
// a delivery job and an order placed for a customer search on the server (`customers.pick`)
// instead of carrying every customer in their screens' `formOptions`. At 60 restaurants here,
// a picker answers 20 and the form options answer none.

let t: TestApp;
let admin: ApiClient;
const ids: Record<string, string> = {};
type Pick = {
  customers: {
    _id: string;
    restaurantName: string;
    customerCode: string;
    closingDay?: number | null;
  }[];
  more: boolean;
};

beforeAll(async () => {
  t = await startTestApp();
  const a = await makeAdmin(t.db);
  admin = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  for (let i = 1; i <= 60; i++) {
    const c = await makeCustomer(t.db, {
      restaurantName: `Namaste Kitchen ${String(i).padStart(2, '0')}`,
      paymentMethod: i % 2 ? 'monthly' : 'cash',
    });
    ids[`n${i}`] = c.id;
  }
  // Monthly, closing on the 20th; and one closing at the month's end.
  t.db
    .update(customer)
    .set({ closingDay: 20 })
    .where(eq(customer.id, ids.n1 ?? ''))
    .run();
  const sakura = await makeCustomer(t.db, {
    restaurantName: 'Sakura Shokudo',
    paymentMethod: 'monthly',
  });
  ids.sakura = sakura.id;
  const cash = await makeCustomer(t.db, {
    restaurantName: 'Sakura Cash Bar',
    paymentMethod: 'cash',
  });
  ids.cash = cash.id;
});
afterAll(() => t.close());

describe('the form options carry no customers', () => {
  it("the invoice form's, the closing's and the export's options: collectors and routes only", async () => {
    const r = await query<Record<string, unknown>>(admin, 'invoices.formOptions');
    expect(r.status).toBe(200);
    expect(Object.keys(r.data).sort()).toEqual(['collectors', 'routes']);
  });

  it("the job form's, placing an order's and dispatching's options: drivers and routes only", async () => {
    const r = await query<Record<string, unknown>>(admin, 'ordertrack.formOptions');
    expect(r.status).toBe(200);
    expect(Object.keys(r.data).sort()).toEqual(['drivers', 'routes']);
  });
});

describe("the closing run's one customer: customers.pick with monthly", () => {
  it('offers only customers billed monthly, each with its closing day', async () => {
    const r = await query<Pick>(admin, 'customers.pick', { q: 'sakura', monthly: true });
    expect(r.status).toBe(200);
    expect(r.data.customers.map((c) => c._id)).toEqual([ids.sakura]);
    expect(r.data.customers[0]?.closingDay).toBeNull();
    const twentieth = await query<Pick>(admin, 'customers.pick', {
      q: 'Namaste Kitchen 01',
      monthly: true,
    });
    expect(twentieth.data.customers[0]).toMatchObject({ _id: ids.n1, closingDay: 20 });
  });

  it('answers 20 of the 31 monthly customers, saying more match; never a cash one', async () => {
    const r = await query<Pick>(admin, 'customers.pick', { q: '', monthly: true });
    expect(r.data.customers).toHaveLength(20);
    expect(r.data.more).toBe(true);
    const cash = new Set([
      ids.cash,
      ...Object.entries(ids)
        .filter(([k]) => /^n\d+$/.test(k) && Number(k.slice(1)) % 2 === 0)
        .map(([, v]) => v),
    ]);
    expect(r.data.customers.filter((c) => cash.has(c._id))).toEqual([]);
  });

  it('without monthly, every kind of customer, and no closing day', async () => {
    const r = await query<Pick>(admin, 'customers.pick', { q: 'sakura' });
    expect(r.data.customers.map((c) => c.restaurantName)).toEqual([
      'Sakura Cash Bar',
      'Sakura Shokudo',
    ]);
    expect(r.data.customers.every((c) => !('closingDay' in c))).toBe(true);
  });
});
