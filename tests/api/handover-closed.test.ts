import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { en, ja, ne } from '../../shared/locales';
import { HANDOVER_DAYS_BACK } from '../../shared/rules';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// Once the office confirms a driver's day, that day's payments are closed: the normal paths
// neither add, change nor delete them; the office corrects them with a reason, and the handover
// report shows each correction (ADR 023).

let t: TestApp;
let admin: ApiClient;
let d1: ApiClient;
let d2: ApiClient;
let driverId = '';
let driver2Id = '';
let customerId = '';
let today = '';

type Payment = { _id: string; amount: number; date: string; collectedBy: string | null };
type Invoice = { _id: string; paidAmount: number; payments: Payment[]; code?: string };
type Handover = { _id: string; confirmed: number | null; code?: string };
type Trpc<T> = { result?: { data: T }; error?: { data: { appCode: string; httpStatus: number } } };

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  const a = await makeAdmin(t.db);
  const e1 = await makeEmployee(t.db, 'driver');
  const e2 = await makeEmployee(t.db, 'driver');
  driverId = e1.id;
  driver2Id = e2.id;
  customerId = (await makeCustomer(t.db, { restaurantName: 'Lumbini Curry' })).id;
  admin = new ApiClient(t.url);
  d1 = new ApiClient(t.url);
  d2 = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  await d1.login(e1.username, e1.password);
  await d2.login(e2.username, e2.password);
});
afterAll(() => t.close());

async function invoice(amount: number, collector: string): Promise<string> {
  const r = await admin.post<Invoice>('/api/invoice', {
    customer: customerId,
    amount,
    assignToCollect: collector,
  });
  expect(r.status).toBe(201);
  return r.body._id;
}

async function correct(input: Record<string, unknown>) {
  const r = await admin.post<Trpc<unknown>>('/trpc/handovers.correct', input);
  return { status: r.status, code: r.body.error?.data.appCode, data: r.body.result?.data };
}

