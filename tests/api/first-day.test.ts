import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../server/accounts/first-admin';
import { deliveryCalendar } from '../../server/settings/settings';
import { addDaysIso } from '../../shared/delivery-dates';
import { documentFormat } from '../../shared/documents/formats';
import { isoDateInZone } from '../../shared/format';
import type { DashboardOut } from '../../shared/schemas/dashboard';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCustomer, makeEmployee, makeProduct, makeRoute } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { pdfTextAt as pdfText } from '../helpers/pdf';
import { mutate, query } from '../helpers/trpc';

// A new wholesaler's first day on an empty database (ADR 056), over HTTP on the real app: the
// first admin is greeted by its username, the registration number typed full-width by a
// Japanese IME is accepted, dispatch preselects a driver only when the data names one, two
// orders for tomorrow delivered early today are today's deliveries on the dashboard, the cash
// handover names the driver as the office knows him, and a cash invoice paid at the door says
// it is paid instead of asking for payment.

let t: TestApp;
let owner: ApiClient;
let ramPhone: ApiClient;
let date = '';
let today = '';
const ids = { ram: '', hari: '', a: '', b: '', c: '', rice: '', soap: '' };
const clients: Record<string, ApiClient> = {};
const REG_TYPED = 'Ｔ２０１１００１０１２３４５';
const REG = 'T2011001012345';
const BUSINESS = {
  legalName: '株式会社さくら食品',
  address: '東京都新宿区西新宿1-2-3',
  phone: '03-1234-5678',
  registrationNumber: REG_TYPED,
  bank: {
    bankName: 'みずほ銀行',
    branchName: '新宿支店',
    accountType: 'ordinary',
    accountNumber: '7654321',
    accountHolder: 'カ）サクラショクヒン',
  },
};

/** The customer places an order of rice and soap for the earliest day (tomorrow or later). */
async function place(customer: ApiClient, rice = 3, soap = 2): Promise<string> {
  const r = await customer.post<{ _id: string }>('/api/orders', {
    orderItems: [
      { product: ids.rice, quantity: rice },
      { product: ids.soap, quantity: soap },
    ],
    deliveryDate: date,
  });
  expect(r.status).toBe(201);
  return r.body._id;
}

const suggest = (orderIds: string[]) =>
  query<{ driverId: string | null; basis: string | null }>(owner, 'orders.suggestDriver', {
    ids: orderIds,
  });

interface Job {
  _id: string;
  amountToCollect: number;
  order: { _id: string; invoice: { _id: string; amount: number; paidAmount: number } | null };
}

/** Ram delivers the order's job now, taking `cash` at the door (all of it by default). */
async function deliver(orderId: string, cash?: number): Promise<Job> {
  const jobs = await query<Job[]>(ramPhone, 'ordertrack.driverPending', {
    driverId: ids.ram,
    keyword: '',
  });
  const job = jobs.data.find((j) => j.order?._id === orderId);
  if (!job) throw new Error('no job');
  const r = await mutate<Job>(ramPhone, 'ordertrack.deliver', {
    id: job._id,
    cashTaken: cash ?? job.amountToCollect,
  });
  expect(r.status).toBe(200);
  return r.data;
}

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'first-pass-99' } });
  expect(await ensureFirstAdmin(t.db, t.config)).toMatch(/from ADMIN_USERNAME/);
  today = isoDateInZone(new Date(), t.config.timeZone);
  // Tomorrow or later, so that delivering today is early: before the cut-off (after midnight
  // in Tokyo) today itself is the earliest date.
  const earliest = deliveryCalendar(t.db, t.config.timeZone).earliest;
  const tomorrow = addDaysIso(today, 1);
  date = earliest > tomorrow ? earliest : tomorrow;
  owner = new ApiClient(t.url);
  await owner.login('owner', 'first-pass-99');

  ids.rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' }).id;
  ids.soap = makeProduct(t.db, { name: 'Dish Detergent 4L', price: 1000, sku: 'Btl' }).id;
  t.db.$client.prepare('UPDATE product SET tax_rate = 10 WHERE id = ?').run(ids.soap);
  const north = makeRoute(t.db, 'North');
  const south = makeRoute(t.db, 'South');
  const ram = await makeEmployee(t.db, 'driver', { username: 'ram', name: 'グルン ラム' });
  const hari = await makeEmployee(t.db, 'driver', { username: 'hari', name: '' });
  ids.ram = ram.id;
  ids.hari = hari.id;
  ramPhone = new ApiClient(t.url);
  await ramPhone.login(ram.username, ram.password);
  for (const [key, routeId] of [
    ['a', north.id],
    ['b', north.id],
    ['c', south.id],
  ] as const) {
    const c = await makeCustomer(t.db, { restaurantName: `Restaurant ${key}`, routeId });
    ids[key] = c.id;
    clients[key] = new ApiClient(t.url);
    await clients[key].login(c.username, c.password);
  }
  t.db.$client
    .prepare("UPDATE customer SET document_language = 'ja' WHERE id IN (?, ?)")
    .run(ids.a, ids.b);
  t.db.$client.prepare("UPDATE customer SET document_language = 'en' WHERE id = ?").run(ids.c);
});
afterAll(() => t.close());

