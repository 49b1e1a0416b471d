import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { customer, route } from '../../drizzle/schema';
import type { assignRouteManyInput, BulkOut } from '../../shared/schemas/office-lists';
import { type Actor, recordAudit } from '../platform/audit';
import { applyToEach } from '../platform/bulk';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { assertRoute } from './customers';

/**
 * Moves the selected customers to one route (the customers list's bulk action, ADR 044): the
 * route must exist (else nothing changes); each customer is moved and audited as the customer
 * form's save would, and a customer gone meanwhile is reported, not fatal.
 */
export function assignRouteMany(
  db: Db,
  actor: Actor,
  input: z.output<typeof assignRouteManyInput>,
): BulkOut {
  const routeName = () =>
    db.select({ name: route.name }).from(route).where(eq(route.id, input.route)).get()?.name ??
    null;
  return applyToEach(
    db,
    input.ids,
    (id) => {
      const before = db
        .select({ routeId: customer.routeId })
        .from(customer)
        .where(eq(customer.id, id))
        .get();
      if (!before) throw notFound('customer.notFound');
      if (before.routeId === input.route) return;
      const oldName = before.routeId
        ? (db.select({ name: route.name }).from(route).where(eq(route.id, before.routeId)).get()
            ?.name ?? null)
        : null;
      db.update(customer)
        .set({ routeId: input.route, updatedAt: new Date().toISOString() })
        .where(eq(customer.id, id))
        .run();
      recordAudit(db, actor, {
        entity: 'customer',
        entityId: id,
        action: 'update',
        before: { route: oldName },
        after: { route: routeName() },
      });
    },
    (id) =>
      db.select({ name: customer.restaurantName }).from(customer).where(eq(customer.id, id)).get()
        ?.name ?? id,
    () => assertRoute(db, input.route),
  );
}
