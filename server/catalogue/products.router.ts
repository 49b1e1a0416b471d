import { z } from 'zod';
import { substituteChoicesOut } from '../../shared/schemas/billing';
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
import { customerIdInput } from '../../shared/schemas/people';
import type { AuthUser } from '../context';
import { importCsv } from '../imports/imports';
import { actorOf } from '../platform/audit';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { driverProcedure, publicProcedure, roleOf, router, STAFF, staffProcedure } from '../trpc';
import {
  type CatalogueReader,
  catalogueFor,
  customerProduct,
  getProduct,
  officeCatalogueOf,
} from './catalogue';
import { createProduct, deleteProduct, updateProduct } from './products';
import { searchFor } from './search';
import { substituteChoices } from './substitutes';

/** The session as the catalogue's reader. */
function readerOf(user: AuthUser | null): CatalogueReader {
  const role = roleOf(user);
  if (role === 'customer' && user?.customer)
    return { kind: 'customer', customerId: user.customer.id };
  if (STAFF.includes(role)) return { kind: 'office' };
  if (role === 'driver') return { kind: 'driver' };
  return { kind: 'visitor', signedIn: user !== null };
}

export const productsRouter = router({
  /** Signed-in users get Special, Restocked, then the rest; visitors productRank order. */
  list: publicProcedure
    .input(z.void())
    .output(answer(productListOut))
    .query(({ ctx }) => catalogueFor(ctx.db, readerOf(ctx.user))),

  /**
   * The office entering an order for a customer (an order phoned in): that customer's catalogue
   * as `list` answers the customer itself (its prices, without what is hidden from it), with
   * the live stock the office reads. Staff only.
   */
  forCustomer: staffProcedure
    .input(customerIdInput)
    .output(answer(productListOut))
    .query(({ ctx, input }) => officeCatalogueOf(ctx.db, input.customerId)),

  /**
   * What a driver may hand over instead of an ordered line (ADR 050): the products with each
   * pending restaurant's prices and hidden products, kept by the phone for use without signal.
   */
  forDriver: driverProcedure
    .input(z.void())
    .output(answer(substituteChoicesOut))
    .query(({ ctx }) => substituteChoices(ctx.db, ctx.user.account.id)),

  /** Forgiving search (docs/decisions/039), as its reader may ask it. */
  search: publicProcedure
    .input(productSearchInput)
    .output(answer(productSearchOut))
    .query(({ ctx, input }) => searchFor(ctx.db, readerOf(ctx.user), input)),

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
