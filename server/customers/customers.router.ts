import { resetPasswordInput } from '../../shared/schemas/auth';
import { messageOut } from '../../shared/schemas/common';
import { ledgerInput, ledgerOut } from '../../shared/schemas/ledger';
import {
  customerInput,
  customerListInput,
  customerListOut,
  customerOut,
  customerPickInput,
  customerPickOut,
  customerUpdateInput,
  idInput,
  importInput,
  importOut,
} from '../../shared/schemas/office';
import { assignRouteManyInput, bulkOut } from '../../shared/schemas/office-lists';
import { resetCustomerPassword } from '../accounts/password-change';
import { importCsv } from '../imports/imports';
import { customerLedger } from '../money/ledger';
import { actorOf } from '../platform/audit';
import { businessToday } from '../platform/business-day';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import { assignRouteMany } from './bulk-route';
import {
  createCustomer,
  deleteCustomer,
  getCustomer,
  listCustomers,
  pageOfCustomers,
  updateCustomer,
} from './customers';
import { pickCustomers } from './pick';

export const customersRouter = router({
  /** Moves the selected customers to one route (ADR 044): per-customer refusals reported. */
  assignRoute: staffProcedure
    .input(assignRouteManyInput)
    .output(answer(bulkOut))
    .mutation(({ ctx, input }) => assignRouteMany(ctx.db, actorOf(ctx.user), input)),

  /** Every matching customer, or with `pageNumber` one page: `{customers, page, pages, total}`. */
  list: staffProcedure
    .input(customerListInput)
    .output(answer(customerListOut))
    .query(({ ctx, input }) =>
      input.pageNumber
        ? pageOfCustomers(ctx.db, ctx.config.timeZone, { ...input, pageNumber: input.pageNumber })
        : listCustomers(ctx.db, ctx.config.timeZone, input),
    ),

  /** A customer picker's search (ADR 093): the first few by name, code or kana reading. */
  pick: staffProcedure
    .input(customerPickInput)
    .output(answer(customerPickOut))
    .query(({ ctx, input }) => pickCustomers(ctx.db, input)),

  byId: staffProcedure
    .input(idInput)
    .output(answer(customerOut))
    .query(({ ctx, input }) => getCustomer(ctx.db, ctx.config.timeZone, input.id)),

  /** The customer's ledger (得意先元帳, ADR 074): each movement of what it owes, with the balance. */
  ledger: staffProcedure
    .input(ledgerInput)
    .output(answer(ledgerOut))
    .query(({ ctx, input }) =>
      customerLedger(ctx.db, ctx.config.timeZone, input, businessToday(ctx)),
    ),

  create: staffProcedure
    .input(customerInput)
    .use(idempotent)
    .output(answer(customerOut))
    .mutation(
      replayable(({ ctx, input }) =>
        createCustomer(ctx.db, ctx.config.timeZone, actorOf(ctx.user), input),
      ),
    ),

  update: staffProcedure
    .input(customerUpdateInput)
    .output(answer(customerOut))
    .mutation(({ ctx, input }) =>
      updateCustomer(ctx.db, ctx.config.timeZone, actorOf(ctx.user), input),
    ),

  remove: staffProcedure
    .input(idInput)
    .output(answer(messageOut))
    .mutation(({ ctx, input }) => deleteCustomer(ctx.db, actorOf(ctx.user), input.id)),

  /** A new password for the customer's login; their sessions end (ADR 024). */
  resetPassword: staffProcedure
    .input(resetPasswordInput)
    .output(answer(messageOut))
    .mutation(({ ctx, input }) => resetCustomerPassword(ctx, actorOf(ctx.user), input)),

  /** CSV import: a preview with per-row errors, or (commit) every row written or none. */
  importCsv: staffProcedure
    .input(importInput.omit({ kind: true }))
    .output(answer(importOut))
    .mutation(({ ctx, input }) =>
      importCsv(ctx.db, actorOf(ctx.user), { ...input, kind: 'customers' }),
    ),
});
