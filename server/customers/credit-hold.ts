import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { notFound } from '../platform/errors';

// Credit hold (DESIGN §6): staff may put a customer on credit hold; its new web orders are
// placed on hold (server/orders/orders.ts) and wait here for the office's review.

export interface HeldOrder {
  _id: string;
  orderNumber: number;
  customerId: string | null;
  restaurantName: string;
  customerCode: string;
  deliveryDate: string;
  totalPrice: number;
  createdAt: string;
}

export function heldOrders(db: Db): HeldOrder[] {
  return db.$client
    .prepare<[], HeldOrder>(
      `SELECT id AS _id, order_number AS orderNumber, customer_id AS customerId,
              restaurant_name AS restaurantName, customer_code AS customerCode,
              delivery_date AS deliveryDate, total AS totalPrice, created_at AS createdAt
         FROM customer_order WHERE on_hold = 1 AND is_delivered = 0
        ORDER BY created_at LIMIT 500`,
    )
    .all();
}

/** Releases a held order for dispatch; releasing one that is not held changes nothing. */
export function releaseOrder(
  db: Db,
  actor: Actor,
  orderId: string,
): { _id: string; onHold: false } {
  write(db, () => {
    const row = db.$client
      .prepare<[string], { onHold: number }>(
        'SELECT on_hold AS onHold FROM customer_order WHERE id = ?',
      )
      .get(orderId);
    if (!row) throw notFound('order.notFound');
    if (!row.onHold) return;
    db.$client.prepare('UPDATE customer_order SET on_hold = 0 WHERE id = ?').run(orderId);
    recordAudit(db, actor, {
      entity: 'customer_order',
      entityId: orderId,
      action: 'update',
      before: { onHold: true },
      after: { onHold: false },
    });
  });
  return { _id: orderId, onHold: false };
}

export function setCreditHold(
  db: Db,
  actor: Actor,
  customerId: string,
  creditHold: boolean,
): { _id: string; creditHold: boolean } {
  write(db, () => {
    const row = db.$client
      .prepare<[string], { creditHold: number }>(
        'SELECT credit_hold AS creditHold FROM customer WHERE id = ?',
      )
      .get(customerId);
    if (!row) throw notFound('invoice.customerNotFound');
    if (Boolean(row.creditHold) === creditHold) return;
    db.$client
      .prepare('UPDATE customer SET credit_hold = ? WHERE id = ?')
      .run(creditHold ? 1 : 0, customerId);
    recordAudit(db, actor, {
      entity: 'customer',
      entityId: customerId,
      action: 'update',
      before: { creditHold: Boolean(row.creditHold) },
      after: { creditHold },
    });
  });
  return { _id: customerId, creditHold };
}
