import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// A driver's payment is dated the day it is taken, in the business's time zone; only the office
// dates a payment otherwise, within the window the business sets, never in the future (ADR 023).

let t: TestApp;
let admin: ApiClient;
let d1: ApiClient;
let driverId = '';
let customerId = '';
let today = '';

type Invoice = {
  _id: string;
  payments: { _id: string; amount: number; date: string }[];
  code?: string;
  message?: string;
};

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  const a = await makeAdmin(t.db);
  const dr = await makeEmployee(t.db, 'driver');
  driverId = dr.id;
  customerId = (await makeCustomer(t.db, { restaurantName: 'Everest Dining' })).id;
  admin = new ApiClient(t.url);
  d1 = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  await d1.login(dr.username, dr.password);
});
afterAll(() => t.close());

async function invoice(amount = 100_000): Promise<string> {
  const r = await admin.post<Invoice>('/api/invoice', {
    customer: customerId,
    amount,
    assignToCollect: driverId,
  });
  expect(r.status).toBe(201);
  return r.body._id;
}

const pay = (c: ApiClient, id: string, body: Record<string, unknown>) =>
  c.post<Invoice>(`/api/invoice/${id}/payment`, { amount: 1000, ...body });
const last = (inv: Invoice) => inv.payments[inv.payments.length - 1];
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

describe("a driver's payment is dated the day it is taken", () => {
  it('refuses a driver payment dated 1900-01-01 or 2099-12-31', async () => {
    const id = await invoice();
    for (const date of ['1900-01-01', '2099-12-31', addDaysIso(today, -1)]) {
      const r = await pay(d1, id, { date });
      expect(r.status, date).toBe(400);
      expect(r.body.code).toBe('invoice.paymentDateNotToday');
      expect(r.body.message).toContain(today);
    }
    const full = await d1.post<Invoice>(`/api/invoice/${id}/fullpayment`, { date: '2099-12-31' });
    expect(full.body.code).toBe('invoice.paymentDateNotToday');
    const r = await admin.get<Invoice>(`/api/invoice/${id}`);
    expect(r.body.payments).toEqual([]);
  });

  it("dates a driver's payment today, or the day of the time the phone queued it", async () => {
    const id = await invoice();
    const plain = await pay(d1, id, {});
    expect(plain.status).toBe(201);
    expect(last(plain.body)?.date).toBe(today);
    expect((await pay(d1, id, { date: today })).status).toBe(201);

    const takenAt = hoursAgo(50);
    const queued = await pay(d1, id, { takenAt });
    expect(queued.status).toBe(201);
    const day = isoDateInZone(new Date(takenAt), t.config.timeZone);
    expect(last(queued.body)?.date).toBe(day);
    // The date, when sent too, must be that day.
    expect((await pay(d1, id, { takenAt, date: day })).status).toBe(201);
    expect((await pay(d1, id, { takenAt, date: addDaysIso(day, 1) })).body.code).toBe(
      'invoice.paymentDateNotToday',
    );
    const row = t.db.$client
      .prepare('SELECT taken_at FROM payment WHERE id = ?')
      .pluck()
      .get(last(queued.body)?._id);
    expect(row).toBe(takenAt);
  });

  it('refuses a queued time more than 3 days back, in the future, or not a time', async () => {
    const id = await invoice();
    const old = await pay(d1, id, { takenAt: hoursAgo(24 * 3 + 1) });
    expect(old.status).toBe(400);
    expect(old.body.code).toBe('invoice.takenAtTooOld');
    const future = await pay(d1, id, { takenAt: hoursAgo(-1) });
    expect(future.status).toBe(400);
    expect(future.body.code).toBe('invoice.takenAtFuture');
    const junk = await pay(d1, id, { takenAt: 'yesterday' });
    expect(junk.status).toBe(400);
    expect(junk.body.code).toBe('invoice.takenAtInvalid');
  });
});

describe('the office dates payments within the window the business sets', () => {
  it('accepts a date within 90 days back, refuses older or future dates', async () => {
    const id = await invoice();
    const ok = await pay(admin, id, { date: addDaysIso(today, -30) });
    expect(ok.status).toBe(201);
    expect(last(ok.body)?.date).toBe(addDaysIso(today, -30));
    const tooOld = await pay(admin, id, { date: addDaysIso(today, -91) });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.code).toBe('invoice.paymentDateTooOld');
    expect((await pay(admin, id, { date: '1900-01-01' })).body.code).toBe(
      'invoice.paymentDateTooOld',
    );
    const future = await pay(admin, id, { date: addDaysIso(today, 1) });
    expect(future.status).toBe(400);
    expect(future.body.code).toBe('invoice.paymentDateFuture');
    expect((await pay(admin, id, { date: '2099-12-31' })).body.code).toBe(
      'invoice.paymentDateFuture',
    );
    const full = await admin.post<Invoice>(`/api/invoice/${id}/fullpayment`, {
      date: '2099-12-31',
    });
    expect(full.body.code).toBe('invoice.paymentDateFuture');

    // Correcting a payment: the new date obeys the same window.
    const p = last(ok.body);
    const moved = await admin.put<Invoice>(`/api/invoice/${id}/payment`, {
      _id: p?._id,
      amount: 1000,
      date: '2099-12-31',
    });
    expect(moved.body.code).toBe('invoice.paymentDateFuture');
    const back = await admin.put<Invoice>(`/api/invoice/${id}/payment`, {
      _id: p?._id,
      amount: 1000,
      date: '1900-01-01',
    });
    expect(back.body.code).toBe('invoice.paymentDateTooOld');
  });

  it('the window is a setting of the business', async () => {
    const id = await invoice();
    const set = await admin.post<{ result?: { data: { paymentBackdateDays: number } } }>(
      '/trpc/settings.updateMoney',
      { paymentBackdateDays: 120 },
    );
    expect(set.status).toBe(200);
    const got = await admin.get<{ result: { data: { paymentBackdateDays: number } } }>(
      '/trpc/settings.money',
    );
    expect(got.body.result.data.paymentBackdateDays).toBe(120);
    expect((await pay(admin, id, { date: addDaysIso(today, -91) })).status).toBe(201);
    expect((await pay(admin, id, { date: addDaysIso(today, -121) })).body.code).toBe(
      'invoice.paymentDateTooOld',
    );
    const bad = await admin.post('/trpc/settings.updateMoney', { paymentBackdateDays: -1 });
    expect(bad.status).toBe(400);
    // Drivers do not change it.
    expect(
      (await d1.post('/trpc/settings.updateMoney', { paymentBackdateDays: 9999 })).status,
    ).toBe(403);
  });
});
