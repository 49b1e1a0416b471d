import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeInvoice } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { query } from '../helpers/trpc';

// An invoice 49 days late looked like one not yet due: the lists marked only what is more than
// two months past due (the credit hold, DESIGN §6). The server says which state a row is in,
// by the business's day: past due from the day after its due date, overdue after 60 days.

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let customerId = '';
const ids: Record<string, string> = {};

interface Page {
  rows: { _id: string; state: string }[];
  totals: { count: number };
}
interface InvoiceRead {
  _id: string;
  overdue: boolean;
  pastDue: boolean;
  dueDate: string | null;
  pendingAmount: number;
}

beforeAll(async () => {
  t = await startTestApp();
  const today = isoDateInZone(new Date(), t.config.timeZone);
  const c = await makeCustomer(t.db, { restaurantName: 'Kathmandu Kitchen' });
  customerId = c.id;
  const d = await makeEmployee(t.db, 'driver', { password: 'driver-pass-1' });
  const due = (days: number) =>
    makeInvoice(t.db, {
      customerId,
      amount: 195135,
      dueDate: addDaysIso(today, days),
      assignToCollect: d.id,
    }).id;
  ids.yesterday = due(-1);
  ids.fortyNine = due(-49);
  ids.sixty = due(-60);
  ids.sixtyOne = due(-61);
  ids.today = due(0);
  ids.tomorrow = due(1);
  ids.paidLate = makeInvoice(t.db, {
    customerId,
    amount: 5000,
    paidAmount: 5000,
    dueDate: addDaysIso(today, -10),
  }).id;
  const adm = await makeAdmin(t.db);
  admin = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  driver = new ApiClient(t.url);
  await driver.login(d.username, 'driver-pass-1');
});
afterAll(() => t.close());

const stateOf = (rows: Page['rows']) => Object.fromEntries(rows.map((r) => [r._id, r.state]));

describe("the office's invoice list", () => {
  it('calls an invoice past due from the day after its due date, overdue after 60 days', async () => {
    const r = await query<Page>(admin, 'lists.invoices', { search: 'Kathmandu' });
    expect(r.status).toBe(200);
    const state = stateOf(r.data.rows);
    expect(state[ids.yesterday!]).toBe('pastDue');
    expect(state[ids.fortyNine!]).toBe('pastDue');
    expect(state[ids.sixty!]).toBe('pastDue');
    expect(state[ids.sixtyOne!]).toBe('overdue');
    expect(state[ids.today!]).toBe('unpaid');
    expect(state[ids.tomorrow!]).toBe('unpaid');
    expect(state[ids.paidLate!]).toBe('paid');
  });

  it('filters past due (however late), overdue (over two months) and unpaid (all still owed)', async () => {
    const ask = async (s: string) =>
      (await query<Page>(admin, 'lists.invoices', { search: 'Kathmandu', state: s })).data.rows
        .map((r) => r._id)
        .sort();
    expect(await ask('pastDue')).toEqual(
      [ids.yesterday, ids.fortyNine, ids.sixty, ids.sixtyOne].sort(),
    );
    expect(await ask('overdue')).toEqual([ids.sixtyOne]);
    expect(await ask('unpaid')).toEqual(
      [ids.yesterday, ids.fortyNine, ids.sixty, ids.sixtyOne, ids.today, ids.tomorrow].sort(),
    );
  });
});

describe('the invoices the money screens and the driver read (REST)', () => {
  const check = (invoices: InvoiceRead[]) => {
    const by = Object.fromEntries(invoices.map((i) => [i._id, i]));
    expect(by[ids.yesterday!]).toMatchObject({ pastDue: true, overdue: false });
    expect(by[ids.fortyNine!]).toMatchObject({ pastDue: true, overdue: false });
    expect(by[ids.sixtyOne!]).toMatchObject({ pastDue: true, overdue: true });
    expect(by[ids.today!]).toMatchObject({ pastDue: false, overdue: false });
    expect(by[ids.tomorrow!]).toMatchObject({ pastDue: false, overdue: false });
  };

  it("marks them on a customer's invoices, the spec's fields as they were", async () => {
    const r = await admin.get<{ invoices: InvoiceRead[]; totalDues: number }>(
      `/api/invoice/customer/${customerId}`,
    );
    expect(r.status).toBe(200);
    check(r.body.invoices);
    expect(by(r.body.invoices, ids.paidLate!)).toMatchObject({ pastDue: false, overdue: false });
    // The spec's fields keep their names and meanings beside the added one.
    expect(Object.keys(by(r.body.invoices, ids.yesterday!))).toEqual(
      expect.arrayContaining(['_id', 'customer', 'dueDate', 'amount', 'paidAmount', 'status']),
    );
    expect(by(r.body.invoices, ids.yesterday!).pendingAmount).toBe(195135);
  });

  it("marks them on the driver's invoices to collect", async () => {
    const r = await driver.get<{ invoices: InvoiceRead[] }>('/api/invoice/mine');
    expect(r.status).toBe(200);
    check(r.body.invoices);
  });
});

function by(invoices: InvoiceRead[], id: string): InvoiceRead {
  const found = invoices.find((i) => i._id === id);
  if (!found) throw new Error(`invoice ${id} not listed`);
  return found;
}
