import { relations, sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { PAYMENT_METHODS } from '../../shared/enums';
import { account, customer } from './accounts';
import { createdAt } from './columns';

/**
 * An invoice to collect. `paidAmount` is the running sum of its payments, kept in the same
 * transaction as each payment so that the CHECK makes an overpaid invoice impossible.
 */
export const invoice = sqliteTable(
  'invoice',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    /** YYYY-MM-DD. */
    dueDate: text('due_date'),
    amount: integer('amount').notNull(),
    paidAmount: integer('paid_amount').notNull().default(0),
    note: text('note').notNull().default(''),
    assignToCollect: text('assign_to_collect').references(() => account.id, {
      onDelete: 'set null',
    }),
    /**
     * The customer as it was when it was deleted (ADR 023): the invoice stays listed in its tab
     * (cash or monthly) and findable by the name, shown as 'Deleted Restaurant'.
     */
    deletedCustomerName: text('deleted_customer_name'),
    deletedCustomerCode: text('deleted_customer_code'),
    deletedPaymentMethod: text('deleted_payment_method', { enum: PAYMENT_METHODS }),
    createdAt: createdAt(),
  },
  (t) => [
    // Covers a customer's dues (SUM of amount - paid_amount) without reading the rows.
    index('invoice_customer_id_idx').on(t.customerId, t.paidAmount, t.amount),
    index('invoice_assign_to_collect_idx').on(t.assignToCollect),
    index('invoice_due_date_idx').on(t.dueDate),
    check('invoice_amount_check', sql`${t.amount} > 0`),
    check(
      'invoice_paid_amount_check',
      sql`${t.paidAmount} >= 0 AND ${t.paidAmount} <= ${t.amount}`,
    ),
  ],
);

export const payment = sqliteTable(
  'payment',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** YYYY-MM-DD. */
    date: text('date').notNull(),
    collectedBy: text('collected_by').references(() => account.id, { onDelete: 'set null' }),
    /** When the driver took it (ISO instant, sent from the phone's queue); `date` derives from it. */
    takenAt: text('taken_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_invoice_id_idx').on(t.invoiceId),
    // A driver's day (the cash handover and its lock).
    index('payment_collected_by_idx').on(t.collectedBy, t.date),
    check('payment_amount_check', sql`${t.amount} > 0`),
  ],
);

export const invoiceNote = sqliteTable(
  'invoice_note',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    date: text('date').notNull(),
    /** YYYY-MM-DD: when the office should follow this invoice up next. */
    nextFollowUp: text('next_follow_up'),
    notesBy: text('notes_by').references(() => account.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_note_invoice_id_idx').on(t.invoiceId)],
);

export const invoiceRelations = relations(invoice, ({ many, one }) => ({
  payments: many(payment),
  notes: many(invoiceNote),
  customer: one(customer, { fields: [invoice.customerId], references: [customer.id] }),
}));

export const paymentRelations = relations(payment, ({ one }) => ({
  invoice: one(invoice, { fields: [payment.invoiceId], references: [invoice.id] }),
}));

export const invoiceNoteRelations = relations(invoiceNote, ({ one }) => ({
  invoice: one(invoice, { fields: [invoiceNote.invoiceId], references: [invoice.id] }),
}));
