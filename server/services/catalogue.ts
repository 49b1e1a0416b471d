import { asc, eq } from 'drizzle-orm';
import { category, product } from '../../drizzle/schema';
import type { CategoryOut, ProductOut } from '../../shared/schemas/catalogue';
import { StampedCache } from '../cache';
import type { Db } from '../db';
import { notFound } from '../errors';
import { prepared } from '../prepared';

type ProductRow = typeof product.$inferSelect;

type CategoryRef = { id: string; name: string; nameNe: string | null };

export function toProductOut(p: ProductRow, cat: CategoryRef | null): ProductOut {
  return {
    _id: p.id,
    name: p.name,
    nameNe: p.nameNe ?? null,
    category: cat ? { _id: cat.id, name: cat.name, nameNe: cat.nameNe ?? null } : null,
    price: p.price,
    description: p.description,
    sku: p.sku,
    image: p.image,
    productRank: p.productRank,
    itemType: p.itemType,
    itemCount: p.itemCount,
    showDescription: p.showDescription,
    stockInCount: p.stockInCount,
  };
}

/** Special first, then Restocked, then the rest; each by productRank, then name (spec §7). */
export function memberOrder(a: ProductOut, b: ProductOut): number {
  const group = (p: ProductOut) =>
    p.itemType === 'Special' ? 0 : p.itemType === 'Restocked' ? 1 : 2;
  return group(a) - group(b) || a.productRank - b.productRank || a.name.localeCompare(b.name);
}

/** Anonymous visitors: productRank only. */
export function rankOrder(a: ProductOut, b: ProductOut): number {
  return a.productRank - b.productRank || a.name.localeCompare(b.name);
}

function readAllProducts(db: Db): ProductOut[] {
  return db
    .select({ p: product, c: { id: category.id, name: category.name, nameNe: category.nameNe } })
    .from(product)
    .leftJoin(category, eq(product.categoryId, category.id))
    .all()
    .map((r) => toProductOut(r.p, r.c?.id ? r.c : null));
}

export function getProduct(db: Db, id: string): ProductOut {
  const r = db
    .select({ p: product, c: { id: category.id, name: category.name, nameNe: category.nameNe } })
    .from(product)
    .leftJoin(category, eq(product.categoryId, category.id))
    .where(eq(product.id, id))
    .get();
  if (!r) throw notFound('catalogue.productNotFound');
  return toProductOut(r.p, r.c?.id ? r.c : null);
}

export function listCategories(db: Db): CategoryOut[] {
  return prepared(db, 'categories.all', () =>
    db
      .select({ _id: category.id, name: category.name, nameNe: category.nameNe })
      .from(category)
      .orderBy(asc(category.name))
      .prepare(),
  ).all();
}

// --- The catalogue cache -------------------------------------------------------------------
// Every customer screen starts with the whole catalogue, and reading 1,000 products costs
// milliseconds per request. The list is the same for every signed-in user (and for every
// anonymous one), so it is built once per variant and database stamp (server/cache.ts): any
// write() or outside commit makes the next read build it again. The tag names the stamp and
// the variant, for conditional GETs.

export type CatalogueVariant = 'member' | 'anonymous';

export interface CatalogueSnapshot {
  products: ProductOut[];
  /** Changes whenever the answer may have changed. */
  tag: string;
}

const caches = new WeakMap<Db, StampedCache<CatalogueVariant, CatalogueSnapshot>>();

export function catalogueSnapshot(db: Db, variant: CatalogueVariant): CatalogueSnapshot {
  let cache = caches.get(db);
  if (!cache) {
    cache = new StampedCache(db, 2);
    caches.set(db, cache);
  }
  const c = cache;
  return c.getOrMake(variant, () => ({
    products: readAllProducts(db).sort(variant === 'member' ? memberOrder : rankOrder),
    tag: `${variant}-${c.currentStamp()}`,
  }));
}
