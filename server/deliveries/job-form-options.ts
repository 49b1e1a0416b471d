import { and, asc, eq } from 'drizzle-orm';
import { account, route } from '../../drizzle/schema';
import type { Db } from '../platform/db';

// What the office's order screens choose from (`ordertrack.formOptions`): drivers (the job
// form, dispatching, the order track's driver filter) and route names. Not the customers: the
// job form and placing an order for a customer search them on the server as the office types
// (`customers.pick`, ADR 094). Not the money screens' choices (money/invoice-form-options.ts:
// every employee as a collector, routes with their ids).

/** Drivers and route names to choose from. */
export function jobFormOptions(db: Db) {
  const drivers = db
    .select({ _id: account.id, username: account.username, name: account.name })
    .from(account)
    .where(and(eq(account.kind, 'employee'), eq(account.role, 'driver')))
    .orderBy(asc(account.username))
    .all();
  const routes = db
    .select({ name: route.name })
    .from(route)
    .orderBy(asc(route.name))
    .all()
    .map((r) => r.name);
  return { drivers, routes };
}
