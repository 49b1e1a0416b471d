import { z } from 'zod';
import { PRICE_BASES, TAX_ROUNDINGS } from '../tax';
import { deliveredLineInput } from './billing';
import { idParam } from './catalogue';
import { isCalendarDate } from './common';
import { orderOut, placeOrderInput } from './orders';

// From order to doorstep: the office's web orders, frozen counts and pick lists, delivery jobs
// (ordertrack), the driver's phone and the day's report.

/** Office lists are longer than a customer's history. */
export const OFFICE_PAGE_SIZE = 50;
export const JOBS_PAGE_SIZE = 20;
/** A tap kept on a phone may reach the server later, but not from the future or after a week. */
export const DELIVERED_AT_SKEW_MS = 5 * 60 * 1000;
export const DELIVERED_AT_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'order.deliveryDateFormat')
  .refine(isCalendarDate, 'order.deliveryDateNotReal');

const pageNumber = z.coerce.number().int().min(1).max(100_000).optional().default(1);
const keyword = z.string().trim().max(100).optional().default('');
/** Query strings send '' for "no filter". */
const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);

// --- Web orders ---------------------------------------------------------------------------------

/** An order as the office sees it: the customer's view plus the flags the office acts on. */
export const officeOrderOut = orderOut.extend({
  /** Not one of the customer's delivery days (the customer confirmed it). */
  offSchedule: z.boolean(),
  /** Placed while the customer was on credit hold. */
  onHold: z.boolean(),
  /** The account that placed it was not the customer's own login (phoned in). */
  placedByStaff: z.boolean(),
});
export type OfficeOrderOut = z.infer<typeof officeOrderOut>;

export const officeOrderPageOut = z.object({
  orders: z.array(officeOrderOut),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type OfficeOrderPageOut = z.infer<typeof officeOrderPageOut>;

/** One customer's orders: a page of them and who the customer is. */
export const customerOrderPageOut = officeOrderPageOut.extend({
  customer: z.object({ _id: z.string(), restaurantName: z.string() }),
});

/** The admin dashboard's Web Orders tile. */
export const pendingCountOut = z.object({ count: z.number().int() });

export const webOrdersInput = z
  .object({
    deliveryDate: z
      .union([isoDate, z.literal('')])
      .optional()
      .transform((v) => v || undefined),
    /** A route's name (orders keep the route's name as placed). */
    route: optionalText,
    pageNumber,
  })
  .optional()
  .default({ deliveryDate: undefined, route: undefined, pageNumber: 1 });

export const pagedInput = z
  .object({ pageNumber, keyword })
  .optional()
  .default({ pageNumber: 1, keyword: '' });

export const customerOrdersInput = z.object({ userId: idParam, keyword, pageNumber });

/** `deliveryDate`: one date, 'all', or nothing for the next date with pending orders. */
export const itemQuantitiesInput = z
  .object({
    deliveryDate: z
      .union([isoDate, z.literal('all'), z.literal('')])
      .optional()
      .transform((v) => v || undefined),
  })
  .optional()
  .default({ deliveryDate: undefined });

export const frozenLineOut = z.object({
  itemName: z.string(),
  /** The product's Nepali name, when it has one. */
  itemNameNe: z.string().nullish(),
  /** Its Japanese name as the orders were placed, when it had one (ADR 064). */
  itemNameJa: z.string().nullish(),
  totalQuantity: z.number().int(),
  sku: z.string(),
});
export type FrozenLine = z.infer<typeof frozenLineOut>;
export const frozenLinesOut = z.array(frozenLineOut);

export const pendingDatesOut = z.object({
  /** The date Frozen Counts shows first: the next date with pending orders. */
  next: z.string().nullable(),
  dates: z.array(z.object({ date: z.string(), count: z.number().int() })),
  routes: z.array(z.string()),
});

export const pickListInput = z.object({ deliveryDate: isoDate, route: optionalText });

export const pickListOut = z.object({
  deliveryDate: z.string(),
  route: z.string().nullable(),
  totals: z.array(frozenLineOut),
  stops: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.number().int(),
      restaurantName: z.string(),
      customerCode: z.string(),
      phoneNumber: z.string(),
      routeName: z.string().nullable(),
      customMessage: z.string(),
      offSchedule: z.boolean(),
      lines: z.array(
        z.object({
          name: z.string(),
          nameNe: z.string().nullish(),
          nameJa: z.string().nullish(),
          quantity: z.number().int(),
          sku: z.string(),
        }),
      ),
    }),
  ),
});
export type PickList = z.infer<typeof pickListOut>;

