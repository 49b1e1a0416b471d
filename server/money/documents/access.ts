import { isStaff } from '../../accounts/sessions';
import type { AuthUser } from '../../context';
import { type Scope, scopeAll, scopeOfCustomer, scopeOfDriver } from '../../platform/scope';

/**
 * Whose documents a signed-in account reaches: staff all of them, a customer its own, a driver
 * the slips and receipts of its own deliveries and collections (models.ts applies it).
 */
export function documentScope(user: AuthUser): Scope {
  if (isStaff(user.account)) return scopeAll;
  if (user.customer) return scopeOfCustomer(user.customer.id);
  return scopeOfDriver(user.account.id);
}
