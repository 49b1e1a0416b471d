// The monthly statement: a closing period's invoices added up, and the closing run's list of them.
import type { DocumentModel } from '../../../../shared/schemas/documents';
import { type PriceBasis, summed } from '../../../../shared/tax';
import type { Db } from '../../../platform/db';
import type { Scope } from '../../../platform/scope';
import { customerRow, partiesOf } from '../parties';
import { base, empty, notInScope } from './common';
import { type InvoiceDocumentRow, invoiceFigures, invoiceRow } from './invoice';

interface StatementRow {
  id: string;
  number: string;
  customerId: string | null;
  invoiceId: string | null;
  closingDate: string;
  periodStart: string;
  previousBalance: number;
  paymentsReceived: number;
  adjustments: number;
  paymentCorrections: number;
  carriedOver: number;
  periodAmount: number;
  amountDue: number;
  dueDate: string | null;
  createdAt: string;
}

const STATEMENT_SELECT = `SELECT id, number, customer_id AS customerId, invoice_id AS invoiceId,
        closing_date AS closingDate, period_start AS periodStart,
        previous_balance AS previousBalance, payments_received AS paymentsReceived,
        adjustments, payment_corrections AS paymentCorrections, carried_over AS carriedOver, period_amount AS periodAmount, amount_due AS amountDue,
        due_date AS dueDate, created_at AS createdAt
   FROM statement`;

export function statementModel(db: Db, id: string, scope: Scope, timeZone: string): DocumentModel {
  const st = db.$client.prepare<[string], StatementRow>(`${STATEMENT_SELECT} WHERE id = ?`).get(id);
  if (!st) throw notInScope();
  if (scope.kind === 'customer' && st.customerId !== scope.customerId) throw notInScope();
  if (scope.kind === 'driver') throw notInScope();
  const c = customerRow(db, st.customerId);
  const inv = st.invoiceId ? invoiceRow(db, st.invoiceId) : undefined;
  const parties = partiesOf(db, 'statement', st.number, c, '');
  const { language } = parties;
  // The period's documents: the closing's invoice of the deliveries, a second closing invoice
  // when the period held orders of both price bases (ADR 053), and the hand-made invoices the
  // statement counts beside them (ADR 034). Each kept the tax it computed once per rate; the
  // statement adds their figures up and computes no tax of its own.
  const counted = invoicesOn(db, st.id);
  const closings = [...(inv ? [inv] : []), ...counted.filter((m) => m.kind === 'closing')];
  const typed = counted.filter((m) => m.kind !== 'closing');
  // Its figures per rate print with tax only when every document's tax was computed from
  // amounts with tax (hand-made invoices always, ADR 046; deliveries priced with tax, a cash
  // delivery's invoice counted in the period too, ADR 091); else without, and a hand-made
  // invoice's line reads without tax, as the delivery lines beside it.
  const fromDeliveries = [...closings, ...typed.filter((m) => m.kind === 'delivery')];
  const taxBasis: PriceBasis = fromDeliveries.every((d) => d.taxBasis === 'inclusive')
    ? 'inclusive'
    : 'exclusive';
  const parts = [
    ...closings.map((d) => ({
      number: null as string | null,
      creditApplied: d.creditApplied,
      ...invoiceFigures(db, d, language, timeZone),
    })),
    ...typed.map((m) => ({
      number: m.number as string | null,
      creditApplied: m.creditApplied,
      ...invoiceFigures(db, m, language, timeZone, taxBasis),
    })),
  ];
  // A hand-made invoice's line, and a cash delivery's (ADR 091: the restaurant holds that invoice
  // already), is named by its number. A second closing invoice's lines read as the first's, each
  // in its own basis.
  const lines = parts.flatMap((part) =>
    part.number ? part.lines.map((l) => ({ ...l, name: `${part.number} ${l.name}` })) : part.lines,
  );
  const perRate = ([8, 10] as const).flatMap((rate) => {
    const of = parts.flatMap((part) => part.totals.perRate.filter((r) => r.rate === rate));
    if (of.length === 0) return [];
    const net = of.reduce((sum, r) => sum + r.net, 0);
    const tax = of.reduce((sum, r) => sum + r.tax, 0);
    return [{ rate, net, tax, gross: net + tax }];
  });
  // Each delivery's amount as its lines show it, by date and slip number: the restaurant ticks
  // its statement off against the slips it signed. A hand-made invoice's charges stand under
  // its number. No tax per slip: the period's tax is the documents' own, per rate, below.
  // Amounts without tax and with it are never added together: in the period of a change of the
  // price basis (ADR 053) a date can have one of each.
  const dates = new Map<
    string,
    { date: string; slip: string | null; basis: PriceBasis; amount: number }
  >();
  for (const part of parts) {
    for (const l of part.lines) {
      const date = l.date ?? st.closingDate;
      const slip = l.slip ?? part.number;
      const key = `${date} ${slip ?? ''} ${part.linesBasis}`;
      const row = dates.get(key) ?? { date, slip, basis: part.linesBasis, amount: 0 };
      row.amount += l.amount;
      dates.set(key, row);
    }
  }
  const byDate = [...dates.values()].sort(
    (x, y) =>
      x.date.localeCompare(y.date) ||
      (x.slip ?? '').localeCompare(y.slip ?? '') ||
      x.basis.localeCompare(y.basis),
  );
  const due = dueParts(db, st);
  return {
    ...base('statement', id, st.number, st.closingDate, parties),
    ...empty,
    references: [
      ...(inv?.number ? [{ label: 'invoice', value: inv.number }] : []),
      // The other invoices this statement counts in its period: a second closing invoice
      // (ADR 053), then the hand-made ones (ADR 034) and cash deliveries' (ADR 091).
      ...counted.map((m) => ({ label: 'invoice', value: m.number })),
    ],
    period: { start: st.periodStart, end: st.closingDate },
    dueDate: askedBy(st, due),
    lines,
    ...summed(perRate),
    taxBasis,
    // The credit notes the period's invoices deducted: the period's total less these is the
    // period amount, which the carried-over balance adds up to the amount due (pdf.ts).
    creditApplied: parts.reduce((sum, part) => sum + part.creditApplied, 0),
    amount: st.amountDue,
    statement: {
      previousBalance: st.previousBalance,
      paymentsReceived: st.paymentsReceived,
      adjustments: st.adjustments,
      paymentCorrections: st.paymentCorrections,
      carriedOver: st.carriedOver,
      periodAmount: st.periodAmount,
      amountDue: st.amountDue,
      byDate,
      dueParts: due,
    },
  };
}

