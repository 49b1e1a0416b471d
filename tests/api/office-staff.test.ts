import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, ja, ne } from '../../shared/locales';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCategory,
  makeCustomer,
  makeEmployee,
  makeRoute,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';

let t: TestApp;
let admin: ApiClient;
let manager: ApiClient;
let driver: ApiClient;
let cust: ApiClient;
let anon: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = new ApiClient(t.url);
  manager = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  cust = new ApiClient(t.url);
  anon = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  await admin.login(a.username, a.password);
  const m = await makeEmployee(t.db, 'manager');
  await manager.login(m.username, m.password);
  const d = await makeEmployee(t.db, 'driver');
  await driver.login(d.username, d.password);
  const c = await makeCustomer(t.db);
  await cust.login(c.username, c.password);
});
afterAll(() => t.close());

type Err = { code: string; params?: Record<string, unknown>; issues?: Record<string, string> };
const employee = (over: Record<string, unknown> = {}) => ({
  name: 'Hari Driver',
  username: `hari${Math.random().toString(36).slice(2, 7)}`,
  phoneNumber: '08011112222',
  password: 'driver-pass-1',
  role: 'driver',
  ...over,
});

describe('/api/employee', () => {
  it('a manager adds, edits and deletes a driver; passwords never come back', async () => {
    const r = await manager.post<{ _id: string; phoneNumber: string }>('/api/employee', employee());
    expect(r.status).toBe(201);
    expect(r.body.phoneNumber).toBe('8011112222');
    expect(JSON.stringify(r.body)).not.toMatch(/pass/i);
    const list = await manager.get<{ _id: string }[]>('/api/employee');
    expect(JSON.stringify(list.body)).not.toMatch(/password|hash/i);
    expect(list.body.map((e) => e._id)).toContain(r.body._id);
    const upd = await manager.put(
      `/api/employee/${r.body._id}`,
      employee({ name: 'Hari', password: '' }),
    );
    expect(upd.status).toBe(200);
    expect((await manager.delete(`/api/employee/${r.body._id}`)).status).toBe(200);
    expect((await manager.delete(`/api/employee/${r.body._id}`)).status).toBe(404);
  });

  it('only an admin creates, changes or deletes a manager (a manager gets 403)', async () => {
    const denied = await manager.post<Err>('/api/employee', employee({ role: 'manager' }));
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('employee.managerAdminOnly');
    const made = await admin.post<{ _id: string }>('/api/employee', employee({ role: 'manager' }));
    expect(made.status).toBe(201);
    expect(
      (await manager.put(`/api/employee/${made.body._id}`, employee({ role: 'manager' }))).status,
    ).toBe(403);
    expect((await manager.delete(`/api/employee/${made.body._id}`)).status).toBe(403);
    // Nor may a manager promote a driver.
    const drv = await manager.post<{ _id: string }>('/api/employee', employee());
    expect(
      (await manager.put(`/api/employee/${drv.body._id}`, employee({ role: 'manager' }))).status,
    ).toBe(403);
    expect((await admin.delete(`/api/employee/${made.body._id}`)).status).toBe(200);
  });

  it("validates with the spec's messages and refuses a username any account uses (409)", async () => {
    const r = await admin.post<Err>('/api/employee', {
      name: '',
      username: '',
      phoneNumber: '',
      password: '',
    });
    expect(r.status).toBe(400);
    expect(r.body.issues).toMatchObject({
      name: 'common.required',
      username: 'common.required',
      phoneNumber: 'common.required',
      password: 'common.required',
      role: 'employee.roleRequired',
    });
    const c = await makeCustomer(t.db);
    const dup = await admin.post<Err>('/api/employee', employee({ username: c.username }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      code: 'employee.usernameTaken',
      params: { field: 'username' },
    });
  });

  it("a new password ends that account's sessions", async () => {
    const e = employee();
    const made = await admin.post<{ _id: string }>('/api/employee', e);
    const phone = new ApiClient(t.url);
    await phone.login(e.username, e.password);
    expect((await phone.get('/api/users/profile')).status).toBe(200);
    await admin.put(`/api/employee/${made.body._id}`, { ...e, password: 'another-pass-2' });
    expect((await phone.get('/api/users/profile')).status).toBe(401);
  });

  it('is for staff only', async () => {
    expect((await anon.get('/api/employee')).status).toBe(401);
    expect((await driver.get('/api/employee')).status).toBe(403);
    expect((await cust.post('/api/employee', employee())).status).toBe(403);
  });
});

