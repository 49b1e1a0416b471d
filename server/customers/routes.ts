import { asc, count, eq, sql } from 'drizzle-orm';
import { customer, route } from '../../drizzle/schema';
import type { RouteOut } from '../../shared/schemas/office';
import { fieldConflict } from '../accounts/usernames';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { conflict, notFound } from '../platform/errors';
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
