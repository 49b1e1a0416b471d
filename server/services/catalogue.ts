import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { TRPCError } from '@trpc/server';
import { asc, eq } from 'drizzle-orm';
import { category, product } from '../../drizzle/schema';
import type { CategoryOut, ProductOut } from '../../shared/schemas/catalogue';
import type { Db } from '../db';
import { dataVersion, prepared } from '../prepared';

type ProductRow = typeof product.$inferSelect;

export function toProductOut(p: ProductRow, cat: { id: string; name: string } | null): ProductOut {
  return {
    _id: p.id,
    name: p.name,
    category: cat ? { _id: cat.id, name: cat.name } : null,
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
    .select({ p: product, c: { id: category.id, name: category.name } })
    .from(product)
    .leftJoin(category, eq(product.categoryId, category.id))
    .all()
    .map((r) => toProductOut(r.p, r.c?.id ? r.c : null));
}

export function getProduct(db: Db, id: string): ProductOut {
  const r = db
    .select({ p: product, c: { id: category.id, name: category.name } })
    .from(product)
    .leftJoin(category, eq(product.categoryId, category.id))
    .where(eq(product.id, id))
    .get();
  if (!r) throw new TRPCError({ code: 'NOT_FOUND', message: 'Product not found.' });
  return toProductOut(r.p, r.c?.id ? r.c : null);
}

export function listCategories(db: Db): CategoryOut[] {
  return prepared(db, 'categories.all', () =>
    db
      .select({ _id: category.id, name: category.name })
      .from(category)
      .orderBy(asc(category.name))
      .prepare(),
  ).all();
}

// --- The catalogue cache -------------------------------------------------------------------
// Every customer screen starts with the whole catalogue, and reading plus serializing 1,000
// products costs milliseconds of CPU per request. The list is the same for every signed-in
// user (and for every anonymous one), so it is built once per variant: the objects, their
// JSON, its gzip and an ETag. Product and category changes call invalidateCatalogue();
// writes by another process (a seed script) are caught by SQLite's data_version.

export type CatalogueVariant = 'member' | 'anonymous';

export interface CatalogueSnapshot {
  products: ProductOut[];
  json: Buffer;
  gzip: Buffer;
  etag: string;
}

interface CacheEntry {
  dataVersion: number;
  variants: Partial<Record<CatalogueVariant, CatalogueSnapshot>>;
}

const caches = new WeakMap<Db, CacheEntry>();

export function invalidateCatalogue(db: Db): void {
  caches.delete(db);
}

export function catalogueSnapshot(db: Db, variant: CatalogueVariant): CatalogueSnapshot {
  const version = dataVersion(db);
  let entry = caches.get(db);
  if (!entry || entry.dataVersion !== version) {
    entry = { dataVersion: version, variants: {} };
    caches.set(db, entry);
  }
  const cached = entry.variants[variant];
  if (cached) return cached;
  const products = readAllProducts(db).sort(variant === 'member' ? memberOrder : rankOrder);
  const json = Buffer.from(JSON.stringify(products));
  const snapshot: CatalogueSnapshot = {
    products,
    json,
    gzip: gzipSync(json),
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
  };
  entry.variants[variant] = snapshot;
  return snapshot;
}
