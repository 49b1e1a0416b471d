import { z } from 'zod';
import { invoiceCancelInput } from '../../shared/schemas/billing';
import { deletedOut } from '../../shared/schemas/common';
import {
  agingOut,
  bankFeeRemoveInput,
  byDateInput,
  byDateOut,
  completedInput,
  customerInvoicesInput,
  duesInput,
  duesOut,
  followUpOut,
  forecastOut,
  fullPaymentInput,
  invoiceCancelOut,
  invoiceCreateInput,
  invoiceHistoryOut,
  invoiceIdInput,
  invoiceListInput,
  invoiceOut,
  invoicePageOut,
  invoicesWithDuesOut,
  invoiceUpdateInput,
  myOverdueOut,
  noteInput,
  overdueCustomersOut,
  paymentEditInput,
  paymentInput,
} from '../../shared/schemas/invoices';
import { assignCollectorManyInput, bulkOut } from '../../shared/schemas/office-lists';
import type { Context } from '../context';
import { customerOverdue, overdueCustomers } from '../customers/overdue';
import { actorOf } from '../platform/audit';
import { businessNow, businessToday } from '../platform/business-day';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import type { Scope } from '../platform/scope';
import { customerProcedure, driverOrStaffProcedure, router, staffProcedure } from '../trpc';
import { agingReport, followUps } from './aging';
import { assignCollectorMany } from './bulk-collector';
import { cancelInvoice } from './cancel';
import { collectionForecast, dueOnPaymentDay } from './forecast';
import { createInvoice, deleteInvoice, updateInvoice } from './hand-made-invoices';
import { invoiceFormOptions } from './invoice-form-options';
import { invoiceHistory } from './invoice-history';
import {
  assignedInvoices,
  customerInvoices,
  listCompletedInvoices,
  listOpenInvoices,
} from './invoice-lists';
import { getInvoice } from './invoice-reads';
import { duesForCustomers } from './job-card-dues';
import { addNote, addPayment, editPayment, payInFull, removeBankFee } from './payments';

// Invoices, payments and notes (spec §7 "Invoices"), the overdue flag and the money reports.
// Staff reach every invoice; a driver reaches the invoices assigned to them (another driver's
// answer 404); customers are refused.

const idInput = invoiceIdInput;

/** A replayed payment or invoice answers with the invoice as it is now (ADR 029). */
const rereadInvoice = ({ ctx }: { ctx: Context & { scope: Scope } }, id: string) =>
  getInvoice(ctx.db, id, ctx.scope, businessToday(ctx));

