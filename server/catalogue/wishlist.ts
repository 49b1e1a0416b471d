import { and, eq } from 'drizzle-orm';
import { category, product, wishlistEntry } from '../../drizzle/schema';
import type { ProductOut } from '../../shared/schemas/catalogue';
import { type Db, write } from '../platform/db';
import { notFound } from '../platform/errors';
import { memberOrder, toProductOut } from './catalogue';

/** A customer's "My Ordersheet", in the catalogue's signed-in order. */
export function listWishlist(db: Db, customerId: string): ProductOut[] {
  return db
    .select({
      p: product,
      c: {
        id: category.id,
        name: category.name,
        nameNe: category.nameNe,
        taxRate: category.taxRate,
      },
    })
    .from(wishlistEntry)
    .innerJoin(product, eq(wishlistEntry.productId, product.id))
    .leftJoin(category, eq(product.categoryId, category.id))
    .where(eq(wishlistEntry.customerId, customerId))
    .all()
    .map((r) => toProductOut(r.p, r.c?.id ? r.c : null))
    .sort(memberOrder);
}

/** Adding twice is harmless: the entry is there once. */
export function addToWishlist(db: Db, customerId: string, productId: string): ProductOut[] {
  const exists = db.select({ id: product.id }).from(product).where(eq(product.id, productId)).get();
  if (!exists) throw notFound('catalogue.productNotFound');
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
