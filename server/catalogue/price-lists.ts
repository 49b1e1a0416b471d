import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  customer,
  customerPrice,
  customerTerms,
  hiddenForCustomer,
  hiddenForList,
  priceList,
  priceListPrice,
  product,
} from '../../drizzle/schema';
import { headerKey } from '../../shared/csv';
import type { ImportOut } from '../../shared/schemas/office';
import type {
  CustomerTermsOut,
  customerTermsInput,
  hiddenInput,
  overrideInput,
  PriceListDetailOut,
  ProductTermsOut,
  priceListSetPricesInput,
} from '../../shared/schemas/terms';
import { termsPrice } from '../../shared/schemas/terms';
import { fileError, readCsvFile } from '../imports/imports';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { badRequest, conflict, notFound, zodIssues } from '../platform/errors';
import { newId } from '../platform/ids';
import { customerTermsOf } from './customer-prices';

// The office's side of the terms per restaurant (ADR 035): price lists (made, renamed,
// removed, priced by hand or from a CSV file, exported), a customer's list, own prices and
// minimum order rule, and products hidden from customers or lists. Every change is one
// write(); the customer catalogues are emptied by their tables' stamp (catalogue.ts).

type PriceListRow = { _id: string; name: string; priceCount: number; customerCount: number };

function listRows(db: Db, id?: string): PriceListRow[] {
  const q = db
    .select({
      _id: priceList.id,
      name: priceList.name,
      priceCount: sql<number>`(SELECT COUNT(*) FROM price_list_price WHERE price_list_id = ${priceList.id})`,
      customerCount: sql<number>`(SELECT COUNT(*) FROM customer_terms WHERE price_list_id = ${priceList.id})`,
    })
    .from(priceList);
  return (id ? q.where(eq(priceList.id, id)) : q).orderBy(asc(priceList.name)).all();
}

export function listPriceLists(db: Db): PriceListRow[] {
  return listRows(db);
}

function assertList(db: Db, id: string): { id: string; name: string } {
  const row = db
    .select({ id: priceList.id, name: priceList.name })
    .from(priceList)
    .where(eq(priceList.id, id))
    .get();
  if (!row) throw notFound('terms.listNotFound');
  return row;
}

function assertCustomer(db: Db, id: string): void {
  const row = db.select({ id: customer.id }).from(customer).where(eq(customer.id, id)).get();
  if (!row) throw notFound('customer.notFound');
}

function assertProduct(db: Db, id: string): { id: string; name: string; price: number } {
  const row = db
    .select({ id: product.id, name: product.name, price: product.price })
    .from(product)
    .where(eq(product.id, id))
    .get();
  if (!row) throw notFound('catalogue.productNotFound');
  return row;
}

export function getPriceList(db: Db, id: string): PriceListDetailOut {
  const [row] = listRows(db, id);
  if (!row) throw notFound('terms.listNotFound');
  const products = db
    .select({
      productId: product.id,
      name: product.name,
      standardPrice: product.price,
      price: priceListPrice.price,
      hidden: sql<number>`${hiddenForList.productId} IS NOT NULL`,
    })
    .from(product)
    .leftJoin(
      priceListPrice,
      and(eq(priceListPrice.productId, product.id), eq(priceListPrice.priceListId, id)),
    )
    .leftJoin(
      hiddenForList,
      and(eq(hiddenForList.productId, product.id), eq(hiddenForList.priceListId, id)),
    )
    .orderBy(asc(product.name))
    .all()
    .map((p) => ({ ...p, hidden: Boolean(p.hidden) }));
  const customers = db
    .select({ _id: customer.id, restaurantName: customer.restaurantName })
    .from(customerTerms)
    .innerJoin(customer, eq(customer.id, customerTerms.customerId))
    .where(eq(customerTerms.priceListId, id))
    .orderBy(asc(customer.restaurantName))
    .all();
  return { ...row, products, customers };
}

