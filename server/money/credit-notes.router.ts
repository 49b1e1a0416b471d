import { z } from 'zod';
import {
  creditableInput,
  creditableOut,
  creditNoteCreateInput,
  creditNoteOut,
} from '../../shared/schemas/billing';
import { actorOf } from '../platform/audit';
import { businessToday } from '../platform/business-day';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { customerOrStaffProcedure, router, staffProcedure } from '../trpc';
import { createCreditNote, creditableLines, getCreditNote } from './claims';

// Credit notes (ADR 033, 046): corrections of an issued invoice's lines, with their tax per rate.

const idInput = z.object({ id: z.string().trim().min(1, 'common.idRequired').max(64) });

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