describe('CSV import', () => {
  const call = (client: ApiClient, kind: 'products' | 'customers', csv: string, commit: boolean) =>
    client.post<{
      result: {
        data: {
          valid: boolean;
          written: number;
          rows: { line: number; errors: Record<string, string> }[];
          fileErrors: { code: string; params?: Record<string, string | number> }[];
        };
      };
    }>(`/trpc/${kind}.importCsv`, { csv, commit });

  it('previews products with per-row errors and writes nothing while one row is bad', async () => {
    makeCategory(t.db, 'Rice');
    const csv = [
      'name,category,price,description,unit,itemType',
      'Jasmine Rice,Rice,2400,"Thai, fragrant",Bag,Special',
      'Sona Masoori,Rice,abc,Daily rice,Bag,',
      'Brown Rice,Grains,1800,Healthy,Bag,',
    ].join('\r\n');
    const r = await call(admin, 'products', csv, true);
    expect(r.status).toBe(200);
    const out = r.body.result.data;
    expect(out.valid).toBe(false);
    expect(out.written).toBe(0);
    expect(out.rows.map((x) => [x.line, Object.keys(x.errors)])).toEqual([
      [2, []],
      [3, ['price']],
      [4, ['category']],
    ]);
    const products = await admin.get<{ name: string }[]>('/api/products');
    expect(products.body.map((p) => p.name)).not.toContain('Jasmine Rice');
  });

  it('writes every row in one go when all are valid', async () => {
    const csv =
      'name,category,price,description,unit\nJasmine Rice,Rice,2400,Fragrant,Bag\nBasmati,rice,3000,Long grain,Kg\n';
    const r = await call(admin, 'products', csv, true);
    expect(r.body.result.data).toMatchObject({ valid: true, written: 2 });
    const products = await admin.get<{ name: string }[]>('/api/products');
    expect(products.body.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Jasmine Rice', 'Basmati']),
    );
  });

  it('checks customers: codes taken or repeated, unknown routes, missing columns', async () => {
    makeRoute(t.db, 'Central');
    const csv = [
      'customerCode,restaurantName,phoneNumber,paymentMethod,route,deliveryDays',
      'C100,Annapurna,0312345678,Cash,Central,Mon;Thu',
      'C100,Annapurna 2,0312345679,Monthly,Central,',
      'C101,Lumbini,,cash,Nowhere,',
    ].join('\n');
    const r = await call(manager, 'customers', csv, false);
    const rows = r.body.result.data.rows;
    expect(rows[0]?.errors).toEqual({});
    expect(rows[1]?.errors).toEqual({ customerCode: 'import.duplicateInFile' });
    expect(rows[2]?.errors).toMatchObject({
      phoneNumber: 'common.required',
      route: 'import.routeUnknown',
    });
    const missing = await call(manager, 'customers', 'restaurantName\nX', false);
    expect(missing.body.result.data.fileErrors[0]).toEqual({
      code: 'import.columnMissing',
      params: { column: 'customerCode' },
    });
    const ok = await call(manager, 'customers', csv.split('\n').slice(0, 2).join('\n'), true);
    expect(ok.body.result.data).toMatchObject({ valid: true, written: 1 });
    const list =
      await admin.get<{ customerCode: string; deliveryDays: string[] }[]>('/api/customer');
    expect(list.body.find((c) => c.customerCode === 'C100')?.deliveryDays).toEqual([
      'Monday',
      'Thursday',
    ]);
    expect((await call(driver, 'customers', csv, false)).status).toBe(403);
  });

  it("says what is wrong with the whole file as codes, a missing column by the header's name", async () => {
    const fileErrors = async (kind: 'products' | 'customers', csv: string) => {
      const r = await call(admin, kind, csv, true);
      expect(r.status).toBe(200);
      expect(r.body.result.data).toMatchObject({ valid: false, written: 0, rows: [] });
      return r.body.result.data.fileErrors;
    };
    expect(await fileErrors('customers', '   ')).toEqual([{ code: 'import.empty' }]);
    expect(await fileErrors('products', 'name,category\n"Rice,Grains\n')).toEqual([
      { code: 'import.unclosedQuote', params: { line: 2 } },
    ]);
    const many = ['customerCode', ...Array.from({ length: 5001 }, (_, i) => `C${i}`)].join('\n');
    expect(await fileErrors('customers', many)).toEqual([
      { code: 'import.tooManyRows', params: { max: 5000 } },
    ]);
    // The product's unit is the `sku` field, and its column is headed `unit` (as the import
    // screen lists it): the error names the header the file lacks, not the field.
    expect(
      await fileErrors('products', 'name,category,price,description\nRice,Grains,1,x'),
    ).toEqual([{ code: 'import.columnMissing', params: { column: 'unit' } }]);
    expect(await fileErrors('customers', 'restaurant,phone,payment,route\nA,031,cash,R')).toEqual([
      { code: 'import.columnMissing', params: { column: 'customerCode' } },
    ]);
    // Each code reads in every language, with its parameter.
    for (const tree of [en, ne, ja]) {
      for (const name of ['empty', 'unclosedQuote', 'tooManyRows', 'columnMissing'] as const) {
        expect(tree.errors.import[name]).toBeTruthy();
      }
      expect(tree.errors.import.columnMissing).toContain('{{column}}');
    }
  });
});
