import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeInvoice } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// The driver's job card asks for the overdue money this driver can record on his Payments
// screen, and only that (ADR 079). When the office moves a restaurant's job to him, what the
// previous driver or the office holds is said on its own line, not asked for.

type Dues = {
  customerId: string;
  overdue: boolean;
  overdueAmount: number;
  overdueToCollect: number;
  overdueHeldElsewhere: { heldBy: string | null; amount: number }[];
};
type Job = { _id: string; customer: { _id: string } | null };
type Invoice = { _id: string; pendingAmount: number; overdue: boolean; customer: { _id: string } };

let t: TestApp;
let admin: ApiClient;
let d1: ApiClient;
let driver1 = { id: '' };
let driver2 = { id: '' };
let restaurant = '';
let today = '';
const heldByDriver2: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  const a = await makeAdmin(t.db);
  const e1 = await makeEmployee(t.db, 'driver', { name: 'Driver One' });
  const e2 = await makeEmployee(t.db, 'driver', { name: 'Driver Two' });
  driver1 = e1;
  driver2 = e2;
  restaurant = (await makeCustomer(t.db, { restaurantName: 'Moved Momo' })).id;
  // Overdue (more than two months past due): ¥6,207 on driver1, ¥8,200 on driver2, ¥1,000 with
  // the office (no collector): ¥15,407 in all. Driver1's ¥500 due today is not overdue.
  makeInvoice(t.db, {
    customerId: restaurant,
    amount: 5000,
    paidAmount: 1000,
    dueDate: '2020-01-31',
    assignToCollect: driver1.id,
  });
  makeInvoice(t.db, {
    customerId: restaurant,
    amount: 2207,
    dueDate: '2020-02-29',
    assignToCollect: driver1.id,
  });
  makeInvoice(t.db, {
    customerId: restaurant,
    amount: 500,
    dueDate: today,
    assignToCollect: driver1.id,
  });
  heldByDriver2.push(
    makeInvoice(t.db, {
      customerId: restaurant,
      amount: 8200,
      dueDate: '2020-01-31',
      assignToCollect: driver2.id,
    }).id,
  );
  makeInvoice(t.db, { customerId: restaurant, amount: 1000, dueDate: '2020-03-31' });
  admin = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  d1 = new ApiClient(t.url);
  await d1.login(e1.username, e1.password);
});
afterAll(() => t.close());

describe("the driver's job card after the office moves a restaurant's job to him", () => {
  it('asks only for what he can record, says who holds the rest, and his payment of it is taken', async () => {
    // The office gives the job to driver2, then moves it to driver1.
    const made = await admin.post<Job>('/api/ordertrack', {
      customer: restaurant,
      deliveredBy: driver2.id,
    });
    expect(made.status).toBe(201);
    const moved = await admin.put(`/api/ordertrack/${made.body._id}`, {
      customer: restaurant,
      deliveredBy: driver1.id,
    });
    expect(moved.status).toBe(200);
    const jobs = await d1.get<Job[]>(`/api/ordertrack/${driver1.id}`);
    expect(jobs.body.map((j) => j.customer?._id)).toEqual([restaurant]);

    const card = await d1.post<Dues[]>('/api/invoice/dues', { customerIds: [restaurant] });
    expect(card.status).toBe(200);
    expect(card.body).toEqual([
      expect.objectContaining({
        customerId: restaurant,
        overdue: true,
        overdueAmount: 15407,
        overdueToCollect: 6207,
        overdueHeldElsewhere: [
          { heldBy: 'Driver Two', amount: 8200 },
          { heldBy: null, amount: 1000 },
        ],
      }),
    ]);

    // What the card asks for is what his Payments screen holds overdue for this restaurant.
    const mine = await d1.get<{ invoices: Invoice[] }>(`/api/invoice/assigned/${driver1.id}`);
    const overdue = mine.body.invoices.filter((i) => i.customer._id === restaurant && i.overdue);
    expect(overdue.reduce((s, i) => s + i.pendingAmount, 0)).toBe(6207);
    for (const inv of overdue) {
      const paid = await d1.post(`/api/invoice/${inv._id}/payment`, {
        amount: inv.pendingAmount,
        date: today,
      });
      expect(paid.status).toBe(201);
    }
    // Driver2's invoice stays his: the rule of who records cash is unchanged.
    const notMine = await d1.post(`/api/invoice/${heldByDriver2[0]}/payment`, {
      amount: 8200,
      date: today,
    });
    expect(notMine.status).toBe(404);

    const after = await d1.post<Dues[]>('/api/invoice/dues', { customerIds: [restaurant] });
    expect(after.body[0]).toMatchObject({
      overdue: true,
      overdueAmount: 9200,
      overdueToCollect: 0,
      overdueHeldElsewhere: [
        { heldBy: 'Driver Two', amount: 8200 },
        { heldBy: null, amount: 1000 },
      ],
    });
  });

  it("asks the office for all of it: the office records a payment on anyone's invoice", async () => {
    const office = await admin.post<Dues[]>('/api/invoice/dues', { customerIds: [restaurant] });
    expect(office.body[0]).toMatchObject({
      overdueAmount: 9200,
      overdueToCollect: 9200,
      overdueHeldElsewhere: [],
    });
  });
});
