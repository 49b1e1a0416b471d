import { z } from 'zod';
import { idParam } from '../../shared/schemas/catalogue';
import { orderOut, orderPageOut, pageInput, placeOrderInput } from '../../shared/schemas/orders';
import { idempotent } from '../idempotency';
import {
  countPendingWebOrders,
  getOrder,
  listCustomerOrders,
  placeOrder,
} from '../services/orders';
import { customerOrStaffProcedure, customerProcedure, router, staffProcedure } from '../trpc';
import { releaseHeldOrder } from './credit';

export const ordersRouter = router({
  /** The admin dashboard's Web Orders tile. */
  pendingWebCount: staffProcedure
    .input(z.void())
    .output(z.object({ count: z.number().int() }))
    .query(({ ctx }) => ({ count: countPendingWebOrders(ctx.db) })),

  place: customerProcedure
    .input(placeOrderInput)
    .use(idempotent)
    .output(orderOut)
    .mutation(({ ctx, input }) =>
      placeOrder(
        ctx.db,
        {
          accountId: ctx.user.account.id,
          username: ctx.user.account.username,
          customer: ctx.customer,
        },
        input,
        { timeZone: ctx.config.timeZone },
      ),
    ),

  mine: customerProcedure
    .input(pageInput)
    .output(orderPageOut)
    .query(({ ctx, input }) => listCustomerOrders(ctx.db, ctx.customer.id, input.pageNumber)),

  /** A customer sees only their own orders (others answer 404); staff see any. */
  byId: customerOrStaffProcedure
    .input(z.object({ id: idParam }))
    .output(orderOut)
    .query(({ ctx, input }) => getOrder(ctx.db, input.id, ctx.scope)),

  /** Releases a web order held for a customer on credit hold (staff; audited). */
  release: releaseHeldOrder,
});
