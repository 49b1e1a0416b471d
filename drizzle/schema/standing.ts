import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { STANDING_RUN_STATUSES, WEEKDAYS } from '../../shared/enums';
import { account, customer } from './accounts';
import { createdAt, updatedAt } from './columns';
import { customerOrder } from './orders';

/**
 * A customer's usual order for one delivery weekday, one row per product (ADR 037). The
 * product's name is kept so a line whose product was deleted can still be shown on the draft
 * as left out, never dropped silently.
 */
export const standingLine = sqliteTable(
  'standing_line',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    weekday: text('weekday', { enum: WEEKDAYS }).notNull(),
    productId: text('product_id').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.weekday, t.productId] }),
    index('standing_line_weekday_idx').on(t.weekday, t.customerId),
    check('standing_line_quantity_check', sql`${t.quantity} BETWEEN 1 AND 9999`),
  ],
);

/** Dates (inclusive) on which a customer's usual orders are not drafted. */
export const standingPause = sqliteTable(
  'standing_pause',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('standing_pause_customer_id_idx').on(t.customerId, t.fromDate),
    check('standing_pause_range_check', sql`${t.fromDate} <= ${t.toDate}`),
  ],
);

/** One draft line as the customer sees it: left-out lines carry the reason (an error code). */
export interface StandingDraftLine {
  productId: string;
  name: string;
  sku: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  available: boolean;
  reason: string | null;
}

/**
 * The run of a customer's usual order for one delivery date: at most one per (customer, date),
 * whatever the scheduler's ticks, restarts or catch-ups do (the unique key is the guard).
 */
export const standingRun = sqliteTable(
  'standing_run',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    deliveryDate: text('delivery_date').notNull(),
    status: text('status', { enum: STANDING_RUN_STATUSES }).notNull(),
    /** The customer chose to skip this draft: at the cut-off it becomes 'skipped'. */
    skip: integer('skip', { mode: 'boolean' }).notNull().default(false),
    lines: text('lines', { mode: 'json' }).$type<StandingDraftLine[]>().notNull().default([]),
    /** Whole yen of the available lines, tax included as placement computes it. */
    total: integer('total').notNull().default(0),
    /** Why a run ended without an order (an error code), e.g. every line left out. */
    reason: text('reason'),
    orderId: text('order_id').references(() => customerOrder.id, { onDelete: 'set null' }),
    editedBy: text('edited_by').references(() => account.id, { onDelete: 'set null' }),
    decidedAt: text('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('standing_run_customer_date_idx').on(t.customerId, t.deliveryDate),
    index('standing_run_date_status_idx').on(t.deliveryDate, t.status),
    index('standing_run_status_idx').on(t.status, t.deliveryDate),
  ],
);
