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
import {
  CLAIM_STATUSES,
  DOCUMENT_KINDS,
  INVOICE_KINDS,
  PAID_BY,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
} from '../../shared/enums';
import { PRICE_BASES, TAX_ROUNDINGS } from '../../shared/tax';
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
    /** Typed by the office ('manual'), one cash delivery, or a monthly closing run. */
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('manual'),
    /** The qualified invoice's number, sequential without gaps (document_counter 'invoice'). */
    number: text('number'),
    /** YYYY-MM-DD the invoice was issued (the closing date for a closing run). */
    issueDate: text('issue_date'),
    /** A closing run's period, YYYY-MM-DD both ends inclusive. */
    periodStart: text('period_start'),
    periodEnd: text('period_end'),
    /** Per rate: amount without tax and tax, rounded once per rate (amount = their sum). */
    net8: integer('net8').notNull().default(0),
    tax8: integer('tax8').notNull().default(0),
    net10: integer('net10').notNull().default(0),
    tax10: integer('tax10').notNull().default(0),
    /**
     * The price basis of its lines and the rounding of its tax (ADR 053): those of the orders it
     * bills (one basis per invoice); a hand-made one's are the settings when it was typed. Its
     * document reads these, never the settings now. No default here (see customer_order).
     */
    taxBasis: text('tax_basis', { enum: PRICE_BASES }).notNull(),
    taxRounding: text('tax_rounding', { enum: TAX_ROUNDINGS }).notNull(),
    /** Credit notes deducted on this invoice (amount is already net of them). */
    creditApplied: integer('credit_applied').notNull().default(0),
    /** An issued invoice never changes; it can only be cancelled, with a reason. */
    cancelledAt: text('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /** Who cancelled it (ADR 034); the name stays when the account is deleted. */
    cancelledBy: text('cancelled_by').references(() => account.id, { onDelete: 'set null' }),
    cancelledByName: text('cancelled_by_name'),
    /**
     * The statement a hand-made invoice was put on (ADR 034): a closing's statement counts the
     * customer's manual invoices issued in its period once. A closing's second invoice (orders
     * of another price basis, ADR 053) is put on its statement the same way. Null otherwise.
     */
    statementId: text('statement_id'),
    /**
     * The cancelled invoice this one was issued in place of (a cash delivery's invoice re-issued
     * after a cancellation): each document names the other, as a corrected receipt does.
     */
    replacesInvoiceId: text('replaces_invoice_id'),
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
    // Covers a customer's dues (SUM of amount - paid_amount over invoices not cancelled)
    // without reading the rows: without cancelled_at here, the office's customer list read
    // every invoice row (3x its time at 30,000 invoices, docs/performance.md Round 8).
    index('invoice_customer_id_idx').on(t.customerId, t.paidAmount, t.amount, t.cancelledAt),
    index('invoice_assign_to_collect_idx').on(t.assignToCollect),
    index('invoice_due_date_idx').on(t.dueDate),
    // The invoices still owed (a tenth of them after a year, and not growing with the years):
    // what the overdue banner, the dashboard's overdue figure and the aging read, instead of
    // every invoice ever issued. A query uses it when its WHERE says the same two conditions.
    index('invoice_open_idx')
      .on(t.dueDate, t.customerId)
      .where(sql`${t.paidAmount} < ${t.amount} AND ${t.cancelledAt} IS NULL`),
    index('invoice_number_idx').on(t.number),
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
    /** The receipt's number, sequential without gaps (document_counter 'receipt'). */
    receiptNumber: text('receipt_number'),
    /**
     * The receipt number this payment's receipt replaces: a receipt never changes once issued, so
     * correcting a payment's amount or date issues its receipt again under a new number.
     */
    receiptReplaces: text('receipt_replaces'),
    /** When the driver took it (ISO instant, sent from the phone's queue); `date` derives from it. */
    takenAt: text('taken_at'),
    /**
     * 'payment': money received. 'bank_fee': the rest of a transfer the office wrote off as the
     * bank's fee the restaurant deducted (ADR 069): it settles the invoice (paid_amount moves
     * with it) but is no money received, so it has no receipt and counts in no cash or
     * payments-received figure.
     */
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull().default('payment'),
    /**
     * The monthly statement that first counted it (ADR 072): a payment is counted once, by the
     * first closing on or after its date; a later correction of its amount reaches the next
     * statement as a correction, never as a second payment.
     */
    statementId: text('statement_id'),
    /**
     * How it was paid (ADR 107): 'cash' or 'transfer'. Null on payments recorded before it was
     * kept, and on a bank fee: those are read as a driver's collection or a cash customer's
     * money being cash, anything else a transfer.
     */
    method: text('method', { enum: PAID_BY }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_invoice_id_idx').on(t.invoiceId),
    // A driver's day (the cash handover and its lock).
    index('payment_collected_by_idx').on(t.collectedBy, t.date),
    check('payment_amount_check', sql`${t.amount} > 0`),
    check('payment_kind_check', sql`${t.kind} IN ('payment', 'bank_fee')`),
    // A fee is no money received: it never carries a receipt number.
    check(
      'payment_bank_fee_receipt_check',
      sql`${t.kind} = 'payment' OR ${t.receiptNumber} IS NULL`,
    ),
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

/** A line an invoice bills: a delivered order line (as delivered), or a typed charge. */
export const invoiceLine = sqliteTable(
  'invoice_line',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The delivered order it comes from (null for a typed charge). */
    orderId: text('order_id'),
    orderLineId: text('order_line_id'),
    /** YYYY-MM-DD of the delivery. */
    date: text('date'),
    name: text('name').notNull(),
    /** Its order line's Japanese name, copied when issued (ADR 064): Japanese documents print it. */
    nameJa: text('name_ja'),
    sku: text('sku').notNull().default(''),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
    taxRate: integer('tax_rate').notNull(),
  },
  (t) => [
    index('invoice_line_invoice_id_idx').on(t.invoiceId, t.position),
    index('invoice_line_order_id_idx').on(t.orderId),
    check('invoice_line_tax_rate_check', sql`${t.taxRate} IN (8, 10)`),
  ],
);

/** A customer's report of a goods issue on a delivered line, within 48 hours of delivery. */
export const goodsClaim = sqliteTable(
  'goods_claim',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    orderId: text('order_id').notNull(),
    orderLineId: text('order_line_id').notNull(),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    /** An uploaded photo's file name. */
    photo: text('photo'),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('pending'),
    decidedBy: text('decided_by').references(() => account.id, { onDelete: 'set null' }),
    decidedAt: text('decided_at'),
    decisionNote: text('decision_note'),
    createdBy: text('created_by').references(() => account.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('goods_claim_customer_id_idx').on(t.customerId, t.createdAt),
    index('goods_claim_status_idx').on(t.status, t.createdAt),
    check('goods_claim_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * A credit note: a correction of delivered goods (an approved claim) or of an invoice, with its
 * tax per rate. It is deducted on the customer's next invoice or statement (`appliedToInvoiceId`).
 */
export const creditNote = sqliteTable(
  'credit_note',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull().unique(),
    customerId: text('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    /** The invoice it corrects, when there is one. */
    invoiceId: text('invoice_id'),
    claimId: text('claim_id'),
    issueDate: text('issue_date').notNull(),
    reason: text('reason').notNull(),
    /** Positive amounts: what is credited, per rate, without tax and tax. */
    net8: integer('net8').notNull().default(0),
    tax8: integer('tax8').notNull().default(0),
    net10: integer('net10').notNull().default(0),
    tax10: integer('tax10').notNull().default(0),
    total: integer('total').notNull(),
    /**
     * The basis of the lines it corrects (their order's) and the rounding it computed its tax
     * with (the settings when issued), ADR 053. No default here (see customer_order).
     */
    taxBasis: text('tax_basis', { enum: PRICE_BASES }).notNull(),
    taxRounding: text('tax_rounding', { enum: TAX_ROUNDINGS }).notNull(),
    appliedToInvoiceId: text('applied_to_invoice_id'),
    createdBy: text('created_by').references(() => account.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_note_customer_id_idx').on(t.customerId, t.appliedToInvoiceId),
    check('credit_note_total_check', sql`${t.total} > 0`),
  ],
);

export const creditNoteLine = sqliteTable(
  'credit_note_line',
  {
    id: text('id').primaryKey(),
    creditNoteId: text('credit_note_id')
      .notNull()
      .references(() => creditNote.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    orderLineId: text('order_line_id'),
    name: text('name').notNull(),
    /** Its order line's Japanese name, copied when issued (ADR 064). */
    nameJa: text('name_ja'),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
    taxRate: integer('tax_rate').notNull(),
  },
  (t) => [index('credit_note_line_credit_note_id_idx').on(t.creditNoteId, t.position)],
);

/**
 * A monthly statement of one customer at one closing: previous balance, payments received,
 * balance carried over, this period's invoice, amount due. Figures are frozen when made.
 */
export const statement = sqliteTable(
  'statement',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull().unique(),
    customerId: text('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    /** The closing run's invoice (null when the period had no deliveries). */
    invoiceId: text('invoice_id'),
    closingDate: text('closing_date').notNull(),
    periodStart: text('period_start').notNull(),
    previousBalance: integer('previous_balance').notNull(),
    paymentsReceived: integer('payments_received').notNull(),
    /**
     * Bank transfer fees written off in the period (ADR 069, 調整額（振込手数料）): not money
     * received, yet no longer owed, so previous balance − payments received − adjustments =
     * carried over.
     */
    adjustments: integer('adjustments').notNull().default(0),
    /**
     * Of payments received and adjustments, the part that corrects payments an earlier statement
     * counted (ADR 072; signed: negative when a counted payment was lowered or taken back). The
     * statement says so under its figures.
     */
    paymentCorrections: integer('payment_corrections').notNull().default(0),
    /**
     * What the customer's statements up to this one have counted, at their amounts when it was
     * made: money received and fees written off (ADR 072). The next closing compares them with
     * the counted payments' amounts then; the difference is the correction.
     */
    countedPayments: integer('counted_payments').notNull().default(0),
    countedFees: integer('counted_fees').notNull().default(0),
    carriedOver: integer('carried_over').notNull(),
    periodAmount: integer('period_amount').notNull(),
    amountDue: integer('amount_due').notNull(),
    dueDate: text('due_date'),
    createdAt: createdAt(),
  },
  (t) => [
    index('statement_customer_id_idx').on(t.customerId, t.closingDate),
    index('statement_closing_date_idx').on(t.closingDate),
  ],
);

/** The next number of each document kind, taken in the transaction that issues the document. */
export const documentCounter = sqliteTable('document_counter', {
  kind: text('kind', { enum: DOCUMENT_KINDS }).primaryKey(),
  last: integer('last').notNull().default(0),
});

/**
 * Who issued a document and to whom, as they were when its number was taken (ADR 049): an
 * issued document never changes, also when the business's details or the customer's billing
 * name change later. `issuer` is the business setting's JSON then; `recipient` the customer's
 * billing details then.
 */
export const documentParty = sqliteTable(
  'document_party',
  {
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    number: text('number').notNull(),
    issuer: text('issuer').notNull(),
    recipient: text('recipient').notNull(),
    /** 'ja' or 'en': the customer's document language then. */
    language: text('language').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.number] })],
);

/** What was e-mailed, when and to whom. */
export const documentMail = sqliteTable(
  'document_mail',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    documentId: text('document_id').notNull(),
    customerId: text('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** 'sent' or 'failed' (with the server's answer). */
    status: text('status').notNull(),
    error: text('error'),
    sentBy: text('sent_by').references(() => account.id, { onDelete: 'set null' }),
    sentAt: createdAt(),
  },
  (t) => [index('document_mail_document_idx').on(t.kind, t.documentId)],
);

export const invoiceRelations = relations(invoice, ({ many, one }) => ({
  payments: many(payment),
  notes: many(invoiceNote),
  lines: many(invoiceLine),
  customer: one(customer, { fields: [invoice.customerId], references: [customer.id] }),
}));

export const invoiceLineRelations = relations(invoiceLine, ({ one }) => ({
  invoice: one(invoice, { fields: [invoiceLine.invoiceId], references: [invoice.id] }),
}));

export const paymentRelations = relations(payment, ({ one }) => ({
  invoice: one(invoice, { fields: [payment.invoiceId], references: [invoice.id] }),
}));

export const invoiceNoteRelations = relations(invoiceNote, ({ one }) => ({
  invoice: one(invoice, { fields: [invoiceNote.invoiceId], references: [invoice.id] }),
}));

/**
 * A bank statement's incoming row recorded as payments (入金消込, ADR 085): its fingerprint
 * (date, amount, payer as written, and its place among identical rows of that date) is unique,
 * so the same row read again from the same or an overlapping file is never recorded twice.
 */
export const bankTransfer = sqliteTable(
  'bank_transfer',
  {
    id: text('id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    /** YYYY-MM-DD, the bank's. */
    date: text('date').notNull(),
    amount: integer('amount').notNull(),
    payerName: text('payer_name').notNull(),
    customerId: text('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    recordedBy: text('recorded_by').references(() => account.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_transfer_fingerprint_idx').on(t.fingerprint),
    index('bank_transfer_date_idx').on(t.date),
    check('bank_transfer_amount_check', sql`${t.amount} > 0`),
  ],
);
