import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, category, customerOrder, product } from '../../drizzle/schema';
import { catalogueSnapshot } from '../../server/catalogue/catalogue';
import { write } from '../../server/platform/db';
import { deliveryCalendar } from '../../server/settings/settings';
import { isOutOfStock } from '../../shared/rules';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCategory,
  makeCustomer,
  makeEmployee,
  makeProduct,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// The service caches (catalogue, history pages) are emptied by every write(): one test per
// write path that changes a cached answer, read through both doors before and after, so a
// stale page fails here (docs/decisions/016).

type Order = {
  _id: string;
  isDelivered: boolean;
  deliveredBy: string | null;
  orderItems: { product: string | null; name: string }[];
};
type Page = { orders: Order[]; page: number; pages: number };

let t: TestApp;
let ana: ApiClient;
let rice = '';
let ghee = '';
let today = '';

beforeAll(async () => {
  t = await startTestApp();
  // The earliest date an order may ask for now (today closes at the 04:00 cut-off).
  today = deliveryCalendar(t.db, t.config.timeZone).earliest;
  // Not counted in stock: placing it leaves the catalogue as it is (ADR 036).
  rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, itemCount: 'Not Count' }).id;
  ghee = makeProduct(t.db, { name: 'Ghee 1L', price: 1650 }).id;
  const c = await makeCustomer(t.db);
  ana = new ApiClient(t.url);
  await ana.login(c.username, c.password);
});
afterAll(() => t.close());

const input = encodeURIComponent(JSON.stringify({ 0: { pageNumber: 1 } }));
/** The first history page through both doors; both must agree. */
async function history(): Promise<Page> {
  const rest = await ana.get<Page>('/api/orders/myorders');
  const trpc = await ana.get<{ result: { data: Page } }[]>(
    `/trpc/orders.mine?batch=1&input=${input}`,
  );
  expect(rest.status).toBe(200);
  expect(trpc.body[0]?.result.data).toEqual(rest.body);
  return rest.body;
}
type Product = {
  _id: string;
  name: string;
  price: number;
  category: unknown;
  itemType: string;
  itemCount: string;
  stockInCount: number;
};
async function catalogue(): Promise<Product[]> {
  const rest = await ana.get<Product[]>('/api/products');
  const trpc = await ana.get<{ result: { data: unknown } }[]>(
    `/trpc/products.list,categories.list?batch=1&input=${encodeURIComponent('{}')}`,
  );
  expect(trpc.body[0]?.result.data).toEqual(rest.body);
  return rest.body;
}
const place = (productId: string, key: string) =>
  ana.post<Order>(
    '/trpc/orders.place?batch=1',
    { 0: { orderItems: [{ product: productId, quantity: 2 }], deliveryDate: today } },
    { 'idempotency-key': key },
  );

describe('history pages', () => {
  it('placing an order shows at once on a page already read through both doors', async () => {
    expect((await history()).orders).toHaveLength(0);
    expect((await place(rice, 'first')).status).toBe(200);
    const after = await history();
    expect(after.orders).toHaveLength(1);
    expect((await place(ghee, 'second')).status).toBe(200);
    expect((await history()).orders.map((o) => o.orderItems[0]?.name)).toEqual([
      'Ghee 1L',
      'Basmati Rice 5kg',
    ]);
  });

  it('a delivery written through write() shows at once, with the name copied at dispatch', async () => {
    const d = await makeEmployee(t.db, 'driver', { name: 'Ram Thapa' });
    const before = await history();
    const target = before.orders[1] as Order;
    expect(target.isDelivered).toBe(false);
    write(t.db, () =>
      t.db
        .update(customerOrder)
        .set({
          isDelivered: true,
          deliveredBy: d.id,
          deliveredByName: 'Ram Thapa',
          deliveredAt: new Date().toISOString(),
        })
        .where(eq(customerOrder.id, target._id))
        .run(),
    );
    const delivered = (await history()).orders.find((o) => o._id === target._id);
    expect(delivered).toMatchObject({ isDelivered: true, deliveredBy: 'Ram Thapa' });

    // Renaming the driver afterwards is a write too, but the order keeps the name it was
    // delivered under: history holds no join that could go stale.
    write(t.db, () =>
      t.db.update(account).set({ name: 'Ram B. Thapa' }).where(eq(account.id, d.id)).run(),
    );
    const renamed = (await history()).orders.find((o) => o._id === target._id);
    expect(renamed?.deliveredBy).toBe('Ram Thapa');
  });

  it('deleting a product (ON DELETE SET NULL) shows at once in the lines already read', async () => {
    const gone = makeProduct(t.db, { name: 'Paneer 1kg', price: 900 }).id;
    await place(gone, 'paneer');
    const before = await history();
    expect(before.orders[0]?.orderItems[0]).toMatchObject({ product: gone, name: 'Paneer 1kg' });
    write(t.db, () => t.db.delete(product).where(eq(product.id, gone)).run());
    const after = await history();
    expect(after.orders[0]?.orderItems[0]).toMatchObject({ product: null, name: 'Paneer 1kg' });
  });
});