type DuePart = NonNullable<DocumentModel['statement']>['dueParts'][number];

/**
 * The due date a statement names: its own, which asks for what is due then; when all of it was
 * due on other days (a hand-made invoice due on the closing day, overdue money), the parts say
 * so and the statement names no later day for that money.
 */
function askedBy(st: Pick<StatementRow, 'dueDate'>, due: DuePart[]): string | null {
  return due.length > 0 && due.every((p) => p.firstDue !== st.dueDate) ? null : st.dueDate;
}

/** The due date an issued statement names (the closing screen shows the same as the PDF). */
export function statementDueDate(
  db: Db,
  st: Pick<StatementRow, 'customerId' | 'closingDate' | 'amountDue' | 'dueDate' | 'createdAt'>,
): string | null {
  return askedBy(st, dueParts(db, st));
}

/**
 * The amount due by when it was due. ST-000033 asked ¥567,334 by 2026-12-25, but ¥290,662 of it
 * had been due on 2026-11-25: the customer read two due dates for the same money. Read from the
 * customer's invoices as the statement saw them when it was made: issued by its closing date and
 * not cancelled then, less the payments dated by its closing date and recorded by then (the
 * payments it counts). What they leave unpaid with another due date is named, earliest first,
 * each part at most what is left of the amount due; money due before the closing date and unpaid
 * then is overdue, in one part (money due on the statement's own date is due that day, not late:
 * the same rule as the account screens', `due_date < today`). The rest is due on the statement's
 * due date. Nothing when all of it is.
 */
