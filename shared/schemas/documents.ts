import { z } from 'zod';
import { DOCUMENT_KINDS, DOCUMENT_LANGUAGES } from '../enums';
import { PRICE_BASES } from '../tax';
import { accountOut } from './account';
import { isoDate } from './invoices';

// The plain model of a printed document (delivery slip, qualified invoice, monthly statement,
// receipt, credit note): what the PDF renderer and the print view both draw, nothing else
// (docs/decisions/032). Amounts are whole yen; dates YYYY-MM-DD.

export const documentKind = z.enum(DOCUMENT_KINDS);
export const documentRef = z.object({
  kind: documentKind,
  id: z.string().min(1).max(64),
});

const rateTotal = z.object({
  rate: z.union([z.literal(8), z.literal(10)]),
  net: z.number().int(),
  tax: z.number().int(),
  gross: z.number().int(),
});

const documentLine = z.object({
  date: z.string().nullable(),
  name: z.string(),
  sku: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  /** Ordered quantity when less was delivered (slips). */
  orderedQuantity: z.number().int().nullable(),
  amount: z.number().int(),
  rate: z.union([z.literal(8), z.literal(10)]),
  /** Reduced rate: marked ※ on the document. */
  reduced: z.boolean(),
  /** The delivery slip the line was delivered on (an invoice's lines from deliveries). */
  slip: z.string().nullable(),
});

export const documentModelOut = z.object({
  kind: documentKind,
  id: z.string(),
  number: z.string(),
  language: z.enum(DOCUMENT_LANGUAGES),
  issueDate: z.string(),
  issuer: z.object({
    legalName: z.string(),
    address: z.string(),
    phone: z.string(),
    registrationNumber: z.string(),
    bank: z
      .object({
        bankName: z.string(),
        branchName: z.string(),
        accountType: z.string(),
        accountNumber: z.string(),
        accountHolder: z.string(),
      })
      .nullable(),
  }),
  recipient: z.object({
    customerId: z.string().nullable(),
    name: z.string(),
    address: z.string(),
    customerCode: z.string(),
  }),
  /** Other documents this one refers to (the order, the invoice a receipt pays, ...). */
  references: z.array(z.object({ label: z.string(), value: z.string() })),
  period: z.object({ start: z.string(), end: z.string() }).nullable(),
  dueDate: z.string().nullable(),
  lines: z.array(documentLine),
  perRate: z.array(rateTotal),
  /**
   * What each rate's tax was computed from, so that is the figure printed beside it: without tax
   * (`exclusive`: 8%対象（税抜）and its tax) or with it (`inclusive`: 8%対象（税込）and the tax
   * it holds). A hand-made invoice and a receipt split an amount with tax, so they read
   * inclusive; others as their prices were. A reader checks tax = rate x the printed figure.
   */
  taxBasis: z.enum(PRICE_BASES),
  net: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** Credit notes deducted (invoices). */
  creditApplied: z.number().int(),
  /** What the recipient pays (invoice, statement), was paid (receipt) or is credited (credit note). */
  amount: z.number().int(),
  statement: z
    .object({
      previousBalance: z.number().int(),
      paymentsReceived: z.number().int(),
      /**
       * Bank transfer fees written off in the period (ADR 069): no money received, yet no longer
       * owed. previousBalance − paymentsReceived − adjustments = carriedOver.
       */
      adjustments: z.number().int(),
      /**
       * Of payments received and adjustments, the correction of payments an earlier statement
       * counted (ADR 072; negative when one was lowered or taken back): said under the figures.
       */
      paymentCorrections: z.number().int(),
      carriedOver: z.number().int(),
      periodAmount: z.number().int(),
      amountDue: z.number().int(),
      /**
       * Each delivery's amount by date and slip number, without tax or with it as its invoice's
       * prices were; a hand-made invoice's charges under its invoice number (`slip`).
       */
      byDate: z.array(
        z.object({
          date: z.string(),
          slip: z.string().nullable(),
          basis: z.enum(PRICE_BASES),
          amount: z.number().int(),
        }),
      ),
      /**
       * The amount due by when it was due, in order, when not all of it is due on the
       * statement's due date: the overdue part (due on or before the closing date and unpaid
       * then, due from `firstDue` to `lastDue`), any other due date, and the statement's own.
       * Empty when all of it is due on the statement's due date.
       */
      dueParts: z.array(
        z.object({
          firstDue: z.string(),
          lastDue: z.string(),
          amount: z.number().int(),
          overdue: z.boolean(),
        }),
      ),
    })
    .nullable(),
  /** Why a credit note was issued. */
  reason: z.string().nullable(),
  cancelled: z.boolean(),
  /**
   * A cancelled invoice: the day it was cancelled and the invoice issued in its place, if any.
   * It asks for nothing: it says it was cancelled instead of asking for payment.
   */
  cancellation: z.object({ date: z.string(), replacedBy: z.string().nullable() }).nullable(),
  /**
   * An invoice paid in full (ADR 056): it says so and thanks, instead of asking for payment,
   * and prints no bank transfer details. False for every other kind.
   */
  paidInFull: z.boolean(),
  /**
   * An invoice's bank transfer fee written off (ADR 069): what the restaurant deducted from its
   * transfer, said under the thank-you. Absent when none.
   */
  bankFee: z.number().int().optional(),
  /**
   * A credit note's deduction (ADR 070): the number of the invoice it was deducted on, null while
   * it waits for the next one. Absent for the other kinds.
   */
  deductedOn: z.string().nullable().optional(),
  /**
   * A slip of a delivery billed on the monthly closing (ADR 070): its tax per rate is for
   * reference, as the closing's invoice computes the tax once for the month. Absent otherwise.
   */
  taxForReference: z.boolean().optional(),
  /**
   * A receipt (領収書, ADR 101): the invoice the money was received for (its 但し書き) and how
   * it was paid, cash or bank transfer, by the rule the journal entries use (ADR 076). Absent
   * for the other kinds.
   */
  receipt: z.object({ invoice: z.string(), method: z.enum(['cash', 'transfer']) }).optional(),
});
export type DocumentModel = z.output<typeof documentModelOut>;
export type DocumentLine = DocumentModel['lines'][number];

