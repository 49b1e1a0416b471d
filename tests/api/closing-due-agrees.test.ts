import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/platform/ids';
import { latestClosingDate } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type {
  ClosingDueOut,
  ClosingPreviewOut,
  ClosingResultOut,
} from '../../shared/schemas/billing';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertDeliveredOrder } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// The closing screen counts who is due (`closing.due`) without planning each customer's lines
// (ADR 095): one read of the date's customers' deliveries still to bill, and the statement's
// figures only for those without one. Its count must be who the preview lists and the run
// closes, under every rule of what a closing bills: a delivery whose driver has not delivered
// it yet, one billed by hand before the upgrade, one after the closing date and one not
// delivered make nobody due; a credit note waiting is deducted alike in the preview and the
// run; a balance alone makes a statement; a customer closed already on the date, or closing
// on another day, is not counted.

let t: TestApp;
let office: ApiClient;
/** The later of the two latest closing dates (the one due), and the other. */
let first = '';
let second = '';
const ids: Record<string, string> = {};
const orders: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const today = isoDateInZone(new Date(), t.config.timeZone);
  const monthEnd = latestClosingDate(null, today);
  const twentieth = latestClosingDate(20, today);
  const [firstDay, secondDay] = monthEnd > twentieth ? [31, 20] : [20, 31];
  [first, second] = monthEnd > twentieth ? [monthEnd, twentieth] : [twentieth, monthEnd];
  const admin = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
  const rice = makeProduct(t.db, { name: 'Rice', price: 1000 });
  const sql = t.db.$client;
  const monthly = async (key: string, closingDay: number) => {
    const c = await makeCustomer(t.db, { restaurantName: key, paymentMethod: 'monthly' });
    sql.prepare('UPDATE customer SET closing_day = ? WHERE id = ?').run(closingDay, c.id);
    ids[key] = c.id;
    return c.id;
  };
  const deliver = (customerId: string, day: string, quantity = 2) => {
    const id = insertDeliveredOrder(t.db, { customerId, productId: rice.id, day, quantity });
    orders.push(id);
    return id;
  };

  // Delivered within the period: due.
  deliver(await monthly('Delivered', firstDay), addDaysIso(first, -3));
  deliver(ids.Delivered as string, addDaysIso(first, -1), 5);

  // Nothing it has is billable on `first`: not due, and nothing made for it.
  const nothing = await monthly('Nothing billable', firstDay);
  // On its way: the driver's job is not delivered yet.
  const onTheWay = insertDeliveredOrder(t.db, {
    customerId: nothing,
    productId: rice.id,
    day: addDaysIso(first, -2),
  });
  sql
    .prepare(
      `INSERT INTO delivery_job (id, serial_no, customer_id, restaurant_name, order_id, is_delivered)
       VALUES (?, 1, ?, 'Nothing billable', ?, 0)`,
    )
    .run(newId(), nothing, onTheWay);
  // Billed by hand before the app made invoices from deliveries (ADR 062).
  const byHand = insertDeliveredOrder(t.db, {
    customerId: nothing,
    productId: rice.id,
    day: addDaysIso(first, -4),
  });
  sql.prepare('UPDATE customer_order SET billed_by_hand = 1 WHERE id = ?').run(byHand);
  // Delivered after the closing date: the next closing's.
  insertDeliveredOrder(t.db, {
    customerId: nothing,
    productId: rice.id,
    day: addDaysIso(first, 1),
  });
  // Never delivered.
  const notDelivered = insertDeliveredOrder(t.db, {
    customerId: nothing,
    productId: rice.id,
    day: addDaysIso(first, -5),
  });
  sql
    .prepare('UPDATE customer_order SET is_delivered = 0, delivered_at = NULL WHERE id = ?')
    .run(notDelivered);

  // A credit note waiting: deducted from its closing invoice.
  const credited = await monthly('Credit waiting', firstDay);
  deliver(credited, addDaysIso(first, -2), 3);
  sql
    .prepare(
      `INSERT INTO credit_note (id, number, customer_id, issue_date, reason, net8, tax8, total,
                                tax_basis, tax_rounding)
       VALUES (?, 'CN-000901', ?, ?, 'Damaged', 463, 37, 500, 'exclusive', 'down')`,
    )
    .run(newId(), credited, addDaysIso(first, -6));

  // No delivery, a hand-made invoice of the period: a statement all the same.
  const handMade = await monthly('Hand-made only', firstDay);
  sql
    .prepare(
      `INSERT INTO invoice (id, customer_id, due_date, amount, kind, number, issue_date, net8, tax8,
                            tax_basis, tax_rounding, created_at)
       VALUES (?, ?, ?, 5400, 'manual', 'INV-000901', ?, 5000, 400, 'exclusive', 'down', ?)`,
    )
    .run(newId(), handMade, first, addDaysIso(first, -2), `${addDaysIso(first, -2)}T01:00:00.000Z`);

  // Closed alone on `first` already; a delivery recorded since, dated before it, waits for the
  // next closing (the run plans it closed): not due on `first`.
  const closed = await monthly('Closed already', firstDay);
  deliver(closed, addDaysIso(first, -3));
  const alone = await mutate(office, 'closing.run', { closingDate: first, customerId: closed });
  expect(alone.status).toBe(200);
  insertDeliveredOrder(t.db, {
    customerId: closed,
    productId: rice.id,
    day: addDaysIso(first, -1),
  });

  // Closes on the other day: counted on its own date, not on `first`.
  deliver(await monthly('Other closing day', secondDay), addDaysIso(second, -1));
});
afterAll(() => t.close());

