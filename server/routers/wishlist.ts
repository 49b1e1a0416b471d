import { z } from 'zod';
import { idParam, productOut, wishlistAddInput } from '../../shared/schemas/catalogue';
import { addToWishlist, listWishlist, removeFromWishlist } from '../services/wishlist';
import { customerProcedure, router } from '../trpc';

// A wishlist belongs to the signed-in customer: there is no way to name another's.
export const wishlistRouter = router({
  list: customerProcedure
    .input(z.void())
    .output(z.array(productOut))
    .query(({ ctx }) => listWishlist(ctx.db, ctx.customer.id)),

  add: customerProcedure
    .input(wishlistAddInput)
    .output(z.array(productOut))
    .mutation(({ ctx, input }) => addToWishlist(ctx.db, ctx.customer.id, input.productId)),

  remove: customerProcedure
    .input(z.object({ productId: idParam }))
    .output(z.array(productOut))
    .mutation(({ ctx, input }) => removeFromWishlist(ctx.db, ctx.customer.id, input.productId)),
});
