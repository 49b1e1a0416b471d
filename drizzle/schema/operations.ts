import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { AUDIT_ACTIONS } from '../../shared/enums';
import { account } from './accounts';
import { createdAt } from './columns';

/**
 * Sign-in attempts counted by the throttle (server/accounts/throttle.ts), kept in the database so
 * throttling survives a restart. Each attempt is written before its password is checked (one
 * row per bucket it counts in) and taken back if the password was right. `bucket` is
 * `user:<name>`, `stranger:<name>` (from an address the account has not signed in from),
 * `pair:<address> <name>` or `ip:<address>`; rows older than an hour are swept.
 */
export const loginFailure = sqliteTable(
  'login_failure',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bucket: text('bucket').notNull(),
    /** Epoch milliseconds. */
    atMs: integer('at_ms').notNull(),
  },
  (t) => [index('login_failure_bucket_idx').on(t.bucket, t.atMs)],
);

/**
 * Addresses each account signed in from lately. Attempts from them keep a share of the hourly
 * limit that a flood from other addresses cannot use up (docs/decisions/010).
 */
export const loginAddress = sqliteTable(
  'login_address',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    /** Epoch milliseconds of the latest successful sign-in from this address. */
    lastOkMs: integer('last_ok_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.ip] })],
);

/** The business's settings (order cut-off, holidays, ...): one JSON value per key. */
export const setting = sqliteTable('setting', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).notNull(),
  updatedBy: text('updated_by').references(() => account.id, { onDelete: 'set null' }),
  updatedAt: text('updated_at'),
});

/**
 * Who changed what, when: every back-office create/update/delete and every change to an
 * invoice or payment (DESIGN §6). `before` / `after` hold the changed fields only.
 */
export const auditEntry = sqliteTable(
  'audit_entry',
  {
    id: text('id').primaryKey(),
    /** The table's name, e.g. "customer", "invoice", "payment". */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    actorId: text('actor_id').references(() => account.id, { onDelete: 'set null' }),
    /** Copied so the trail stays readable after the account is deleted. */
    actorName: text('actor_name').notNull(),
    before: text('before', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    after: text('after', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    /** For entries of a child (a payment): the parent it belongs to (its invoice). */
    parentId: text('parent_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_entry_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_entry_parent_id_idx').on(t.parentId, t.createdAt),
  ],
);

/**
 * A driver's cash of one day handed to the office. `collected` is what the driver's cash
 * payments of that day add up to when handed over; the office confirms what it received.
 */
export const cashHandover = sqliteTable(
  'cash_handover',
  {
    id: text('id').primaryKey(),
    driverId: text('driver_id').references(() => account.id, { onDelete: 'set null' }),
    driverName: text('driver_name').notNull(),
    /** YYYY-MM-DD, the day the cash was collected. */
    date: text('date').notNull(),
    collected: integer('collected').notNull(),
    handedOver: integer('handed_over').notNull(),
    confirmed: integer('confirmed'),
    confirmedBy: text('confirmed_by').references(() => account.id, { onDelete: 'set null' }),
    confirmedAt: text('confirmed_at'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('cash_handover_driver_id_idx').on(t.driverId, t.date),
    index('cash_handover_date_idx').on(t.date),
    check('cash_handover_amounts_check', sql`${t.collected} >= 0 AND ${t.handedOver} >= 0`),
  ],
);

/**
 * The office's corrections of a confirmed handover's payments (ADR 023): once confirmed, a
 * driver's day is closed; a payment is added, changed or removed only this way, with a reason,
 * and the handover report lists each correction.
 */
export const handoverCorrection = sqliteTable(
  'handover_correction',
  {
    id: text('id').primaryKey(),
    handoverId: text('handover_id')
      .notNull()
      .references(() => cashHandover.id, { onDelete: 'cascade' }),
    /** The payment added or changed (kept as text: a removed payment is gone). */
    paymentId: text('payment_id').notNull(),
    invoiceId: text('invoice_id'),
    restaurantName: text('restaurant_name'),
    /** 0 when the correction added the payment. */
    beforeAmount: integer('before_amount').notNull(),
    /** 0 when the correction removed it. */
    afterAmount: integer('after_amount').notNull(),
    reason: text('reason').notNull(),
    correctedBy: text('corrected_by').references(() => account.id, { onDelete: 'set null' }),
    correctedByName: text('corrected_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('handover_correction_handover_id_idx').on(t.handoverId, t.createdAt)],
);

/**
 * Numbers that only grow (ADR 023): `order_number` gives each order the next number, so a
 * deleted order's number is never given again.
 */
export const counter = sqliteTable('counter', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});
