import { z } from 'zod';
import {
  productListOut,
  productOut,
  productSearchInput,
  productSearchOut,
} from '../../shared/schemas/catalogue';
import { messageOut } from '../../shared/schemas/common';
import {
  idInput,
  importInput,
  importOut,
  productInput,
  productUpdateInput,
} from '../../shared/schemas/office';
import { importCsv } from '../imports/imports';
import { actorOf } from '../platform/audit';
import { notFound } from '../platform/errors';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { publicProcedure, roleOf, router, STAFF, staffProcedure } from '../trpc';
import {
  type CatalogueVariant,
  catalogueSnapshot,
  customerCatalogue,
  customerProduct,
  getProduct,
  withLiveStock,
} from './catalogue';
import { createProduct, deleteProduct, updateProduct } from './products';
import { assertCustomer, searchCatalogue } from './search';

const variantOf = (ctx: { user: unknown }): CatalogueVariant => (ctx.user ? 'member' : 'anonymous');

export const productsRouter = router({
  /** Signed-in users get Special, Restocked, then the rest; visitors productRank order. */
  list: publicProcedure
    .input(z.void())
    .output(answer(productListOut))
    .query(({ ctx }) =>
      // A customer sees its own prices and not what is hidden from it (ADR 035).
      ctx.user?.customer
        ? customerCatalogue(ctx.db, ctx.user.customer.id).products
        : ctx.user && ctx.user.account.kind !== 'customer'
          ? // Staff see every counted product's stock as it is now.
            withLiveStock(ctx.db, catalogueSnapshot(ctx.db, 'member').products)
          : catalogueSnapshot(ctx.db, variantOf(ctx)).products,
    ),

  /**
   * Forgiving search (docs/decisions/039). A customer's own usual products come first; staff
   * entering an order for a customer name them (`customerId`); anyone else naming a customer
   * gets 404, as for any record that is not theirs.
   */
  search: publicProcedure
    .input(productSearchInput)
    .output(answer(productSearchOut))
    .query(({ ctx, input }) => {
      const own = ctx.user?.customer?.id ?? null;
      let rankFor = own;
      if (input.customerId !== undefined && input.customerId !== own) {
        if (!STAFF.includes(roleOf(ctx.user))) throw notFound('customer.notFound');
        assertCustomer(ctx.db, input.customerId);
        rankFor = input.customerId;
      }
      return { ids: searchCatalogue(ctx.db, variantOf(ctx), input.q, rankFor) };
    }),

  byId: publicProcedure
    .input(idInput)
    .output(answer(productOut))
    .query(({ ctx, input }) =>
      ctx.user?.customer
        ? customerProduct(ctx.db, ctx.user.customer.id, input.id)
        : getProduct(ctx.db, input.id),
    ),

  create: staffProcedure
    .input(productInput)
    .use(idempotent)
    .output(answer(productOut))
    .mutation(replayable(({ ctx, input }) => createProduct(ctx.db, actorOf(ctx.user), input))),

  update: staffProcedure
    .input(productUpdateInput)
    .output(answer(productOut))
    .mutation(({ ctx, input }) => updateProduct(ctx.db, actorOf(ctx.user), input)),

  remove: staffProcedure
    .input(idInput)
    .output(answer(messageOut))
    .mutation(({ ctx, input }) => deleteProduct(ctx.db, actorOf(ctx.user), input.id)),

  /** CSV import: a preview with per-row errors, or (commit) every row written or none. */
  importCsv: staffProcedure
    .input(importInput.omit({ kind: true }))
    .output(answer(importOut))
    .mutation(({ ctx, input }) =>
      importCsv(ctx.db, actorOf(ctx.user), { ...input, kind: 'products' }),
    ),
});
