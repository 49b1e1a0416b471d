import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { pdfTextAt } from '../helpers/pdf';
import { mutate, query } from '../helpers/trpc';

// Goods a driver hands over instead of an ordered line (ADR 050), over HTTP against the real
// app: the substitute becomes a line of the order at the restaurant's own price and the
// product's rate, its stock goes down (to zero at most: the goods have left the van), the
// invoice bills it with tax per rate, the slip and invoice name what it replaced, and a
// substitute without a product, with another reason, or of a product the restaurant cannot be
// sold is refused with nothing changed.

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let cust: ApiClient;
let driverId = '';
let custId = '';
let date = '';
const p: Record<string, { id: string }> = {};

const one = <T>(text: string, ...params: unknown[]) =>
  t.db.$client.prepare(text).get(...params) as T;
const all = <T>(text: string, ...params: unknown[]) =>
  t.db.$client.prepare(text).all(...params) as T[];
const stockOf = (id: string) =>
  one<{ n: number }>('SELECT stock_in_count AS n FROM product WHERE id = ?', id).n;
const linesOf = (orderId: string) =>
  all<{ id: string; name: string; quantity: number; substitute_for: string | null }>(
    'SELECT id, name, quantity, substitute_for FROM order_line WHERE order_id = ? ORDER BY position',
    orderId,
  );

interface Job {
  _id: string;
  isDelivered: boolean;
  order: {
    _id: string;
    orderItems: {
      _id: string;
      name: string;
      quantity: number;
      unitPrice: number;
      taxRate: number;
      productId?: string | null;
      substituteFor?: string | null;
    }[];
    invoice: { _id: string; amount: number; paidAmount: number } | null;
  };
}

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  p.rice = makeProduct(t.db, { name: 'Rice', price: 2480, sku: 'Bag' });
  p.dal = makeProduct(t.db, { name: 'Dal', price: 500, sku: 'Kg' });
  // The substitute: standard rate 10 %, 5 counted, 900 on the list, 850 for this restaurant.
  p.oil = makeProduct(t.db, { name: 'Oil', price: 900, sku: 'Btl', stockInCount: 5 });
  t.db.$client.prepare('UPDATE product SET tax_rate = 10 WHERE id = ?').run(p.oil.id);
  p.ghee = makeProduct(t.db, { name: 'Ghee', price: 1200, sku: 'Tin', stockInCount: 1 });
  p.secret = makeProduct(t.db, { name: 'Secret Sauce', price: 700, sku: 'Btl' });
  const c = await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen' });
  custId = c.id;
  t.db.$client.prepare("UPDATE customer SET document_language = 'en' WHERE id = ?").run(custId);
  t.db.$client
    .prepare('INSERT INTO customer_price (customer_id, product_id, price) VALUES (?, ?, 850)')
    .run(custId, p.oil.id);
  t.db.$client
    .prepare('INSERT INTO hidden_for_customer (customer_id, product_id) VALUES (?, ?)')
    .run(custId, p.secret.id);
  const adm = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  driverId = dr.id;
  admin = new ApiClient(t.url);
  driver = new ApiClient(t.url);
  cust = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
  await cust.login(c.username, c.password);
});
afterAll(() => t.close());

/** Rice x3 and Dal x2 (both 8 %), placed by the restaurant and dispatched to the driver. */
async function orderAndDispatch(): Promise<Job> {
  const placed = await cust.post<{ _id: string }>('/api/orders', {
    orderItems: [
      { product: p.rice!.id, quantity: 3 },
      { product: p.dal!.id, quantity: 2 },
    ],
    deliveryDate: date,
    customMessage: '',
  });
  expect(placed.status).toBe(201);
  expect((await mutate(admin, 'orders.dispatch', { id: placed.body._id, driverId })).status).toBe(
    200,
  );
  const jobs = await query<Job[]>(driver, 'ordertrack.driverPending', { driverId, keyword: '' });
  const job = jobs.data.find((j) => j.order?._id === placed.body._id);
  if (!job) throw new Error('no job');
  return job;
}

const riceOf = (job: Job) => job.order.orderItems.find((l) => l.name === 'Rice')!;

const pdfText = async (path: string) => (await pdfTextAt(admin, path)).replace(/\s+/g, ' ');

