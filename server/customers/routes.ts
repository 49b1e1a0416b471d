import { asc, count, eq, max, sql } from 'drizzle-orm';
import { customer, route } from '../../drizzle/schema';
import type { RouteOut, RouteStopsOut } from '../../shared/schemas/office';
import { fieldConflict } from '../accounts/usernames';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { badRequest, conflict, notFound } from '../platform/errors';
import { newId } from '../platform/ids';

// Delivery routes (spec §2 /admin/customer/routes). A route still used by customers is not
// deleted: the office moves them first (409 saying how many).

export function listRoutes(db: Db): RouteOut[] {
  return db
    .select({ _id: route.id, name: route.name, customerCount: count(customer.id) })
    .from(route)
    .leftJoin(customer, eq(customer.routeId, route.id))
    .groupBy(route.id)
    .orderBy(asc(route.name))
    .all();
}

function assertNameFree(db: Db, name: string, exceptId: string | null): void {
  const same = db
    .select({ id: route.id })
    .from(route)
    .where(sql`lower(${route.name}) = lower(${name})`)
    .all();
  if (same.some((r) => r.id !== exceptId)) throw fieldConflict('name', 'route.nameTaken');
}

export function routeById(db: Db, id: string) {
  const row = db.select().from(route).where(eq(route.id, id)).get();
  if (!row) throw notFound('route.notFound');
  return row;
}

export function createRoute(db: Db, actor: Actor, input: { name: string }): RouteOut {
  return write(db, () => {
    assertNameFree(db, input.name, null);
    const id = newId();
    db.insert(route).values({ id, name: input.name }).run();
    recordAudit(db, actor, {
      entity: 'route',
      entityId: id,
      action: 'create',
      before: null,
      after: { name: input.name },
    });
    return { _id: id, name: input.name, customerCount: 0 };
  });
}

export function updateRoute(db: Db, actor: Actor, input: { id: string; name: string }): RouteOut {
  return write(db, () => {
    const before = routeById(db, input.id);
    assertNameFree(db, input.name, input.id);
    db.update(route).set({ name: input.name }).where(eq(route.id, input.id)).run();
    recordAudit(db, actor, {
      entity: 'route',
      entityId: input.id,
      action: 'update',
      before: { name: before.name },
      after: { name: input.name },
    });
    const used = db
      .select({ n: count() })
      .from(customer)
      .where(eq(customer.routeId, input.id))
      .get();
    return { _id: input.id, name: input.name, customerCount: used?.n ?? 0 };
  });
}

export function deleteRoute(db: Db, actor: Actor, id: string): { message: string } {
  return write(db, () => {
    const before = routeById(db, id);
    const used = db.select({ n: count() }).from(customer).where(eq(customer.routeId, id)).get();
    const n = used?.n ?? 0;
    if (n > 0) throw conflict('route.inUse', { count: n });
    db.delete(route).where(eq(route.id, id)).run();
    recordAudit(db, actor, {
      entity: 'route',
      entityId: id,
      action: 'delete',
      before: { name: before.name },
      after: null,
    });
    return { message: 'Route deleted' };
  });
}

// --- The order of stops (ADR 042) ----------------------------------------------------------------

/** The position after the route's last stop: where a customer joining the route stands. */
export function nextStopPosition(db: Db, routeId: string | null): number | null {
  if (!routeId) return null;
  const row = db
    .select({ last: max(customer.stopPosition) })
    .from(customer)
    .where(eq(customer.routeId, routeId))
    .get();
  return (row?.last ?? 0) + 1;
}

/** The order of a route's customers: by position; any without one after, by name. */
export const stopOrder = [
  sql`${customer.stopPosition} IS NULL`,
  asc(customer.stopPosition),
  asc(customer.restaurantName),
  asc(customer.customerCode),
] as const;

/** A route's customers, first stop first. */
export function routeStops(db: Db, id: string): RouteStopsOut {
  const r = routeById(db, id);
  const customers = db
    .select({
      _id: customer.id,
      restaurantName: customer.restaurantName,
      customerCode: customer.customerCode,
      address: customer.billingAddress,
    })
    .from(customer)
    .where(eq(customer.routeId, id))
    .orderBy(...stopOrder)
    .all();
  return { _id: r.id, name: r.name, customers };
}

/**
 * The office sets the order of a route's stops: the list names every customer of the route
 * once, first stop first. A customer of another route (or none) is refused (400); a list that
 * misses a customer who joined the route meanwhile answers 409, so the office reloads rather
 * than putting that customer somewhere it never chose. One transaction, one trail entry.
 */
export function setStopOrder(
  db: Db,
  actor: Actor,
  input: { id: string; customerIds: string[] },
): RouteStopsOut {
  return write(db, () => {
    const before = routeStops(db, input.id);
    const onRoute = new Set(before.customers.map((c) => c._id));
    const seen = new Set<string>();
    for (const id of input.customerIds) {
      if (seen.has(id)) throw badRequest('route.stopRepeated');
      seen.add(id);
      if (!onRoute.has(id)) throw badRequest('route.customerNotOnRoute');
    }
    if (seen.size !== onRoute.size) throw conflict('route.stopsChanged');
    input.customerIds.forEach((id, i) => {
      db.update(customer)
        .set({ stopPosition: i + 1 })
        .where(eq(customer.id, id))
        .run();
    });
    recordAudit(db, actor, {
      entity: 'route',
      entityId: input.id,
      action: 'update',
      before: { stops: before.customers.map((c) => c.customerCode) },
      after: {
        stops: input.customerIds.map(
          (id) => before.customers.find((c) => c._id === id)?.customerCode ?? id,
        ),
      },
    });
    return routeStops(db, input.id);
  });
}
