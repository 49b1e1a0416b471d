import {
  dueDateOf,
  isClosingDate,
  latestClosingDate,
  nextClosingDate,
  previousClosingDate,
} from '../../shared/closing-dates';
import { creditsInTurn } from '../../shared/credits';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type {
  ClosingCustomerOut,
  ClosingDueOut,
  ClosingPreviewOut,
  ClosingResultOut,
} from '../../shared/schemas/billing';
import type { PriceBasis } from '../../shared/tax';
import { type RateColumns, toRateColumns } from '../../shared/tax-columns';
import { DELIVERED_AT_SQL } from '../deliveries/delivered-at';
import { type Actor, recordAudit } from '../platform/audit';
import { businessDateOf } from '../platform/business-day';
import { type Db, write } from '../platform/db';
import { badRequest, notFound } from '../platform/errors';
import { newId, nowIso } from '../platform/ids';
import { prepared } from '../platform/prepared';
import {
  byBasis,
  deliveredLines,
  deliveredSums,
  type IssuedInvoice,
  invoiceTaxRule,
  issueInvoice,
  pendingCredits,
  taxOf,
} from './billing';
import { statementDueDate } from './documents/models/statement';
import { takeDocumentNumber } from './numbering';

// The monthly closing run (締め処理, ADR 033): for a closing date, every monthly customer whose
// closing day it is (or one customer) gets one invoice for its delivered, not yet invoiced
// orders up to that date, and a statement. A run is one IMMEDIATE transaction (all customers
// made or none) that plans each customer again under the write lock and claims its orders with
// `invoice_id IS NULL`: two runs at the same moment, or one run twice, bill nothing twice.
// An invoice bills orders of one price basis (ADR 053): when a customer's period holds orders
// placed before and after a change of the basis, the run makes one invoice per basis; the
// statement names the first as its invoice and counts the other as it counts hand-made ones.

interface Target {
  id: string;
  restaurantName: string;
  customerCode: string;
  closingDay: number | null;
  paymentDate: string | null;
  paymentMonth: number;
}

const TARGET_SELECT = `SELECT id, restaurant_name AS restaurantName, customer_code AS customerCode,
       closing_day AS closingDay, payment_date AS paymentDate, payment_month AS paymentMonth
       FROM customer`;

// The calendar rules (closing dates, due dates) are pure and shared with the customer form,
// which says when the next closing is due: shared/closing-dates.ts (ADR 057).

/**
 * When a monthly customer's hand-made invoice issued on `date` is due, unless the office says
 * otherwise: with the statement that will count it, i.e. the first closing after the last one
 * already run (ADR 034: a statement counts the hand-made invoices issued in its period).
 */
export function dueWithStatement(db: Db, customerId: string, date: string): string | null {
  const c = db.$client
    .prepare<
      [string],
      {
        paymentMethod: string;
        closingDay: number | null;
        paymentDate: string | null;
        paymentMonth: number;
      }
    >(
      `SELECT payment_method AS paymentMethod, closing_day AS closingDay,
              payment_date AS paymentDate, payment_month AS paymentMonth
         FROM customer WHERE id = ?`,
    )
    .get(customerId);
  if (c?.paymentMethod !== 'monthly') return null;
  const lastRun =
    db.$client
      .prepare<[string], string | null>(
        'SELECT MAX(closing_date) FROM statement WHERE customer_id = ?',
      )
      .pluck()
      .get(customerId) ?? null;
  // Closed already for that day (or later): the next statement counts it.
  const from = lastRun && lastRun >= date ? addDaysIso(lastRun, 1) : date;
  return dueDateOf(nextClosingDate(c.closingDay, from), c.paymentMonth, c.paymentDate);
}

