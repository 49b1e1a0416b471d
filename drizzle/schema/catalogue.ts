import { relations, sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import {
  ITEM_COUNTS,
  ITEM_TYPES,
  SHOW_DESCRIPTION,
  STOCK_REASONS,
  UNITS,
} from '../../shared/enums';
import { account, customer } from './accounts';
import { createdAt, updatedAt } from './columns';

export const category = sqliteTable(
  'category',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().unique(),
    /** Optional Nepali name, shown to Nepali readers (DESIGN §6). */
    nameNe: text('name_ne'),
    /** Optional Japanese name, shown to Japanese readers and on Japanese documents (ADR 064). */
    nameJa: text('name_ja'),
    /** Consumption-tax rate in percent (8 reduced, 10 standard): the default of its products. */
    taxRate: integer('tax_rate').notNull().default(8),
    createdAt: createdAt(),
  },
  // Rates are checked by CHECK constraints written by hand in migration 0004 (ALTER TABLE ADD
  // COLUMN): declaring them here would make drizzle-kit rebuild the table (ARCHITECTURE pitfall 7).
);

export const product = sqliteTable(
  'product',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Optional Nepali name, shown to Nepali readers (DESIGN §6). */
    nameNe: text('name_ne'),
    /** Optional Japanese name, shown to Japanese readers and on Japanese documents (ADR 064). */
    nameJa: text('name_ja'),
    categoryId: text('category_id').references(() => category.id, { onDelete: 'set null' }),
    /** Whole yen. */
    price: integer('price').notNull(),
    description: text('description').notNull().default(''),
    /** Optional Nepali description, shown to Nepali readers (else `description`). */
    descriptionNe: text('description_ne'),
    /** The unit ("sku" in the spec's words). */
    sku: text('sku', { enum: UNITS }).notNull(),
    image: text('image'),
    productRank: integer('product_rank').notNull().default(0),
    itemType: text('item_type', { enum: ITEM_TYPES }).notNull().default('Regular'),
    itemCount: text('item_count', { enum: ITEM_COUNTS }).notNull().default('Count'),
    showDescription: text('show_description', { enum: SHOW_DESCRIPTION })
      .notNull()
      .default('Dont Show'),
    stockInCount: integer('stock_in_count').notNull().default(0),
    /** Counted products: listed as low at or below this; null follows the business's default. */
    lowStockAt: integer('low_stock_at'),
    /** A product's own tax rate (8 or 10); null follows its category (8 without one). */
    taxRate: integer('tax_rate'),
    /** The least one order line may hold (ADR 035); CHECK written by hand in migration 0009. */
    minQuantity: integer('min_quantity').notNull().default(1),
    /** Ordered in multiples of this (a case of 12); 1 = any quantity. CHECK in migration 0009. */
    lot: integer('lot').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_category_id_idx').on(t.categoryId),
    index('product_product_rank_idx').on(t.productRank),
    check('product_price_check', sql`${t.price} >= 0`),
  ],
);

/** A customer's "My Ordersheet". */
export const wishlistEntry = sqliteTable(
  'wishlist_entry',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productId] }),
    index('wishlist_entry_product_id_idx').on(t.productId),
  ],
);

/**
 * Every change of a counted product's stock, with why and who (ADR 036): placed orders take,
 * cancelled or deleted orders and short deliveries give back, receipts add, office edits adjust.
 */
export const stockMovement = sqliteTable(
  'stock_movement',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: STOCK_REASONS }).notNull(),
    /** The order, order line or receipt it belongs to. */
    refId: text('ref_id'),
    note: text('note').notNull().default(''),
    /** The stock after this movement. */
    balance: integer('balance').notNull(),
    byAccount: text('by_account').references(() => account.id, { onDelete: 'set null' }),
    /** The account's name, kept: a removed person's movements stay readable. */
    byName: text('by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movement_product_id_idx').on(t.productId, t.createdAt),
    check('stock_movement_balance_check', sql`${t.balance} >= 0`),
  ],
);

export const productRelations = relations(product, ({ one }) => ({
  category: one(category, { fields: [product.categoryId], references: [category.id] }),
}));
