// The monthly statement: a closing period's invoices added up, and the closing run's list of them.
import type { DocumentModel } from '../../../../shared/schemas/documents';
import type { PriceBasis } from '../../../../shared/tax';
import type { Db } from '../../../platform/db';
import type { Scope } from '../../../platform/scope';
import { customerRow, partiesOf } from '../parties';
import { base, empty, notInScope, summed } from './common';
import { type InvoiceRow, invoiceFigures, invoiceRow } from './invoice';

interface StatementRow {
  id: string;
  number: string;
  customerId: string | null;
  invoiceId: string | null;
  closingDate: string;
  periodStart: string;
  previousBalance: number;
  paymentsReceived: number;
  carriedOver: number;
  periodAmount: number;
  amountDue: number;
  dueDate: string | null;
}

const STATEMENT_SELECT = `SELECT id, number, customer_id AS customerId, invoice_id AS invoiceId,
        closing_date AS closingDate, period_start AS periodStart,
        previous_balance AS previousBalance, payments_received AS paymentsReceived,
        carried_over AS carriedOver, period_amount AS periodAmount, amount_due AS amountDue,
        due_date AS dueDate
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
  const parts = [
    ...[...(inv ? [inv] : []), ...counted.filter((m) => m.kind === 'closing')].map((d) => ({
      number: null as string | null,
      creditApplied: d.creditApplied,
      basis: d.taxBasis,
      ...invoiceFigures(db, d, language, timeZone),
    })),
    ...counted
      .filter((m) => m.kind !== 'closing')
      .map((m) => ({
        number: m.number as string | null,
        creditApplied: m.creditApplied,
        basis: m.taxBasis,
        ...invoiceFigures(db, m, language, timeZone),
      })),
  ];
  // A hand-made invoice's line is named by its number; it reads as the delivery lines do (without
  // tax when prices were without tax: invoiceFigures). A second closing invoice's lines read as
  // the first's, each in its own basis.
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
  // Each delivery date's amount as its lines show it; no tax per date: the period's tax is the
  // documents' own, per rate, below. Amounts without tax and with it are never added together:
  // in the period of a change of the price basis (ADR 053) a date can have one of each.
  const dates = new Map<string, { date: string; basis: PriceBasis; amount: number }>();
  for (const part of parts) {
    for (const l of part.lines) {
      const date = l.date ?? st.closingDate;
      const key = `${date} ${part.basis}`;
      const row = dates.get(key) ?? { date, basis: part.basis, amount: 0 };
      row.amount += l.amount;
      dates.set(key, row);
    }
  }
  const byDate = [...dates.values()].sort(
    (x, y) => x.date.localeCompare(y.date) || x.basis.localeCompare(y.basis),
  );
  return {
    ...base('statement', id, st.number, st.closingDate, parties),
    ...empty,
    references: [
      ...(inv?.number ? [{ label: 'invoice', value: inv.number }] : []),
      // The other invoices this statement counts in its period: a second closing invoice
      // (ADR 053), then the hand-made ones (ADR 034).
      ...counted.map((m) => ({ label: 'invoice', value: m.number })),
    ],
    period: { start: st.periodStart, end: st.closingDate },
    dueDate: st.dueDate,
    lines,
    ...summed(perRate),
    // The credit notes the period's invoices deducted: the period's total less these is the
    // period amount, which the carried-over balance adds up to the amount due (pdf.ts).
    creditApplied: parts.reduce((sum, part) => sum + part.creditApplied, 0),
    amount: st.amountDue,
    statement: {
      previousBalance: st.previousBalance,
      paymentsReceived: st.paymentsReceived,
      carriedOver: st.carriedOver,
      periodAmount: st.periodAmount,
      amountDue: st.amountDue,
      byDate,
    },
  };
}

/**
 * The invoices a statement counts beside its own (`invoice.statement_id`): a second closing
 * invoice (ADR 053) first, then the hand-made ones, each by number.
 */
function invoicesOn(db: Db, statementId: string): (InvoiceRow & { number: string })[] {
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
