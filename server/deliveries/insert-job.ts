import { and, eq, sql } from 'drizzle-orm';
import { account, deliveryJob } from '../../drizzle/schema';
import { type Actor, recordAudit } from '../platform/audit';
import type { Db } from '../platform/db';
import { badRequest, conflict } from '../platform/errors';
import { newId } from '../platform/ids';
import { prepared } from '../platform/prepared';

// Making a delivery job, inside the caller's write(): dispatching an order to a driver
// (orders/web-orders.ts) and the office's job form (job-form.ts) both insert here. With it, what
// every change to a job uses: the check that its driver is a driver, and the fields the audit
// trail records (deliver.ts too).

type JobRow = typeof deliveryJob.$inferSelect;

export function driverAccount(db: Db, id: string) {
  const row = prepared(db, 'jobs.driver', () =>
    db
      .select({ id: account.id, username: account.username, name: account.name })
      .from(account)
      .where(
        and(
          eq(account.id, sql.placeholder('id')),
          eq(account.kind, 'employee'),
          eq(account.role, 'driver'),
        ),
      )
      .prepare(),
  ).get({ id });
  if (!row) throw badRequest('delivery.driverNotFound');
  return row;
}

function nextSerial(db: Db): number {
  const row = prepared(db, 'jobs.nextSerial', () =>
    db
      .select({ n: sql<number>`COALESCE(MAX(${deliveryJob.serialNo}), 0) + 1` })
      .from(deliveryJob)
      .prepare(),
  ).get();
  return row?.n ?? 1;
}

export function auditFields(j: JobRow) {
  return {
    serialNo: j.serialNo,
    customerId: j.customerId,
    restaurantName: j.restaurantName,
    orderId: j.orderId,
    deliveredBy: j.deliveredBy,
    isDelivered: j.isDelivered,
    deliveredAt: j.deliveredAt,
    recipientName: j.recipientName,
    proofImage: j.proofImage,
  };
}

/**
 * Inserts a job inside the caller's write(): dispatching an order to a driver and the office's
 * "create" both come here. The serial number is the next in the same transaction. An order has
 * at most one job (ADR 023): checked here, and the unique index on `order_id` is the backstop.
 */
export function insertJob(
  db: Db,
  actor: Actor,
  values: {
    customerId: string | null;
    restaurantName: string;
    orderId: string | null;
    driverId: string;
  },
): JobRow {
  if (values.orderId) {
    const taken = prepared(db, 'jobs.ofOrder', () =>
      db
        .select({ id: deliveryJob.id })
        .from(deliveryJob)
        .where(eq(deliveryJob.orderId, sql.placeholder('orderId')))
        .prepare(),
    ).get({ orderId: values.orderId });
    if (taken) throw conflict('delivery.orderHasJob');
  }
  const row: JobRow = {
    id: newId(),
    serialNo: nextSerial(db),
    customerId: values.customerId,
    restaurantName: values.restaurantName,
    orderId: values.orderId,
    preparedBy: actor.id,
    deliveredBy: values.driverId,
    isDelivered: false,
    deliveredAt: null,
    recipientName: null,
    proofImage: null,
    createdAt: new Date().toISOString(),
  };
  const ph = (name: keyof JobRow) => sql.placeholder(name);
  prepared(db, 'jobs.insert', () =>
    db
      .insert(deliveryJob)
      .values({
        id: ph('id'),
        serialNo: ph('serialNo'),
        customerId: ph('customerId'),
        restaurantName: ph('restaurantName'),
        orderId: ph('orderId'),
        preparedBy: ph('preparedBy'),
        deliveredBy: ph('deliveredBy'),
        isDelivered: false,
        createdAt: ph('createdAt'),
      })
      .prepare(),
  ).run(row);
  recordAudit(db, actor, {
    entity: 'delivery_job',
    entityId: row.id,
    action: 'create',
    before: null,
    after: auditFields(row),
  });
  return row;
}