export const dispatchInput = z.object({
  id: idParam,
  /** The driver who delivers it: creates their delivery job. */
  driverId: idParam.optional(),
});

export const dispatchManyInput = z.object({
  ids: z.array(idParam).min(1, 'delivery.nothingSelected').max(500),
  driverId: idParam,
});

export const placeForInput = placeOrderInput.extend({ customerId: idParam });

// --- Delivery jobs (ordertrack) -----------------------------------------------------------------

export const jobOut = z.object({
  _id: z.string(),
  serialNo: z.number().int(),
  restaurantName: z.string(),
  customer: z
    .object({
      _id: z.string(),
      restaurantName: z.string(),
      phoneNumber: z.string(),
      customerCode: z.string(),
      paymentMethod: z.string(),
      routeName: z.string().nullable(),
      /** Where the driver goes (the address the Route screen shows too). */
      address: z.string().nullable(),
    })
    .nullable(),
  order: z
    .object({
      _id: z.string(),
      orderNumber: z.number().int(),
      deliveryDate: z.string(),
      totalPrice: z.number().int(),
      orderItems: z.array(
        z.object({
          name: z.string(),
          /** The product's Nepali name, if it has one (the phone shows it to a Nepali reader). */
          nameNe: z.string().nullable(),
          /** The line's Japanese name as it was placed (ADR 064). */
          nameJa: z.string().nullish(),
          quantity: z.number().int(),
          sku: z.string(),
          _id: z.string(),
          unitPrice: z.number().int(),
          taxRate: z.number().int(),
          /** What was delivered when it differs from the order (null: as ordered). */
          deliveredQuantity: z.number().int().nullable(),
          shortReason: z.string().nullable(),
          /**
           * A line the driver handed over instead of another (ADR 050): the `_id` of the line of
           * this order it replaces. Optional: a list kept on a phone from before has none.
           */
          substituteFor: z.string().nullable().optional(),
          /** The line's product (null: a delivery charge, a removed product); optional as above. */
          productId: z.string().nullable().optional(),
        }),
      ),
      /** How the order's tax is computed, so the phone can work out a short delivery's total. */
      tax: z.object({ basis: z.enum(PRICE_BASES), rounding: z.enum(TAX_ROUNDINGS) }),
      /** The invoice the delivery made (cash customers), once delivered. */
      invoice: z
        .object({
          _id: z.string(),
          number: z.string().nullable(),
          amount: z.number().int(),
          paidAmount: z.number().int(),
          /** The payments the job's driver took on it: the receipts the phone opens. */
          receipts: z.array(
            z.object({ _id: z.string(), amount: z.number().int(), date: z.string() }),
          ),
        })
        .nullable(),
      slipNumber: z.string().nullable(),
      /** The restaurant's message with its order ("leave at the back door"), for the driver. */
      customMessage: z.string(),
      /**
       * Before delivery, a cash customer's credit notes its invoice may deduct (oldest first),
       * so the phone can work out the cash to collect after a short delivery; else empty.
       */
      credits: z.array(z.object({ id: z.string(), number: z.string(), total: z.number().int() })),
    })
    .nullable(),
  preparedBy: z.object({ _id: z.string(), username: z.string() }).nullable(),
  deliveredBy: z.object({ _id: z.string(), username: z.string() }).nullable(),
  isDelivered: z.boolean(),
  deliveredAt: z.string().nullable(),
  recipientName: z.string().nullable(),
  proofImage: z.string().nullable(),
  /**
   * What the driver collects from a cash customer (else 0): before delivery the order's total
   * less the credit notes its invoice will deduct, after it what is still unpaid.
   */
  amountToCollect: z.number().int(),
  createdAt: z.string(),
});
export type JobOut = z.infer<typeof jobOut>;
export const jobListOut = z.array(jobOut);

