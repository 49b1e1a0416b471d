import { z } from 'zod';
import {
  claimableOut,
  claimCreateInput,
  claimDecideInput,
  claimListInput,
  claimListOut,
  claimOut,
  closingDueOut,
  closingInput,
  closingPreviewOut,
  closingResultOut,
  creditableInput,
  creditableOut,
  creditNoteCreateInput,
  creditNoteOut,
} from '../../shared/schemas/billing';
import { actorOf } from '../platform/audit';
import { businessNow, businessToday } from '../platform/business-day';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { customerOrStaffProcedure, customerProcedure, router, staffProcedure } from '../trpc';
import {
  claimableLines,
  createClaim,
  createCreditNote,
  creditableLines,
  decideClaim,
  getClaim,
  getCreditNote,
  listClaims,
} from './claims';
import { dueClosing, previewClosing, runClosing } from './closing';

// Billing from deliveries (ADR 033): the office's closing run, goods claims and credit notes.

const idInput = z.object({ id: z.string().trim().min(1, 'common.idRequired').max(64) });

export const closingRouter = router({
  /** The closing to run next: the date the closing screen opens on. */
  due: staffProcedure
    .input(z.void())
    .output(answer(closingDueOut))
    .query(({ ctx }) => {
      const { now, timeZone } = businessNow(ctx);
      return dueClosing(ctx.db, now, timeZone);
    }),

  /** What a closing run for a date would make: customers, orders, amounts. */
  preview: staffProcedure
    .input(closingInput)
    .output(answer(closingPreviewOut))
    .query(({ ctx, input }) =>
      previewClosing(ctx.db, input.closingDate, {
        customerId: input.customerId,
        timeZone: ctx.config.timeZone,
      }),
    ),

  /** Runs it: one invoice and one statement per customer, each order invoiced exactly once. */
  run: staffProcedure
    .input(closingInput)
    .use(idempotent)
    .output(answer(closingResultOut))
    .mutation(
      replayable(({ ctx, input }) =>
        runClosing(ctx.db, actorOf(ctx.user), input.closingDate, {
          customerId: input.customerId,
          ...businessNow(ctx),
        }),
      ),
    ),
});

export const claimsRouter = router({
  /** A customer reports a goods issue on a delivered line (within 48 hours). */
  create: customerProcedure
    .input(claimCreateInput)
    .use(idempotent)
    .output(answer(claimOut))
    .mutation(
      replayable(
        ({ ctx, input }) => createClaim(ctx.db, actorOf(ctx.user), ctx.customer.id, input),
        ({ ctx }, id) => getClaim(ctx.db, id),
      ),
    ),

  /** The signed-in customer's claims. */
  mine: customerProcedure
    .input(z.void())
    .output(answer(claimListOut))
    .query(({ ctx }) => listClaims(ctx.db, { customerId: ctx.customer.id })),

  /** The signed-in customer's delivered lines that may still be reported. */
  claimable: customerProcedure
    .input(z.void())
    .output(answer(claimableOut))
    .query(({ ctx }) => claimableLines(ctx.db, ctx.customer.id)),

  /** The office's Claims list. */
  list: staffProcedure
    .input(claimListInput)
    .output(answer(claimListOut))
    .query(({ ctx, input }) => listClaims(ctx.db, { status: input.status })),

  /** Approve (issues the credit note) or reject a pending claim. */
  decide: staffProcedure
    .input(claimDecideInput)
    .use(idempotent)
    .output(answer(claimOut))
    .mutation(
      replayable(
        ({ ctx, input }) => decideClaim(ctx.db, actorOf(ctx.user), input, businessToday(ctx)),
        ({ ctx }, id) => getClaim(ctx.db, id),
      ),
    ),
});

export const creditNotesRouter = router({
  /** The lines of an invoice a credit note may correct, with what each billed and took back. */
  creditable: staffProcedure
    .input(creditableInput)
    .output(answer(creditableOut))
    .query(({ ctx, input }) => creditableLines(ctx.db, input.invoiceId)),

  /** A credit note correcting lines of an issued invoice. */
  create: staffProcedure
    .input(creditNoteCreateInput)
    .use(idempotent)
    .output(answer(creditNoteOut))
    .mutation(
      replayable(
        ({ ctx, input }) => createCreditNote(ctx.db, actorOf(ctx.user), input, businessToday(ctx)),
        ({ ctx }, id) => getCreditNote(ctx.db, id),
      ),
    ),

  /** One credit note (a customer: only its own). */
  byId: customerOrStaffProcedure
    .input(idInput)
    .output(answer(creditNoteOut))
    .query(({ ctx, input }) =>
      getCreditNote(
        ctx.db,
        input.id,
        ctx.scope.kind === 'customer' ? { customerId: ctx.scope.customerId } : {},
      ),
    ),
});