function dueParts(
  db: Db,
  st: Pick<StatementRow, 'customerId' | 'closingDate' | 'amountDue' | 'dueDate' | 'createdAt'>,
): DuePart[] {
  const own = st.dueDate;
  if (!own || st.amountDue <= 0 || !st.customerId) return [];
  const open = db.$client
    .prepare<
      { customerId: string; closingDate: string; madeAt: string; own: string },
      { dueDate: string; unpaid: number }
    >(
      `SELECT i.due_date AS dueDate,
              i.amount - COALESCE((SELECT SUM(p.amount) FROM payment p
                                    WHERE p.invoice_id = i.id AND p.date <= @closingDate
                                      AND p.created_at <= @madeAt), 0) AS unpaid
         FROM invoice i
        WHERE i.customer_id = @customerId AND i.due_date IS NOT NULL AND i.due_date <> @own
          AND substr(COALESCE(i.issue_date, i.created_at), 1, 10) <= @closingDate
          AND i.created_at <= @madeAt
          AND (i.cancelled_at IS NULL OR i.cancelled_at > @madeAt)
        ORDER BY i.due_date`,
    )
    .all({ customerId: st.customerId, closingDate: st.closingDate, madeAt: st.createdAt, own })
    .filter((r) => r.unpaid > 0);
  if (open.length === 0) return [];
  const groups: DuePart[] = [];
  for (const r of open) {
    const overdue = r.dueDate < st.closingDate;
    const last = groups.at(-1);
    if (last && (overdue ? last.overdue : last.firstDue === r.dueDate)) {
      last.lastDue = r.dueDate;
      last.amount += r.unpaid;
    } else {
      groups.push({ firstDue: r.dueDate, lastDue: r.dueDate, amount: r.unpaid, overdue });
    }
  }
  let left = st.amountDue;
  const named = groups.flatMap((g) => {
    const amount = Math.min(g.amount, left);
    left -= amount;
    return amount > 0 ? [{ ...g, amount }] : [];
  });
  if (named.length === 0) return [];
  const rest = left > 0 ? [{ firstDue: own, lastDue: own, amount: left, overdue: false }] : [];
  return [...named, ...rest].sort((x, y) => x.firstDue.localeCompare(y.firstDue));
}

/**
 * The invoices a statement counts beside its own (`invoice.statement_id`): a second closing
 * invoice (ADR 053) first, then the hand-made ones, each by number.
 */
function invoicesOn(db: Db, statementId: string): (InvoiceDocumentRow & { number: string })[] {
  return db.$client
    .prepare<[string], { id: string }>(
      `SELECT id FROM invoice WHERE statement_id = ? AND number IS NOT NULL
        ORDER BY kind <> 'closing', number`,
    )
    .all(statementId)
    .flatMap((r) => {
      const row = invoiceRow(db, r.id);
      return row?.number ? [{ ...row, number: row.number }] : [];
    });
}

/** The statements of one closing date, in customer order (the closing run's download). */
export function statementsOfClosing(
  db: Db,
  closingDate: string,
): { id: string; number: string; restaurantName: string; amountDue: number }[] {
  return db.$client
    .prepare<[string], { id: string; number: string; restaurantName: string; amountDue: number }>(
      `SELECT s.id, s.number, COALESCE(c.restaurant_name, '') AS restaurantName,
              s.amount_due AS amountDue
         FROM statement s LEFT JOIN customer c ON c.id = s.customer_id
        WHERE s.closing_date = ? ORDER BY c.customer_code, s.number`,
    )
    .all(closingDate);
}

/** The closing run's download list: one entry per statement of the closing date. */
export function closingStatementList(db: Db, closingDate: string) {
  return {
    closingDate,
    statements: statementsOfClosing(db, closingDate).map((s) => ({
      kind: 'statement' as const,
      id: s.id,
      number: s.number,
      date: closingDate,
      amount: s.amountDue,
      restaurantName: s.restaurantName,
      cancelled: false,
    })),
  };
}
