import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCategory,
  makeCustomer,
  makeEmployee,
  makeInvoice,
  makeProduct,
  makeRoute,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// Two people in the office at once, each in a browser of their own (ADR 109): the admin and the
// manager open the same customer, each changes something and saves. What one saved is never
// undone by the other's save; a field both changed is refused to the second, named, and saved
// once they look again.

let t: TestApp;
let admin: ApiClient;
let manager: ApiClient;
let north = { id: '', name: '' };

interface Cust {
  _id: string;
  restaurantName: string;
  phoneNumber: string;
  customerCode: string;
  paymentMethod: string;
  paymentDate: string | null;
  deliveryDays: string[];
  route: string | null;
  contactPerson: string | null;
  mobileNumber: string | null;
  username: string | null;
  badDebt: boolean;
  webOrder: boolean;
  creditHold: boolean;
  billingName: string | null;
  billingAddress: string | null;
  transferName: string | null;
  email: string | null;
  closingDay: number | null;
  paymentMonth: number;
  documentLanguage: string;
}

beforeAll(async () => {
  t = await startTestApp();
  north = makeRoute(t.db, 'North');
  admin = new ApiClient(t.url);
  manager = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  const m = await makeEmployee(t.db, 'manager');
  await admin.login(a.username, a.password);
  await manager.login(m.username, m.password);
});
afterAll(() => t.close());

/** The customer form's fields as it fills them from the customer it opened (CustomerForm). */
function formOf(c: Cust) {
  return {
    restaurantName: c.restaurantName,
    phoneNumber: `0${c.phoneNumber}`,
    customerCode: c.customerCode,
    paymentMethod: c.paymentMethod,
    paymentDate: c.paymentDate ?? '',
    deliveryDays: c.deliveryDays,
    route: c.route ?? '',
    contactPerson: c.contactPerson ?? '',
    mobileNumber: c.mobileNumber ? `0${c.mobileNumber}` : '',
    username: c.username ?? '',
    badDebt: c.badDebt,
    webOrder: c.webOrder,
    creditHold: c.creditHold,
    billingName: c.billingName ?? '',
    billingAddress: c.billingAddress ?? '',
    transferName: c.transferName ?? '',
    email: c.email ?? '',
    closingDay: c.closingDay ? String(c.closingDay) : '',
    paymentMonth: String(c.paymentMonth),
    documentLanguage: c.documentLanguage,
  };
}

/** Opens the customer form: the customer as the screen read it. */
async function open(who: ApiClient, id: string) {
  const r = await query<Cust>(who, 'customers.byId', { id });
  expect(r.status).toBe(200);
  const seen = formOf(r.data);
  return { seen, form: { ...seen, password: '' } };
}

const save = (who: ApiClient, id: string, opened: Awaited<ReturnType<typeof open>>) =>
  mutate<Cust>(who, 'customers.update', { ...opened.form, id, seen: opened.seen });

async function monthlyCustomer(name: string) {
  const made = await makeCustomer(t.db, {
    restaurantName: name,
    paymentMethod: 'monthly',
    routeId: north.id,
  });
  const opened = await open(admin, made.id);
  opened.form.closingDay = '20';
  opened.form.paymentDate = '10';
  const r = await save(admin, made.id, opened);
  expect(r.status).toBe(200);
  return made.id;
}

describe('two people editing one customer', () => {
  it("keeps both people's changes when each changed a different field", async () => {
    const id = await monthlyCustomer('Everest Dining');
    const byAdmin = await open(admin, id);
    const byManager = await open(manager, id);
    // The admin moves the closing to the month end; the manager meanwhile corrects the phone.
    byAdmin.form.closingDay = '31';
    byManager.form.phoneNumber = '03-5555-1212';
    expect((await save(admin, id, byAdmin)).status).toBe(200);
    const second = await save(manager, id, byManager);
    expect(second.status).toBe(200);
    const now = (await query<Cust>(admin, 'customers.byId', { id })).data;
    expect(now.closingDay).toBe(31);
    expect(now.phoneNumber).toBe('355551212');
  });

  it('keeps both when the two saves arrive at the same moment', async () => {
    const id = await monthlyCustomer('Kathmandu Grill');
    const byAdmin = await open(admin, id);
    const byManager = await open(manager, id);
    byAdmin.form.creditHold = true;
    byManager.form.email = 'office@kathmandu.example.jp';
    const [a, m] = await Promise.all([save(admin, id, byAdmin), save(manager, id, byManager)]);
    expect([a.status, m.status]).toEqual([200, 200]);
    const now = (await query<Cust>(admin, 'customers.byId', { id })).data;
    expect(now.creditHold).toBe(true);
    expect(now.email).toBe('office@kathmandu.example.jp');
  });

  it('refuses the second change of a field both changed, names it, and saves it once seen', async () => {
    const id = await monthlyCustomer('Pokhara Table');
    const byAdmin = await open(admin, id);
    const byManager = await open(manager, id);
    byAdmin.form.closingDay = '25';
    byManager.form.closingDay = '15';
    byManager.form.contactPerson = 'Sita';
    expect((await save(admin, id, byAdmin)).status).toBe(200);
    const refused = await save(manager, id, byManager);
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('customer.changedMeanwhile');
    expect(refused.params).toMatchObject({ name: 'Pokhara Table', count: 1 });
    const body = (
      await manager.post<{ error: { data: { issues: Record<string, string> } } }>(
        '/trpc/customers.update',
        { ...byManager.form, id, seen: byManager.seen },
      )
    ).body;
    expect(body.error.data.issues).toEqual({ closingDay: 'customer.fieldChangedMeanwhile' });
    // Nothing of the refused save was kept.
    let now = (await query<Cust>(admin, 'customers.byId', { id })).data;
    expect(now.closingDay).toBe(25);
    expect(now.contactPerson).not.toBe('Sita');
    // The manager looks again (the form now knows the 25th) and keeps their own 15th.
    const again = await save(manager, id, {
      seen: formOf(now),
      form: { ...byManager.form },
    });
    expect(again.status).toBe(200);
    now = (await query<Cust>(admin, 'customers.byId', { id })).data;
    expect(now.closingDay).toBe(15);
    expect(now.contactPerson).toBe('Sita');
  });

  it('takes a PUT without what the form showed as sent, as before', async () => {
    const id = await monthlyCustomer('Lumbini Kitchen');
    const opened = await open(admin, id);
    const r = await admin.put<Cust>(`/api/customer/${id}`, { ...opened.form, closingDay: '5' });
    expect(r.status).toBe(200);
    expect(r.body.closingDay).toBe(5);
  });
});