describe("a new wholesaler's first day", () => {
  it('greets the first admin by the username it was created with, not "Administrator"', async () => {
    const me = await query<{ username: string; name: string }>(owner, 'auth.session');
    expect(me.data).toMatchObject({ username: 'owner', name: 'owner' });
  });

  it('accepts the registration number as a Japanese IME types it, and stores it half-width', async () => {
    const saved = await mutate<{ registrationNumber: string }>(
      owner,
      'settings.updateBusiness',
      BUSINESS,
    );
    expect(saved.status).toBe(200);
    expect(saved.data.registrationNumber).toBe(REG);
    // Still checked after the width is normalised: a wrong check digit is refused, on the field.
    const wrong = await mutate(owner, 'settings.updateBusiness', {
      ...BUSINESS,
      registrationNumber: 'Ｔ３０１１００１０１２３４５',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.code).toBe('settings.registrationCheckDigit');
    // The refusal names its field, which the settings screen marks (not only the form's foot).
    const short = await owner.post<{ error: { data: { issues?: Record<string, string> } } }>(
      '/trpc/settings.updateBusiness',
      { ...BUSINESS, registrationNumber: 'Ｔ２０１１' },
    );
    expect(short.status).toBe(400);
    expect(short.body.error.data.issues).toEqual({
      registrationNumber: 'settings.registrationFormat',
    });
  });

  const orders = { a1: '', b1: '', c1: '' };

  it('suggests no driver on an empty database, so the office has to choose', async () => {
    orders.a1 = await place(clients.a as ApiClient);
    const s = await suggest([orders.a1]);
    expect(s.status).toBe(200);
    expect(s.data).toEqual({ driverId: null, basis: null });
    // The dispatch contract is unchanged: PUT /api/orders/{id}/dispatch, driverId optional.
    const d = await owner.put(`/api/orders/${orders.a1}/dispatch`, { driverId: ids.ram });
    expect(d.status).toBe(200);
  });

  it("then suggests the driver of the customer's latest job, else of its route's", async () => {
    orders.b1 = await place(clients.b as ApiClient);
    orders.c1 = await place(clients.c as ApiClient, 1, 1);
    // The customer's order already went to Ram: Ram is whom its next order is suggested for.
    expect((await suggest([orders.a1])).data).toEqual({ driverId: ids.ram, basis: 'customer' });
    // Same route, no job of its own yet.
    expect((await suggest([orders.b1])).data).toEqual({ driverId: ids.ram, basis: 'route' });
    // Another route, nobody has delivered there.
    expect((await suggest([orders.c1])).data).toEqual({ driverId: null, basis: null });
    // Many orders: any of their customers' latest job.
    expect((await suggest([orders.c1, orders.b1, orders.a1])).data).toEqual({
      driverId: ids.ram,
      basis: 'customer',
    });
    // Staff only; a customer is refused.
    expect(
      (await query(clients.a as ApiClient, 'orders.suggestDriver', { ids: [orders.a1] })).status,
    ).toBe(403);
  });

  it('passes over a job whose driver is no longer a driver', async () => {
    t.db.$client.prepare("UPDATE account SET role = 'manager' WHERE id = ?").run(ids.ram);
    try {
      expect((await suggest([orders.a1])).data).toEqual({ driverId: null, basis: null });
    } finally {
      t.db.$client.prepare("UPDATE account SET role = 'driver' WHERE id = ?").run(ids.ram);
    }
  });

  let paid: Job;
  let part: Job;

  it('counts two orders for tomorrow delivered early today as today’s deliveries and sales', async () => {
    expect(date > today).toBe(true);
    expect(
      (await mutate(owner, 'orders.dispatch', { id: orders.b1, driverId: ids.ram })).status,
    ).toBe(200);
    paid = await deliver(orders.a1);
    part = await deliver(orders.b1, 1000);
    const amount = (paid.order.invoice?.amount ?? 0) + (part.order.invoice?.amount ?? 0);
    // 2480 x 3 = 7440 at 8% (+595), 1000 x 2 = 2000 at 10% (+200).
    expect(paid.order.invoice).toMatchObject({ amount: 10_235, paidAmount: 10_235 });
    const r = await query<DashboardOut>(owner, 'reports.dashboard');
    expect(r.status).toBe(200);
    // Nothing was scheduled for today; both deliveries happened today.
    expect(r.data.deliveriesToday).toEqual({
      delivered: 2,
      pending: 0,
      leftOver: 0,
      deliveredAmount: amount,
    });
    expect(r.data.deliveredDays.at(-1)).toEqual({ date: today, delivered: 2, amount });
    // The orders placed today are today's orders on the chart, as before.
    expect(r.data.placedToday.count).toBe(3);
    expect(r.data.days.at(-1)?.orders).toBe(3);
    expect(r.data.cashToday.collected).toBe(10_235 + 1000);
  });

  it('names the driver in the cash handover as the office knows him, with his login', async () => {
    const h = await mutate<{ driverName: string }>(ramPhone, 'handovers.handOver', {
      date: today,
      handedOver: 11_235,
      note: '',
    });
    expect(h.status).toBe(200);
    expect(h.data.driverName).toBe('グルン ラム');
    const report = await query<
      { driverName: string; driverUsername: string; handover: { driverName: string } | null }[]
    >(owner, 'handovers.report', { from: today, to: today });
    expect(report.status).toBe(200);
    expect(report.data).toHaveLength(1);
    expect(report.data[0]).toMatchObject({
      driverName: 'グルン ラム',
      driverUsername: 'ram',
      handover: { driverName: 'グルン ラム' },
    });
  });

  it('a cash invoice paid at the door says it is paid, without the bank, keeping the qualified-invoice items', async () => {
    const id = paid.order.invoice?._id as string;
    const model = await owner.get<{ paidInFull: boolean }>(`/api/documents/invoice/${id}`);
    expect(model.body.paidInFull).toBe(true);
    const text = await pdfText(owner, `/api/documents/invoice/${id}.pdf`);
    expect(text).toContain('ご入金済みです。ありがとうございました。');
    expect(text).toContain('入金済');
    expect(text).not.toContain('下記の通りご請求申し上げます');
    expect(text).not.toContain('お振込先');
    expect(text).not.toContain('みずほ銀行');
    // Nothing is due any more: no payment deadline.
    expect(text).not.toContain('お支払期限');
    // What a qualified invoice must carry stays: issuer and registration number, recipient,
    // date, ※ for the reduced rate, net and tax per rate, and the total.
    expect(text).toContain('請求書');
    expect(text).toContain(BUSINESS.legalName);
    expect(text).toContain(`登録番号: ${REG}`);
    expect(text).toContain('Restaurant a 御中');
    expect(text).toContain(documentFormat('ja').date(today));
    expect(text).toContain('※ Basmati Rice 5kg');
    expect(text).toContain('※印は軽減税率（8%）対象品目です。');
    expect(text).toContain('8%対象 ¥7,440 消費税 ¥595');
    expect(text).toContain('10%対象 ¥2,000 消費税 ¥200');
    expect(text).toContain('¥10,235');
  });

  it('an invoice paid in part still asks for payment, with the bank', async () => {
    const id = part.order.invoice?._id as string;
    const model = await owner.get<{ paidInFull: boolean }>(`/api/documents/invoice/${id}`);
    expect(model.body.paidInFull).toBe(false);
    const text = await pdfText(owner, `/api/documents/invoice/${id}.pdf`);
    expect(text).toContain('下記の通りご請求申し上げます。');
    expect(text).toContain('お振込先');
    expect(text).toContain('みずほ銀行 新宿支店 普通 7654321');
    expect(text).toContain(`お支払期限: ${documentFormat('ja').date(today)}`);
    expect(text).not.toContain('ご入金済み');
  });

  it('says "Paid in full" on an English invoice paid at the door', async () => {
    expect(
      (await mutate(owner, 'orders.dispatch', { id: orders.c1, driverId: ids.ram })).status,
    ).toBe(200);
    const job = await deliver(orders.c1);
    const text = await pdfText(owner, `/api/documents/invoice/${job.order.invoice?._id}.pdf`);
    expect(text).toContain('Paid in full. Thank you.');
    expect(text).toContain('PAID');
    expect(text).not.toContain('Please find our invoice below.');
    expect(text).not.toContain('Please pay by bank transfer to');
    expect(text).not.toContain('Payment due');
    expect(text).not.toContain('Amount due');
    expect(text).toContain('Invoice amount');
    expect(text).toContain(REG);
  });
});
