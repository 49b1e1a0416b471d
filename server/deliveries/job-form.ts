import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { customer, customerOrder, deliveryJob } from '../../drizzle/schema';
import type { JobOut, jobFormInput } from '../../shared/schemas/doorstep';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { badRequest, conflict, notFound } from '../platform/errors';
import { auditFields, driverAccount, insertJob } from './insert-job';
import { getJob } from './job-reads';

// The office's job form on the order track: making a job by hand (for an order, which it
// dispatches, or for a customer alone), changing its customer or driver, and deleting it. The
// driver marks a job delivered in deliver.ts.

function customerFor(db: Db, id: string) {
  const row = db
    .select({ id: customer.id, restaurantName: customer.restaurantName })
    .from(customer)
    .where(eq(customer.id, id))
    .get();
  if (!row) throw badRequest('delivery.customerNotFound');
  return row;
}

function orderFor(db: Db, id: string) {
  const o = db
    .select({
      id: customerOrder.id,
      orderNumber: customerOrder.orderNumber,
      customerId: customerOrder.customerId,
      isDelivered: customerOrder.isDelivered,
      deliveredBy: customerOrder.deliveredBy,
      deliveredByName: customerOrder.deliveredByName,
      deliveredAt: customerOrder.deliveredAt,
      onHold: customerOrder.onHold,
    })
    .from(customerOrder)
    .where(eq(customerOrder.id, id))
    .get();
  if (!o) throw notFound('order.notFound');
  return o;
}

/**
 * The office's job form (ADR 023). With an order, the job is that order's delivery: the order
 * must belong to the job's customer (the driver collects that order's total from that
 * customer) and must still be pending; making the job dispatches the order to the driver, in
 * the same transaction, exactly as dispatching it with a driver does. So an order has one job.
 */
export function createJob(db: Db, actor: Actor, input: z.output<typeof jobFormInput>): JobOut {
  const id = write(db, () => {
    const c = customerFor(db, input.customer);
    const d = driverAccount(db, input.deliveredBy);
    if (input.order) {
      const o = orderFor(db, input.order);
      const orderNumber = `#${o.orderNumber}`;
      if (o.customerId !== c.id) throw badRequest('delivery.orderOfOtherCustomer', { orderNumber });
      if (o.isDelivered) throw conflict('delivery.alreadyDispatched', { orderNumber });
      if (o.onHold) throw conflict('order.onHold', { orderNumber });
      const changes = {
        isDelivered: true,
        deliveredBy: d.id,
        deliveredByName: d.username,
        deliveredAt: new Date().toISOString(),
      };
      db.update(customerOrder).set(changes).where(eq(customerOrder.id, o.id)).run();
      recordAudit(db, actor, {
        entity: 'customer_order',
        entityId: o.id,
        action: 'update',
        before: {
          isDelivered: o.isDelivered,
          deliveredBy: o.deliveredBy,
          deliveredByName: o.deliveredByName,
          deliveredAt: o.deliveredAt,
        },
        after: changes,
      });
    }
    return insertJob(db, actor, {
      customerId: c.id,
      restaurantName: c.restaurantName,
      orderId: input.order ?? null,
      driverId: input.deliveredBy,
    }).id;
  });
  return getJob(db, id, { kind: 'all' });
}

export function updateJob(
  db: Db,
  actor: Actor,
  input: z.output<typeof jobFormInput> & { id: string },
): JobOut {
  write(db, () => {
    const before = db.select().from(deliveryJob).where(eq(deliveryJob.id, input.id)).get();
    if (!before) throw notFound('delivery.jobNotFound');
    const c = customerFor(db, input.customer);
    driverAccount(db, input.deliveredBy);
    // A job's order is fixed when it is made; its customer stays that order's customer.
    if (input.order !== undefined && input.order !== before.orderId) {
      throw badRequest('delivery.orderFixed');
    }
    if (before.orderId) {
      const o = orderFor(db, before.orderId);
      if (o.customerId !== c.id) {
        throw badRequest('delivery.orderOfOtherCustomer', { orderNumber: `#${o.orderNumber}` });
      }
    }
    const changes = {
      customerId: c.id,
      restaurantName: c.restaurantName,
      deliveredBy: input.deliveredBy,
    };
    db.update(deliveryJob).set(changes).where(eq(deliveryJob.id, input.id)).run();
    recordAudit(db, actor, {
      entity: 'delivery_job',
      entityId: input.id,
      action: 'update',
      before: auditFields(before),
      after: auditFields({ ...before, ...changes }),
    });
  });
  return getJob(db, input.id, { kind: 'all' });
}

/**
 * Deletes a job. An order's job that is still on the road gives its order back to New Orders
 * (no longer dispatched), so it can be dispatched again: deleting only the job left the order
 * dispatched to no one, never delivered and never billed. An order's delivered job is the
 * record of what was handed over and billed: it stays (corrections are credit notes).
 */
export function deleteJob(db: Db, actor: Actor, id: string): { _id: string } {
  write(db, () => {
    const before = db.select().from(deliveryJob).where(eq(deliveryJob.id, id)).get();
    if (!before) throw notFound('delivery.jobNotFound');
    if (before.orderId) {
      if (before.isDelivered) throw conflict('delivery.deliveredJobKept');
      undispatchOrder(db, actor, before.orderId);
    }
    db.delete(deliveryJob).where(eq(deliveryJob.id, id)).run();
    recordAudit(db, actor, {
      entity: 'delivery_job',
      entityId: id,
      action: 'delete',
      before: auditFields(before),
      after: null,
    });
  });
  return { _id: id };
}

/** Inside a write(): an order dispatched to a job that is removed goes back to New Orders. */
function undispatchOrder(db: Db, actor: Actor, orderId: string): void {
  const o = db
    .select({
      isDelivered: customerOrder.isDelivered,
      deliveredBy: customerOrder.deliveredBy,
      deliveredByName: customerOrder.deliveredByName,
      deliveredAt: customerOrder.deliveredAt,
      invoiceId: customerOrder.invoiceId,
    })
    .from(customerOrder)
    .where(eq(customerOrder.id, orderId))
    .get();
  if (!o?.isDelivered || o.invoiceId) return;
  const changes = {
    isDelivered: false,
    deliveredBy: null,
    deliveredByName: null,
    deliveredAt: null,
  };
  db.update(customerOrder).set(changes).where(eq(customerOrder.id, orderId)).run();
  const { invoiceId: _i, ...before } = o;
  recordAudit(db, actor, {
    entity: 'customer_order',
    entityId: orderId,
    action: 'update',
    before,
    after: changes,
  });
}
