import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// A restaurant reports 8 Kg of a delivered line; the office finds 6 Kg spoilt and credits those:
// the credit note and its tax follow the 6, the restaurant's claim says 6 of its 8 were
// credited. A report or an approval that is too large is refused with the unit, and a line with
// nothing left to report says so rather than "at most 0".

let t: TestApp;
let admin: ApiClient;
let customer: ApiClient;
let lineId = '';

const PRICE = 1250;

beforeAll(async () => {
  t = await startTestApp();
  const date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  const mutton = makeProduct(t.db, { name: 'Mutton', price: PRICE, sku: 'Kg' });
  const made = await makeCustomer(t.db, { restaurantName: 'Everest Kitchen' });
  const adm = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  admin = new ApiClient(t.url);
  const driver = new ApiClient(t.url);
  customer = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await driver.login(dr.username, dr.password);
  await customer.login(made.username, made.password);

  const placed = await customer.post<{ _id: string }>('/api/orders', {
    orderItems: [{ product: mutton.id, quantity: 8 }],
    deliveryDate: date,
  });
  expect(placed.status).toBe(201);
  expect(
    (await mutate(admin, 'orders.dispatch', { id: placed.body._id, driverId: dr.id })).status,
  ).toBe(200);
  const jobs = await driver.get<{
    result: { data: { _id: string; order: { _id: string; orderItems: { _id: string }[] } }[] };
  }>(
    `/trpc/ordertrack.driverPending?input=${encodeURIComponent(JSON.stringify({ driverId: dr.id, keyword: '' }))}`,
  );
  const job = jobs.body.result.data.find((j) => j.order._id === placed.body._id);
  if (!job) throw new Error('no job');
  expect((await mutate(driver, 'ordertrack.deliver', { id: job._id })).status).toBe(200);
  lineId = job.order.orderItems[0]?._id ?? '';
});
afterAll(() => t.close());

const pending = () =>
  t.db.$client
    .prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM goods_claim WHERE status = 'pending'")
    .get()?.n;

describe('a claim too large', () => {
  it('is refused with what may still be reported and its unit', async () => {
    const r = await mutate(customer, 'claims.create', {
      orderLineId: lineId,
      quantity: 9,
      reason: 'Smelled off',
    });
    expect(r.status).toBe(400);
    expect(r.code).toBe('claim.aboveDelivered');
    expect(r.params).toEqual({ max: 8, unit: 'Kg' });
  });
});

describe('approving fewer than claimed', () => {
  let claimId = '';

  it('takes the claim for 8 Kg', async () => {
    const r = await mutate<{ _id: string; quantity: number }>(customer, 'claims.create', {
      orderLineId: lineId,
      quantity: 8,
      reason: 'Smelled off',
    });
    expect(r.status).toBe(200);
    claimId = r.data._id;
  });

  it('then says nothing more can be reported on the line, not "at most 0"', async () => {
    const r = await mutate(customer, 'claims.create', {
      orderLineId: lineId,
      quantity: 1,
      reason: 'One more bag',
    });
    expect(r.status).toBe(400);
    expect(r.code).toBe('claim.nothingLeft');
    expect(r.params).toEqual({ delivered: 8, unit: 'Kg' });
  });

  it('refuses crediting more than claimed, naming the claimed quantity and its unit', async () => {
    const r = await mutate(admin, 'claims.decide', { id: claimId, approve: true, quantity: 9 });
    expect(r.status).toBe(400);
    expect(r.code).toBe('claim.approveAboveClaimed');
    expect(r.params).toEqual({ max: 8, unit: 'Kg' });
    expect(pending()).toBe(1);
  });

  it('refuses 0, a negative, a fraction or a word as the quantity to credit, with its own code', async () => {
    for (const quantity of [0, -2, 2.5, 'six', '6']) {
      const r = await mutate(admin, 'claims.decide', { id: claimId, approve: true, quantity });
      expect(r.status, String(quantity)).toBe(400);
      expect(r.code, String(quantity)).toBe('claim.creditQuantityRange');
    }
    expect(pending()).toBe(1);
  });

  it('credits 6 Kg: the credit note and its tax follow the approved quantity', async () => {
    const r = await mutate<{ status: string; creditNoteId: string; creditedQuantity: number }>(
      admin,
      'claims.decide',
      { id: claimId, approve: true, quantity: 6 },
    );
    expect(r.status).toBe(200);
    expect(r.data.status).toBe('approved');
    expect(r.data.creditedQuantity).toBe(6);
    const cn = await query<{
      net8: number;
      tax8: number;
      net10: number;
      tax10: number;
      total: number;
      lines: { quantity: number; amount: number; taxRate: number }[];
    }>(admin, 'creditNotes.byId', { id: r.data.creditNoteId });
    expect(cn.data.lines).toMatchObject([{ quantity: 6, amount: 6 * PRICE }]);
    const rate = cn.data.lines[0]?.taxRate ?? 0;
    // 6 × ¥1,250 = ¥7,500, whose tax is whole at either rate (600 at 8%, 750 at 10%).
    const tax = (6 * PRICE * rate) / 100;
    expect(cn.data.net8 + cn.data.net10).toBe(6 * PRICE);
    expect(cn.data.tax8 + cn.data.tax10).toBe(tax);
    expect(cn.data.total).toBe(6 * PRICE + tax);
  });

  it("the restaurant's claim shows 8 claimed and 6 credited", async () => {
    const mine = await query<{ _id: string; quantity: number; creditedQuantity: number }[]>(
      customer,
      'claims.mine',
    );
    expect(mine.data.find((c) => c._id === claimId)).toMatchObject({
      quantity: 8,
      status: 'approved',
      creditedQuantity: 6,
    });
  });
});