export const documentSummaryOut = z.object({
  kind: documentKind,
  id: z.string(),
  number: z.string(),
  date: z.string(),
  amount: z.number().int(),
  /** Cancelled (an invoice cancelled with a reason, ADR 034): the list marks it. */
  cancelled: z.boolean(),
  /** An invoice's part still to pay (0 for the other kinds), and whether it is overdue. */
  unpaid: z.number().int().optional(),
  overdue: z.boolean().optional(),
  /**
   * An invoice's bank transfer fee written off (ADR 069): what the restaurant deducted from its
   * transfer and the business accepted. Absent when none.
   */
  bankFee: z.number().int().optional(),
});
export type DocumentSummary = z.output<typeof documentSummaryOut>;

export const documentListOut = z.object({
  customerId: z.string(),
  restaurantName: z.string(),
  email: z.string().nullable(),
  /** What is still to pay, in total, and the part past its due date. */
  balance: z.number().int(),
  overdue: z.number().int(),
  /** One page of the documents, newest first (ADR 077): `page` of them, and whether more follow. */
  documents: z.array(documentSummaryOut),
  page: z.number().int(),
  more: z.boolean(),
  /** Terms, what is delivered and not yet invoiced, the next due date, waiting credit notes. */
  account: accountOut,
});
export type DocumentList = z.output<typeof documentListOut>;

/** A page of a customer's documents (ADR 077): a year of a restaurant's is several hundred. */
export const DOCUMENTS_PAGE_SIZE = 30;
/** The page number, as tRPC's infinite queries send it ('load more'); absent: the first. */
const cursor = z.number().int().min(1).max(100_000).nullish();

export const myDocumentsInput = z.object({ cursor }).optional();
export const customerDocumentsInput = z.object({ customerId: z.string().min(1).max(64), cursor });

export const documentMailOut = z.object({
  /** False when no SMTP server is configured: the send button says why. */
  configured: z.boolean(),
  mails: z.array(
    z.object({
      _id: z.string(),
      to: z.string(),
      subject: z.string(),
      status: z.string(),
      error: z.string().nullable(),
      sentBy: z.string().nullable(),
      sentAt: z.string(),
    }),
  ),
});
export type DocumentMailOut = z.output<typeof documentMailOut>;

export const closingStatementsInput = z.object({
  closingDate: isoDate('common.required'),
});
export const closingStatementsOut = z.object({
  closingDate: z.string(),
  statements: z.array(documentSummaryOut.extend({ restaurantName: z.string() })),
});

const statementOf = z.object({ number: z.string(), restaurantName: z.string() });

/** Sending a closing's statements by e-mail (ADR 073): what it would do. */
export const closingMailStateOut = z.object({
  closingDate: z.string(),
  /** False when no SMTP server is configured: the button says why. */
  configured: z.boolean(),
  statements: z.number().int(),
  alreadySent: z.number().int(),
  /** Not sent yet, to a customer with an e-mail address. */
  toSend: z.number().int(),
  /** Not sent yet, and its customer has no e-mail address. */
  noEmail: z.array(statementOf),
});
export type ClosingMailStateOut = z.output<typeof closingMailStateOut>;

/** What sending a closing's statements did. */
export const closingMailOut = z.object({
  closingDate: z.string(),
  sent: z.array(statementOf.extend({ to: z.string() })),
  /**
   * Each statement the mail server did not take: the mail server's own words (`error`) and what
   * the office is told (`code`, an error code: the address refused, the server not reached).
   */
  failed: z.array(statementOf.extend({ to: z.string(), error: z.string(), code: z.string() })),
  noEmail: z.array(statementOf),
  alreadySent: z.number().int(),
});
export type ClosingMailOut = z.output<typeof closingMailOut>;
