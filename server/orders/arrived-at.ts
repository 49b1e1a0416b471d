import { sql } from 'drizzle-orm';
import { deliveryJob } from '../../drizzle/schema';
import type { Db } from '../platform/db';
import { prepared } from '../platform/prepared';

/**
 * When each order reached its restaurant, for the history its customer reads (the same rule as
 * server/deliveries/delivered-at.ts): an order carried by a driver arrived when its job was
 * marked delivered, one the office delivered itself when it was handed over; one not handed
 * over, or still on a van, has not arrived (null). The order's own delivered_at is the spec's
 * "handed over" and says nothing of the door.
 */
export function arrivalsOf(
  db: Db,
  orders: { id: string; isDelivered: boolean; deliveredAt: string | null }[],
): Map<string, string | null> {
  const handedOver = orders.filter((o) => o.isDelivered);
  const jobs = handedOver.length
    ? prepared(db, 'orders.jobsOf', () =>
        db
          .select({
            orderId: deliveryJob.orderId,
            isDelivered: deliveryJob.isDelivered,
            deliveredAt: deliveryJob.deliveredAt,
          })
          .from(deliveryJob)
          .where(
            sql`${deliveryJob.orderId} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`,
          )
          .prepare(),
      ).all({ ids: JSON.stringify(handedOver.map((o) => o.id)) })
    : [];
  // One job per order (ADR 023).
  const jobOf = new Map(jobs.map((j) => [j.orderId, j]));
  return new Map(
    orders.map((o) => {
      if (!o.isDelivered) return [o.id, null];
      const job = jobOf.get(o.id);
      if (!job) return [o.id, o.deliveredAt];
      return [o.id, job.isDelivered ? job.deliveredAt : null];
    }),
  );
}
