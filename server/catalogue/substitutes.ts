import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { category, deliveryJob, product } from '../../drizzle/schema';
import type { SubstituteChoicesOut } from '../../shared/schemas/billing';
import type { Db } from '../platform/db';
import { effectiveTaxRate, getTaxSettings } from '../settings/tax-settings';
import { customerPriceMap, customerTermsOf } from './customer-prices';
import { hiddenProductIds } from './visibility';

// The products a driver may hand over instead of an ordered line (ADR 050), as the phone keeps
// them for a day without signal: small (no descriptions, pictures or stock), priced for each
// restaurant on the driver's pending jobs by the same rules placement uses (customer-prices.ts,
// visibility.ts), in the catalogue's basis now (the phone reads them in each order's own, as
// the server does: priceInBasis). The delivery itself is priced again by the server when it
// arrives.

export function substituteChoices(db: Db, driverId: string): SubstituteChoicesOut {
  const products = db
    .select({
      _id: product.id,
      name: product.name,
      nameNe: product.nameNe,
      nameJa: product.nameJa,
      sku: product.sku,
      price: product.price,
      ownRate: product.taxRate,
      categoryRate: category.taxRate,
    })
    .from(product)
    .leftJoin(category, eq(category.id, product.categoryId))
    .orderBy(asc(product.name), asc(product.id))
    .all()
    .map(({ ownRate, categoryRate, ...p }) => ({
      ...p,
      taxRate: effectiveTaxRate(ownRate, categoryRate),
    }));
  const customerIds = db
    .selectDistinct({ id: deliveryJob.customerId })
    .from(deliveryJob)
    .where(
      and(
        eq(deliveryJob.deliveredBy, driverId),
        eq(deliveryJob.isDelivered, false),
        isNotNull(deliveryJob.customerId),
      ),
    )
    .all()
    .map((r) => r.id as string)
    .sort();
  const standard = new Map(products.map((p) => [p._id, p.price]));
  const customers = customerIds.map((customerId) => {
    const { priceListId } = customerTermsOf(db, customerId);
    const prices: Record<string, number> = {};
    for (const [id, price] of customerPriceMap(db, customerId, priceListId)) {
      if (standard.has(id) && standard.get(id) !== price) prices[id] = price;
    }
    return {
      customerId,
      prices,
      hidden: [...hiddenProductIds(db, customerId, priceListId)].sort(),
    };
  });
  return { basis: getTaxSettings(db).basis, products, customers };
}