function assertNameFree(db: Db, name: string, exceptId: string | null): void {
  const same = db
    .select({ id: priceList.id })
    .from(priceList)
    .where(sql`lower(${priceList.name}) = lower(${name})`)
    .all();
  if (same.some((r) => r.id !== exceptId)) throw conflict('terms.listNameTaken');
}

export function createPriceList(db: Db, actor: Actor, name: string): PriceListRow {
  const id = write(db, () => {
    assertNameFree(db, name, null);
    const newListId = newId();
    db.insert(priceList).values({ id: newListId, name }).run();
    recordAudit(db, actor, {
      entity: 'price_list',
      entityId: newListId,
      action: 'create',
      before: null,
      after: { name },
    });
    return newListId;
  });
  return listRows(db, id)[0] as PriceListRow;
}

export function renamePriceList(db: Db, actor: Actor, id: string, name: string): PriceListRow {
  write(db, () => {
    const before = assertList(db, id);
    assertNameFree(db, name, id);
    db.update(priceList).set({ name }).where(eq(priceList.id, id)).run();
    recordAudit(db, actor, {
      entity: 'price_list',
      entityId: id,
      action: 'update',
      before: { name: before.name },
      after: { name },
    });
  });
  return listRows(db, id)[0] as PriceListRow;
}

/** Its customers go back to the standard prices; orders placed keep their prices. */
export function removePriceList(db: Db, actor: Actor, id: string): { message: string } {
  return write(db, () => {
    const before = assertList(db, id);
    db.delete(priceList).where(eq(priceList.id, id)).run();
    recordAudit(db, actor, {
      entity: 'price_list',
      entityId: id,
      action: 'delete',
      before: { name: before.name },
      after: null,
    });
    return { message: 'Price list deleted' };
  });
}

/** Inside a write(): one product's price on a list (null: off the list). */
function setListPrice(
  db: Db,
  actor: Actor,
  listId: string,
  productId: string,
  price: number | null,
): void {
  const before = db
    .select({ price: priceListPrice.price })
    .from(priceListPrice)
    .where(and(eq(priceListPrice.priceListId, listId), eq(priceListPrice.productId, productId)))
    .get();
  if (price === null) {
    db.delete(priceListPrice)
      .where(and(eq(priceListPrice.priceListId, listId), eq(priceListPrice.productId, productId)))
      .run();
  } else {
    db.insert(priceListPrice)
      .values({ priceListId: listId, productId, price })
      .onConflictDoUpdate({
        target: [priceListPrice.priceListId, priceListPrice.productId],
        set: { price },
      })
      .run();
  }
  if ((before?.price ?? null) !== price) {
    recordAudit(db, actor, {
      entity: 'price_list',
      entityId: listId,
      action: 'update',
      before: { [`price.${productId}`]: before?.price ?? null },
      after: { [`price.${productId}`]: price },
    });
  }
}

export function setListPrices(
  db: Db,
  actor: Actor,
  input: z.output<typeof priceListSetPricesInput>,
): PriceListDetailOut {
  write(db, () => {
    assertList(db, input.id);
    for (const p of input.prices) {
      const found = db
        .select({ id: product.id })
        .from(product)
        .where(eq(product.id, p.productId))
        .get();
      if (!found) throw badRequest('terms.productUnknown');
      setListPrice(db, actor, input.id, p.productId, p.price);
    }
  });
  return getPriceList(db, input.id);
}

// --- CSV -------------------------------------------------------------------------------------
// A list's file has two columns, product (its name) and price. Importing replaces the list's
// prices with the file's (a product not in the file pays the standard price again), so an
// exported file imported back changes nothing. The rules are those of the other imports: every
// row checked, a preview with each row's problems, nothing written unless every row is valid.

