import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupChecklistOut, SetupStep } from '../../shared/schemas/setup';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCategory,
  makeCustomer,
  makeEmployee,
  makeProduct,
  makeRoute,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// The office's first-day checklist (ADR 057) on an empty database: every step starts undone and
// is ticked by the data it asks for, read through the door the home screen uses.

let t: TestApp;
let office: ApiClient;

const read = async (c: ApiClient = office) => query<SetupChecklistOut>(c, 'settings.setup');
const doneOf = (r: SetupChecklistOut) =>
  Object.fromEntries(r.steps.map((s) => [s.key, s.done])) as Record<SetupStep, boolean>;

beforeAll(async () => {
  t = await startTestApp();
  const admin = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
});
afterAll(() => t.close());

describe('the setup checklist', () => {
  it('starts with every step undone on an empty database, e-mail optional', async () => {
    const r = await read();
    expect(r.status).toBe(200);
    expect(r.data.steps.map((s) => s.key)).toEqual([
      'business',
      'registrationNumber',
      'bankAccount',
      'tax',
      'category',
      'product',
      'route',
      'driver',
      'customerLogin',
      'mail',
    ]);
    expect(r.data.steps.every((s) => !s.done)).toBe(true);
    expect(r.data.steps.filter((s) => s.optional).map((s) => s.key)).toEqual(['mail']);
    expect(r.data.products).toEqual({ total: 0, orderable: 0 });
    expect(r.data.complete).toBe(false);
  });

  it('ticks the business details, T-number, bank account and tax once saved', async () => {
    const partial = await mutate(office, 'settings.updateBusiness', {
      legalName: '株式会社ヒマラヤ食品',
      address: '東京都新宿区西新宿1-1-1',
      phone: '03-1234-5678',
      bank: {
        bankName: '',
        branchName: '',
        accountType: 'ordinary',
        accountNumber: '',
        accountHolder: '',
      },
      registrationNumber: '',
    });
    expect(partial.status).toBe(200);
    let done = doneOf((await read()).data);
    expect(done).toMatchObject({
      business: true,
      registrationNumber: false,
      bankAccount: false,
      // Saving the business details below the tax settings counts as having looked at them.
      tax: true,
    });

    await mutate(office, 'settings.updateBusiness', {
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
      registrationNumber: 'T7000012050002',
    });
    done = doneOf((await read()).data);
    expect(done).toMatchObject({ registrationNumber: true, bankAccount: true });
  });

  it('asks for a product customers can order: one counted with no stock does not do', async () => {
    makeCategory(t.db);
    makeProduct(t.db, { itemCount: 'Count', stockInCount: 0 });
    let r = (await read()).data;
    expect(doneOf(r)).toMatchObject({ category: true, product: false });
    expect(r.products).toEqual({ total: 1, orderable: 0 });

    makeProduct(t.db, { itemCount: 'Not Count', stockInCount: 0 });
    r = (await read()).data;
    expect(doneOf(r).product).toBe(true);
    expect(r.products).toEqual({ total: 2, orderable: 1 });
  });

  it('is complete with a route, a driver and a customer with a login, without e-mail', async () => {
    makeRoute(t.db);
    await makeEmployee(t.db, 'manager');
    // A manager is not a driver; a customer without a login cannot order from its phone.
    t.db.$client
      .prepare(
        `INSERT INTO customer (id, restaurant_name, phone_number, customer_code, payment_method)
         VALUES ('no-login', 'Phone Only', '312345678', 'NOLOGIN', 'cash')`,
      )
      .run();
    let r = (await read()).data;
    expect(doneOf(r)).toMatchObject({ route: true, driver: false, customerLogin: false });
    expect(r.complete).toBe(false);

    await makeEmployee(t.db, 'driver');
    await makeCustomer(t.db);
    r = (await read()).data;
    expect(doneOf(r)).toMatchObject({ driver: true, customerLogin: true, mail: false });
    expect(r.complete).toBe(true);
  });

  it('says e-mail is set up when an SMTP server is configured', async () => {
    const other = await startTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      const admin = await makeAdmin(other.db);
      const c = new ApiClient(other.url);
      await c.login(admin.username, admin.password);
      const r = (await read(c)).data;
      expect(doneOf(r).mail).toBe(true);
      expect(r.complete).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('is for the office only', async () => {
    expect((await read(new ApiClient(t.url))).status).toBe(401);
    const c = await makeCustomer(t.db);
    const customer = new ApiClient(t.url);
    await customer.login(c.username, c.password);
    expect((await read(customer)).status).toBe(403);
    const d = await makeEmployee(t.db, 'driver');
    const driver = new ApiClient(t.url);
    await driver.login(d.username, d.password);
    expect((await read(driver)).status).toBe(403);
  });
});
