import { z } from 'zod';
import { countPendingWebOrders } from '../services/orders';
import { router, staffProcedure } from '../trpc';

export const ordersRouter = router({
  /** The admin dashboard's Web Orders tile. */
  pendingWebCount: staffProcedure
    .input(z.void())
    .output(z.object({ count: z.number().int() }))
    .query(({ ctx }) => ({ count: countPendingWebOrders(ctx.db) })),
});
