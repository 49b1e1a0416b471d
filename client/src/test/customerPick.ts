import type { CustomerPickOut } from '../../../shared/schemas/office';

type Row = CustomerPickOut['customers'][number] & { paymentMethod?: 'cash' | 'monthly' };

/**
 * A `customers.pick` answer over `customers`, as the server chooses (ADR 093): by the name
 * containing what was typed or the code beginning with it; with `monthly`, only monthly ones
 * (a row without `paymentMethod` counts as monthly), each with its closing day.
 */
export function pickFrom(customers: Row[], limit = 20) {
  return ({ q = '', monthly = false }: { q?: string; monthly?: boolean }): CustomerPickOut => {
    const typed = q.trim().toLowerCase();
    const found = customers.filter(
      (c) =>
        (!monthly || (c.paymentMethod ?? 'monthly') === 'monthly') &&
        (c.restaurantName.toLowerCase().includes(typed) ||
          c.customerCode.toLowerCase().startsWith(typed)),
    );
    return {
      customers: found.slice(0, limit).map((c) => ({
        _id: c._id,
        restaurantName: c.restaurantName,
        customerCode: c.customerCode,
        ...(monthly ? { closingDay: c.closingDay ?? null } : {}),
      })),
      more: found.length > limit,
    };
  };
}
