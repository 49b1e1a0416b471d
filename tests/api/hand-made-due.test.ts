import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDateOf, nextClosingDate } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate } from '../helpers/trpc';

// A hand-made invoice to a monthly customer, typed without a due date, is due with the statement
// that will ask for it (ADR 034, amended): before, it had no due date of its own, or the office
// typed the next payment day while the statement counting it said a month later, and aging, the
// customer's Account and the statement disagreed.

let t: TestApp;
let admin: ApiClient;
let today = '';
let monthlyId = '';
let cashId = '';

const dueOf = (id: string) =>
  t.db.$client.prepare('SELECT due_date FROM invoice WHERE id = ?').pluck().get(id) as
    | string
    | null;

beforeAll(async () => {
  t = await startTestApp();
  today = isoDateInZone(new Date(), t.config.timeZone);
  const monthly = await makeCustomer(t.db, {
    restaurantName: 'Kathmandu Grill',
    paymentMethod: 'monthly',
  });
  t.db.$client
    .prepare("UPDATE customer SET closing_day = 20, payment_date = '10' WHERE id = ?")
    .run(monthly.id);
  monthlyId = monthly.id;
  cashId = (await makeCustomer(t.db, { restaurantName: 'Everest Cafe' })).id;
  const adm = await makeAdmin(t.db);
  admin = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
});
afterAll(() => t.close());

describe('a hand-made invoice typed without a due date', () => {
  it("is due with a monthly customer's next statement", async () => {
    const made = await mutate<{ _id: string; dueDate: string | null }>(admin, 'invoices.create', {
      customer: monthlyId,
      amount: 5500,
    });
    expect(made.status).toBe(200);
    // 20日締め翌月10日払い: the statement of the next 20th, due the 10th of the month after.
    const closing = nextClosingDate(20, today);
    const due = dueDateOf(closing, 1, '10');
    expect(made.data.dueDate).toBe(due);
    expect(dueOf(made.data._id)).toBe(due);
    expect(due.slice(8)).toBe('10');
    expect(due > closing).toBe(true);
  });

  it('is due with the statement after, once the closing of that day has run', async () => {
    const closing = nextClosingDate(20, today);
    if (closing > today) {
      // Only a closing that has come can be run: the rule is checked by a statement on record.
      t.db.$client
        .prepare(
          `INSERT INTO statement (id, number, customer_id, closing_date, period_start,
             previous_balance, payments_received, carried_over, period_amount, amount_due,
             created_at)
           VALUES ('st-test', 'ST-TEST', ?, ?, ?, 0, 0, 0, 0, 0, ?)`,
        )
        .run(monthlyId, closing, addDaysIso(closing, -30), new Date().toISOString());
    }
    const made = await mutate<{ _id: string }>(admin, 'invoices.create', {
      customer: monthlyId,
      amount: 1100,
    });
    expect(made.status).toBe(200);
    const after = nextClosingDate(20, addDaysIso(closing, 1));
    expect(dueOf(made.data._id)).toBe(dueDateOf(after, 1, '10'));
  });

  it('keeps the date the office typed, and has none for a cash customer', async () => {
    const typed = addDaysIso(today, 3);
    const monthly = await mutate<{ _id: string }>(admin, 'invoices.create', {
      customer: monthlyId,
      amount: 2200,
      dueDate: typed,
    });
    expect(dueOf(monthly.data._id)).toBe(typed);
    const cash = await mutate<{ _id: string }>(admin, 'invoices.create', {
      customer: cashId,
      amount: 2200,
    });
    expect(cash.status).toBe(200);
    expect(dueOf(cash.data._id)).toBeNull();
  });
});
