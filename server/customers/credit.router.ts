import { z } from 'zod';
import {
  creditHoldInput,
  creditHoldOut,
  heldOrderOut,
  releasedOrderOut,
  releaseOrderInput,
} from '../../shared/schemas/invoices';
import { actorOf } from '../platform/audit';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import { heldOrders, releaseOrder, setCreditHold } from './credit-hold';

// Credit hold (DESIGN §6): the office's review of web orders held for customers on credit hold.

/** Also mounted as `orders.release` (the web-orders screens release from there). */
export const releaseHeldOrder = staffProcedure
  .input(releaseOrderInput)
  .output(answer(releasedOrderOut))
  .mutation(({ ctx, input }) => releaseOrder(ctx.db, actorOf(ctx.user), input.id));

export const creditRouter = router({
  held: staffProcedure
    .input(z.void())
    .output(answer(heldOrderOut))
    .query(({ ctx }) => heldOrders(ctx.db)),

  release: releaseHeldOrder,

  setHold: staffProcedure
    .input(creditHoldInput)
    .output(answer(creditHoldOut))
    .mutation(({ ctx, input }) =>
      setCreditHold(ctx.db, actorOf(ctx.user), input.customerId, input.creditHold),
    ),
});
