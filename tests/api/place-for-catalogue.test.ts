import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/accounts/sessions';
import type { ProductOut } from '../../shared/schemas/catalogue';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// The office enters an order a customer phoned in (PlaceForModal): its product picker reads
// `products.forCustomer`, the customer's own catalogue (ADR 035) as the customer's
// `products.list` answers it: its price list's and its own prices, without what is hidden from
// it or its list. Staff only (also walked in access-matrix.test.ts).

let t: TestApp;
let office: ApiClient;
let customerClient: ApiClient;
let driver: ApiClient;
let customerId = '';
let otherId = '';
const ids: Record<string, string> = {};

const priced = (list: ProductOut[]) =>
  Object.fromEntries(list.map((p) => [p.name, p.price])) as Record<string, number>;

beforeAll(async () => {
  t = await startTestApp();
  const admin = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
  const c = await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen' });
  customerId = c.id;
  customerClient = new ApiClient(t.url, { bearer: createSession(t.db, c.accountId).token });
  otherId = (await makeCustomer(t.db)).id;
  driver = new ApiClient(t.url, {
    bearer: createSession(t.db, (await makeEmployee(t.db, 'driver')).id).token,
  });
  ids.rice = makeProduct(t.db, { name: 'Rice', price: 2_000 }).id;
  ids.ghee = makeProduct(t.db, { name: 'Ghee', price: 1_000 }).id;
  ids.spice = makeProduct(t.db, { name: 'Spice', price: 500 }).id;
  ids.secret = makeProduct(t.db, { name: 'Secret Sauce', price: 800 }).id;
  ids.listHidden = makeProduct(t.db, { name: 'Wagyu', price: 9_000 }).id;

  const list = await mutate<{ _id: string }>(office, 'priceLists.create', { name: 'Trade' });
  expect(list.status).toBe(200);
  ids.list = list.data._id;
  expect(
    (
      await mutate(office, 'priceLists.setPrices', {
        id: ids.list,
        prices: [
          { productId: ids.rice, price: 1_800 },
          { productId: ids.ghee, price: 950 },
        ],
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await mutate(office, 'priceLists.setHidden', {
        productId: ids.listHidden,
        priceListId: ids.list,
        hidden: true,
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await mutate(office, 'priceLists.setCustomerTerms', {
        customerId,
        priceListId: ids.list,
        minOrderRule: 'none',
        minOrderValue: 0,
        deliveryCharge: 0,
      })
    ).status,
  ).toBe(200);
  // Its own price beats the list's; one product is hidden from it alone.
  expect(
    (
      await mutate(office, 'priceLists.setOverride', {
        customerId,
        productId: ids.ghee,
        price: 900,
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await mutate(office, 'priceLists.setHidden', {
        productId: ids.secret,
        customerId,
        hidden: true,
      })
    ).status,
  ).toBe(200);
});
afterAll(() => t.close());

describe('products.forCustomer', () => {
  it("answers the office with the customer's prices, without its hidden products", async () => {
    const r = await query<ProductOut[]>(office, 'products.forCustomer', { customerId });
    expect(r.status).toBe(200);
    expect(priced(r.data)).toEqual({ Rice: 1_800, Ghee: 900, Spice: 500 });
    // The standard list the dialog read before shows the standard prices and everything.
    const standard = await query<ProductOut[]>(office, 'products.list');
    expect(priced(standard.data)).toMatchObject({ Rice: 2_000, Ghee: 1_000, 'Secret Sauce': 800 });
  });

  it("is the customer's own catalogue, as the customer reads it", async () => {
    const own = await query<ProductOut[]>(customerClient, 'products.list');
    const forIt = await query<ProductOut[]>(office, 'products.forCustomer', { customerId });
    expect(forIt.data.map((p) => [p._id, p.price])).toEqual(own.data.map((p) => [p._id, p.price]));
  });

  it('answers 404 for an unknown customer', async () => {
    const r = await query(office, 'products.forCustomer', { customerId: 'no-such-customer' });
    expect(r.status).toBe(404);
    expect(r.code).toBe('customer.notFound');
  });

  it('is for staff only: a customer (even for itself or another) and a driver are refused', async () => {
    for (const id of [customerId, otherId]) {
      const r = await query(customerClient, 'products.forCustomer', { customerId: id });
      expect(r.status).toBe(403);
    }
    expect((await query(driver, 'products.forCustomer', { customerId })).status).toBe(403);
    const anonymous = new ApiClient(t.url);
    expect((await query(anonymous, 'products.forCustomer', { customerId })).status).toBe(401);
  });
});