function targets(db: Db, closingDate: string, customerId?: string): Target[] {
  if (customerId) {
    const one = db.$client
      .prepare<[string], Target & { paymentMethod: string }>(
        `${TARGET_SELECT.replace('FROM customer', ', payment_method AS paymentMethod FROM customer')} WHERE id = ?`,
      )
      .get(customerId);
    if (!one) throw notFound('invoice.customerNotFound');
    if (one.paymentMethod !== 'monthly') throw badRequest('invoice.notMonthlyCustomer');
    return [one];
  }
  return db.$client
    .prepare<[], Target>(
      `${TARGET_SELECT} WHERE payment_method = 'monthly' ORDER BY restaurant_name, id`,
    )
    .all()
    .filter((c) => isClosingDate(c.closingDay, closingDate));
}

type PlannedOrder = { id: string; day: string; basis: PriceBasis };

interface Plan {
  target: Target;
  orders: PlannedOrder[];
  /**
   * One invoice's orders per price basis, oldest first (usually one). Their lines are read by
   * who needs them: the run each line (`deliveredLines`), the preview their sums per rate
   * (`deliveredSums`), and whether a customer is due none at all.
   */
  parts: PlannedOrder[][];
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  lastClosing: string | null;
  /** When the last statement was made (invoices cancelled after it leave its balance). */
  lastCreatedAt: string | null;
  previousAmountDue: number | null;
  /** What the customer's statements have counted so far (ADR 072), none before the first. */
  counted: { payments: number; fees: number };
  closed: boolean;
}

/**
 * The delivered, not yet invoiced orders of a customer up to a date, with their delivery day
 * (not those billed by hand before the app made invoices from deliveries, ADR 062).
 */
function unbilledOrders(db: Db, customerId: string, upTo: string, timeZone: string) {
  // When it really reached the restaurant: the one rule billing and claims read too (NULL while
  // a driver's job is pending, so not yet billable).
  // Prepared once per database, as the other per-customer reads of a closing: the preview and
  // the due closing ask them for every monthly customer (preparing is most of a small read).
  const orders = prepared(db, 'closing.unbilledOrders', () =>
    db.$client.prepare<
      [string],
      { id: string; deliveredAt: string | null; orderNumber: number; basis: PriceBasis }
    >(
      `SELECT o.id, ${DELIVERED_AT_SQL} AS deliveredAt, o.order_number AS orderNumber,
              o.tax_basis AS basis
         FROM customer_order o
        WHERE o.invoice_id IS NULL AND o.customer_id = ? AND o.is_delivered = 1
          AND o.billed_by_hand = 0`,
    ),
  ).all(customerId);
  const out: (PlannedOrder & { orderNumber: number })[] = [];
  for (const o of orders) {
    if (!o.deliveredAt) continue;
    const day = businessDateOf(o.deliveredAt, timeZone);
    if (day <= upTo) out.push({ id: o.id, day, orderNumber: o.orderNumber, basis: o.basis });
  }
  return out.sort((a, b) => a.day.localeCompare(b.day) || a.orderNumber - b.orderNumber);
}

function plan(db: Db, target: Target, closingDate: string, timeZone: string): Plan {
  const last = prepared(db, 'closing.lastStatement', () =>
    db.$client.prepare<
      [string],
      {
        closingDate: string;
        periodStart: string;
        amountDue: number;
        createdAt: string;
        countedPayments: number;
        countedFees: number;
      }
    >(
      `SELECT closing_date AS closingDate, period_start AS periodStart, amount_due AS amountDue,
              created_at AS createdAt, counted_payments AS countedPayments,
              counted_fees AS countedFees
         FROM statement
        WHERE customer_id = ? ORDER BY closing_date DESC, created_at DESC LIMIT 1`,
    ),
  ).get(target.id);
  const closed = !!last && last.closingDate >= closingDate;
  const orders = closed ? [] : unbilledOrders(db, target.id, closingDate, timeZone);
  const lastClosing = last?.closingDate ?? previousClosingDate(target.closingDay, closingDate);
  // Already closed: the period is the one its last statement covered.
  let periodStart = closed && last ? last.periodStart : addDaysIso(lastClosing, 1);
  // Orders delivered before the period that were never billed are billed now, and shown so.
  if (orders[0] && orders[0].day < periodStart) periodStart = orders[0].day;
  return {
    target,
    orders,
    parts: byBasis(orders),
    periodStart,
    periodEnd: closed && last ? last.closingDate : closingDate,
    dueDate: dueDateOf(closingDate, target.paymentMonth, target.paymentDate),
    lastClosing: last?.closingDate ?? null,
    lastCreatedAt: last?.createdAt ?? null,
    previousAmountDue: last?.amountDue ?? null,
    counted: { payments: last?.countedPayments ?? 0, fees: last?.countedFees ?? 0 },
    closed,
  };
}

