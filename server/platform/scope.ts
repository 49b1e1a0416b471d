import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * What a service may touch, handed over by the procedure builder (server/trpc.ts). Nothing
 * absent ever means "everything": the office's reach is the explicit `{kind: 'all'}`.
 */
export type Scope =
  | { readonly kind: 'all' }
  | { readonly kind: 'customer'; readonly customerId: string }
  | { readonly kind: 'driver'; readonly driverId: string };

export const scopeAll: Scope = Object.freeze({ kind: 'all' });
export const scopeOfCustomer = (customerId: string): Scope =>
  Object.freeze({ kind: 'customer', customerId });
export const scopeOfDriver = (driverId: string): Scope =>
  Object.freeze({ kind: 'driver', driverId });

/**
 * The SQL condition that keeps a query inside the scope. `owners` names the column that holds
 * the owner of each kind this table has; a scope whose kind the table has no owner column for
 * sees nothing (a driver asking for a customer's orders), never everything.
 */
export function withinScope(
  scope: Scope,
  owners: { customer?: SQLiteColumn; driver?: SQLiteColumn },
): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`1 = 1`;
    case 'customer':
      return owners.customer ? sql`${owners.customer} = ${scope.customerId}` : sql`1 = 0`;
    case 'driver':
      return owners.driver ? sql`${owners.driver} = ${scope.driverId}` : sql`1 = 0`;
  }
}