describe('the driver offers a substitute', () => {
  it('reads the products with the prices and hidden products of the restaurants on the day', async () => {
    await orderAndDispatch();
    const r = await query<{
      products: { _id: string; name: string; price: number; taxRate: number }[];
      customers: { customerId: string; prices: Record<string, number>; hidden: string[] }[];
    }>(driver, 'products.forDriver');
    expect(r.status).toBe(200);
    expect(r.data.products.find((x) => x._id === p.oil!.id)).toMatchObject({
      name: 'Oil',
      price: 900,
      taxRate: 10,
    });
    const mine = r.data.customers.find((x) => x.customerId === custId);
    expect(mine?.prices).toEqual({ [p.oil!.id]: 850 });
    expect(mine?.hidden).toEqual([p.secret!.id]);
    // Only for drivers: a restaurant does not read other restaurants' prices here.
    expect((await query(cust, 'products.forDriver')).status).toBe(403);
  });
});

describe('a substituted line', () => {
  let job: Job;

  it('is refused without a product, with another reason, or with a product not for sale to it', async () => {
    job = await orderAndDispatch();
    const rice = riceOf(job);
    const deliver = (line: Record<string, unknown>) =>
      mutate(driver, 'ordertrack.deliver', { id: job._id, lines: [{ lineId: rice._id, ...line }] });
    const cases: [Record<string, unknown>, string][] = [
      [{ deliveredQuantity: 1, reason: 'substituted' }, 'delivery.substituteRequired'],
      [
        {
          deliveredQuantity: 1,
          reason: 'short',
          substitute: { productId: p.oil!.id, quantity: 2 },
        },
        'delivery.substituteOnlyWhenSubstituted',
      ],
      [
        {
          deliveredQuantity: 1,
          reason: 'substituted',
          substitute: { productId: 'no-such-product', quantity: 2 },
        },
        'delivery.substituteUnknown',
      ],
      [
        {
          deliveredQuantity: 1,
          reason: 'substituted',
          substitute: { productId: p.secret!.id, quantity: 2 },
        },
        'delivery.substituteUnknown',
      ],
      [
        {
          deliveredQuantity: 1,
          reason: 'substituted',
          substitute: { productId: p.rice!.id, quantity: 2 },
        },
        'delivery.substituteSameProduct',
      ],
      [
        {
          deliveredQuantity: 1,
          reason: 'substituted',
          substitute: { productId: p.oil!.id, quantity: 0 },
        },
        'delivery.substituteQuantityRange',
      ],
    ];
    for (const [line, code] of cases) {
      const r = await deliver(line);
      expect(r.status, code).toBe(400);
      expect(r.code).toBe(code);
    }
    // Nothing changed: still pending, no line added, no stock taken.
    expect(
      one<{ d: number }>('SELECT is_delivered AS d FROM delivery_job WHERE id = ?', job._id).d,
    ).toBe(0);
    expect(linesOf(job.order._id)).toHaveLength(2);
    expect(stockOf(p.oil!.id)).toBe(5);
  });

  it('bills the substitute at the restaurant price and its own rate, and takes its stock', async () => {
    const rice = riceOf(job);
    const riceStock = stockOf(p.rice!.id);
    const r = await mutate<Job>(
      driver,
      'ordertrack.deliver',
      {
        id: job._id,
        lines: [
          {
            lineId: rice._id,
            deliveredQuantity: 1,
            reason: 'substituted',
            substitute: { productId: p.oil!.id, quantity: 2 },
          },
        ],
        cashTaken: 5628,
      },
      'deliver-substitute-1',
    );
    expect(r.status).toBe(200);
    // Rice 2480 x 1 + Dal 500 x 2 = 3480 at 8 % (tax 278, rounded down once); Oil at this
    // restaurant's 850 x 2 = 1700 at 10 % (tax 170).
    const expected = 3480 + 278 + 1700 + 170;
    expect(r.data.order.invoice).toMatchObject({ amount: expected, paidAmount: 5628 });
    const inv = one<Record<string, number>>(
      'SELECT amount, net8, tax8, net10, tax10 FROM invoice WHERE id = ?',
      r.data.order.invoice!._id,
    );
    expect(inv).toEqual({ amount: expected, net8: 3480, tax8: 278, net10: 1700, tax10: 170 });
    expect(
      all<{ name: string; quantity: number; unit_price: number; tax_rate: number }>(
        `SELECT name, quantity, unit_price, tax_rate FROM invoice_line WHERE invoice_id = ?
          ORDER BY position`,
        r.data.order.invoice!._id,
      ),
    ).toEqual([
      { name: 'Rice', quantity: 1, unit_price: 2480, tax_rate: 8 },
      { name: 'Dal', quantity: 2, unit_price: 500, tax_rate: 8 },
      { name: 'Oil', quantity: 2, unit_price: 850, tax_rate: 10 },
    ]);
    // The order keeps the substitute as its own line, naming the line it replaces, and its
    // total follows what was delivered.
    const lines = linesOf(job.order._id);
    expect(lines.map((l) => [l.name, l.quantity, l.substitute_for])).toEqual([
      ['Rice', 3, null],
      ['Dal', 2, null],
      ['Oil', 2, rice._id],
    ]);
    expect(
      one<{ total: number }>('SELECT total FROM customer_order WHERE id = ?', job.order._id).total,
    ).toBe(expected);
    // The substitute's stock went down as an order's does; the two rice not delivered came back.
    expect(stockOf(p.oil!.id)).toBe(3);
    expect(stockOf(p.rice!.id)).toBe(riceStock + 2);
    expect(
      one<{ delta: number; reason: string; ref_id: string }>(
        `SELECT delta, reason, ref_id FROM stock_movement WHERE product_id = ?
          ORDER BY created_at DESC LIMIT 1`,
        p.oil!.id,
      ),
    ).toEqual({ delta: -2, reason: 'order', ref_id: job.order._id });
    // In the trail, as the order's other line changes are.
    const added = lines[2]!;
    const entry = one<{ action: string; parent_id: string; after: string }>(
      "SELECT action, parent_id, after FROM audit_entry WHERE entity = 'order_line' AND entity_id = ?",
      added.id,
    );
    expect(entry).toMatchObject({ action: 'create', parent_id: job.order._id });
    expect(JSON.parse(entry.after)).toMatchObject({
      productId: p.oil!.id,
      unitPrice: 850,
      quantity: 2,
      taxRate: 10,
      substituteFor: rice._id,
    });
    // The delivered job shows the substitute and what it replaces.
    const done = await query<{ orders: Job[] }>(driver, 'ordertrack.driverDelivered', {
      driverId,
      keyword: '',
      pageNumber: 1,
    });
    const card = done.data.orders.find((j) => j._id === job._id)!;
    expect(card.order.orderItems.find((l) => l.name === 'Oil')).toMatchObject({
      substituteFor: rice._id,
      productId: p.oil!.id,
      unitPrice: 850,
    });
  });

  it('the slip and the invoice say what the substitute replaces', async () => {
    const slip = await pdfText(`/api/documents/slip/${job.order._id}.pdf`);
    expect(slip).toContain('Oil [substitute for Rice]');
    expect(slip).toContain('Rice [substituted]');
    const invoiceId = one<{ invoice_id: string }>(
      'SELECT invoice_id FROM customer_order WHERE id = ?',
      job.order._id,
    ).invoice_id;
    const invoice = await pdfText(`/api/documents/invoice/${invoiceId}.pdf`);
    expect(invoice).toContain('Oil [substitute for Rice]');
  });

  it('goods handed over beyond the counted stock still go: the stock stops at zero and says so', async () => {
    // This time the restaurant's documents are in Japanese.
    t.db.$client.prepare("UPDATE customer SET document_language = 'ja' WHERE id = ?").run(custId);
    const next = await orderAndDispatch();
    const r = await mutate<Job>(driver, 'ordertrack.deliver', {
      id: next._id,
      lines: [
        {
          lineId: riceOf(next)._id,
          deliveredQuantity: 0,
          reason: 'substituted',
          substitute: { productId: p.ghee!.id, quantity: 3 },
        },
      ],
    });
    expect(r.status).toBe(200);
    expect(stockOf(p.ghee!.id)).toBe(0);
    expect(
      one<{ delta: number; note: string; balance: number }>(
        'SELECT delta, note, balance FROM stock_movement WHERE product_id = ? AND ref_id = ?',
        p.ghee!.id,
        next.order._id,
      ),
    ).toEqual({ delta: -1, note: 'substitute; 2 beyond the counted stock', balance: 0 });
    // Billed as handed over: all three.
    const line = linesOf(next.order._id).find((l) => l.name === 'Ghee');
    expect(line).toMatchObject({ quantity: 3, substitute_for: riceOf(next)._id });
    expect(await pdfText(`/api/documents/slip/${next.order._id}.pdf`)).toContain(
      'Ghee [Riceの代替品]',
    );
  });
});

