import type BetterSqlite3 from 'better-sqlite3';

// What a migration's SQL cannot tell by itself: what the database was before this start's
// migrations began. Read before migrating and left as a mark table that a migration reads and
// drops inside the migrations' own transaction, so a start that dies half-way leaves either
// the mark (the next start migrates and marks) or both done, never the orders unmarked.

/** Read by migration 0020: the database predates invoices made from deliveries (0004). */
export const BEFORE_INVOICING_MARK = 'upgrade_from_before_invoicing';

/** Leaves the marks the pending migrations need; call just before migrating. */
export function markWhatTheUpgradeStartsFrom(sqlite: BetterSqlite3.Database): void {
  const orders = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'customer_order'")
    .get();
  if (!orders) return; // a new database: nothing was delivered before anything
  const columns = sqlite
    .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('customer_order')")
    .all();
  if (columns.some((c) => c.name === 'invoice_id')) return;
  sqlite.exec(`CREATE TABLE IF NOT EXISTS ${BEFORE_INVOICING_MARK} (made_at TEXT)`);
}
