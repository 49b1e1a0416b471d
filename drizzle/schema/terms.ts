import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { MIN_ORDER_RULES } from '../../shared/terms';
import { customer } from './accounts';
import { product } from './catalogue';
import { createdAt } from './columns';

// Terms per restaurant (DESIGN §7, ADR 035): price lists with per-customer overrides, products
// hidden from chosen customers or lists, and a customer's minimum order value rule. Kept apart
// from `customer` and `product` so the catalogue's own tables change only by two columns
// (product.min_quantity, product.lot).

/** A named set of prices; a customer assigned to it pays these (else the product's price). */
export const priceList = sqliteTable('price_list', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

/** One product's price on one list (whole yen). */
export const priceListPrice = sqliteTable(
  'price_list_price',
  {
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceList.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId] }),
    index('price_list_price_product_id_idx').on(t.productId),
    check('price_list_price_price_check', sql`${t.price} >= 0`),
  ],
);

/** A customer's terms: its list and its minimum order value rule (absent: standard, none). */
export const customerTerms = sqliteTable(
  'customer_terms',
  {
    customerId: text('customer_id')
      .primaryKey()
      .references(() => customer.id, { onDelete: 'cascade' }),
    priceListId: text('price_list_id').references(() => priceList.id, { onDelete: 'set null' }),
    /** none: text only; refuse: orders below the value are refused; charge: a charge line. */
    minOrderRule: text('min_order_rule', { enum: MIN_ORDER_RULES }).notNull().default('none'),
    /** Whole yen, goods before tax. */
    minOrderValue: integer('min_order_value').notNull().default(0),
    /** Whole yen before tax, added as a line at the standard rate (10%). */
    deliveryCharge: integer('delivery_charge').notNull().default(0),
  },
  (t) => [
    index('customer_terms_price_list_id_idx').on(t.priceListId),
    check('customer_terms_min_order_value_check', sql`${t.minOrderValue} >= 0`),
    check('customer_terms_delivery_charge_check', sql`${t.deliveryCharge} >= 0`),
  ],
);

/** One customer's own price of one product: wins over its list and the product's price. */
export const customerPrice = sqliteTable(
  'customer_price',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productId] }),
    index('customer_price_product_id_idx').on(t.productId),
    check('customer_price_price_check', sql`${t.price} >= 0`),
  ],
);

/** A product hidden from one customer. */
export const hiddenForCustomer = sqliteTable(
  'hidden_for_customer',
  {
    productId: text('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productId] }),
    index('hidden_for_customer_product_id_idx').on(t.productId),
  ],
);

/** A product hidden from every customer of one price list. */
export const hiddenForList = sqliteTable(
  'hidden_for_list',
  {
    productId: text('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceList.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId] }),
    index('hidden_for_list_product_id_idx').on(t.productId),
  ],
);
