import { and, asc, eq } from 'drizzle-orm';
import { account, customer, route } from '../../drizzle/schema';
import type { Db } from '../platform/db';

// What the office's order screens choose from (`ordertrack.formOptions`): customers (the job
// form, placing an order for a customer), drivers (the job form, dispatching, the order track's
// driver filter) and route names. Not the money screens' choices (money/invoice-form-options.ts:
// every employee as a collector, routes with their ids).

/** Customers, drivers and route names to choose from. */
export function jobFormOptions(db: Db) {
  const customers = db
    .select({
      _id: customer.id,
      restaurantName: customer.restaurantName,
      customerCode: customer.customerCode,
    })
    .from(customer)
    .orderBy(asc(customer.restaurantName))
    .all();
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
  return { customers, drivers, routes };
}
