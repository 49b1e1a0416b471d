import { asc, eq } from 'drizzle-orm';
import { category, product } from '../../drizzle/schema';
import type { CategoryOut, ProductOut } from '../../shared/schemas/catalogue';
import { contentTag, StampedCache, tableStamp } from '../platform/cache';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { prepared } from '../platform/prepared';
import { effectiveTaxRate } from '../settings/tax-settings';

type ProductRow = typeof product.$inferSelect;

type CategoryRef = { id: string; name: string; nameNe: string | null; taxRate: number | null };

const rateOf = (r: number | null | undefined) => (r === 10 ? 10 : 8) as 8 | 10;

export function toProductOut(p: ProductRow, cat: CategoryRef | null): ProductOut {
  return {
    _id: p.id,
    name: p.name,
    nameNe: p.nameNe ?? null,
    category: cat
      ? { _id: cat.id, name: cat.name, nameNe: cat.nameNe ?? null, taxRate: rateOf(cat.taxRate) }
      : null,
    price: p.price,
    description: p.description,
    descriptionNe: p.descriptionNe ?? null,
    sku: p.sku,
    image: p.image,
    productRank: p.productRank,
    itemType: p.itemType,
    itemCount: p.itemCount,
    showDescription: p.showDescription,
    stockInCount: p.stockInCount,
    taxRate: effectiveTaxRate(p.taxRate, cat?.taxRate),
    ownTaxRate: p.taxRate === null ? null : rateOf(p.taxRate),
  };
}

// The same order as String.prototype.localeCompare, without building a collation per call
// (sorting 1,000 products: ~3 ms with localeCompare, ~0.3 ms with one collator).
const byName = new Intl.Collator().compare;

/** Special first, then Restocked, then the rest; each by productRank, then name (spec §7). */
export function memberOrder(a: ProductOut, b: ProductOut): number {
  const group = (p: ProductOut) =>
    p.itemType === 'Special' ? 0 : p.itemType === 'Restocked' ? 1 : 2;
  return group(a) - group(b) || a.productRank - b.productRank || byName(a.name, b.name);
}

/** Anonymous visitors: productRank only. */
export function rankOrder(a: ProductOut, b: ProductOut): number {
  return a.productRank - b.productRank || byName(a.name, b.name);
}

function readAllProducts(db: Db): ProductOut[] {
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
    .from(product)
    .leftJoin(category, eq(product.categoryId, category.id))
    .all()
    .map((r) => toProductOut(r.p, r.c?.id ? r.c : null));
}

export function getProduct(db: Db, id: string): ProductOut {
  const r = db
    .select({
      p: product,
      c: {
        id: category.id,
        name: category.name,
        nameNe: category.nameNe,
        taxRate: category.taxRate,
      },
    })
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
      .select({
        _id: category.id,
        name: category.name,
        nameNe: category.nameNe,
        taxRate: category.taxRate,
      })
      .from(category)
      .orderBy(asc(category.name))
      .prepare(),
  )
    .all()
    .map((c) => ({ ...c, taxRate: rateOf(c.taxRate) }));
}

// --- The catalogue cache -------------------------------------------------------------------
// Every customer screen starts with the whole catalogue, and reading 1,000 products costs
// milliseconds per request. The list is the same for every signed-in user (and for every
// anonymous one), so both orders are built from one read, again only after a change to the
// products or categories (below).
//
// The tag that conditional GET compares (server/doors/transport.ts) names the content, not the
// stamp: a hash of the list, so an edit that changes nothing visible keeps it, and browsers
// keep their 304s and the transport its compressed bytes (docs/decisions/016).

export type CatalogueVariant = 'member' | 'anonymous';

export interface CatalogueSnapshot {
  products: ProductOut[];
  /** Changes exactly when the list does. */
  tag: string;
}

type Catalogue = Record<CatalogueVariant, CatalogueSnapshot>;

// The catalogue depends on two tables only. Rebuilding it after every write (each order
// placed) cost a full read of the products on the next catalogue request, during the morning
// rush nearly every one. Its stamp counts changes to `product` and `category` instead
// (`tableStamp`, server/platform/cache.ts): no writer has to remember anything.
const catalogueStamp = (db: Db) => tableStamp(db, 'catalogue', ['product', 'category']);

const catalogues = new WeakMap<Db, StampedCache<'all', Catalogue>>();

function buildCatalogue(db: Db): Catalogue {
  const all = readAllProducts(db);
  const member = all.slice().sort(memberOrder);
  const anonymous = all.sort(rankOrder);
  return {
    member: { products: member, tag: `m${contentTag(member)}` },
    anonymous: { products: anonymous, tag: `a${contentTag(anonymous)}` },
  };
}

export function catalogueSnapshot(db: Db, variant: CatalogueVariant): CatalogueSnapshot {
  let cache = catalogues.get(db);
  if (!cache) {
    cache = new StampedCache(db, 1, catalogueStamp);
    catalogues.set(db, cache);
  }
  return cache.getOrMake('all', () => buildCatalogue(db))[variant];
}

const categoryLists = new WeakMap<Db, StampedCache<'all', { list: CategoryOut[]; tag: string }>>();

/** The categories as `categories.list` answers them, with their tag (cached like the catalogue). */
export function categoriesSnapshot(db: Db): { list: CategoryOut[]; tag: string } {
  let cache = categoryLists.get(db);
  if (!cache) {
    cache = new StampedCache(db, 1, catalogueStamp);
    categoryLists.set(db, cache);
  }
  return cache.getOrMake('all', () => {
    const list = listCategories(db);
    return { list, tag: `c${contentTag(list)}` };
  });
}