/** What a closing run would make, without making it. */
export function previewClosing(
  db: Db,
  closingDate: string,
  opts: { customerId?: string; timeZone: string },
): ClosingPreviewOut {
  const customers: ClosingCustomerOut[] = [];
  for (const t of targets(db, closingDate, opts.customerId)) {
    const p = plan(db, t, closingDate, opts.timeZone);
    // Each invoice the run would make (one per price basis), its tax computed once per rate as
    // issueInvoice computes it; the waiting credit notes deducted in turn, as the run does. The
    // lines come added up per rate, basis and rounding: the same sums taxOf makes of them, and
    // the same basis and rounding invoiceTaxRule reads, without an object per line.
    const taxes = p.parts
      .map((part) => deliveredSums(db, part))
      .map((sums) => taxOf(sums, invoiceTaxRule(db, sums)))
      .filter((tax) => tax.total > 0);
    const gross = taxes.reduce((s, tax) => s + tax.total, 0);
    const credit = creditsInTurn(
      taxes.map((tax) => tax.total),
      pendingCredits(db, t.id),
    ).reduce((s, turn) => s + turn.applied, 0);
    const amount = gross - credit;
    // The statement the run would make, as closeCustomer makes it.
    const f = p.closed ? null : statementFigures(db, t, p);
    const invoiced = p.orders.length > 0 && gross > 0;
    if (p.closed) {
      // Closed for this date: what its closing made, not what is left to make (nothing).
      const made = issuedFor(db, t.id, closingDate);
      if (made) {
        customers.push({
          customerId: t.id,
          restaurantName: t.restaurantName,
          customerCode: t.customerCode,
          closingDay: t.closingDay,
          ...made.figures,
          closed: true,
          statement: true,
          issued: made.issued,
        });
        continue;
      }
    }
    customers.push({
      customerId: t.id,
      restaurantName: t.restaurantName,
      customerCode: t.customerCode,
      closingDay: t.closingDay,
      periodStart: p.periodStart,
      periodEnd: p.periodEnd,
      orders: p.orders.length,
      amount,
      ...sumColumns(taxes.map(toRateColumns)),
      credit,
      dueDate: p.orders.length > 0 ? p.dueDate : null,
      closed: p.closed,
      handMade: f?.otherAmount ?? 0,
      handMadeInvoices: (f?.otherInvoices ?? []).map((m) => ({
        id: m.id,
        number: m.number,
        amount: m.amount,
      })),
      previousBalance: f?.previousBalance ?? 0,
      paymentsReceived: f?.paymentsReceived ?? 0,
      adjustments: f?.adjustments ?? 0,
      amountDue: f ? f.carriedOver + (invoiced ? amount : 0) + f.otherAmount : 0,
      statement: !!f && (invoiced || f.otherInvoices.length > 0 || f.carriedOver !== 0),
      issued: null,
    });
  }
  return {
    closingDate,
    customers,
    total: customers.reduce((s, c) => s + (c.closed ? 0 : c.amount), 0),
  };
}

/**
 * The statement a customer's closing made for `closingDate` (the one whose period holds it) and
 * the closing invoices it billed the period's deliveries with (one per price basis, ADR 053):
 * their orders, amounts with tax per rate, credit deducted and due date, as the preview row of
 * a customer already closed shows them.
 */
