import { asc, eq } from 'drizzle-orm';
import { category, customer, product } from '../../drizzle/schema';
import type { CategoryOut, ProductOut } from '../../shared/schemas/catalogue';
import { asTaxRate } from '../../shared/tax';
import { contentTag, StampedCache, tableStamp } from '../platform/cache';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { prepared } from '../platform/prepared';
import { effectiveTaxRate } from '../settings/tax-settings';
import { customerPriceMap, customerTermsOf, ownPriceCount } from './customer-prices';
import { hiddenProductIds, ownHiddenCount } from './visibility';

type ProductRow = typeof product.$inferSelect;

type CategoryRef = {
  id: string;
  name: string;
  nameNe: string | null;
  nameJa: string | null;
  taxRate: number | null;
};

export function toProductOut(p: ProductRow, cat: CategoryRef | null): ProductOut {
  return {
    _id: p.id,
    name: p.name,
    nameNe: p.nameNe ?? null,
    nameJa: p.nameJa ?? null,
    category: cat
      ? {
          _id: cat.id,
          name: cat.name,
          nameNe: cat.nameNe ?? null,
          nameJa: cat.nameJa ?? null,
          taxRate: asTaxRate(cat.taxRate),
        }
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
    ownTaxRate: p.taxRate === null ? null : asTaxRate(p.taxRate),
    minQuantity: p.minQuantity,
    lot: p.lot,
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

/** The products joined to their category (its names and tax rate), to filter and read. */
function selectProducts(db: Db) {
  return db
    .select({
      p: product,
      c: {
        id: category.id,
        name: category.name,
        nameNe: category.nameNe,
        nameJa: category.nameJa,
        taxRate: category.taxRate,
      },
    })
    .from(product)
    .leftJoin(category, eq(product.categoryId, category.id));
}

/** A row of selectProducts as the catalogue shows it: no category when it has none. */
function joinedProductOut(r: { p: ProductRow; c: CategoryRef | null }): ProductOut {
  return toProductOut(r.p, r.c?.id ? r.c : null);
}

function readAllProducts(db: Db): ProductOut[] {
  return selectProducts(db).all().map(joinedProductOut);
}

export function getProduct(db: Db, id: string): ProductOut {
  const r = selectProducts(db).where(eq(product.id, id)).get();
  if (!r) throw notFound('catalogue.productNotFound');
  return joinedProductOut(r);
}

export function listCategories(db: Db): CategoryOut[] {
  return prepared(db, 'categories.all', () =>
    db
      .select({
        _id: category.id,
        name: category.name,
        nameNe: category.nameNe,
        nameJa: category.nameJa,
        taxRate: category.taxRate,
      })
      .from(category)
      .orderBy(asc(category.name))
      .prepare(),
  )
    .all()
    .map((c) => ({ ...c, taxRate: asTaxRate(c.taxRate) }));
}

// --- The catalogue cache -------------------------------------------------------------------
// Every customer screen starts with the whole catalogue, and reading 1,000 products costs
// milliseconds per request. The list is the same for every signed-in user (and for every
// anonymous one), so both orders are built from one read, again only after a change to the
// products or categories (below).
//
// The tag names the content, not the stamp: a hash of the list, so an edit that changes nothing
// visible keeps it, and the kept answers keyed by it (the first screen, the compressed bytes)
// stay (docs/decisions/027: no ETag, no 304).

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
//
// A product's stock moves with every order for it (ADR 036); customers see only whether it is
// in stock, so the stamp moves when a stock reaches or leaves zero, not at every unit. The
// office reads the live counts (`withLiveStock`).
const catalogueStamp = (db: Db) =>
  tableStamp(db, 'catalogue', ['product', 'category'], {
    table: 'product',
    columns: ['stock_in_count'],
    unless: '(OLD.stock_in_count > 0) IS NOT (NEW.stock_in_count > 0)',
  });

/**
 * Who reads the catalogue, as the session says: a customer, the office, a driver, or a visitor
 * (signed in without a customer, or not at all).
 */
export type CatalogueReader =
  | { kind: 'customer'; customerId: string }
  | { kind: 'office' }
  | { kind: 'driver' }
  | { kind: 'visitor'; signedIn: boolean };

/** Which kept catalogue a reader's answers come from (only a visitor not signed in reads less). */
export const variantFor = (reader: CatalogueReader): CatalogueVariant =>
  reader.kind === 'visitor' && !reader.signedIn ? 'anonymous' : 'member';

/**
 * The catalogue as its reader sees it: a customer its own prices and not what is hidden from it
 * (ADR 035); the office and drivers every counted product's stock as it is now.
 */
export function catalogueFor(db: Db, reader: CatalogueReader): ProductOut[] {
  switch (reader.kind) {
    case 'customer':
      return customerCatalogue(db, reader.customerId).products;
    case 'office':
    case 'driver':
      return withLiveStock(db, catalogueSnapshot(db, 'member').products);
    case 'visitor':
      return catalogueSnapshot(db, variantFor(reader)).products;
  }
}

/**
 * The list with each counted product's stock as it is now: for the office, whose product and
 * stock screens show the numbers (the kept list moves only when a stock crosses zero).
 */
export function withLiveStock(db: Db, products: readonly ProductOut[]): ProductOut[] {
  const live = new Map(
    db.$client
      .prepare<[], { id: string; n: number }>(
        `SELECT id, stock_in_count AS n FROM product WHERE item_count = 'Count'`,
      )
      .all()
      .map((r) => [r.id, r.n]),
  );
  return products.map((p) => {
    const n = live.get(p._id);
    return n === undefined || n === p.stockInCount ? p : { ...p, stockInCount: n };
  });
}

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

// --- A customer's own catalogue (ADR 035) -------------------------------------------------------
// A customer with a price list, its own prices or hidden products sees the member catalogue
// with those applied: the same order, its prices, its hidden products left out. Customers on
// the same list with nothing of their own share one snapshot (keyed by the list); a customer
// with overrides or hidden products of its own has its own. Unchanged products are the base
// snapshot's (frozen) objects, so a snapshot costs an array, not a copy of the catalogue.
// Both caches are stamped by the catalogue's tables and the terms' tables: any write to a
// price list, an override, a hidden product or a customer's terms empties them, whoever makes it.

const TERMS_TABLES = [
  'price_list',
  'price_list_price',
  'customer_terms',
  'customer_price',
  'hidden_for_customer',
  'hidden_for_list',
] as const;
const termsStamp = (db: Db) => tableStamp(db, 'terms', TERMS_TABLES);
const catalogueAndTermsStamp = (db: Db) => `${catalogueStamp(db)}/${termsStamp(db)}`;

/** Per customer: which snapshot it reads ('member', 'list:<id>' or 'customer:<id>'). */
const snapshotKeys = new WeakMap<
  Db,
  StampedCache<string, { key: string; listId: string | null }>
>();
const termsSnapshots = new WeakMap<Db, StampedCache<string, CatalogueSnapshot>>();

function snapshotKeyOf(db: Db, customerId: string): { key: string; listId: string | null } {
  let cache = snapshotKeys.get(db);
  if (!cache) {
    cache = new StampedCache(db, 5000, termsStamp);
    snapshotKeys.set(db, cache);
  }
  return cache.getOrMake(customerId, () => {
    const { priceListId } = customerTermsOf(db, customerId);
    if (ownPriceCount(db, customerId) > 0 || ownHiddenCount(db, customerId) > 0) {
      return { key: `customer:${customerId}`, listId: priceListId };
    }
    return { key: priceListId ? `list:${priceListId}` : 'member', listId: priceListId };
  });
}

/** The catalogue as `customerId` sees it: its prices, without what is hidden from it. */
export function customerCatalogue(db: Db, customerId: string): CatalogueSnapshot {
  const { key, listId } = snapshotKeyOf(db, customerId);
  const base = catalogueSnapshot(db, 'member');
  if (key === 'member') return base;
  let cache = termsSnapshots.get(db);
  if (!cache) {
    cache = new StampedCache(db, 200, catalogueAndTermsStamp);
    termsSnapshots.set(db, cache);
  }
  return cache.getOrMake(key, () => {
    const ownId = key.startsWith('customer:') ? customerId : '';
    const prices = ownId ? customerPriceMap(db, ownId, listId) : customerPriceMap(db, '', listId);
    const hidden = hiddenProductIds(db, ownId, listId);
    const products: ProductOut[] = [];
    for (const p of base.products) {
      if (hidden.has(p._id)) continue;
      const price = prices.get(p._id);
      products.push(price === undefined || price === p.price ? p : { ...p, price });
    }
    return { products, tag: `t${contentTag(products)}` };
  });
}

/**
 * A customer's catalogue for the office placing an order on its behalf: what the customer's own
 * `products.list` answers (`catalogueFor` as that customer), with the live stock. An unknown
 * customer answers 404.
 */
export function officeCatalogueOf(db: Db, customerId: string): ProductOut[] {
  const known = db
    .select({ id: customer.id })
    .from(customer)
    .where(eq(customer.id, customerId))
    .get();
  if (!known) throw notFound('customer.notFound');
  return withLiveStock(db, catalogueFor(db, { kind: 'customer', customerId }));
}

/** One product as `customerId` sees it; hidden ones answer 404 as missing ones do. */
export function customerProduct(db: Db, customerId: string, id: string): ProductOut {
  const found = customerCatalogue(db, customerId).products.find((p) => p._id === id);
  if (!found) throw notFound('catalogue.productNotFound');
  return found;
}
