import { relations, sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { PaymentMonth } from '../../shared/closing-dates';
import {
  ACCOUNT_KINDS,
  DOCUMENT_LANGUAGES,
  EMPLOYEE_ROLES,
  LANGUAGES,
  PAYMENT_METHODS,
  PERSON_TITLES,
} from '../../shared/enums';
import { createdAt, updatedAt } from './columns';

/**
 * Every login: admin users, employees (driver / manager) and customer logins share one
 * username space, so one table holds them all. A customer's business data lives in `customer`.
 */
export const account = sqliteTable(
  'account',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    /** Employees only. */
    role: text('role', { enum: EMPLOYEE_ROLES }),
    name: text('name').notNull().default(''),
    photo: text('photo'),
    phoneNumber: text('phone_number'),
    /** The interface language the person chose ('en' | 'ne' | 'ja'; a plain text column, no CHECK); null until they choose. */
    language: text('language', { enum: LANGUAGES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('account_kind_idx').on(t.kind),
    check(
      'account_role_check',
      sql`(${t.kind} = 'employee' AND ${t.role} IS NOT NULL) OR (${t.kind} <> 'employee' AND ${t.role} IS NULL)`,
    ),
  ],
);

export const route = sqliteTable('route', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const customer = sqliteTable(
  'customer',
  {
    id: text('id').primaryKey(),
    /** The customer's login; null when the restaurant has no web login. */
    accountId: text('account_id')
      .unique()
      .references(() => account.id, { onDelete: 'set null' }),
    restaurantName: text('restaurant_name').notNull(),
    /** Stored without the leading 0. */
    phoneNumber: text('phone_number').notNull(),
    customerCode: text('customer_code').notNull().unique(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    /** Day of month as text ("25"), for monthly customers. */
    paymentDate: text('payment_date'),
    /** JSON array of weekday names. */
    deliveryDays: text('delivery_days', { mode: 'json' }).$type<string[]>().notNull().default([]),
    routeId: text('route_id').references(() => route.id, { onDelete: 'set null' }),
    /** Where the customer stands in its route's order of stops (1 = first); set by the office. */
    stopPosition: integer('stop_position'),
    contactPerson: text('contact_person'),
    mobileNumber: text('mobile_number'),
    badDebt: integer('bad_debt', { mode: 'boolean' }).notNull().default(false),
    webOrder: integer('web_order', { mode: 'boolean' }).notNull().default(false),
    /** Staff put a customer on credit hold: its new web orders wait for review (DESIGN §6). */
    creditHold: integer('credit_hold', { mode: 'boolean' }).notNull().default(false),
    /** Who the invoices are addressed to (defaults to the restaurant's name when empty). */
    billingName: text('billing_name'),
    billingAddress: text('billing_address'),
    /**
     * The name its bank transfers arrive under (振込名義, usually katakana: ｻｸﾗｼｮｸﾄﾞｳ), for reading
     * the bank's statement (ADR 085). Empty: the billing and restaurant names are tried.
     */
    transferName: text('transfer_name'),
    /** Where documents are e-mailed. */
    email: text('email'),
    /** Monthly customers: the day of month their deliveries are closed, 31 = month end. */
    closingDay: integer('closing_day'),
    /**
     * Monthly customers: the month the payment day falls in, counted from the closing's month
     * (0 当月, 1 翌月, 2 翌々月; shared/closing-dates.ts, ADR 066).
     */
    paymentMonth: integer('payment_month').$type<PaymentMonth>().notNull().default(1),
    /** The language of the customer's documents (invoices, slips, statements). */
    documentLanguage: text('document_language', { enum: DOCUMENT_LANGUAGES })
      .notNull()
      .default('ja'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_route_id_idx').on(t.routeId, t.stopPosition),
    index('customer_payment_method_idx').on(t.paymentMethod, t.badDebt),
    index('customer_restaurant_name_idx').on(t.restaurantName),
    check('customer_payment_month_check', sql`${t.paymentMonth} IN (0, 1, 2)`),
  ],
);

/**
 * The other people of a restaurant (chef, manager, ...), each with an own login (ADR 036). The
 * owner is the customer's own login (`customer.account_id`); a person's orders, documents and
 * order sheet are the restaurant's. Deleting the account (removing the person) ends it all.
 */
export const customerPerson = sqliteTable(
  'customer_person',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => account.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    title: text('title', { enum: PERSON_TITLES }).notNull().default('staff'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_person_customer_id_idx').on(t.customerId)],
);

export const accountRelations = relations(account, ({ one }) => ({
  customer: one(customer, { fields: [account.id], references: [customer.accountId] }),
}));

export const customerRelations = relations(customer, ({ one }) => ({
  account: one(account, { fields: [customer.accountId], references: [account.id] }),
  route: one(route, { fields: [customer.routeId], references: [route.id] }),
}));