export const jobPageOut = z.object({
  orders: z.array(jobOut),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type JobPageOut = z.infer<typeof jobPageOut>;

export const jobListInput = z.object({ keyword }).optional().default({ keyword: '' });

export const driverJobsInput = z.object({ driverId: idParam, keyword });
export const driverDeliveredInput = z.object({ driverId: idParam, keyword, pageNumber });

export const jobFormInput = z.object({
  customer: z.string({ error: 'common.required' }).trim().min(1, 'common.required').max(64),
  deliveredBy: z.string({ error: 'common.required' }).trim().min(1, 'common.required').max(64),
  order: idParam.optional(),
});
export const jobUpdateInput = jobFormInput.extend({ id: idParam });

export const deliverInput = z.object({
  /** REST names it orderId (`PUT /api/ordertrack/{orderId}/deliver`). */
  id: idParam,
  /** When the driver tapped, ISO 8601; absent means now. */
  deliveredAt: z.iso.datetime({ offset: true, error: 'delivery.deliveredAtInvalid' }).optional(),
  recipientName: z.string().trim().max(100).optional(),
  /** The name of a file uploaded through POST /api/upload. */
  proofImage: z.string().trim().max(200).optional(),
  /** Lines delivered short, refused or substituted (the rest as ordered). */
  lines: z.array(deliveredLineInput).max(500).optional(),
  /** The cash taken at the door (cash customers): a payment on the delivery's invoice. */
  cashTaken: z
    .number({ error: 'invoice.amountWhole' })
    .int('invoice.amountWhole')
    .min(0, 'invoice.amountPositive')
    .max(1_000_000_000, 'invoice.amountTooLarge')
    .optional(),
});

/** The order screens' choices; customers are searched on the server (`customers.pick`, ADR 094). */
export const formOptionsOut = z.object({
  drivers: z.array(z.object({ _id: z.string(), username: z.string(), name: z.string() })),
  routes: z.array(z.string()),
});

export const deliverySheetInput = z.object({ driverId: idParam });
export const deliverySheetOut = z.object({
  driver: z.object({ _id: z.string(), username: z.string(), name: z.string() }),
  /** Each stop with the day it is for (YYYY-MM-DD): the sheet heads its stops by it. */
  jobs: z.array(jobOut.extend({ deliveryDate: z.string() })),
  totalToCollect: z.number().int(),
});

// --- Reports ------------------------------------------------------------------------------------

export const reportInput = z.object({ date: isoDate });
export const reportOut = z.object({
  date: z.string(),
  totalOrders: z.number().int(),
  orderTrack: z.array(
    z.object({
      _id: z.string().nullable(),
      deliveredBy: z.object({ username: z.string() }).nullable(),
      count: z.number().int(),
      orders: z.array(
        z.object({
          _id: z.string(),
          serialNo: z.number().int(),
          restaurantName: z.string(),
          paymentMethod: z.string().nullable(),
          deliveredAt: z.string(),
        }),
      ),
    }),
  ),
});
export type ReportOut = z.infer<typeof reportOut>;

// --- Settings -----------------------------------------------------------------------------------

export const settingsOut = z.object({
  cutoff: z.string(),
  holidays: z.array(z.string()),
});
const deliverySettingsFields = {
  cutoff: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'settings.cutoffFormat'),
  holidays: z.array(isoDate).max(366, 'settings.tooManyHolidays'),
};
export const settingsInput = z.object({
  ...deliverySettingsFields,
  /**
   * The settings as the screen showed them (ADR 109): a holiday another person added or removed
   * meanwhile stays so, and a cut-off both changed answers 409. Absent (a REST PUT): as sent.
   */
  seen: z.object(deliverySettingsFields).optional().catch(undefined),
});

/** The driver's route for today (ADR 042): one stop per customer, in the office's order. */
export const driverRouteInput = z.object({ driverId: idParam });
export const routeStopOut = z.object({
  /** 1 = the first stop of the driver's day. */
  number: z.number().int(),
  customerId: z.string().nullable(),
  restaurantName: z.string(),
  routeName: z.string().nullable(),
  address: z.string().nullable(),
  /** Stored without the leading 0, like every phone number. */
  phoneNumber: z.string(),
  pending: z.number().int(),
  delivered: z.number().int(),
  /** Cash to collect at the door for the pending deliveries (tax included, yen). */
  amountToCollect: z.number().int(),
});
export type RouteStopOut = z.infer<typeof routeStopOut>;
export const driverRouteOut = z.object({ date: z.string(), stops: z.array(routeStopOut) });
export type DriverRouteOut = z.infer<typeof driverRouteOut>;