describe('the time a delivery is sent with', () => {
  it('cannot be before the order was placed: refused, nothing delivered', async () => {
    const job = await orderAndDispatch();
    const placed = one<{ at: string }>(
      'SELECT created_at AS at FROM customer_order WHERE id = ?',
      job.order._id,
    ).at;
    // A phone whose clock is an hour behind, or a time typed by hand.
    const before = new Date(Date.parse(placed) - 60 * 60_000).toISOString();
    const r = await mutate(driver, 'ordertrack.deliver', { id: job._id, deliveredAt: before });
    expect(r.status).toBe(400);
    expect(r.code).toBe('delivery.deliveredBeforeOrdered');
    expect(
      one<{ d: number }>('SELECT is_delivered AS d FROM delivery_job WHERE id = ?', job._id).d,
    ).toBe(0);
    // A clock a minute behind is a phone's, and goes.
    const lagging = new Date(Date.parse(placed) - 60_000).toISOString();
    const ok = await mutate(driver, 'ordertrack.deliver', { id: job._id, deliveredAt: lagging });
    expect(ok.status).toBe(200);
  });
});

describe("the office deletes an order's job", () => {
  it('still on the road: the order goes back to New Orders and can be dispatched again', async () => {
    const job = await orderAndDispatch();
    expect((await admin.delete(`/api/ordertrack/${job._id}`)).status).toBe(200);
    expect(
      one<{ d: number; by: string | null }>(
        'SELECT is_delivered AS d, delivered_by AS by FROM customer_order WHERE id = ?',
        job.order._id,
      ),
    ).toEqual({ d: 0, by: null });
    // The driver's phone no longer lists it; the office dispatches it again.
    const jobs = await query<Job[]>(driver, 'ordertrack.driverPending', { driverId, keyword: '' });
    expect(jobs.data.some((j) => j.order?._id === job.order._id)).toBe(false);
    const again = await mutate(admin, 'orders.dispatch', { id: job.order._id, driverId });
    expect(again.status).toBe(200);
  });

  it('delivered: the job is kept, as the record of what was handed over and billed', async () => {
    const job = await orderAndDispatch();
    expect((await mutate(driver, 'ordertrack.deliver', { id: job._id })).status).toBe(200);
    const r = await admin.delete<{ code: string }>(`/api/ordertrack/${job._id}`);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('delivery.deliveredJobKept');
    expect(
      one<{ n: number }>('SELECT COUNT(*) AS n FROM delivery_job WHERE id = ?', job._id).n,
    ).toBe(1);
  });
});

