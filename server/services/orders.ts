import { count, eq } from 'drizzle-orm';
import { customerOrder } from '../../drizzle/schema';
import type { Db } from '../db';

export function countPendingWebOrders(db: Db): number {
  const row = db
    .select({ n: count() })
    .from(customerOrder)
    .where(eq(customerOrder.isDelivered, false))
    .get();
  return row?.n ?? 0;
}
