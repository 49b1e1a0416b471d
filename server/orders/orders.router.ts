import { z } from 'zod';
import { cancelledOrderEntryOut } from '../../shared/schemas/cancelled-orders';
import { deletedOut } from '../../shared/schemas/common';
import {
  customerOrderPageOut,
  customerOrdersInput,
  dispatchInput,
  dispatchManyInput,
  frozenLinesOut,
  itemQuantitiesInput,
  officeOrderOut,
  officeOrderPageOut,
  pagedInput,
  pendingCountOut,
  pendingDatesOut,
  pickListInput,
  pickListOut,
  placeForInput,
  webOrdersInput,
} from '../../shared/schemas/doorstep';
import { idInput } from '../../shared/schemas/office';
import {
  bulkOut,
  dispatchSelectedInput,
  lastOrderInput,
  lastOrderOut,
} from '../../shared/schemas/office-lists';
import {
  addToOrderInput,
  cancelledOrderOut,
  cancelOrderInput,
  changeOrderInput,
  changeWindowOut,
  sameDayInput,
  sameDayOut,
} from '../../shared/schemas/order-change';
import { orderOut, orderPageOut, pageInput, placeOrderInput } from '../../shared/schemas/orders';
import { checkoutTermsInput, checkoutTermsOut, termsForInput } from '../../shared/schemas/terms';
import { releaseHeldOrder } from '../customers/credit.router';
import { actorOf } from '../platform/audit';
import { businessNow, businessToday } from '../platform/business-day';
import { idempotent, replayable } from '../platform/idempotency';
import { answer } from '../platform/output';
import { customerOrStaffProcedure, customerProcedure, router, staffProcedure } from '../trpc';
import { dispatchSelected } from './bulk-dispatch';
import { cancelledOrdersOf } from './cancelled-orders';
import { suggestDriver, suggestDriverInput, suggestDriverOut } from './dispatch-driver';
import { lastOrderOf } from './last-order';
import {
  addToOrder,
  cancelOrder,
  changeOrder,
  orderChangeWindow,
  sameDayOrder,
} from './order-change';
import { checkoutTermsOf } from './order-terms';
import { countPendingWebOrders, getOrder, listCustomerOrders, placeOrder } from './orders';
import {
  deleteOrder,
  dispatchMany,
  dispatchOrder,
  getOfficeOrder,
  itemQuantities,
  listDispatchedOrders,
  listOrdersOfCustomer,
  listPendingWebOrders,
  pendingDates,
  pickList,
  placeForCustomer,
} from './web-orders';