interface Delivery {
  cutoff: string;
  holidays: string[];
}

describe('two settings screens open at once', () => {
  const settingsNow = async () => (await query<Delivery>(admin, 'settings.get')).data;
  const put = (who: ApiClient, seen: Delivery, change: Partial<Delivery>) =>
    mutate<Delivery>(who, 'settings.update', { ...seen, ...change, seen });

  it('keeps the holidays each added and the one removed, whichever saved last', async () => {
    expect(
      (await mutate(admin, 'settings.update', { cutoff: '04:00', holidays: ['2026-12-29'] }))
        .status,
    ).toBe(200);
    const byAdmin = await settingsNow();
    const byManager = (await query<Delivery>(manager, 'settings.get')).data;
    // The admin marks New Year's Eve and drops the 29th; the manager meanwhile marks 1/1.
    const [a, m] = await Promise.all([
      put(admin, byAdmin, { holidays: ['2026-12-31'] }),
      put(manager, byManager, { holidays: ['2026-12-29', '2027-01-01'] }),
    ]);
    expect([a.status, m.status]).toEqual([200, 200]);
    expect((await settingsNow()).holidays).toEqual(['2026-12-31', '2027-01-01']);
  });

  it('refuses a cut-off both changed, saying the one stored, and saves it once seen', async () => {
    const byAdmin = await settingsNow();
    const byManager = (await query<Delivery>(manager, 'settings.get')).data;
    expect((await put(admin, byAdmin, { cutoff: '05:00' })).status).toBe(200);
    const refused = await put(manager, byManager, { cutoff: '06:30' });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('settings.cutoffChangedMeanwhile');
    expect(refused.params).toMatchObject({ now: '05:00' });
    expect(await settingsNow()).toMatchObject({ cutoff: '05:00' });
    expect((await settingsNow()).holidays).toHaveLength(2);
    // A cut-off left as shown takes the stored one.
    expect((await put(manager, byManager, {})).data).toMatchObject({ cutoff: '05:00' });
    const again = await put(manager, { ...byManager, cutoff: '05:00' }, { cutoff: '06:30' });
    expect(again.data).toEqual({ cutoff: '06:30', holidays: ['2026-12-31', '2027-01-01'] });
  });
});

interface Product {
  _id: string;
  name: string;
  nameNe: string | null;
  nameJa?: string | null;
  category: { _id: string } | null;
  price: number;
  description: string;
  descriptionNe?: string | null;
  sku: string;
  image: string | null;
  productRank: number;
  itemType: string;
  itemCount: string;
  showDescription: string;
  stockInCount: number;
  ownTaxRate: number | null;
  minQuantity: number;
  lot: number;
}

