import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { category, product } from '../../drizzle/schema';
import type { ProductOut } from '../../shared/schemas/catalogue';
import type { CategoryAdminOut, productInput } from '../../shared/schemas/office';
import { asTaxRate } from '../../shared/tax';
import { fieldConflict, fieldError } from '../accounts/usernames';
import { type Actor, recordAudit } from '../platform/audit';
import { type Db, write } from '../platform/db';
import { conflict, notFound } from '../platform/errors';
import { newId } from '../platform/ids';
import { mergeOntoNow } from '../platform/seen';
import { getProduct } from './catalogue';
import { recordFormAdjustment } from './stock';

// The office's side of the catalogue: products and categories created, changed and deleted.
// Reads stay in catalogue.ts; every change goes through write(), which also empties the
// catalogue snapshot, so customers see it on their next read.

type ProductFields = z.output<typeof productInput>;
/**
 * An edit's fields: whether its stock is counted, the count and the Japanese name may be left
 * out (unchanged).
 */
type ProductChange = Omit<ProductFields, 'itemCount' | 'stockInCount' | 'nameJa'> &
  Partial<Pick<ProductFields, 'itemCount' | 'stockInCount' | 'nameJa'>>;
type ProductRow = typeof product.$inferSelect;

/** The fields the trail and the form know, without timestamps. */
function productFields(p: ProductRow) {
  return {
    name: p.name,
    nameNe: p.nameNe,
    nameJa: p.nameJa,
    category: p.categoryId,
    price: p.price,
    description: p.description,
    descriptionNe: p.descriptionNe,
    sku: p.sku,
    image: p.image,
    productRank: p.productRank,
    itemType: p.itemType,
    itemCount: p.itemCount,
    showDescription: p.showDescription,
    stockInCount: p.stockInCount,
    taxRate: p.taxRate,
    minQuantity: p.minQuantity,
    lot: p.lot,
  };
}

function assertCategory(db: Db, id: string): void {
  const found = db.select({ id: category.id }).from(category).where(eq(category.id, id)).get();
  if (!found) throw fieldError('category', 'category.notFound');
}

export function rowValues(input: ProductChange) {
  return {
    name: input.name,
    nameNe: input.nameNe,
    // Absent: unchanged on an edit (a PUT from before it existed); a new product has it or null.
    ...(input.nameJa !== undefined ? { nameJa: input.nameJa } : {}),
    categoryId: input.category,
    price: input.price,
    description: input.description,
    descriptionNe: input.descriptionNe,
    sku: input.sku,
    image: input.image,
    productRank: input.productRank,
    itemType: input.itemType,
    showDescription: input.showDescription,
    // Absent: unchanged on an edit (undefined is left out of the SET); a new product always
    // has them (productInput's defaults: not counted, 0).
    ...(input.itemCount !== undefined ? { itemCount: input.itemCount } : {}),
    ...(input.stockInCount !== undefined ? { stockInCount: input.stockInCount } : {}),
    // Absent: unchanged on an edit (undefined is left out of the SET), follows the category
    // on a new product (the column's default).
    ...(input.taxRate !== undefined ? { taxRate: input.taxRate } : {}),
    ...(input.minQuantity !== undefined ? { minQuantity: input.minQuantity } : {}),
    ...(input.lot !== undefined ? { lot: input.lot } : {}),
  };
}

/** Inside a write(): inserts one product and its trail entry (also used by the CSV import). */
export function insertProduct(db: Db, actor: Actor, input: ProductFields): string {
  const id = newId();
  db.insert(product)
    .values({ id, ...rowValues(input) })
    .run();
  const row = db.select().from(product).where(eq(product.id, id)).get() as ProductRow;
  recordFormAdjustment(db, { id, stockInCount: 0 }, row, actor);
  recordAudit(db, actor, {
    entity: 'product',
    entityId: id,
    action: 'create',
    before: null,
    after: productFields(row),
  });
  return id;
}

export function createProduct(db: Db, actor: Actor, input: ProductFields): ProductOut {
  const id = write(db, () => {
    assertCategory(db, input.category);
    return insertProduct(db, actor, input);
  });
  return getProduct(db, id);
}

export function updateProduct(
  db: Db,
  actor: Actor,
  sent: ProductChange & {
    id: string;
    stockSeen?: number | undefined;
    seen?: Partial<ProductChange> | undefined;
  },
): ProductOut {
  let input = sent;
  write(db, () => {
    const found = db.select().from(product).where(eq(product.id, input.id)).get();
    if (!found) throw notFound('catalogue.productNotFound');
    // Two people edit one product (ADR 109): what this form left as shown stays what is stored.
    const { seen } = input;
    if (seen) {
      const merged = mergeOntoNow(rowValues(input), rowValues({ ...input, ...seen }), found, {
        shown: (column) => {
          const field = column === 'categoryId' ? 'category' : column;
          return field !== 'stockInCount' && field in seen ? field : null;
        },
        code: 'catalogue.changedMeanwhile',
        fieldCode: 'catalogue.fieldChangedMeanwhile',
        name: found.name,
      });
      const { categoryId, ...rest } = merged;
      input = { ...input, ...rest, category: categoryId } as typeof input;
    }
    assertCategory(db, input.category);
    let change: ProductChange = input;
    // Orders and receipts move the stock while the form is open: the form's figure is what it
    // showed then, not a count the office typed (unless it typed one).
    const { stockSeen, stockInCount } = input;
    if (stockSeen !== undefined && stockInCount !== undefined && found.stockInCount !== stockSeen) {
      if (stockInCount !== stockSeen) {
        throw conflict('catalogue.stockChangedMeanwhile', {
          name: found.name,
          now: found.stockInCount,
        });
      }
      const { stockInCount: _left, ...rest } = input;
      change = rest;
    }
    updateProductRow(db, actor, input.id, rowValues(change));
  });
  return getProduct(db, input.id);
}

