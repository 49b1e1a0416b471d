import { relations, sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { PRICE_BASES, TAX_ROUNDINGS } from '../../shared/tax';
import { account, customer } from './accounts';
import { product } from './catalogue';
import { createdAt } from './columns';

/**
 * A customer's web order. The customer's name, code and route are snapshotted so the order
 * stays readable after the customer is changed or deleted.
 */
export const customerOrder = sqliteTable(
  'customer_order',
  {
    id: text('id').primaryKey(),
    /** The human-readable number (#10482): sequential, assigned in the placing transaction. */
    orderNumber: integer('order_number').notNull(),
    customerId: text('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    /** The account that placed it (the customer's login, or staff placing on their behalf). */
    placedBy: text('placed_by').references(() => account.id, { onDelete: 'set null' }),
    /** Who placed it, by name, kept when the person is later removed (ADR 036). */
    placedByName: text('placed_by_name'),
    restaurantName: text('restaurant_name').notNull(),
    customerCode: text('customer_code').notNull(),
    username: text('username').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    routeName: text('route_name'),
    /** YYYY-MM-DD. */
    deliveryDate: text('delivery_date').notNull(),
    customMessage: text('custom_message').notNull().default(''),
    /**
     * Whole yen the customer pays: the lines plus consumption tax (or the lines, when the
     * catalogue's prices include tax). The parts per rate are below, tax rounded once per rate.
     */
    total: integer('total').notNull(),
    /** Per rate: the lines' amount without tax, and the tax (DESIGN §7). */
    net8: integer('net8').notNull().default(0),
    tax8: integer('tax8').notNull().default(0),
    net10: integer('net10').notNull().default(0),
    tax10: integer('tax10').notNull().default(0),
    /**
     * The price basis and tax rounding its totals were computed with at placement (ADR 053): its
     * unit prices are with or without tax as the catalogue's were then, and everything billed
     * from it (its invoice, slip, the driver's cash) reads these, never the settings now. No
     * default here, so every insert must say; the migration's DEFAULT exists only because
     * SQLite adds a NOT NULL column only with one.
     */
    taxBasis: text('tax_basis', { enum: PRICE_BASES }).notNull(),
    taxRounding: text('tax_rounding', { enum: TAX_ROUNDINGS }).notNull(),
    /** The invoice that bills this delivered order; set once (an order is invoiced exactly once). */
    invoiceId: text('invoice_id'),
    /**
     * Delivered before the app made invoices from deliveries, and billed then by hand (spec §2's
     * invoices): never billable by a closing run (ADR 062; set once, by the upgrade).
     */
    billedByHand: integer('billed_by_hand', { mode: 'boolean' }).notNull().default(false),
    /** The delivery slip's number, given when the order is delivered. */
    slipNumber: text('slip_number'),
    // The spec's names, with the spec's meaning: is_delivered, delivered_by and delivered_at
    // say the order was handed over (dispatched to a driver, or delivered by the office) and by
    // whom and when. When a driver carries it, its delivery_job says when it really reached
    // the restaurant (the closing, claims and slips read that: server/deliveries/delivered-at.ts).
    isDelivered: integer('is_delivered', { mode: 'boolean' }).notNull().default(false),
    deliveredBy: text('delivered_by').references(() => account.id, { onDelete: 'set null' }),
    /** The deliverer's username, copied when dispatched: history never joins accounts. */
    deliveredByName: text('delivered_by_name'),
    deliveredAt: text('delivered_at'),
    /** The delivery date is not one of the customer's delivery days (the customer confirmed it). */
    offSchedule: integer('off_schedule', { mode: 'boolean' }).notNull().default(false),
    /** Placed while the customer was on credit hold: waits for the office's review. */
    onHold: integer('on_hold', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_order_order_number_idx').on(t.orderNumber),
    // Serves a customer's history page in order, without a sort (id breaks ties).
    index('customer_order_customer_id_idx').on(t.customerId, t.createdAt, t.id),
    index('customer_order_is_delivered_idx').on(t.isDelivered, t.deliveryDate),
    index('customer_order_created_at_idx').on(t.createdAt),
    index('customer_order_delivered_by_idx').on(t.deliveredBy, t.deliveredAt),
    // A customer's last delivery (the office's customer list) without reading its orders.
    index('customer_order_customer_delivered_idx').on(t.customerId, t.deliveredAt),
    check('customer_order_total_check', sql`${t.total} >= 0`),
    index('customer_order_invoice_id_idx').on(t.invoiceId, t.customerId, t.isDelivered),
  ],
);

/** One priced line, snapshotted from the product at placement. */
export const orderLine = sqliteTable(
  'order_line',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => customerOrder.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => product.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** The product's Japanese name at placement (null: none), for Japanese documents (ADR 064). */
    nameJa: text('name_ja'),
    sku: text('sku').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
    /** The consumption-tax rate the line was placed at (8 or 10); it never follows the product. */
    taxRate: integer('tax_rate').notNull().default(8),
    /** What the driver really handed over, when it differs (short, refused): null = as ordered. */
    deliveredQuantity: integer('delivered_quantity'),
    /** Why the delivered quantity differs ('short', 'refused', 'damaged', 'substituted', ...). */
    shortReason: text('short_reason'),
    /**
     * A line the driver handed over instead of another (reason 'substituted', ADR 052): the id
     * of the line of the same order it replaces. No foreign key: both lines belong to one order
     * and go with it (its cascade), and a key would need an index on a column almost always null.
     */
    substituteFor: text('substitute_for'),
  },
  (t) => [
    index('order_line_order_id_idx').on(t.orderId, t.position),
    index('order_line_product_id_idx').on(t.productId),
    check('order_line_unit_price_check', sql`${t.unitPrice} >= 0`),
    check('order_line_quantity_check', sql`${t.quantity} BETWEEN 1 AND 9999`),
    check('order_line_total_check', sql`${t.lineTotal} = ${t.unitPrice} * ${t.quantity}`),
  ],
);

/**
 * A client-chosen key makes a retried mutation return the first result instead of changing
 * anything twice (server/platform/idempotency.ts). Scoped to the account and the procedure; the input's
 * hash tells a true retry from a reused key.
 */
export const idempotencyKey = sqliteTable(
  'idempotency_key',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    /** The tRPC procedure path, e.g. "orders.place". */
    procedure: text('procedure').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the input, base64url. */
    requestHash: text('request_hash').notNull(),
    /** The first call's result, as JSON. */
    response: text('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.procedure, t.key] }),
    index('idempotency_key_created_at_idx').on(t.createdAt),
  ],
);

export const customerOrderRelations = relations(customerOrder, ({ many, one }) => ({
  lines: many(orderLine),
  customer: one(customer, { fields: [customerOrder.customerId], references: [customer.id] }),
}));

export const orderLineRelations = relations(orderLine, ({ one }) => ({
  order: one(customerOrder, { fields: [orderLine.orderId], references: [customerOrder.id] }),
}));
