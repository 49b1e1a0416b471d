import { z } from 'zod';
import {
  productListOut,
  wishlistAddInput,
  wishlistRemoveInput,
} from '../../shared/schemas/catalogue';
import { answer } from '../platform/output';
import { customerProcedure, router } from '../trpc';
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist';

// A wishlist belongs to the signed-in customer: there is no way to name another's.
export const wishlistRouter = router({
  list: customerProcedure
    .input(z.void())
    .output(answer(productListOut))
    .query(({ ctx }) => listWishlist(ctx.db, ctx.customer.id)),

  add: customerProcedure
    .input(wishlistAddInput)
    .output(answer(productListOut))
    .mutation(({ ctx, input }) => addToWishlist(ctx.db, ctx.customer.id, input.productId)),

  remove: customerProcedure
    .input(wishlistRemoveInput)
    .output(answer(productListOut))
    .mutation(({ ctx, input }) => removeFromWishlist(ctx.db, ctx.customer.id, input.productId)),
});