describe('a long substitute line on the slip', () => {
  it('is printed whole, over more lines, with what it replaces', async () => {
    t.db.$client
      .prepare('UPDATE product SET name = ? WHERE id = ?')
      .run('Gorkha Premium Lager Beer 330ml x 24 bottles', p.rice!.id);
    t.db.$client
      .prepare('UPDATE product SET name = ? WHERE id = ?')
      .run('Mango Lassi Sweet Yoghurt Drink 200ml x 24 packs', p.oil!.id);
    t.db.$client.prepare("UPDATE customer SET document_language = 'ja' WHERE id = ?").run(custId);
    const job = await orderAndDispatch();
    const beer = job.order.orderItems.find((l) => l.name.startsWith('Gorkha'))!;
    const r = await mutate(driver, 'ordertrack.deliver', {
      id: job._id,
      lines: [
        {
          lineId: beer._id,
          deliveredQuantity: 0,
          reason: 'substituted',
          substitute: { productId: p.oil!.id, quantity: 1 },
        },
      ],
    });
    expect(r.status).toBe(200);
    const slip = await pdfText(`/api/documents/slip/${job.order._id}.pdf`);
    expect(slip).toContain(
      'Mango Lassi Sweet Yoghurt Drink 200ml x 24 packs [Gorkha Premium Lager Beer 330ml x 24 bottlesの代替品]',
    );
  });
});
