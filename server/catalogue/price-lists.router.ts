import { z } from 'zod';
import { messageOut } from '../../shared/schemas/common';
import { importOut } from '../../shared/schemas/office';
import {
  csvOut,
  customerTermsInput,
  customerTermsOut,
  hiddenInput,
  overrideInput,
  priceListCreateInput,
  priceListDetailOut,
  priceListIdInput,
  priceListImportInput,
  priceListOut,
  priceListRenameInput,
  priceListSetPricesInput,
  priceListsOut,
  productTermsInput,
  productTermsOut,
} from '../../shared/schemas/terms';
import { actorOf } from '../platform/audit';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import {
  createPriceList,
  exportListCsv,
  getCustomerTerms,
  getPriceList,
  importListCsv,
  listPriceLists,
  productTerms,
  removePriceList,
  renamePriceList,
  setCustomerTerms,
  setHidden,
  setListPrices,
  setOverride,
} from './price-lists';

/** The office's price lists, customers' own prices and terms, hidden products (ADR 035). */
export const priceListsRouter = router({
  list: staffProcedure
    .input(z.void())
    .output(answer(priceListsOut))
    .query(({ ctx }) => listPriceLists(ctx.db)),

  byId: staffProcedure
    .input(priceListIdInput)
    .output(answer(priceListDetailOut))
    .query(({ ctx, input }) => getPriceList(ctx.db, input.id)),

  create: staffProcedure
    .input(priceListCreateInput)
    .output(answer(priceListOut))
    .mutation(({ ctx, input }) => createPriceList(ctx.db, actorOf(ctx.user), input.name)),

  rename: staffProcedure
    .input(priceListRenameInput)
    .output(answer(priceListOut))
    .mutation(({ ctx, input }) => renamePriceList(ctx.db, actorOf(ctx.user), input.id, input.name)),

  remove: staffProcedure
    .input(priceListIdInput)
    .output(answer(messageOut))
    .mutation(({ ctx, input }) => removePriceList(ctx.db, actorOf(ctx.user), input.id)),

  setPrices: staffProcedure
    .input(priceListSetPricesInput)
    .output(answer(priceListDetailOut))
    .mutation(({ ctx, input }) => setListPrices(ctx.db, actorOf(ctx.user), input)),

  /** CSV import: a preview with per-row errors, or (commit) the list replaced by the file. */
  importCsv: staffProcedure
    .input(priceListImportInput)
    .output(answer(importOut))
    .mutation(({ ctx, input }) => importListCsv(ctx.db, actorOf(ctx.user), input)),

  exportCsv: staffProcedure
    .input(priceListIdInput)
    .output(answer(csvOut))
    .query(({ ctx, input }) => exportListCsv(ctx.db, input.id)),

  customerTerms: staffProcedure
    .input(z.object({ customerId: customerTermsInput.shape.customerId }))
    .output(answer(customerTermsOut))
    .query(({ ctx, input }) => getCustomerTerms(ctx.db, input.customerId)),

  setCustomerTerms: staffProcedure
    .input(customerTermsInput)
    .output(answer(customerTermsOut))
    .mutation(({ ctx, input }) => setCustomerTerms(ctx.db, actorOf(ctx.user), input)),

  setOverride: staffProcedure
    .input(overrideInput)
    .output(answer(customerTermsOut))
    .mutation(({ ctx, input }) => setOverride(ctx.db, actorOf(ctx.user), input)),

  productTerms: staffProcedure
    .input(productTermsInput)
    .output(answer(productTermsOut))
    .query(({ ctx, input }) => productTerms(ctx.db, input.productId)),

  setHidden: staffProcedure
    .input(hiddenInput)
    .output(answer(productTermsOut))
    .mutation(({ ctx, input }) => setHidden(ctx.db, actorOf(ctx.user), input)),
});