function issuedFor(db: Db, customerId: string, closingDate: string) {
  // Prepared once per database: the preview asks for each closed customer of a date.
  const st = prepared(db, 'closing.issuedStatement', () =>
    db.$client.prepare<
      [string, string, string],
      {
        id: string;
        number: string | null;
        invoiceId: string | null;
        periodStart: string;
        closingDate: string;
        amountDue: number;
        dueDate: string | null;
        createdAt: string;
        manualAmount: number;
        previousBalance: number;
        paymentsReceived: number;
        adjustments: number;
      }
    >(
      `SELECT s.id, s.number, s.invoice_id AS invoiceId, s.period_start AS periodStart,
              s.closing_date AS closingDate, s.amount_due AS amountDue, s.due_date AS dueDate,
              s.created_at AS createdAt, s.previous_balance AS previousBalance, s.payments_received AS paymentsReceived,
              s.adjustments,
              (SELECT COALESCE(SUM(i.amount), 0) FROM invoice i
                WHERE i.statement_id = s.id AND i.kind <> 'closing') AS manualAmount
         FROM statement s
        WHERE s.customer_id = ? AND s.closing_date >= ? AND s.period_start <= ?
        ORDER BY s.closing_date, s.created_at LIMIT 1`,
    ),
  ).get(customerId, closingDate, closingDate);
  if (!st) return null;
  const invoices = prepared(db, 'closing.issuedInvoices', () =>
    db.$client.prepare<
      [string | null, string],
      {
        id: string;
        number: string | null;
        amount: number;
        creditApplied: number;
        net8: number;
        tax8: number;
        net10: number;
        tax10: number;
        orders: number;
      }
    >(
      `SELECT i.id, i.number, i.amount, i.credit_applied AS creditApplied,
              i.net8, i.tax8, i.net10, i.tax10,
              (SELECT COUNT(*) FROM customer_order o WHERE o.invoice_id = i.id) AS orders
         FROM invoice i
        WHERE i.id = ? OR (i.statement_id = ? AND i.kind = 'closing')
        ORDER BY i.number`,
    ),
  ).all(st.invoiceId, st.id);
  // The hand-made invoices the statement counted (ADR 034), to open from the screen.
  const handMadeInvoices = prepared(db, 'closing.issuedHandMade', () =>
    db.$client.prepare<[string], { id: string; number: string | null; amount: number }>(
      `SELECT id, number, amount FROM invoice
        WHERE statement_id = ? AND kind <> 'closing' ORDER BY number, created_at`,
    ),
  ).all(st.id);
  const sum = (pick: (i: (typeof invoices)[number]) => number) =>
    invoices.reduce((s, i) => s + pick(i), 0);
  return {
    issued: {
      statementId: st.id,
      statementNumber: st.number,
      invoices: invoices.map((i) => ({ id: i.id, number: i.number })),
    },
    figures: {
      periodStart: st.periodStart,
      periodEnd: st.closingDate,
      orders: sum((i) => i.orders),
      amount: sum((i) => i.amount),
      net8: sum((i) => i.net8),
      tax8: sum((i) => i.tax8),
      net10: sum((i) => i.net10),
      tax10: sum((i) => i.tax10),
      credit: sum((i) => i.creditApplied),
      // What the statement names: none when all it asks was due on other days (its PDF says
      // ¥24,958 due 2026/11/30; the screen said 2026/12/31, its stored date).
      dueDate: statementDueDate(db, { ...st, customerId }),
      handMade: st.manualAmount,
      handMadeInvoices,
      previousBalance: st.previousBalance,
      paymentsReceived: st.paymentsReceived,
      adjustments: st.adjustments,
      amountDue: st.amountDue,
    },
  };
}

/** The per-rate figures of several invoices added up. */
function sumColumns(parts: readonly RateColumns[]): RateColumns {
  return parts.reduce(
    (s, c) => ({
      net8: s.net8 + c.net8,
      tax8: s.tax8 + c.tax8,
      net10: s.net10 + c.net10,
      tax10: s.tax10 + c.tax10,
    }),
    { net8: 0, tax8: 0, net10: 0, tax10: 0 },
  );
}

