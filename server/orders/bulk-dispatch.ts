import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { customerOrder } from '../../drizzle/schema';
import type { BulkOut, dispatchSelectedInput } from '../../shared/schemas/office-lists';
import type { Actor } from '../platform/audit';
import { applyToEach } from '../platform/bulk';
import type { Db } from '../platform/db';
import { dispatchInside } from './web-orders';

/**
 * 'Mark as dispatched' for the selected orders (the orders list's bulk action, ADR 044): each
 * order by the single action's own rules (an order on credit hold or already dispatched is
 * refused and reported), the others dispatched and billed in the same transaction.
 */
export function dispatchSelected(
  db: Db,
  actor: Actor,
  input: z.output<typeof dispatchSelectedInput>,
  opts: { timeZone: string },
): BulkOut {
  const now = new Date().toISOString();
  return applyToEach(
    db,
    input.ids,
    (id) => dispatchInside(db, actor, id, null, now, opts.timeZone),
    (id) => {
      const n = db
        .select({ n: customerOrder.orderNumber })
        .from(customerOrder)
        .where(eq(customerOrder.id, id))
        .get()?.n;
      return n === undefined ? id : `#${n}`;
    },
  );
}
