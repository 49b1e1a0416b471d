import { dueDateOf, isClosingDate, paymentDayOf } from '../../../shared/closing-dates';
import { addDaysIso } from '../../../shared/delivery-dates';
import type { PaymentMethod } from '../../../shared/enums';
import type { AccountOut } from '../../../shared/schemas/account';
import type { Db } from '../../platform/db';
import { pendingCredits } from '../billing';
import { previewClosing } from '../closing';

// The Account screen's "what is coming" (beside the balance of invoiced, unpaid amounts, which
// keeps its meaning): the customer's closing and payment days, what a monthly customer has had
// delivered and not yet invoiced (as the closing run would bill it: its own preview), the next
// due date of the invoiced amount, and the credit notes waiting to be deducted (ADR 033).

interface Terms {
  paymentMethod: PaymentMethod;
  closingDay: number | null;
  paymentDate: string | null;
  paymentMonth: number;
}

/** The payment month (0 当月, 1 翌月, 2 翌々月) as the Account screen says it. */
const MONTH_WORDS = ['same', 'next', 'afterNext'] as const;

/** The first closing date on or after `date` for a closing day (ADR 033's rule). */
function closingOnOrAfter(closingDay: number | null, date: string): string {
  let d = date;
  for (let i = 0; i < 31 && !isClosingDate(closingDay, d); i++) d = addDaysIso(d, 1);
  return d;
}

export function accountOf(
  db: Db,
  customerId: string,
  at: { today: string; timeZone: string },
): AccountOut {
  const terms = db.$client
    .prepare<[string], Terms>(
      `SELECT payment_method AS paymentMethod, closing_day AS closingDay,
              payment_date AS paymentDate, payment_month AS paymentMonth
         FROM customer WHERE id = ?`,
    )
    .get(customerId) ?? {
    paymentMethod: 'cash',
    closingDay: null,
    paymentDate: null,
    paymentMonth: 1,
  };
  const monthly = terms.paymentMethod === 'monthly';
  const paymentDay = paymentDayOf(terms.paymentDate);

  // The closing that comes next (today's, when today is a closing date not yet run), the one
  // before it (its run may still be to come: the office runs a closing after its date) and the
  // one after (when today's has been run already). Each preview counts every delivered order not
  // yet invoiced up to its date; the difference is what that closing adds.
  const toBeInvoiced: AccountOut['toBeInvoiced'] = [];
  let nextClosing: AccountOut['nextClosing'] = null;
  const paymentMonth = MONTH_WORDS[terms.paymentMonth] ?? 'next';
  if (monthly) {
    const upcoming = closingOnOrAfter(terms.closingDay, at.today);
    const after = closingOnOrAfter(terms.closingDay, addDaysIso(upcoming, 1));
    const before = closingOnOrAfter(terms.closingDay, addDaysIso(upcoming, -31));
    const dates = [before === upcoming ? null : before, upcoming, after].filter(
      (d): d is string => d !== null,
    );
    let counted = { orders: 0, amount: 0 };
    for (const date of dates) {
      const p = previewClosing(db, date, { customerId, timeZone: at.timeZone }).customers[0];
      if (!p || p.closed) continue;
      if (!nextClosing && date >= at.today) {
        nextClosing = { date, dueDate: dueDateOf(date, terms.paymentMonth, terms.paymentDate) };
      }
      // With tax, before the waiting credit notes (shown on their own below).
      const amount = p.amount + p.credit;
      if (p.orders > counted.orders) {
        toBeInvoiced.push({
          closingDate: date,
          dueDate: p.dueDate,
          orders: p.orders - counted.orders,
          amount: amount - counted.amount,
        });
        counted = { orders: p.orders, amount };
      }
    }
  }

  const nextDue = db.$client
    .prepare<[string, string], { date: string; amount: number }>(
      `SELECT due_date AS date, SUM(amount - paid_amount) AS amount
         FROM invoice
        WHERE customer_id = ? AND cancelled_at IS NULL AND amount > paid_amount
          AND due_date IS NOT NULL AND due_date >= ?
        GROUP BY due_date ORDER BY due_date LIMIT 1`,
    )
    .get(customerId, at.today);

  const credits = pendingCredits(db, customerId);
  return {
    paymentMethod: terms.paymentMethod,
    closingDay: monthly ? terms.closingDay : null,
    paymentDay: monthly ? paymentDay : null,
    paymentMonth,
    nextClosing,
    toBeInvoiced,
    nextDue: nextDue ?? null,
    credits:
      credits.length > 0
        ? {
            amount: credits.reduce((s, c) => s + c.total, 0),
            numbers: credits.map((c) => c.number),
          }
        : null,
  };
}
