import { and, count, eq, isNotNull } from 'drizzle-orm';
import { customer, customerOrder, orderLine } from '../../drizzle/schema';
import type { ProductOut } from '../../shared/schemas/catalogue';
import { matchScore, type SearchKey, searchKey, searchQuery } from '../../shared/search/fold';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import {
  type CatalogueReader,
  type CatalogueVariant,
  catalogueSnapshot,
  customerCatalogue,
  variantFor,
} from './catalogue';

// Product search (docs/decisions/039): forgiving spelling (shared/search/fold.ts), the English,
// Nepali and Japanese names (ADR 064), and a customer's usual products first.
//
// The folded names are made once per catalogue snapshot: the snapshot's product array is
// replaced whenever a product or category changes (catalogue.ts), so a WeakMap on it is
// invalidated by the same mechanism as the catalogue itself.
const keysBySnapshot = new WeakMap<readonly ProductOut[], SearchKey[]>();

function keysOf(products: readonly ProductOut[]): SearchKey[] {
  let keys = keysBySnapshot.get(products);
  if (!keys) {
    keys = products.map((p) => searchKey([p.name, p.nameNe, p.nameJa]));
    keysBySnapshot.set(products, keys);
  }
  return keys;
}

/** How many of the customer's orders held each product. */
export function usualCounts(db: Db, customerId: string): Map<string, number> {
  const rows = db
    .select({ productId: orderLine.productId, n: count() })
    .from(orderLine)
    .innerJoin(customerOrder, eq(customerOrder.id, orderLine.orderId))
    .where(and(eq(customerOrder.customerId, customerId), isNotNull(orderLine.productId)))
    .groupBy(orderLine.productId)
    .all();
  return new Map(rows.map((r) => [r.productId as string, r.n]));
}

export function assertCustomer(db: Db, customerId: string): void {
  const row = db
    .select({ id: customer.id })
    .from(customer)
    .where(eq(customer.id, customerId))
    .get();
  if (!row) throw notFound('customer.notFound');
}

/**
 * The ids of the products matching `q`, best first: the customer's most ordered products, then
 * those matching by spelling before those matching by a dropped vowel, then catalogue order.
 */
export function searchCatalogue(
  db: Db,
  variant: CatalogueVariant,
  q: string,
  customerId: string | null,
): string[] {
  const products = catalogueSnapshot(db, variant).products;
  const keys = keysOf(products);
  const query = searchQuery(q);
  const usual = customerId ? usualCounts(db, customerId) : null;
  const hits: { id: string; score: number; usual: number; at: number }[] = [];
  for (let i = 0; i < products.length; i++) {
    const score = matchScore(keys[i] as SearchKey, query);
    if (score === 0) continue;
    const id = (products[i] as ProductOut)._id;
    hits.push({ id, score, usual: usual?.get(id) ?? 0, at: i });
  }
  hits.sort((a, b) => b.usual - a.usual || b.score - a.score || a.at - b.at);
  // A customer finds only what it may order: nothing hidden from it or its price list (ADR 035).
  if (!customerId) return hits.map((h) => h.id);
  const visible = new Set(customerCatalogue(db, customerId).products.map((p) => p._id));
  return hits.filter((h) => visible.has(h.id)).map((h) => h.id);
}

/**
 * Forgiving search as its reader asks it (docs/decisions/039). A customer's own usual products
 * come first; the office entering an order for a customer names it (`customerId`); anyone else
 * naming a customer gets 404, as for any record that is not theirs.
 */
export function searchFor(
  db: Db,
  reader: CatalogueReader,
  input: { q: string; customerId?: string | undefined },
): { ids: string[] } {
  const own = reader.kind === 'customer' ? reader.customerId : null;
  let rankFor = own;
  if (input.customerId !== undefined && input.customerId !== own) {
    if (reader.kind !== 'office') throw notFound('customer.notFound');
    assertCustomer(db, input.customerId);
    rankFor = input.customerId;
  }
  return { ids: searchCatalogue(db, variantFor(reader), input.q, rankFor) };
}
