import { and, eq } from 'drizzle-orm';
import { wishlistEntry } from '../../drizzle/schema';
import type { ProductOut } from '../../shared/schemas/catalogue';
import { type Db, write } from '../platform/db';
import { notFound } from '../platform/errors';
import { customerCatalogue, customerProduct } from './catalogue';

/** A customer's "My Ordersheet", in the catalogue's signed-in order. */
export function listWishlist(db: Db, customerId: string): ProductOut[] {
  // Read through the customer's own catalogue: its prices, nothing hidden from it (ADR 035),
  // already in the signed-in order.
  const ids = new Set(
    db
      .select({ id: wishlistEntry.productId })
      .from(wishlistEntry)
      .where(eq(wishlistEntry.customerId, customerId))
      .all()
      .map((r) => r.id),
  );
  if (ids.size === 0) return [];
  return customerCatalogue(db, customerId).products.filter((p) => ids.has(p._id));
}

/** Adding twice is harmless: the entry is there once. */
export function addToWishlist(db: Db, customerId: string, productId: string): ProductOut[] {
  // A product hidden from the customer answers as a missing one.
  customerProduct(db, customerId, productId);
  write(db, () =>
    db.insert(wishlistEntry).values({ customerId, productId }).onConflictDoNothing().run(),
  );
  return listWishlist(db, customerId);
}

export function removeFromWishlist(db: Db, customerId: string, productId: string): ProductOut[] {
  const removed = write(db, () =>
    db
      .delete(wishlistEntry)
      .where(and(eq(wishlistEntry.customerId, customerId), eq(wishlistEntry.productId, productId)))
      .run(),
  );
  if (removed.changes === 0) {
    throw notFound('catalogue.notInOrdersheet');
  }
  return listWishlist(db, customerId);
}