/** Whether a run on `closingDate` would make something for this customer (as the preview says). */
function hasWork(db: Db, target: Target, closingDate: string, timeZone: string): boolean {
  const p = plan(db, target, closingDate, timeZone);
  if (p.closed) return false;
  if (p.orders.length > 0) return true;
  const f = statementFigures(db, target, p);
  return f.otherInvoices.length > 0 || f.carriedOver !== 0;
}

/** Those of `targets` with a statement on or after `closingDate` (`plan`'s `closed`), in one read. */
function closedOn(db: Db, targets: readonly Target[], closingDate: string): Set<string> {
  const ids = prepared(db, 'closing.closedOn', () =>
    db.$client
      .prepare<[string, string], string>(
        `SELECT DISTINCT customer_id FROM statement
          WHERE closing_date >= ? AND customer_id IN (SELECT value FROM json_each(?))`,
      )
      .pluck(),
  ).all(closingDate, JSON.stringify(targets.map((t) => t.id)));
  return new Set(ids);
}

/**
 * Those of `targets` with a delivered order to bill by `closingDate`, the orders and the day
 * of each as `unbilledOrders` reads them, in one read for all of them and without their lines:
 * whether a customer is due needs only one such order.
 */
function withDeliveriesToBill(
  db: Db,
  targets: readonly Target[],
  closingDate: string,
  timeZone: string,
): Set<string> {
  const rows = prepared(db, 'closing.deliveriesToBill', () =>
    db.$client.prepare<[string], { customerId: string; deliveredAt: string | null }>(
      `SELECT o.customer_id AS customerId, ${DELIVERED_AT_SQL} AS deliveredAt
         FROM customer_order o
        WHERE o.invoice_id IS NULL AND o.is_delivered = 1 AND o.billed_by_hand = 0
          AND o.customer_id IN (SELECT value FROM json_each(?))`,
    ),
  ).all(JSON.stringify(targets.map((t) => t.id)));
  const out = new Set<string>();
  for (const r of rows) {
    if (out.has(r.customerId) || !r.deliveredAt) continue;
    if (businessDateOf(r.deliveredAt, timeZone) <= closingDate) out.add(r.customerId);
  }
  return out;
}

/**
 * The closing the office has to run next (the date the closing screen opens on): the latest
 * date up to today on which some monthly customer is due and still has something to close.
 * Each customer is looked at on its own latest closing date only: closing there also bills
 * what an earlier closing date missed, and once it is closed there every earlier date is too.
 * Nothing due: the latest closing date of any monthly customer (it shows them closed).
 */
export function dueClosing(db: Db, now: Date, timeZone: string): ClosingDueOut {
  const today = isoDateInZone(now, timeZone);
  const byDate = new Map<string, Target[]>();
  for (const t of db.$client
    .prepare<[], Target>(`${TARGET_SELECT} WHERE payment_method = 'monthly'`)
    .all()) {
    const date = latestClosingDate(t.closingDay, today);
    byDate.set(date, [...(byDate.get(date) ?? []), t]);
  }
  const dates = [...byDate.keys()].sort().reverse();
  for (const date of dates) {
    // Who is due on a date, read for all its customers at once (a month end's few hundred):
    // closed already, no; a delivery to bill, yes; else what its statement would carry.
    const group = byDate.get(date) ?? [];
    const closed = closedOn(db, group, date);
    const delivered = withDeliveriesToBill(db, group, date, timeZone);
    const due = group.filter(
      (t) => !closed.has(t.id) && (delivered.has(t.id) || hasWork(db, t, date, timeZone)),
    ).length;
    if (due > 0) return { closingDate: date, customers: due };
  }
  return { closingDate: dates[0] ?? latestClosingDate(31, today), customers: 0 };
}

/**
 * Runs the closing: every customer's invoice and statement in one transaction, so a run is
 * all made or not at all, and costs one commit (one fsync) rather than one per customer: 300
 * customers in a fraction of a second instead of ~13 s (docs/performance.md, Closing). Each
 * customer is planned again under the write lock: another run may have closed it a moment ago.
 */