export const ordersRouter = router({
  /** The admin dashboard's Web Orders tile. */
  pendingWebCount: staffProcedure
    .input(z.void())
    .output(answer(pendingCountOut))
    .query(({ ctx }) => ({ count: countPendingWebOrders(ctx.db) })),

  place: customerProcedure
    .input(placeOrderInput)
    .use(idempotent)
    .output(answer(orderOut))
    .mutation(
      replayable(
        ({ ctx, input }) =>
          placeOrder(
            ctx.db,
            {
              accountId: ctx.user.account.id,
              username: ctx.user.account.username,
              customer: ctx.customer,
            },
            input,
            businessNow(ctx),
          ),
        // A replayed placement answers with the order as it is now (ADR 029).
        ({ ctx }, id) => getOrder(ctx.db, id, ctx.scope),
      ),
    ),

  /** Whether the customer may still change or cancel their order, and until when. */
  changeWindow: customerProcedure
    .input(cancelOrderInput)
    .output(answer(changeWindowOut))
    .query(({ ctx, input }) =>
      orderChangeWindow(ctx.db, ctx.customer.id, input.id, businessNow(ctx)),
    ),

  /**
   * The customer's own minimum order rule and which of its cart's products are hidden from it
   * (ADR 035): what the cart and checkout say before placement refuses or charges.
   */
  checkoutTerms: customerProcedure
    .input(checkoutTermsInput)
    .output(answer(checkoutTermsOut))
    .query(({ ctx, input }) => checkoutTermsOf(ctx.db, ctx.customer.id, input.products)),

  /**
   * A customer's terms as the office's phone order estimates with them: its minimum order and
   * delivery charge, so the total the clerk reads out is the one placement will make.
   */
  termsFor: staffProcedure
    .input(termsForInput)
    .output(answer(checkoutTermsOut))
    .query(({ ctx, input }) => checkoutTermsOf(ctx.db, input.customerId, input.products)),

  /** The customer's order for a delivery day that can still be changed (checkout's notice). */
  sameDay: customerProcedure
    .input(sameDayInput)
    .output(answer(sameDayOut))
    .query(({ ctx, input }) =>
      sameDayOrder(ctx.db, ctx.customer.id, input.deliveryDate, businessNow(ctx)),
    ),

  /** The customer changes their order's lines until the cut-off of its delivery day. */
  change: customerProcedure
    .input(changeOrderInput)
    .use(idempotent)
    .output(answer(orderOut))
    .mutation(
      replayable(
        ({ ctx, input }) =>
          changeOrder(ctx.db, actorOf(ctx.user), ctx.customer.id, input, businessNow(ctx)),
        ({ ctx }, id) => getOrder(ctx.db, id, ctx.scope),
      ),
    ),

  /** The cart added to an order of the same delivery day, instead of a second order. */
  addTo: customerProcedure
    .input(addToOrderInput)
    .use(idempotent)
    .output(answer(orderOut))
    .mutation(
      replayable(
        ({ ctx, input }) =>
          addToOrder(ctx.db, actorOf(ctx.user), ctx.customer.id, input, businessNow(ctx)),
        ({ ctx }, id) => getOrder(ctx.db, id, ctx.scope),
      ),
    ),

  /** The customer cancels their order until the cut-off; its counted stock goes back. */
  cancel: customerProcedure
    .input(cancelOrderInput)
    .use(idempotent)
    .output(answer(cancelledOrderOut))
    .mutation(
      replayable(({ ctx, input }) =>
        cancelOrder(ctx.db, actorOf(ctx.user), ctx.customer.id, input.id, businessNow(ctx)),
      ),
    ),

  mine: customerProcedure
    .input(pageInput)
    .output(answer(orderPageOut))
    .query(({ ctx, input }) => listCustomerOrders(ctx.db, ctx.customer.id, input.pageNumber)),

  /**
   * The customer's orders cancelled in the last weeks (removed; the trail keeps them, ADR 043):
   * the history shows them marked cancelled. The trail is stamped with the real time.
   */
  cancelledMine: customerProcedure
    .input(z.void())
    .output(answer(z.array(cancelledOrderEntryOut)))
    .query(({ ctx }) => cancelledOrdersOf(ctx.db, ctx.customer.id, { now: businessNow(ctx).now })),

  /** A customer sees only their own orders (others answer 404); staff see any. */
  byId: customerOrStaffProcedure
    .input(idInput)
    .output(answer(orderOut))
    .query(({ ctx, input }) => getOrder(ctx.db, input.id, ctx.scope)),

  /** Releases a web order held for a customer on credit hold (staff; audited). */
  release: releaseHeldOrder,

  // --- The office's web orders (spec §2 /admin/orders) ---------------------------------------

  /** New Orders: pending, filtered by delivery date and route, paged. */
  list: staffProcedure
    .input(webOrdersInput)
    .output(answer(officeOrderPageOut))
    .query(({ ctx, input }) => listPendingWebOrders(ctx.db, input)),

  /** Dispatched, newest delivery date first, paged. */
  delivered: staffProcedure
    .input(pagedInput)
    .output(answer(officeOrderPageOut))
    .query(({ ctx, input }) => listDispatchedOrders(ctx.db, input.pageNumber)),

  /** One customer's orders (`/admin/customer/orders/{id}`), paged, with keyword. */
  ofCustomer: staffProcedure
    .input(customerOrdersInput)
    .output(answer(customerOrderPageOut))
    .query(({ ctx, input }) => listOrdersOfCustomer(ctx.db, input)),

  /** 'Start from last order': the customer's latest order's lines, each marked if unorderable. */
  lastOf: staffProcedure
    .input(lastOrderInput)
    .output(answer(lastOrderOut))
    .query(({ ctx, input }) => lastOrderOf(ctx.db, input.customerId)),

  /** 'Mark as dispatched' for a selection: per-order refusals reported, one transaction. */
  dispatchSelected: staffProcedure
    .input(dispatchSelectedInput)
    .output(answer(bulkOut))
    .mutation(({ ctx, input }) =>
      dispatchSelected(ctx.db, actorOf(ctx.user), input, { timeZone: ctx.config.timeZone }),
    ),

  /** The office's view of one order: with its flags (off schedule, on hold, phoned in). */
  officeById: staffProcedure
    .input(idInput)
    .output(answer(officeOrderOut))
    .query(({ ctx, input }) => getOfficeOrder(ctx.db, input.id)),

  /** Frozen Counts: `{itemName, totalQuantity, sku}` sorted by name. */
  itemQuantities: staffProcedure
    .input(itemQuantitiesInput)
    .output(answer(frozenLinesOut))
    .query(({ ctx, input }) => itemQuantities(ctx.db, input.deliveryDate, businessToday(ctx))),

  /** Delivery dates with pending orders, and the next one (Frozen Counts' default). */
  pendingDates: staffProcedure
    .input(z.void())
    .output(answer(pendingDatesOut))
    .query(({ ctx }) => pendingDates(ctx.db, businessToday(ctx))),

  /** The printable pick list of a delivery date (and route). */
  pickList: staffProcedure
    .input(pickListInput)
    .output(answer(pickListOut))
    .query(({ ctx, input }) => pickList(ctx.db, input.deliveryDate, input.route)),

  /** 'Mark as dispatched' (spec's deliver): the office delivered it, no driver job. */
  deliver: staffProcedure
    .input(idInput)
    .use(idempotent)
    .output(answer(officeOrderOut))
    .mutation(
      replayable(
        ({ ctx, input }) =>
          dispatchOrder(
            ctx.db,
            actorOf(ctx.user),
            { id: input.id },
            { timeZone: ctx.config.timeZone },
          ),
        ({ ctx }, id) => getOfficeOrder(ctx.db, id),
      ),
    ),

  /**
   * The driver the dispatch dialog preselects for these orders (ADR 056): of the latest job for
   * one of their customers, else for their route; null when the data names none.
   */
  suggestDriver: staffProcedure
    .input(suggestDriverInput)
    .output(answer(suggestDriverOut))
    .query(({ ctx, input }) => suggestDriver(ctx.db, input.ids)),

  /** Dispatch, optionally to a driver (which creates the driver's delivery job). */
  dispatch: staffProcedure
    .input(dispatchInput)
    .use(idempotent)
    .output(answer(officeOrderOut))
    .mutation(
      replayable(
        ({ ctx, input }) =>
          dispatchOrder(ctx.db, actorOf(ctx.user), input, { timeZone: ctx.config.timeZone }),
        ({ ctx }, id) => getOfficeOrder(ctx.db, id),
      ),
    ),

  /** Many orders (one date, one route) to one driver, in one transaction. */
  dispatchMany: staffProcedure
    .input(dispatchManyInput)
    .use(idempotent)
    .output(answer(z.object({ dispatched: z.number().int() })))
    .mutation(
      replayable(({ ctx, input }) =>
        dispatchMany(ctx.db, actorOf(ctx.user), input, { timeZone: ctx.config.timeZone }),
      ),
    ),

  remove: staffProcedure
    .input(idInput)
    .output(answer(deletedOut))
    .mutation(({ ctx, input }) => deleteOrder(ctx.db, actorOf(ctx.user), input.id)),

  /** An order phoned in: placed by the office for the customer, same rules and pricing. */
  placeFor: staffProcedure
    .input(placeForInput)
    .use(idempotent)
    .output(answer(officeOrderOut))
    .mutation(
      replayable(
        ({ ctx, input }) =>
          placeForCustomer(ctx.db, actorOf(ctx.user), input, { timeZone: ctx.config.timeZone }),
        ({ ctx }, id) => getOfficeOrder(ctx.db, id),
      ),
    ),
});
