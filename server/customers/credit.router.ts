import { z } from 'zod';
import { heldOrderOut } from '../../shared/schemas/invoices';
import { actorOf } from '../platform/audit';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import { heldOrders, releaseOrder, setCreditHold } from './credit-hold';

// Credit hold (DESIGN §6): the office's review of web orders held for customers on credit hold.

const id = z.string().trim().min(1, 'common.idRequired').max(64);

/** Also mounted as `orders.release` (the web-orders screens release from there). */
export const releaseHeldOrder = staffProcedure
  .input(z.object({ id }))
  .output(answer(z.object({ _id: z.string(), onHold: z.literal(false) })))
  .mutation(({ ctx, input }) => releaseOrder(ctx.db, actorOf(ctx.user), input.id));

export const creditRouter = router({
  held: staffProcedure
    .input(z.void())
    .output(answer(heldOrderOut))
    .query(({ ctx }) => heldOrders(ctx.db)),

  release: releaseHeldOrder,

  setHold: staffProcedure
    .input(z.object({ customerId: id, creditHold: z.boolean() }))
    .output(answer(z.object({ _id: z.string(), creditHold: z.boolean() })))
    .mutation(({ ctx, input }) =>
      setCreditHold(ctx.db, actorOf(ctx.user), input.customerId, input.creditHold),
    ),
});
