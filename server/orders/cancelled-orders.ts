import { eq } from 'drizzle-orm';
import { customerOrder } from '../../drizzle/schema';
import type { CancelledOrderEntry } from '../../shared/schemas/cancelled-orders';
import { giveBackOrder } from '../catalogue/stock';
import { type Actor, recordAudit } from '../platform/audit';
import type { Db } from '../platform/db';

// A customer's cancelled orders, for its order history (ADR 043, amended 2026-11-27). A
// cancelled order is removed (by the customer until its cut-off, or by the office); the audit
// trail's `delete` entry keeps what the history shows: number, delivery date, total, lines.
// Read from the trail, newest first, from the last `days` days: the query reads the trail's
// order entries (about 25 ms per 100,000 of them), so only the history's first page asks.

/** How far back, and how many, the history shows. */
export const CANCELLED_DAYS = 60;
export const CANCELLED_LIMIT = 20;

interface Row {
  id: string;
  before: string | null;
  after: string | null;
  createdAt: string;
}

interface Before {
  orderNumber?: number;
  customerId?: string;
  deliveryDate?: string;
  total?: number;
  lines?: { name?: string; quantity?: number }[];
}

/**
 * Inside a write(): removes an order, its counted stock given back (ADR 036), and writes the
 * trail's `delete` entry that cancelledOrdersOf reads back (`after`: who cancelled it, or null).
 */
export function removeOrder(
  db: Db,
  who: Actor,
  row: typeof customerOrder.$inferSelect,
  lines: readonly { name: string; quantity: number }[],
  after: { cancelledBy: string } | null,
): void {
  giveBackOrder(db, row.id, who);
  db.delete(customerOrder).where(eq(customerOrder.id, row.id)).run();
  recordAudit(db, who, {
    entity: 'customer_order',
    entityId: row.id,
    action: 'delete',
    before: {
      orderNumber: row.orderNumber,
      customerId: row.customerId,
      restaurantName: row.restaurantName,
      deliveryDate: row.deliveryDate,
      total: row.total,
      isDelivered: row.isDelivered,
      lines,
    },
    after,
  });
}

export function cancelledOrdersOf(
  db: Db,
  customerId: string,
  opts: { now: Date; days?: number; limit?: number },
): CancelledOrderEntry[] {
  const since = new Date(
    opts.now.getTime() - (opts.days ?? CANCELLED_DAYS) * 86_400_000,
  ).toISOString();
  const rows = db.$client
    .prepare<[string, string, number], Row>(
      `SELECT entity_id AS id, before, after, created_at AS createdAt
         FROM audit_entry
        WHERE entity = 'customer_order' AND action = 'delete' AND created_at >= ?
          AND json_extract(before, '$.customerId') = ?
        ORDER BY created_at DESC, id DESC
        LIMIT ?`,
    )
    .all(since, customerId, opts.limit ?? CANCELLED_LIMIT);
  // The trail keeps each line's name as ordered; a Nepali or Japanese reader gets the product's
  // name in that language, found by that name (the order and its lines are gone).
  const names = new Set<string>();
  for (const r of rows) {
    const b = JSON.parse(r.before ?? 'null') as Before | null;
    for (const l of b?.lines ?? []) if (l.name) names.add(l.name);
  }
  const local = new Map(
    db.$client
      .prepare<[string], { name: string; nameNe: string | null; nameJa: string | null }>(
        `SELECT name, NULLIF(name_ne, '') AS nameNe, NULLIF(name_ja, '') AS nameJa FROM product
          WHERE name IN (SELECT value FROM json_each(?))
            AND (NULLIF(name_ne, '') IS NOT NULL OR NULLIF(name_ja, '') IS NOT NULL)`,
      )
      .all(JSON.stringify([...names]))
      .map((p) => [p.name, p]),
  );
  return rows.flatMap((r) => {
    const b = JSON.parse(r.before ?? 'null') as Before | null;
    if (!b || typeof b.orderNumber !== 'number') return [];
    const after = JSON.parse(r.after ?? 'null') as { cancelledBy?: string } | null;
    return [
      {
        id: r.id,
        orderNumber: b.orderNumber,
        deliveryDate: b.deliveryDate ?? '',
        total: b.total ?? 0,
        lines: (b.lines ?? []).map((l) => ({
          name: l.name ?? '',
          nameNe: local.get(l.name ?? '')?.nameNe ?? null,
          nameJa: local.get(l.name ?? '')?.nameJa ?? null,
          quantity: l.quantity ?? 0,
        })),
        cancelledAt: r.createdAt,
        by: after?.cancelledBy === 'customer' ? ('customer' as const) : ('office' as const),
      },
    ];
  });
}