export const invoicesRouter = router({
  list: staffProcedure
    .input(invoiceListInput)
    .output(answer(invoicePageOut))
    .query(({ ctx, input }) =>
      listOpenInvoices(ctx.db, input.kind, input.cursor ?? input.pageNumber, businessToday(ctx)),
    ),

  completed: staffProcedure
    .input(completedInput)
    .output(answer(invoicePageOut))
    .query(({ ctx, input }) =>
      listCompletedInvoices(
        ctx.db,
        input.keyword,
        input.cursor ?? input.pageNumber,
        businessToday(ctx),
      ),
    ),

  byId: driverOrStaffProcedure
    .input(idInput)
    .output(answer(invoiceOut))
    .query(({ ctx, input }) => getInvoice(ctx.db, input.id, ctx.scope, businessToday(ctx))),

  history: driverOrStaffProcedure
    .input(idInput)
    .output(answer(invoiceHistoryOut))
    .query(({ ctx, input }) => invoiceHistory(ctx.db, input.id, ctx.scope)),

  byCustomer: staffProcedure
    .input(customerInvoicesInput)
    .output(answer(invoicesWithDuesOut))
    .query(({ ctx, input }) => customerInvoices(ctx.db, input.customerId, businessToday(ctx))),

  /** GET /api/invoice/assigned/{id} and /api/invoice/driver/{driverId}. */
  assigned: driverOrStaffProcedure
    .input(idInput)
    .output(answer(invoicesWithDuesOut))
    .query(({ ctx, input }) => assignedInvoices(ctx.db, input.id, ctx.scope, businessToday(ctx))),

  /** The signed-in driver's own invoices to collect. */
  mine: driverOrStaffProcedure
    .input(z.void())
    .output(answer(invoicesWithDuesOut))
    .query(({ ctx }) =>
      assignedInvoices(ctx.db, ctx.user.account.id, ctx.scope, businessToday(ctx)),
    ),

  create: staffProcedure
    .input(invoiceCreateInput)
    .use(idempotent)
    .output(answer(invoiceOut))
    .mutation(
      replayable(
        ({ ctx, input }) => createInvoice(ctx.db, actorOf(ctx.user), input, businessToday(ctx)),
        rereadInvoice,
      ),
    ),

  update: staffProcedure
    .input(invoiceUpdateInput)
    .output(answer(invoiceOut))
    .mutation(({ ctx, input }) =>
      updateInvoice(ctx.db, actorOf(ctx.user), input, businessToday(ctx)),
    ),

  /** Gives the selected invoices to one collector (ADR 044): per-invoice refusals reported. */
  assignCollector: staffProcedure
    .input(assignCollectorManyInput)
    .output(answer(bulkOut))
    .mutation(({ ctx, input }) => assignCollectorMany(ctx.db, actorOf(ctx.user), input)),

  delete: staffProcedure
    .input(idInput)
    .output(answer(deletedOut))
    .mutation(({ ctx, input }) => deleteInvoice(ctx.db, actorOf(ctx.user), input.id)),

  /** Cancels an issued invoice with a reason (ADR 034); the office only. */
  cancel: staffProcedure
    .input(invoiceCancelInput)
    .output(answer(invoiceCancelOut))
    .mutation(({ ctx, input }) =>
      cancelInvoice(ctx.db, actorOf(ctx.user), input, businessToday(ctx)),
    ),

  pay: driverOrStaffProcedure
    .input(paymentInput)
    .use(idempotent)
    .output(answer(invoiceOut))
    .mutation(
      replayable(
        ({ ctx, input }) =>
          addPayment(ctx.db, actorOf(ctx.user), ctx.scope, input, businessNow(ctx)),
        rereadInvoice,
      ),
    ),

  payFull: driverOrStaffProcedure
    .input(fullPaymentInput)
    .use(idempotent)
    .output(answer(invoiceOut))
    .mutation(
      replayable(
        ({ ctx, input }) =>
          payInFull(ctx.db, actorOf(ctx.user), ctx.scope, input, businessNow(ctx)),
        rereadInvoice,
      ),
    ),

  /** Correcting a payment is the office's (DESIGN §2: drivers add payments and notes). */
  editPayment: staffProcedure
    .input(paymentEditInput)
    .use(idempotent)
    .output(answer(invoiceOut))
    .mutation(
      replayable(
        ({ ctx, input }) =>
          editPayment(ctx.db, actorOf(ctx.user), ctx.scope, input, businessNow(ctx)),
        rereadInvoice,
      ),
    ),

  /** Takes back a bank transfer fee written off by mistake (ADR 069): the office only. */
  removeBankFee: staffProcedure
    .input(bankFeeRemoveInput)
    .output(answer(invoiceOut))
    .mutation(({ ctx, input }) =>
      removeBankFee(ctx.db, actorOf(ctx.user), ctx.scope, input, businessToday(ctx)),
    ),

  addNote: driverOrStaffProcedure
    .input(noteInput)
    .output(answer(invoiceOut))
    .mutation(({ ctx, input }) =>
      addNote(ctx.db, actorOf(ctx.user), ctx.scope, input, businessToday(ctx)),
    ),

  /** Collectors and routes for the invoice form, the invoice list and the export screen. */
  formOptions: staffProcedure
    .input(z.void())
    .output(
      answer(
        z.object({
          collectors: z.array(
            z.object({ _id: z.string(), username: z.string(), name: z.string(), role: z.string() }),
          ),
          routes: z.array(z.object({ _id: z.string(), name: z.string() })),
        }),
      ),
    )
    .query(({ ctx }) => invoiceFormOptions(ctx.db)),

  // --- Reports ---------------------------------------------------------------------------------

  /** GET /api/invoice/date?paymentDate={day}: the projected collection of one day of month. */
  byDate: staffProcedure
    .input(byDateInput)
    .output(answer(byDateOut))
    .query(({ ctx, input }) => dueOnPaymentDay(ctx.db, input.paymentDate, businessToday(ctx))),

  forecast: staffProcedure
    .input(z.void())
    .output(answer(forecastOut))
    .query(({ ctx }) => collectionForecast(ctx.db, businessToday(ctx))),

  aging: staffProcedure
    .input(z.void())
    .output(answer(agingOut))
    .query(({ ctx }) => agingReport(ctx.db, businessToday(ctx))),

  followUps: staffProcedure
    .input(z.void())
    .output(answer(followUpOut))
    .query(({ ctx }) => followUps(ctx.db, businessToday(ctx))),

  // --- Overdue accounts ------------------------------------------------------------------------

  overdueCustomers: staffProcedure
    .input(z.void())
    .output(answer(overdueCustomersOut))
    .query(({ ctx }) => overdueCustomers(ctx.db, businessToday(ctx))),

  /** The checkout banner: is the signed-in customer's account overdue? */
  myOverdue: customerProcedure
    .input(z.void())
    .output(answer(myOverdueOut))
    .query(({ ctx }) => customerOverdue(ctx.db, ctx.customer.id, businessToday(ctx))),

  /**
   * The driver's job card: dues of the customers on their jobs ("collect before unloading"),
   * asking only for what this caller may record a payment on (ADR 079).
   */
  duesForCustomers: driverOrStaffProcedure
    .input(duesInput)
    .output(answer(duesOut))
    .query(({ ctx, input }) =>
      duesForCustomers(ctx.db, ctx.scope, input.customerIds, businessToday(ctx)),
    ),
});