describe('the catalogue', () => {
  it('a product added, renamed or deleted through write() shows at once on both doors', async () => {
    await catalogue();
    const id = makeProduct(t.db, { name: 'Fish Sauce', price: 500 }).id;
    // The factory inserts as a fixture, outside write(); the rename is a write() as every
    // service makes it.
    write(t.db, () =>
      t.db.update(product).set({ name: 'Fish Sauce 700ml' }).where(eq(product.id, id)).run(),
    );
    expect((await catalogue()).map((p) => p.name)).toContain('Fish Sauce 700ml');
    write(t.db, () => t.db.delete(product).where(eq(product.id, id)).run());
    expect((await catalogue()).map((p) => p._id)).not.toContain(id);
  });

  it('follows every change to products or categories, by any path; other writes keep it', async () => {
    const before = catalogueSnapshot(t.db, 'member');
    // An order placed (a write that leaves the catalogue alone) keeps the built snapshot.
    await place(rice, 'keeps-catalogue');
    expect(catalogueSnapshot(t.db, 'member')).toBe(before);
    // An order of a counted product moves its stock (ADR 036). A customer sees only whether it
    // is in stock, so the kept list follows when the stock reaches zero, not at every unit; the
    // office reads the live count (ADR 041).
    const counted = makeProduct(t.db, { name: 'Counted Dal', stockInCount: 4 }).id;
    const office = new ApiClient(t.url);
    const admin = await makeAdmin(t.db);
    await office.login(admin.username, admin.password);
    const officeCount = async () =>
      (await office.get<Product[]>('/api/products')).body.find((p) => p._id === counted)
        ?.stockInCount;
    expect((await catalogue()).find((p) => p._id === counted)).toMatchObject({ stockInCount: 4 });
    const kept = catalogueSnapshot(t.db, 'member');
    const first = await place(counted, 'moves-stock');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(catalogueSnapshot(t.db, 'member')).toBe(kept);
    expect(await officeCount()).toBe(2);
    await place(counted, 'takes-the-last');
    expect(await officeCount()).toBe(0);
    const gone = (await catalogue()).find((p) => p._id === counted);
    expect(gone).toMatchObject({ stockInCount: 0 });
    expect(gone && isOutOfStock(gone)).toBe(true);
    // A raw statement outside write() on this connection is seen (triggers count it)...
    t.db.$client.prepare('UPDATE product SET price = 2500 WHERE id = ?').run(rice);
    expect((await catalogue()).find((p) => p._id === rice)).toMatchObject({ price: 2500 });
    // ...and so is a commit by another connection (a script, a restore).
    const other = new Database(t.config.dbPath);
    other.prepare('UPDATE product SET price = 2600 WHERE id = ?').run(rice);
    other.close();
    expect((await catalogue()).find((p) => p._id === rice)).toMatchObject({ price: 2600 });
  });

  it('renaming a category through write() changes the products that show it', async () => {
    const cat = makeCategory(t.db, 'Spices');
    write(t.db, () =>
      t.db.update(product).set({ categoryId: cat.id }).where(eq(product.id, rice)).run(),
    );
    expect((await catalogue()).find((p) => p._id === rice)?.category).toEqual({
      _id: cat.id,
      name: 'Spices',
      nameNe: null,
      nameJa: null,
      taxRate: 8,
    });
    write(t.db, () =>
      t.db.update(category).set({ name: 'Spices & Rice' }).where(eq(category.id, cat.id)).run(),
    );
    expect((await catalogue()).find((p) => p._id === rice)?.category).toEqual({
      _id: cat.id,
      name: 'Spices & Rice',
      nameNe: null,
      nameJa: null,
      taxRate: 8,
    });
  });
});
