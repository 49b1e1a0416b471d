import { z } from 'zod';
import {
  claimableOut,
  claimCreateInput,
  claimDecideInput,
  claimListInput,
  claimListOut,
  claimOut,
} from '../../shared/schemas/billing';
import { actorOf } from '../platform/audit';
import { businessToday } from '../platform/business-day';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { customerProcedure, router, staffProcedure } from '../trpc';
import { claimableLines, createClaim, decideClaim, getClaim, listClaims } from './claims';

// Goods claims (ADR 033): a restaurant reports a delivered line within 48 hours; the office
// approves (a credit note is issued) or rejects.

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