export function runClosing(
  db: Db,
  actor: Actor,
  closingDate: string,
  opts: { customerId?: string; timeZone: string; now?: Date },
): ClosingResultOut {
  // A closing issues invoices dated on its date and closes the period: not before it has ended.
  if (closingDate > isoDateInZone(opts.now ?? new Date(), opts.timeZone)) {
    throw badRequest('invoice.closingInFuture', { date: closingDate });
  }
  return write(db, () => {
    const results: ClosingResultOut['results'] = [];
    for (const t of targets(db, closingDate, opts.customerId)) {
      const made = closeCustomer(db, actor, t, closingDate, opts.timeZone);
      if (made) results.push(made);
    }
    return {
      closingDate,
      results,
      invoiced: results.filter((r) => r.invoiceId).length,
      total: results.reduce((s, r) => s + r.amount, 0),
    };
  });
}

/**
 * A statement's figures apart from this closing's own invoice: the hand-made invoices it counts
 * in its period, the payments received in the period, and the balance brought forward.
 */
function statementFigures(db: Db, target: Target, p: Plan) {
  // The day before the period: the previous closing, or for a first statement the day before
  // its period starts (earlier when old deliveries were never billed).
  const after = p.lastClosing ?? addDaysIso(p.periodStart, -1);
  const closingDate = p.periodEnd;
  // The invoices issued to the customer in the period other than this closing's own, on no
  // statement yet: hand-made ones (ADR 034, amending ADR 033) and a cash delivery's invoice, of
  // the days before the restaurant moved to monthly terms or while it was on cash terms between
  // two closings (ADR 091). The statement counts them in its period, its payments count what was
  // paid on them, so its amount due is what the restaurant owes at its closing date. Those
  // issued since the previous closing; and, after a first statement, also those made after the
  // last statement and dated on or before its closing (a hand-made invoice, or a cash delivery
  // once the office closed the restaurant alone before moving it to cash terms), which no
  // statement has counted.
  const otherInvoices = prepared(db, 'closing.otherInvoices', () =>
    db.$client.prepare<
      [string, string, string, string],
      { id: string; number: string | null; amount: number }
    >(
      `SELECT id, number, amount FROM invoice
        WHERE customer_id = ? AND kind IN ('manual', 'delivery') AND cancelled_at IS NULL
          AND statement_id IS NULL
          AND (substr(COALESCE(issue_date, created_at), 1, 10) > ? OR created_at > ?)
          AND substr(COALESCE(issue_date, created_at), 1, 10) <= ?
        ORDER BY number, created_at`,
    ),
  ).all(target.id, after, p.lastCreatedAt ?? '9999', closingDate);
  const otherAmount = otherInvoices.reduce((sum, m) => sum + m.amount, 0);
  // Each payment is counted once, by the first closing on or after its date (ADR 072): those no
  // statement has counted yet. A transfer matched against the bank a week late and dated in an
  // earlier period is counted now, or it would never reach a statement and the restaurant would
  // be asked for it again (ADR 070). A first statement counts those of its period: what was paid
  // before it is in its previous balance.
  // Money received, and apart from it the bank transfer fees written off (ADR 069): a fee
  // settles what it covers but is no payment received, so the statement shows it as its own
  // figure (調整額（振込手数料）) and both are taken off the previous balance.
  const received = prepared(db, 'closing.received', () =>
    db.$client.prepare<[string, string, string], { payments: number; fees: number }>(
      `SELECT COALESCE(SUM(CASE WHEN p.kind = 'payment' THEN p.amount END), 0) AS payments,
              COALESCE(SUM(CASE WHEN p.kind = 'bank_fee' THEN p.amount END), 0) AS fees
         FROM payment p JOIN invoice i ON i.id = p.invoice_id
        WHERE i.customer_id = ? AND p.statement_id IS NULL AND p.date <= ? AND p.date > ?`,
    ),
  ).get(target.id, closingDate, p.lastClosing === null ? after : '') ?? { payments: 0, fees: 0 };
  // A payment an earlier statement counted and corrected since (its amount changed, a driver's
  // day corrected, a fee taken back): the difference reaches this statement, with its kind's
  // figure, so its balance stays the customer's real one.
  const nowCounted = countedSoFar(db, target.id);
  const corrections = {
    payments: nowCounted.payments - p.counted.payments,
    fees: nowCounted.fees - p.counted.fees,
  };
  const paymentsReceived = received.payments + corrections.payments;
  const adjustments = received.fees + corrections.fees;
  let previousBalance: number;
  if (p.previousAmountDue !== null) {
    // Less what was on an earlier statement and cancelled since (its orders are billed again).
    const cancelled =
      prepared(db, 'closing.cancelledSince', () =>
        db.$client
          .prepare<[string, string, string, string], number>(
            `SELECT COALESCE(SUM(amount), 0) FROM invoice
            WHERE customer_id = ? AND cancelled_at > ?
              AND (statement_id IS NOT NULL
                   OR id IN (SELECT invoice_id FROM statement WHERE customer_id = ?
                              AND invoice_id IS NOT NULL)
                   -- In the first statement's previous balance (a cash invoice from before it).
                   OR substr(COALESCE(issue_date, created_at), 1, 10) <
                      (SELECT MIN(period_start) FROM statement WHERE customer_id = ?))`,
          )
          .pluck(),
      ).get(target.id, p.lastCreatedAt ?? '', target.id, target.id) ?? 0;
    previousBalance = p.previousAmountDue - cancelled;
  } else {
    // The first statement: what the customer owed on the day before its period, on invoices
    // issued by then (not those issued later, which belong to this period or the next).
    const billed =
      prepared(db, 'closing.billedBefore', () =>
        db.$client
          .prepare<[string, string], number>(
            `SELECT COALESCE(SUM(amount), 0) FROM invoice
            WHERE customer_id = ? AND cancelled_at IS NULL
              AND substr(COALESCE(issue_date, created_at), 1, 10) <= ?`,
          )
          .pluck(),
      ).get(target.id, after) ?? 0;
    const paidBefore =
      prepared(db, 'closing.paidBefore', () =>
        db.$client
          .prepare<[string, string], number>(
            `SELECT COALESCE(SUM(p.amount), 0) FROM payment p JOIN invoice i ON i.id = p.invoice_id
            WHERE i.customer_id = ? AND p.date <= ?`,
          )
          .pluck(),
      ).get(target.id, after) ?? 0;
    previousBalance = billed - paidBefore;
  }
  return {
    otherInvoices,
    otherAmount,
    paymentsReceived,
    adjustments,
    previousBalance,
    paymentCorrections: corrections.payments + corrections.fees,
    carriedOver: previousBalance - paymentsReceived - adjustments,
  };
}

