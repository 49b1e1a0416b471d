import type { ForecastOut, InvoiceOut } from '../../shared/schemas/invoices';
import type { Db } from '../platform/db';
import { prepared } from '../platform/prepared';
import { INVOICE_SELECT, type InvoiceReadRow, withChildren } from './invoice-reads';

// Projected collection (DESIGN §3): monthly customers whose payment day (a day of the month,
// stored as text) is the given day, their unpaid invoices, and what they add up to.

/**
 * The given day is this month's (today's): its last day also takes the payment days past the
 * month's end (月末払い is stored as 31), as the forecast's chart counts them on that day. On
 * 30 November the chart showed ¥800,000 due that day and the list for day 30 nothing.
 */
export function dueOnPaymentDay(
  db: Db,
  day: number,
  today: string,
): { invoices: InvoiceOut[]; totalAmountToCollect: number } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const rows = prepared(db, 'forecast.byDay', () =>
    db.$client.prepare<{ day: number; upTo: number }, InvoiceReadRow>(
      `${INVOICE_SELECT}
        WHERE c.payment_method = 'monthly'
          AND CAST(c.payment_date AS INTEGER) BETWEEN @day AND @upTo
          AND i.paid_amount < i.amount AND i.cancelled_at IS NULL
        ORDER BY c.restaurant_name, i.due_date IS NULL, i.due_date
        LIMIT 2000`,
    ),
  ).all({ day, upTo: day === last ? 31 : day });
  const invoices = withChildren(db, rows, today);
  return {
    invoices,
    totalAmountToCollect: invoices.reduce((sum, i) => sum + i.pendingAmount, 0),
  };
}

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The next `days` days from today: what the monthly customers whose payment day falls on each
 * date owe now. A payment day past the month's end (31 in a 30-day month) falls on its last day.
 */
export function collectionForecast(db: Db, today: string, days = 31): ForecastOut {
  const perDay = prepared(db, 'forecast.perPaymentDay', () =>
    db.$client.prepare<[], { day: number; amount: number; customers: number }>(
      `SELECT CAST(c.payment_date AS INTEGER) AS day, SUM(i.amount - i.paid_amount) AS amount,
              COUNT(DISTINCT c.id) AS customers
         FROM invoice i JOIN customer c ON c.id = i.customer_id
        WHERE c.payment_method = 'monthly' AND i.paid_amount < i.amount AND i.cancelled_at IS NULL
          AND CAST(c.payment_date AS INTEGER) BETWEEN 1 AND 31
        GROUP BY day`,
    ),
  ).all();
  const byDay = new Map(perDay.map((r) => [r.day, r]));
  const out: ForecastOut['days'] = [];
  // The window may reach the same day of the next month: what is owed is counted once.
  const counted = new Set<number>();
  for (let n = 0; n < days; n++) {
    const date = addDays(today, n);
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    let amount = 0;
    let customers = 0;
    for (let day = d; day <= (d === last ? 31 : d); day++) {
      const r = byDay.get(day);
      if (r && !counted.has(day)) {
        counted.add(day);
        amount += r.amount;
        customers += r.customers;
      }
    }
    out.push({ date, amount, customers });
  }
  return { days: out, total: out.reduce((s, x) => s + x.amount, 0) };
}