describe('a confirmed handover is closed', () => {
  let a = '';
  let b = '';
  let handover: Handover;
  let driverPayment: Payment;

  beforeAll(async () => {
    a = await invoice(10_000, driverId);
    b = await invoice(5_000, driverId);
    const paid = await d1.post<Invoice>(`/api/invoice/${a}/payment`, { amount: 3000 });
    expect(paid.status).toBe(201);
    driverPayment = paid.body.payments[0] as Payment;
    const h = await d1.post<Handover>('/api/handover', { date: today, handedOver: 3000 });
    expect(h.status).toBe(201);
    const c = await admin.put<Handover>(`/api/handover/${h.body._id}/confirm`, { confirmed: 3000 });
    expect(c.status).toBe(200);
    handover = c.body;
  });

  it("refuses to add a payment to the driver's closed day", async () => {
    const more = await d1.post<Invoice>(`/api/invoice/${a}/payment`, { amount: 1000 });
    expect(more.status).toBe(409);
    expect(more.body.code).toBe('handover.closed');
    const full = await d1.post<Invoice>(`/api/invoice/${b}/fullpayment`, {});
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('handover.closed');
    expect((await admin.get<Invoice>(`/api/invoice/${b}`)).body.paidAmount).toBe(0);
  });

  it('refuses to edit or delete its payments through the normal paths', async () => {
    const edit = await admin.put<Invoice>(`/api/invoice/${a}/payment`, {
      _id: driverPayment._id,
      amount: 2000,
      date: today,
    });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('handover.closed');
    // An issued invoice is never deleted (ADR 047); one from before numbering could be, but
    // not while its payments belong to a confirmed handover.
    const issued = await admin.delete<Invoice>(`/api/invoice/${a}`);
    expect(issued.status).toBe(409);
    expect(issued.body.code).toBe('invoice.issuedNoDelete');
    t.db.$client.prepare('UPDATE invoice SET number = NULL WHERE id = ?').run(a);
    const del = await admin.delete<Invoice>(`/api/invoice/${a}`);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('handover.closed');
    const inv = await admin.get<Invoice>(`/api/invoice/${a}`);
    expect(inv.body.paidAmount).toBe(3000);
    expect(inv.body.payments.map((p) => p.amount)).toEqual([3000]);
  });

  it("leaves other collectors' payments alone", async () => {
    const office = await admin.post<Invoice>(`/api/invoice/${a}/payment`, {
      amount: 500,
      date: today,
    });
    expect(office.status).toBe(201);
    const other = await invoice(2_000, driver2Id);
    expect((await d2.post(`/api/invoice/${other}/payment`, { amount: 700 })).status).toBe(201);
  });

  it('the office corrects the closed day with a reason, and the report shows it', async () => {
    const noReason = await correct({
      handoverId: handover._id,
      paymentId: driverPayment._id,
      amount: 2500,
      reason: '  ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.code).toBe('handover.reasonRequired');

    const receiptOf = () =>
      t.db.$client
        .prepare('SELECT receipt_number AS n, receipt_replaces AS r FROM payment WHERE id = ?')
        .get(driverPayment._id) as { n: string; r: string | null };
    const before = receiptOf();
    const adjusted = await correct({
      handoverId: handover._id,
      paymentId: driverPayment._id,
      amount: 2500,
      reason: 'Counted a ¥500 coin twice',
    });
    expect(adjusted.status).toBe(200);
    // Its receipt is issued again for the corrected amount (ADR 058).
    expect(receiptOf()).toEqual({ n: expect.not.stringMatching(before.n), r: before.n });
    const added = await correct({
      handoverId: handover._id,
      invoiceId: b,
      amount: 1000,
      reason: 'Paid at the door, left off the phone',
    });
    expect(added.status).toBe(200);
    const tooMuch = await correct({
      handoverId: handover._id,
      invoiceId: b,
      amount: 99_000,
      reason: 'typo',
    });
    expect(tooMuch.code).toBe('invoice.overpaid');

    const invA = await admin.get<Invoice>(`/api/invoice/${a}`);
    expect(invA.body.paidAmount).toBe(3000);
    expect(invA.body.payments.find((p) => p._id === driverPayment._id)?.amount).toBe(2500);
    const invB = await admin.get<Invoice>(`/api/invoice/${b}`);
    expect(invB.body.payments).toEqual([
      expect.objectContaining({ amount: 1000, date: today, collectedBy: expect.any(String) }),
    ]);

    const report = await admin.get<
      {
        driverId: string | null;
        collected: number;
        handover: Handover | null;
        corrections: { reason: string; beforeAmount: number; afterAmount: number }[];
      }[]
    >(`/api/handover/report?from=${today}&to=${today}`);
    expect(report.status).toBe(200);
    const day = report.body.find((r) => r.driverId === driverId);
    expect(day?.collected).toBe(3500);
    expect(day?.handover?.confirmed).toBe(3000);
    expect(day?.corrections).toEqual([
      expect.objectContaining({
        reason: 'Counted a ¥500 coin twice',
        beforeAmount: 3000,
        afterAmount: 2500,
      }),
      expect.objectContaining({
        reason: 'Paid at the door, left off the phone',
        beforeAmount: 0,
        afterAmount: 1000,
      }),
    ]);

    // The detail the handover screen shows.
    const detail = await admin.get<Trpc<{ payments: Payment[]; corrections: unknown[] }>>(
      `/trpc/handovers.detail?input=${encodeURIComponent(JSON.stringify({ id: handover._id }))}`,
    );
    expect(detail.body.result?.data.payments.map((p) => p.amount).sort()).toEqual([1000, 2500]);
    expect(detail.body.result?.data.corrections).toHaveLength(2);

    // Removing a payment: amount 0.
    const removed = await correct({
      handoverId: handover._id,
      paymentId: driverPayment._id,
      amount: 0,
      reason: 'Refunded the same day',
    });
    expect(removed.status).toBe(200);
    expect((await admin.get<Invoice>(`/api/invoice/${a}`)).body.paidAmount).toBe(500);
  });

  it('a handover not yet confirmed is corrected through the normal paths', async () => {
    const h = await d2.post<Handover>('/api/handover', { date: today, handedOver: 700 });
    expect(h.status).toBe(201);
    const r = await correct({ handoverId: h.body._id, invoiceId: b, amount: 1, reason: 'x' });
    expect(r.status).toBe(409);
    expect(r.code).toBe('handover.notConfirmed');
    // Drivers cannot correct.
    const byDriver = await d1.post('/trpc/handovers.correct', {
      handoverId: handover._id,
      invoiceId: b,
      amount: 1,
      reason: 'x',
    });
    expect(byDriver.status).toBe(403);
  });
});

describe('the day a driver hands over', () => {
  it('is today or one of the 31 days before it: a later or older day is refused and nothing is kept', async () => {
    const e = await makeEmployee(t.db, 'driver');
    const d = new ApiClient(t.url);
    await d.login(e.username, e.password);
    const rows = () =>
      (
        t.db.$client
          .prepare('SELECT COUNT(*) AS n FROM cash_handover WHERE driver_id = ?')
          .get(e.id) as { n: number }
      ).n;
    const refused = async (date: string, code: string) => {
      const r = await d.post<{ code: string; params?: Record<string, unknown> }>('/api/handover', {
        date,
        handedOver: 500_000,
        note: 'refused',
      });
      expect(r.status, date).toBe(400);
      expect(r.body.code, date).toBe(code);
      return r.body;
    };
    await refused(addDaysIso(today, 1), 'handover.dateInFuture');
    await refused('2027-03-01', 'handover.dateInFuture');
    const old = await refused(addDaysIso(today, -32), 'handover.dateTooOld');
    expect(old.params).toEqual({ days: HANDOVER_DAYS_BACK });
    await refused('2020-01-01', 'handover.dateTooOld');
    expect(rows()).toBe(0);

    // The oldest day a driver may still hand over, and today.
    const oldest = await d.post<Handover>('/api/handover', {
      date: addDaysIso(today, -HANDOVER_DAYS_BACK),
      handedOver: 100,
    });
    expect(oldest.status).toBe(201);
    expect((await d.post('/api/handover', { date: today, handedOver: 100 })).status).toBe(201);
    expect(rows()).toBe(2);
    for (const tree of [en, ne, ja]) {
      expect(tree.errors.handover.dateInFuture).toBeTruthy();
      expect(tree.errors.handover.dateTooOld).toContain('{{days}}');
    }
  });
});