/** The amounts, now, of the customer's payments and fees a statement has counted (ADR 072). */
function countedSoFar(db: Db, customerId: string): { payments: number; fees: number } {
  return (
    prepared(db, 'closing.countedSoFar', () =>
      db.$client.prepare<[string], { payments: number; fees: number }>(
        `SELECT COALESCE(SUM(CASE WHEN p.kind = 'payment' THEN p.amount END), 0) AS payments,
                COALESCE(SUM(CASE WHEN p.kind = 'bank_fee' THEN p.amount END), 0) AS fees
           FROM payment p JOIN invoice i ON i.id = p.invoice_id
          WHERE i.customer_id = ? AND p.statement_id IS NOT NULL`,
      ),
    ).get(customerId) ?? { payments: 0, fees: 0 }
  );
}

function closeCustomer(
  db: Db,
  actor: Actor,
  target: Target,
  closingDate: string,
  timeZone: string,
): ClosingResultOut['results'][number] | null {
  // Re-read under the write lock: another run may have closed this customer a moment ago.
  const p = plan(db, target, closingDate, timeZone);
  if (p.closed) return null;
  // One invoice per price basis (ADR 053); each deducts the credit notes still waiting.
  const made = p.parts
    .map((part) =>
      issueInvoice(db, actor, {
        customerId: target.id,
        kind: 'closing',
        orderIds: part.map((o) => o.id),
        lines: deliveredLines(db, part),
        issueDate: closingDate,
        dueDate: p.dueDate,
        periodStart: p.periodStart,
        periodEnd: closingDate,
      }),
    )
    .filter((inv): inv is IssuedInvoice => inv !== null);
  // The statement's own invoice is the first; another (a second basis) is counted beside it.
  const [issued, ...alsoIssued] = made;
  const f = statementFigures(db, target, p);
  const { otherInvoices, paymentsReceived, adjustments, previousBalance, carriedOver } = f;
  const { paymentCorrections } = f;
  const attached = [...otherInvoices.map((m) => m.id), ...alsoIssued.map((inv) => inv.id)];
  const periodAmount = made.reduce((s, inv) => s + inv.amount, 0) + f.otherAmount;
  if (!issued && otherInvoices.length === 0 && carriedOver === 0) return null;
  const amountDue = carriedOver + periodAmount;
  const statementId = newId();
  const statementNumber = takeDocumentNumber(db, 'statement', target.id);
  const dueDate = issued || otherInvoices.length > 0 ? p.dueDate : amountDue > 0 ? p.dueDate : null;
  db.$client
    .prepare(
      `INSERT INTO statement (id, number, customer_id, invoice_id, closing_date, period_start,
         previous_balance, payments_received, adjustments, payment_corrections, carried_over,
         period_amount, amount_due, due_date, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      statementId,
      statementNumber,
      target.id,
      issued?.id ?? null,
      closingDate,
      p.periodStart,
      previousBalance,
      paymentsReceived,
      adjustments,
      paymentCorrections,
      carriedOver,
      periodAmount,
      amountDue,
      dueDate,
      nowIso(),
    );
  // The payments it counted are marked (those of before a first statement's period too: its
  // previous balance took them off), and it records what all its customer's statements have
  // counted, for the next closing to see corrections against.
  db.$client
    .prepare(
      `UPDATE payment SET statement_id = ?
        WHERE statement_id IS NULL AND date <= ?
          AND invoice_id IN (SELECT id FROM invoice WHERE customer_id = ?)`,
    )
    .run(statementId, closingDate, target.id);
  const counted = countedSoFar(db, target.id);
  db.$client
    .prepare('UPDATE statement SET counted_payments = ?, counted_fees = ? WHERE id = ?')
    .run(counted.payments, counted.fees, statementId);
  if (attached.length > 0) {
    db.$client
      .prepare(
        `UPDATE invoice SET statement_id = ?
          WHERE id IN (SELECT value FROM json_each(?)) AND statement_id IS NULL`,
      )
      .run(statementId, JSON.stringify(attached));
  }
  recordAudit(db, actor, {
    entity: 'statement',
    entityId: statementId,
    action: 'create',
    before: null,
    after: {
      number: statementNumber,
      customerId: target.id,
      closingDate,
      invoiceId: issued?.id ?? null,
      closingInvoices: made.map((inv) => inv.number),
      manualInvoices: otherInvoices.map((m) => m.number),
      previousBalance,
      paymentsReceived,
      ...(adjustments !== 0 ? { adjustments } : {}),
      ...(paymentCorrections !== 0 ? { paymentCorrections } : {}),
      carriedOver,
      periodAmount,
      amountDue,
      dueDate,
    },
  });
  return {
    customerId: target.id,
    restaurantName: target.restaurantName,
    invoiceId: issued?.id ?? null,
    invoiceNumber: issued?.number ?? null,
    invoices: made.map((inv) => ({ id: inv.id, number: inv.number })),
    statementId,
    statementNumber,
    orders: p.orders.length,
    amount: periodAmount,
    amountDue,
    dueDate,
  };
}