const toClose = (p: ClosingPreviewOut) =>
  p.customers.filter((c) => !c.closed && (c.orders > 0 || c.statement));

describe('who is due, what the preview shows and what the run makes', () => {
  it('agree, customer by customer and yen by yen', async () => {
    const due = await query<ClosingDueOut>(office, 'closing.due');
    expect(due.status).toBe(200);
    expect(due.data).toEqual({ closingDate: first, customers: 3 });

    const preview = await query<ClosingPreviewOut>(office, 'closing.preview', {
      closingDate: first,
    });
    expect(preview.status).toBe(200);
    const listed = toClose(preview.data);
    expect(listed.map((c) => c.restaurantName).sort()).toEqual([
      'Credit waiting',
      'Delivered',
      'Hand-made only',
    ]);
    const credit = listed.find((c) => c.restaurantName === 'Credit waiting');
    expect(credit?.credit).toBe(500);

    const run = await mutate<ClosingResultOut>(office, 'closing.run', { closingDate: first });
    expect(run.status).toBe(200);
    // The same customers, each statement's figures as previewed.
    expect(run.data.results.map((r) => r.customerId).sort()).toEqual(
      listed.map((c) => c.customerId).sort(),
    );
    for (const c of listed) {
      const made = run.data.results.find((r) => r.customerId === c.customerId);
      expect(made?.amount).toBe(c.amount + c.handMade);
      expect(made?.amountDue).toBe(c.amountDue);
      expect(made?.orders).toBe(c.orders);
    }
    expect(run.data.total).toBe(listed.reduce((s, c) => s + c.amount + c.handMade, 0));
    // Nobody else got a statement (the one closed alone before has its own).
    const statements = t.db.$client
      .prepare<[string, string], string>(
        'SELECT customer_id FROM statement WHERE closing_date = ? AND customer_id <> ?',
      )
      .pluck()
      .all(first, ids['Closed already'] as string);
    expect(statements.sort()).toEqual(listed.map((c) => c.customerId).sort());
  });

  it('bills each delivered order of the date once, and none of the others', () => {
    const billed = t.db.$client
      .prepare<[], { id: string; customerId: string; invoiceId: string | null; lines: number }>(
        `SELECT o.id, o.customer_id AS customerId, o.invoice_id AS invoiceId,
                (SELECT COUNT(*) FROM invoice_line il JOIN order_line l ON l.id = il.order_line_id
                  WHERE l.order_id = o.id) AS lines
           FROM customer_order o`,
      )
      .all();
    for (const o of billed) {
      const mine = orders.includes(o.id) && o.customerId !== ids['Other closing day'];
      expect({ id: o.id, billed: o.invoiceId !== null, lines: o.lines }).toEqual({
        id: o.id,
        billed: mine,
        lines: mine ? 1 : 0,
      });
    }
  });

  it('then moves to the other closing day, where its one customer is due', async () => {
    const due = await query<ClosingDueOut>(office, 'closing.due');
    expect(due.data).toEqual({ closingDate: second, customers: 1 });
    const preview = await query<ClosingPreviewOut>(office, 'closing.preview', {
      closingDate: second,
    });
    expect(toClose(preview.data).map((c) => c.restaurantName)).toEqual(['Other closing day']);
  });
});