/** A spreadsheet would run a cell starting with = + - @ as a formula: written as text. */
const cell = (v: string) => {
  const text = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function exportListCsv(db: Db, id: string): { filename: string; csv: string } {
  const list = assertList(db, id);
  const rows = db
    .select({ name: product.name, price: priceListPrice.price })
    .from(priceListPrice)
    .innerJoin(product, eq(product.id, priceListPrice.productId))
    .where(eq(priceListPrice.priceListId, id))
    .orderBy(asc(product.name))
    .all();
  const lines = ['product,price', ...rows.map((r) => `${cell(r.name)},${r.price}`)];
  const safe = list.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'price-list';
  return { filename: `${safe}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}

export function importListCsv(
  db: Db,
  actor: Actor,
  input: { id: string; csv: string; commit: boolean },
): ImportOut {
  assertList(db, input.id);
  const file = readCsvFile(input.csv);
  if (!file.ok) return { rows: [], valid: false, written: 0, fileErrors: [file.error] };
  const { header, records } = file;
  const keys = header.fields.map(headerKey);
  const at = (names: string[]) => keys.findIndex((k) => names.map(headerKey).includes(k));
  const productAt = at(['product', 'name', 'product name']);
  const priceAt = at(['price']);
  // Named as the exported file's header row names them (exportListCsv: product,price).
  const missing = [...(productAt < 0 ? ['product'] : []), ...(priceAt < 0 ? ['price'] : [])].map(
    (column) => fileError('import.columnMissing', { column }),
  );
  if (missing.length) return { rows: [], valid: false, written: 0, fileErrors: missing };

  const check = () => {
    const byName = new Map<string, string[]>();
    for (const p of db.select({ id: product.id, name: product.name }).from(product).all()) {
      const key = p.name.trim().toLowerCase();
      byName.set(key, [...(byName.get(key) ?? []), p.id]);
    }
    const seen = new Set<string>();
    return records.map((rec) => {
      const rawName = (rec.fields[productAt] ?? '').trim();
      const name = /^'[=+\-@]/.test(rawName) ? rawName.slice(1) : rawName;
      const priceCell = rec.fields[priceAt] ?? '';
      const values = { product: name, price: priceCell };
      const errors: Record<string, string> = {};
      const ids = byName.get(name.toLowerCase()) ?? [];
      if (!name) errors.product = 'common.required';
      else if (ids.length === 0) errors.product = 'terms.productUnknown';
      else if (ids.length > 1) errors.product = 'import.ambiguousName';
      else if (seen.has(name.toLowerCase())) errors.product = 'import.duplicateInFile';
      seen.add(name.toLowerCase());
      const price = termsPrice.safeParse(priceCell === '' ? undefined : priceCell);
      if (!price.success) errors.price = zodIssues(price.error)._ ?? 'product.priceWhole';
      return {
        row: { line: rec.line, values, errors },
        productId: ids[0] ?? '',
        price: price.success ? price.data : 0,
      };
    });
  };
  const checked = check();
  const valid = checked.every((c) => Object.keys(c.row.errors).length === 0);
  if (!valid || !input.commit) {
    return { rows: checked.map((c) => c.row), valid, written: 0, fileErrors: [] };
  }
  const written = write(db, () => {
    const again = check();
    if (!again.every((c) => Object.keys(c.row.errors).length === 0)) return -1;
    const inFile = new Set(again.map((c) => c.productId));
    const current = db
      .select({ productId: priceListPrice.productId })
      .from(priceListPrice)
      .where(eq(priceListPrice.priceListId, input.id))
      .all();
    for (const c of current) {
      if (!inFile.has(c.productId)) setListPrice(db, actor, input.id, c.productId, null);
    }
    for (const c of again) setListPrice(db, actor, input.id, c.productId, c.price);
    return again.length;
  });
  if (written < 0) {
    return { rows: check().map((c) => c.row), valid: false, written: 0, fileErrors: [] };
  }
  return { rows: checked.map((c) => c.row), valid: true, written, fileErrors: [] };
}

// --- A customer's terms ------------------------------------------------------------------------

export function getCustomerTerms(db: Db, customerId: string): CustomerTermsOut {
  assertCustomer(db, customerId);
  const terms = customerTermsOf(db, customerId);
  const listPrice = terms.priceListId
    ? sql<number>`COALESCE((SELECT price FROM price_list_price WHERE price_list_id = ${terms.priceListId} AND product_id = ${product.id}), ${product.price})`
    : sql<number>`${product.price}`;
  const overrides = db
    .select({
      productId: product.id,
      name: product.name,
      price: customerPrice.price,
      standardPrice: listPrice,
    })
    .from(customerPrice)
    .innerJoin(product, eq(product.id, customerPrice.productId))
    .where(eq(customerPrice.customerId, customerId))
    .orderBy(asc(product.name))
    .all();
  const hidden = db
    .select({ productId: product.id, name: product.name })
    .from(hiddenForCustomer)
    .innerJoin(product, eq(product.id, hiddenForCustomer.productId))
    .where(eq(hiddenForCustomer.customerId, customerId))
    .orderBy(asc(product.name))
    .all();
  const hiddenByList = terms.priceListId
    ? db
        .select({ productId: product.id, name: product.name })
        .from(hiddenForList)
        .innerJoin(product, eq(product.id, hiddenForList.productId))
        .where(eq(hiddenForList.priceListId, terms.priceListId))
        .orderBy(asc(product.name))
        .all()
    : [];
  return { customerId, ...terms, overrides, hidden, hiddenByList };
}

export function setCustomerTerms(
  db: Db,
  actor: Actor,
  input: z.output<typeof customerTermsInput>,
): CustomerTermsOut {
  write(db, () => {
    assertCustomer(db, input.customerId);
    if (input.priceListId) assertList(db, input.priceListId);
    const before = customerTermsOf(db, input.customerId);
    const after = {
      priceListId: input.priceListId,
      minOrderRule: input.minOrderRule,
      minOrderValue: input.minOrderValue,
      deliveryCharge: input.deliveryCharge,
    };
    db.insert(customerTerms)
      .values({ customerId: input.customerId, ...after })
      .onConflictDoUpdate({ target: customerTerms.customerId, set: after })
      .run();
    recordAudit(db, actor, {
      entity: 'customer',
      entityId: input.customerId,
      action: 'update',
      before: { ...before },
      after,
    });
  });
  return getCustomerTerms(db, input.customerId);
}

export function setOverride(
  db: Db,
  actor: Actor,
  input: z.output<typeof overrideInput>,
): CustomerTermsOut {
  write(db, () => {
    assertCustomer(db, input.customerId);
    assertProduct(db, input.productId);
    const where = and(
      eq(customerPrice.customerId, input.customerId),
      eq(customerPrice.productId, input.productId),
    );
    const before = db.select({ price: customerPrice.price }).from(customerPrice).where(where).get();
    if (input.price === null) db.delete(customerPrice).where(where).run();
    else {
      db.insert(customerPrice)
        .values({ customerId: input.customerId, productId: input.productId, price: input.price })
        .onConflictDoUpdate({
          target: [customerPrice.customerId, customerPrice.productId],
          set: { price: input.price },
        })
        .run();
    }
    recordAudit(db, actor, {
      entity: 'customer',
      entityId: input.customerId,
      action: 'update',
      before: { [`price.${input.productId}`]: before?.price ?? null },
      after: { [`price.${input.productId}`]: input.price },
    });
  });
  return getCustomerTerms(db, input.customerId);
}

export function setHidden(
  db: Db,
  actor: Actor,
  input: z.output<typeof hiddenInput>,
): ProductTermsOut {
  write(db, () => {
    assertProduct(db, input.productId);
    if (input.customerId) {
      assertCustomer(db, input.customerId);
      if (input.hidden) {
        db.insert(hiddenForCustomer)
          .values({ productId: input.productId, customerId: input.customerId })
          .onConflictDoNothing()
          .run();
      } else {
        db.delete(hiddenForCustomer)
          .where(
            and(
              eq(hiddenForCustomer.productId, input.productId),
              eq(hiddenForCustomer.customerId, input.customerId),
            ),
          )
          .run();
      }
    } else if (input.priceListId) {
      assertList(db, input.priceListId);
      if (input.hidden) {
        db.insert(hiddenForList)
          .values({ productId: input.productId, priceListId: input.priceListId })
          .onConflictDoNothing()
          .run();
      } else {
        db.delete(hiddenForList)
          .where(
            and(
              eq(hiddenForList.productId, input.productId),
              eq(hiddenForList.priceListId, input.priceListId),
            ),
          )
          .run();
      }
    }
    recordAudit(db, actor, {
      entity: 'product',
      entityId: input.productId,
      action: 'update',
      before: null,
      after: {
        [`hiddenFor.${input.customerId ?? input.priceListId}`]: input.hidden,
      },
    });
  });
  return productTerms(db, input.productId);
}

/** Who pays what for one product, and who does not see it (the office's product screen). */
export function productTerms(db: Db, productId: string): ProductTermsOut {
  const p = assertProduct(db, productId);
  const lists = db
    .select({
      _id: priceList.id,
      name: priceList.name,
      price: priceListPrice.price,
      hidden: sql<number>`${hiddenForList.productId} IS NOT NULL`,
      customerCount: sql<number>`(SELECT COUNT(*) FROM customer_terms WHERE price_list_id = ${priceList.id})`,
    })
    .from(priceList)
    .leftJoin(
      priceListPrice,
      and(eq(priceListPrice.priceListId, priceList.id), eq(priceListPrice.productId, productId)),
    )
    .leftJoin(
      hiddenForList,
      and(eq(hiddenForList.priceListId, priceList.id), eq(hiddenForList.productId, productId)),
    )
    .orderBy(asc(priceList.name))
    .all()
    .map((l) => ({ ...l, hidden: Boolean(l.hidden) }));
  // Customers whose price differs from the standard or who do not see it: on a list, with an
  // override, or hidden from them.
  const rows = db.$client
    .prepare<
      [{ product: string }],
      {
        id: string;
        restaurant_name: string;
        own: number | null;
        list_price: number | null;
        list_name: string | null;
        hidden_own: number;
        hidden_list: number;
      }
    >(
      `SELECT c.id, c.restaurant_name,
         (SELECT price FROM customer_price WHERE customer_id = c.id AND product_id = @product) AS own,
         (SELECT price FROM price_list_price WHERE price_list_id = t.price_list_id AND product_id = @product) AS list_price,
         l.name AS list_name,
         EXISTS (SELECT 1 FROM hidden_for_customer WHERE customer_id = c.id AND product_id = @product) AS hidden_own,
         EXISTS (SELECT 1 FROM hidden_for_list WHERE price_list_id = t.price_list_id AND product_id = @product) AS hidden_list
       FROM customer c
       LEFT JOIN customer_terms t ON t.customer_id = c.id
       LEFT JOIN price_list l ON l.id = t.price_list_id
       WHERE t.price_list_id IS NOT NULL
          OR EXISTS (SELECT 1 FROM customer_price WHERE customer_id = c.id AND product_id = @product)
          OR EXISTS (SELECT 1 FROM hidden_for_customer WHERE customer_id = c.id AND product_id = @product)
       ORDER BY c.restaurant_name`,
    )
    .all({ product: productId });
  const customers = rows.map((r) => ({
    _id: r.id,
    restaurantName: r.restaurant_name,
    price: r.own ?? r.list_price ?? p.price,
    source: (r.own !== null ? 'override' : r.list_price !== null ? 'list' : 'standard') as
      | 'override'
      | 'list'
      | 'standard',
    listName: r.list_name,
    hidden: Boolean(r.hidden_own) || Boolean(r.hidden_list),
    hiddenOwn: Boolean(r.hidden_own),
  }));
  return { productId, standardPrice: p.price, lists, customers };
}