describe('two people editing one product', () => {
  /** The product form's fields as it fills them from the product it opened (ProductForm). */
  const productForm = (p: Product) => ({
    name: p.name,
    nameNe: p.nameNe ?? '',
    nameJa: p.nameJa ?? '',
    category: p.category?._id ?? '',
    price: p.price,
    description: p.description,
    descriptionNe: p.descriptionNe ?? '',
    sku: p.sku,
    image: p.image,
    productRank: p.productRank,
    itemType: p.itemType,
    itemCount: p.itemCount,
    showDescription: p.showDescription,
    stockInCount: p.stockInCount,
    taxRate: p.ownTaxRate,
    minQuantity: p.minQuantity,
    lot: p.lot,
  });
  const openProduct = async (who: ApiClient, id: string) => {
    const seen = productForm((await query<Product>(who, 'products.byId', { id })).data);
    return { seen, form: { ...seen }, stockSeen: seen.stockInCount };
  };
  const saveProduct = (
    who: ApiClient,
    id: string,
    opened: Awaited<ReturnType<typeof openProduct>>,
  ) =>
    mutate<Product>(who, 'products.update', {
      ...opened.form,
      id,
      seen: opened.seen,
      stockSeen: opened.stockSeen,
    });
  const described = async (name: string) => {
    const spices = makeCategory(t.db);
    const made = makeProduct(t.db, { name, price: 1200, categoryId: spices.id });
    const opened = await openProduct(admin, made.id);
    opened.form.description = 'Whole, from Nepal';
    expect((await saveProduct(admin, made.id, opened)).status).toBe(200);
    return made.id;
  };

  it('keeps the new price when the other person saves the description they were fixing', async () => {
    const id = await described('Timur Pepper');
    const byAdmin = await openProduct(admin, id);
    const byManager = await openProduct(manager, id);
    byAdmin.form.price = 1350;
    byManager.form.description = 'Whole Sichuan-type pepper, from Nepal';
    const [a, m] = await Promise.all([
      saveProduct(admin, id, byAdmin),
      saveProduct(manager, id, byManager),
    ]);
    expect([a.status, m.status]).toEqual([200, 200]);
    const now = (await query<Product>(admin, 'products.byId', { id })).data;
    expect(now.price).toBe(1350);
    expect(now.description).toBe('Whole Sichuan-type pepper, from Nepal');
  });

  it('refuses a price both changed, names it, and keeps the first until the second looks again', async () => {
    const id = await described('Jimbu');
    const byAdmin = await openProduct(admin, id);
    const byManager = await openProduct(manager, id);
    byAdmin.form.price = 1300;
    byManager.form.price = 1250;
    expect((await saveProduct(admin, id, byAdmin)).status).toBe(200);
    const refused = await saveProduct(manager, id, byManager);
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('catalogue.changedMeanwhile');
    expect(refused.params).toMatchObject({ name: 'Jimbu', count: 1 });
    expect((await query<Product>(admin, 'products.byId', { id })).data.price).toBe(1300);
    const again = await saveProduct(manager, id, {
      ...byManager,
      seen: { ...byManager.seen, price: 1300 },
    });
    expect(again.status).toBe(200);
    expect(again.data.price).toBe(1250);
  });
});

interface Invoice {
  _id: string;
  customer: { _id: string } | null;
  amount: number;
  dueDate: string | null;
  note: string;
  assignToCollect: { _id: string } | null;
  taxRate: number | null;
}

describe('an invoice given to a driver while its form is open', () => {
  const shown = (i: Invoice) => ({
    customer: i.customer?._id ?? '',
    amount: i.amount,
    dueDate: i.dueDate,
    note: i.note,
    assignToCollect: i.assignToCollect?._id ?? null,
    taxRate: i.taxRate === 8 ? 8 : 10,
  });

  it('keeps the driver the manager gave it when the admin saves a new due date', async () => {
    const shop = await makeCustomer(t.db, { restaurantName: 'Annapurna', routeId: north.id });
    const driver = await makeEmployee(t.db, 'driver');
    const { id } = makeInvoice(t.db, { customerId: shop.id, amount: 8800, dueDate: '2026-12-10' });
    // The admin opens the invoice's form to move its due date.
    const seen = shown((await query<Invoice>(admin, 'invoices.byId', { id })).data);
    // Meanwhile the manager gives the morning's collections to the driver from the list.
    const given = await mutate<{ done: string[] }>(manager, 'invoices.assignCollector', {
      ids: [id],
      collector: driver.id,
    });
    expect(given.data.done).toEqual([id]);
    const saved = await mutate<Invoice>(admin, 'invoices.update', {
      ...seen,
      dueDate: '2026-12-15',
      id,
      seen,
    });
    expect(saved.status).toBe(200);
    expect(saved.data.dueDate).toBe('2026-12-15');
    expect(saved.data.assignToCollect?._id).toBe(driver.id);
  });

  it('refuses a collector both changed, and changes nothing', async () => {
    const shop = await makeCustomer(t.db, { restaurantName: 'Machhapuchhre', routeId: north.id });
    const first = await makeEmployee(t.db, 'driver');
    const second = await makeEmployee(t.db, 'driver');
    const { id } = makeInvoice(t.db, { customerId: shop.id, amount: 5400 });
    const seen = shown((await query<Invoice>(admin, 'invoices.byId', { id })).data);
    await mutate(manager, 'invoices.assignCollector', { ids: [id], collector: first.id });
    const refused = await mutate<Invoice>(admin, 'invoices.update', {
      ...seen,
      assignToCollect: second.id,
      note: 'Collect with the December one',
      id,
      seen,
    });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('invoice.changedMeanwhile');
    const now = (await query<Invoice>(admin, 'invoices.byId', { id })).data;
    expect(now.assignToCollect?._id).toBe(first.id);
    expect(now.note).toBe('');
  });
});
