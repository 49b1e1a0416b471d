import { describe, expect, it } from 'vitest';
import { customerOverdue } from '../customers/overdue';
import { agingReport } from '../money/aging';
import { type Db, openDb } from '../platform/db';
import { dashboard } from './dashboard';

// The reads a year of business would slow down if they read all history (docs/performance.md,
// Round 20): each must reach its rows through an index that holds only what it shows (today's
// window, the invoices still owed), whatever the years behind them. Asserted on the plans
// SQLite makes for the statements the functions really run, not on timings.

/** The query plan lines of every statement `read` runs on `db`, with the values it bound. */
function plansOf(db: Db, read: () => unknown): string[] {
  const sqlite = db.$client;
  const ran: { sql: string; args: unknown[] }[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((sql: string) => {
    const statement = prepare(sql);
    for (const method of ['get', 'all', 'iterate'] as const) {
      const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        ran.push({ sql, args });
        return original(...args);
      };
    }
    return statement;
  }) as typeof sqlite.prepare;
  try {
    read();
  } finally {
    sqlite.prepare = prepare as typeof sqlite.prepare;
  }
  return ran.flatMap(({ sql, args }) =>
    (prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map(
      (p) => p.detail,
    ),
  );
}

const NOW = new Date('2026-11-28T03:00:00.000Z');
const TODAY = '2026-11-28';

describe('reads that must not grow with history', () => {
  it('the dashboard reads the pending jobs first, the window of phoned-in jobs and the open invoices', () => {
    const db = openDb(':memory:');
    const plans = plansOf(db, () => dashboard(db, NOW, 'Asia/Tokyo'));
    expect(plans).toEqual(
      expect.arrayContaining([
        // Still to deliver: from the pending jobs, not from every delivered order.
        'SEARCH j USING INDEX delivery_job_is_delivered_idx (is_delivered=?)',
        // No order in 30 days: each customer's phoned-in jobs of the window only.
        'SEARCH j USING COVERING INDEX delivery_job_customer_created_idx (customer_id=? AND order_id=? AND created_at>?)',
        // Overdue: the invoices still owed.
        'SEARCH invoice USING INDEX invoice_open_idx (due_date<?)',
      ]),
    );
  });

  it("a restaurant's overdue banner and the aging read only the invoices still owed", () => {
    const db = openDb(':memory:');
    expect(plansOf(db, () => customerOverdue(db, 'c1', TODAY))).toContain(
      'SCAN i USING INDEX invoice_open_idx',
    );
    expect(plansOf(db, () => agingReport(db, TODAY))).toContain(
      'SCAN i USING INDEX invoice_open_idx',
    );
  });
});
