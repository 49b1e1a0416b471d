import type {
  AgingBucket,
  AgingOut,
  BucketAmounts,
  FollowUpOut,
} from '../../shared/schemas/invoices';
import type { Db } from '../platform/db';
import { prepared } from '../platform/prepared';
import { INVOICE_SELECT, type InvoiceReadRow, withChildren } from './invoice-reads';

// The aging report (pending money by days past due) and the office's follow-up worklist.

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The column of an invoice by whole days past due. Past 60 days (the 61-90 and over-90 columns)
 * is what the overdue list and the credit hold call overdue (OVERDUE_AFTER_DAYS,
 * server/customers/overdue.ts): the same invoices, the same amounts.
 */
function bucketOf(dueDate: string | null, today: string): AgingBucket {
  if (!dueDate) return 'current';
  const late = daysBetween(dueDate, today);
  if (late <= 0) return 'current';
  if (late <= 30) return 'd1_30';
  if (late <= 60) return 'd31_60';
  if (late <= 90) return 'd61_90';
  return 'over90';
}

const empty = (): BucketAmounts => ({
  current: 0,
  d1_30: 0,
  d31_60: 0,
  d61_90: 0,
  over90: 0,
  total: 0,
});

interface PendingRow {
  customerId: string | null;
  customerCode: string | null;
  restaurantName: string | null;
  dueDate: string | null;
  pending: number;
}

export function agingReport(db: Db, today: string): AgingOut {
  const rows = prepared(db, 'aging.pending', () =>
    db.$client.prepare<[], PendingRow>(
      `SELECT i.customer_id AS customerId, c.customer_code AS customerCode,
              c.restaurant_name AS restaurantName, i.due_date AS dueDate,
              i.amount - i.paid_amount AS pending
         FROM invoice i LEFT JOIN customer c ON c.id = i.customer_id
        WHERE i.paid_amount < i.amount AND i.cancelled_at IS NULL`,
    ),
  ).all();
  const byCustomer = new Map<string, AgingOut['customers'][number]>();
  const totals = empty();
  for (const r of rows) {
    const key = r.customerId ?? '';
    let entry = byCustomer.get(key);
    if (!entry) {
      entry = {
        customerId: r.customerId,
        customerCode: r.customerCode ?? '',
        restaurantName: r.restaurantName ?? '',
        ...empty(),
      };
      byCustomer.set(key, entry);
    }
    const bucket = bucketOf(r.dueDate, today);
    entry[bucket] += r.pending;
    entry.total += r.pending;
    totals[bucket] += r.pending;
    totals.total += r.pending;
  }
  const customers = [...byCustomer.values()].sort(
    (a, b) => b.over90 - a.over90 || b.total - a.total,
  );
  return { today, customers, totals };
}

/**
 * Unpaid invoices whose latest follow-up date is set, earliest first: the office's worklist
 * (a note may carry the next follow-up date).
 */
export function followUps(db: Db, today: string): FollowUpOut {
  const picks = prepared(db, 'aging.followUps', () =>
    db.$client.prepare<[], { invoiceId: string; nextFollowUp: string; note: string }>(
      `SELECT n.invoice_id AS invoiceId, n.next_follow_up AS nextFollowUp, n.note
         FROM invoice_note n JOIN invoice i ON i.id = n.invoice_id
        WHERE i.paid_amount < i.amount AND i.cancelled_at IS NULL AND n.next_follow_up IS NOT NULL
          AND n.id = (SELECT n2.id FROM invoice_note n2
                       WHERE n2.invoice_id = n.invoice_id AND n2.next_follow_up IS NOT NULL
                       ORDER BY n2.created_at DESC, n2.id DESC LIMIT 1)
        ORDER BY n.next_follow_up, n.invoice_id
        LIMIT 300`,
    ),
  ).all();
  if (picks.length === 0) return [];
  const rows = db.$client
    .prepare<{ ids: string }, InvoiceReadRow>(
      `${INVOICE_SELECT} WHERE i.id IN (SELECT value FROM json_each(@ids))`,
    )
    .all({ ids: JSON.stringify(picks.map((p) => p.invoiceId)) });
  const invoices = new Map(withChildren(db, rows, today).map((i) => [i._id, i]));
  return picks.flatMap((p) => {
    const invoice = invoices.get(p.invoiceId);
    return invoice ? [{ invoice, nextFollowUp: p.nextFollowUp, lastNote: p.note }] : [];
  });
}
