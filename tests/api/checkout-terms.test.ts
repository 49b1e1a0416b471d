import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product } from '../../drizzle/schema';
import { write } from '../../server/platform/db';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// What the cart and checkout are told of the signed-in customer's own terms (ADR 035), so they
// say what placement will do: its minimum order (orders.checkoutTerms) and which of the cart's
// products are hidden from it. And the refusals the cart shows: amounts written as yen with
// separators, products named in Nepali too. The real app over HTTP on a fresh SQLite file.

let t: TestApp;
let admin: ApiClient;
let date = '';

type Terms = {
  minimumOrder: { rule: 'refuse' | 'charge'; value: number; deliveryCharge: number } | null;
  hidden: string[];
};
type Refusal = { code: string; message: string; params?: Record<string, unknown> };

async function customer() {
  const c = await makeCustomer(t.db);
  const client = new ApiClient(t.url);
  await client.login(c.username, c.password);
  return { id: c.id, client };
}

const setTerms = (customerId: string, more: Record<string, unknown>) =>
  mutate(admin, 'priceLists.setCustomerTerms', {
    customerId,
    priceListId: null,
    minOrderRule: 'none',
    minOrderValue: 0,
    deliveryCharge: 0,
    ...more,
  });

const termsOf = (c: ApiClient, products: string[] = []) =>
  query<Terms>(c, 'orders.checkoutTerms', { products });

const place = (c: ApiClient, lines: [string, number][]) =>
  c.post<Refusal>('/api/orders', {
    orderItems: lines.map(([id, quantity]) => ({ product: id, quantity })),
    deliveryDate: date,
  });

const withNepaliName = (id: string, nameNe: string) =>
  write(t.db, () => t.db.update(product).set({ nameNe }).where(eq(product.id, id)).run());

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  admin = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  await admin.login(a.username, a.password);
});
afterAll(() => t.close());

describe("orders.checkoutTerms: the customer's own minimum order", () => {
  it('none without terms, or when the rule does nothing; the value and rule otherwise', async () => {
    const a = await customer();
    expect((await termsOf(a.client)).data).toEqual({ minimumOrder: null, hidden: [] });

    expect((await setTerms(a.id, { minOrderRule: 'refuse', minOrderValue: 20000 })).status).toBe(
      200,
    );
    expect((await termsOf(a.client)).data.minimumOrder).toEqual({
      rule: 'refuse',
      value: 20000,
      deliveryCharge: 0,
    });

    await setTerms(a.id, { minOrderRule: 'charge', minOrderValue: 15000, deliveryCharge: 800 });
    expect((await termsOf(a.client)).data.minimumOrder).toEqual({
      rule: 'charge',
      value: 15000,
      deliveryCharge: 800,
    });

    // A charge of nothing adds no line, and "none" is text only: placement does nothing.
    await setTerms(a.id, { minOrderRule: 'charge', minOrderValue: 15000, deliveryCharge: 0 });
    expect((await termsOf(a.client)).data.minimumOrder).toBeNull();
    await setTerms(a.id, { minOrderRule: 'none', minOrderValue: 20000 });
    expect((await termsOf(a.client)).data.minimumOrder).toBeNull();
  });

  it("is each customer's own: another customer's terms never show", async () => {
    const a = await customer();
    const b = await customer();
    await setTerms(a.id, { minOrderRule: 'refuse', minOrderValue: 30000 });
    expect((await termsOf(a.client)).data.minimumOrder?.value).toBe(30000);
    expect((await termsOf(b.client)).data.minimumOrder).toBeNull();
    // Staff have no cart: the procedure is the customer's.
    expect((await termsOf(admin)).status).toBe(403);
  });

  it('the walk: ¥18,660 before tax against a ¥20,000 minimum is refused, said with separators', async () => {
    const a = await customer();
    await setTerms(a.id, { minOrderRule: 'refuse', minOrderValue: 20000 });
    const p = makeProduct(t.db, { price: 18660 });
    const refused = await place(a.client, [[p.id, 1]]);
    expect([refused.status, refused.body.code]).toEqual([400, 'terms.orderBelowMinimum']);
    expect(refused.body.params).toEqual({ minimum: '¥20,000', total: '¥18,660' });
    expect(refused.body.message).toBe(
      'The minimum order is ¥20,000 before tax; this order comes to ¥18,660.',
    );
    // The same refusal on the tRPC door the cart uses.
    const trpc = await mutate<unknown>(a.client, 'orders.place', {
      orderItems: [{ product: p.id, quantity: 1 }],
      deliveryDate: date,
    });
    expect(trpc.params).toEqual({ minimum: '¥20,000', total: '¥18,660' });
  });
});

describe('orders.checkoutTerms: products of the cart hidden from the customer', () => {
  it('names only the asked products hidden from this customer, not missing or visible ones', async () => {
    const a = await customer();
    const b = await customer();
    const secret = makeProduct(t.db, { name: 'Paneer Block 1kg' });
    const open = makeProduct(t.db);
    expect(
      (
        await mutate(admin, 'priceLists.setHidden', {
          productId: secret.id,
          customerId: a.id,
          hidden: true,
        })
      ).status,
    ).toBe(200);

    const seen = await termsOf(a.client, [secret.id, open.id, 'no-such-product']);
    expect(seen.data.hidden).toEqual([secret.id]);
    expect((await termsOf(b.client, [secret.id, open.id])).data.hidden).toEqual([]);
    // Nothing asked, nothing said: the list of what is hidden does not leave the server.
    expect((await termsOf(a.client)).data.hidden).toEqual([]);
  });
});

describe('refusals naming a product carry its Nepali name', () => {
  it('hidden, out of stock and not enough stock: name and nameNe', async () => {
    const a = await customer();
    const secret = makeProduct(t.db, { name: 'Paneer Block 1kg' });
    withNepaliName(secret.id, 'पनिर ब्लक 1kg');
    await mutate(admin, 'priceLists.setHidden', {
      productId: secret.id,
      customerId: a.id,
      hidden: true,
    });
    const hidden = await place(a.client, [[secret.id, 1]]);
    expect([hidden.status, hidden.body.code]).toEqual([409, 'terms.productHidden']);
    expect(hidden.body.params).toEqual({ name: 'Paneer Block 1kg', nameNe: 'पनिर ब्लक 1kg' });

    const out = makeProduct(t.db, { name: 'Ghee 1L', itemType: 'Out of Stock' });
    withNepaliName(out.id, 'घ्यू 1L');
    const outRefused = await place(a.client, [[out.id, 1]]);
    expect(outRefused.body).toMatchObject({
      code: 'order.outOfStock',
      params: { name: 'Ghee 1L', nameNe: 'घ्यू 1L' },
    });

    const few = makeProduct(t.db, { name: 'Mustard Oil 1L', stockInCount: 2 });
    withNepaliName(few.id, 'तोरीको तेल 1L');
    const short = await place(a.client, [[few.id, 5]]);
    expect(short.body).toMatchObject({
      code: 'stock.insufficient',
      params: { name: 'Mustard Oil 1L', nameNe: 'तोरीको तेल 1L', left: 2 },
    });

    // Without a Nepali name, only the name.
    const plain = makeProduct(t.db, { name: 'Plain Salt', itemType: 'Out of Stock' });
    expect((await place(a.client, [[plain.id, 1]])).body.params).toEqual({ name: 'Plain Salt' });
  });
});