/**
 * Inside a write(): changes one product's columns and records the trail entry (the form sends
 * every column; the CSV import only those its file has).
 */
export function updateProductRow(
  db: Db,
  actor: Actor,
  id: string,
  changes: Partial<ReturnType<typeof rowValues>>,
): void {
  const before = db.select().from(product).where(eq(product.id, id)).get();
  if (!before) throw notFound('catalogue.productNotFound');
  const now = new Date().toISOString();
  db.update(product)
    .set({ ...changes, updatedAt: now })
    .where(eq(product.id, id))
    .run();
  const after = db.select().from(product).where(eq(product.id, id)).get() as ProductRow;
  // A stock typed on the form is an adjustment, kept with the other movements (ADR 036).
  recordFormAdjustment(db, before, after, actor);
  recordAudit(db, actor, {
    entity: 'product',
    entityId: id,
    action: 'update',
    before: productFields(before),
    after: productFields(after),
  });
}

export function deleteProduct(db: Db, actor: Actor, id: string): { message: string } {
  return write(db, () => {
    const before = db.select().from(product).where(eq(product.id, id)).get();
    if (!before) throw notFound('catalogue.productNotFound');
    db.delete(product).where(eq(product.id, id)).run();
    recordAudit(db, actor, {
      entity: 'product',
      entityId: id,
      action: 'delete',
      before: productFields(before),
      after: null,
    });
    return { message: 'Product deleted' };
  });
}

// --- Categories ------------------------------------------------------------------------------

export function listCategoriesForOffice(db: Db): CategoryAdminOut[] {
  return db
    .select({
      _id: category.id,
      name: category.name,
      nameNe: category.nameNe,
      nameJa: category.nameJa,
      taxRate: category.taxRate,
      productCount: count(product.id),
    })
    .from(category)
    .leftJoin(product, eq(product.categoryId, category.id))
    .groupBy(category.id)
    .orderBy(asc(category.name))
    .all()
    .map((c) => ({ ...c, taxRate: asTaxRate(c.taxRate) }));
}

function assertCategoryNameFree(db: Db, name: string, exceptId: string | null): void {
  const same = db
    .select({ id: category.id })
    .from(category)
    .where(sql`lower(${category.name}) = lower(${name})`)
    .all();
  if (same.some((r) => r.id !== exceptId)) throw fieldConflict('name', 'category.nameTaken');
}

export function createCategory(
  db: Db,
  actor: Actor,
  input: { name: string; nameNe: string | null; nameJa: string | null; taxRate?: 8 | 10 },
): CategoryAdminOut {
  return write(db, () => {
    assertCategoryNameFree(db, input.name, null);
    const id = newId();
    const taxRate = input.taxRate ?? 8;
    const names = { name: input.name, nameNe: input.nameNe, nameJa: input.nameJa };
    db.insert(category)
      .values({ id, ...names, taxRate })
      .run();
    recordAudit(db, actor, {
      entity: 'category',
      entityId: id,
      action: 'create',
      before: null,
      after: { ...names, taxRate },
    });
    return { _id: id, ...names, taxRate, productCount: 0 };
  });
}

export function updateCategory(
  db: Db,
  actor: Actor,
  input: {
    id: string;
    name: string;
    nameNe: string | null;
    /** Absent: unchanged. */
    nameJa?: string | null | undefined;
    taxRate?: 8 | 10;
  },
): CategoryAdminOut {
  return write(db, () => {
    const before = db.select().from(category).where(eq(category.id, input.id)).get();
    if (!before) throw notFound('category.notFound');
    assertCategoryNameFree(db, input.name, input.id);
    // Its products without a rate of their own follow at once (their rate is read through the
    // category); lines already ordered keep the rate they were placed at.
    const taxRate = input.taxRate ?? asTaxRate(before.taxRate);
    const names = {
      name: input.name,
      nameNe: input.nameNe,
      nameJa: input.nameJa === undefined ? before.nameJa : input.nameJa,
    };
    db.update(category)
      .set({ ...names, taxRate })
      .where(eq(category.id, input.id))
      .run();
    recordAudit(db, actor, {
      entity: 'category',
      entityId: input.id,
      action: 'update',
      before: {
        name: before.name,
        nameNe: before.nameNe,
        nameJa: before.nameJa,
        taxRate: before.taxRate,
      },
      after: { ...names, taxRate },
    });
    const used = db
      .select({ n: count() })
      .from(product)
      .where(eq(product.categoryId, input.id))
      .get();
    return { _id: input.id, ...names, taxRate, productCount: used?.n ?? 0 };
  });
}

export function deleteCategory(db: Db, actor: Actor, id: string): { message: string } {
  return write(db, () => {
    const before = db.select().from(category).where(eq(category.id, id)).get();
    if (!before) throw notFound('category.notFound');
    const used = db.select({ n: count() }).from(product).where(eq(product.categoryId, id)).get();
    const n = used?.n ?? 0;
    if (n > 0) throw conflict('category.inUse', { count: n });
    db.delete(category).where(eq(category.id, id)).run();
    recordAudit(db, actor, {
      entity: 'category',
      entityId: id,
      action: 'delete',
      before: {
        name: before.name,
        nameNe: before.nameNe,
        nameJa: before.nameJa,
        taxRate: before.taxRate,
      },
      after: null,
    });
    return { message: 'Category deleted' };
  });
}
