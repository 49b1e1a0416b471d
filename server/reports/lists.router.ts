import {
  customerListInput,
  customerListOut,
  invoiceListInput,
  invoiceListOut,
  orderListInput,
  orderListOut,
  paymentListInput,
  paymentListOut,
} from '../../shared/schemas/office-lists';
import { businessToday } from '../platform/business-day';
import { answer } from '../platform/output';
import { router, staffProcedure } from '../trpc';
import { listCustomerRows, listInvoiceRows, listOrderRows, listPaymentRows } from './office-lists';

/** The office's lists as tables: sorted, filtered and totalled by the server (ADR 044). */
export const listsRouter = router({
  customers: staffProcedure
    .input(customerListInput)
    .output(answer(customerListOut))
    .query(({ ctx, input }) => listCustomerRows(ctx.db, input)),

  orders: staffProcedure
    .input(orderListInput)
    .output(answer(orderListOut))
    .query(({ ctx, input }) => listOrderRows(ctx.db, input)),

  invoices: staffProcedure
    .input(invoiceListInput)
    .output(answer(invoiceListOut))
    .query(({ ctx, input }) => listInvoiceRows(ctx.db, input, businessToday(ctx))),

  payments: staffProcedure
    .input(paymentListInput)
    .output(answer(paymentListOut))
    .query(({ ctx, input }) => listPaymentRows(ctx.db, input)),
});
