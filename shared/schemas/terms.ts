import { z } from 'zod';
import { MIN_ORDER_RULES } from '../terms';
import { idParam } from './catalogue';
import { numberField, plainNumber } from './common';
import { MAX_LINES } from './orders';

// Price lists, overrides, hidden products and a customer's terms (ADR 035).

/** A price in whole yen, from 0; the same messages as the product form's price. */
export const termsPrice = z.preprocess(
  plainNumber,
  numberField('product.priceRequired', 'product.priceWhole')
    .int('product.priceWhole')
    .min(0, 'product.priceNegative')
    .max(100_000_000, 'product.priceWhole'),
);

/** A product's minimum quantity or lot: a whole number 1-9999 (blank: 1). */
const quantityTerm = (message: string) =>
  z
    .preprocess(
      plainNumber,
      numberField(message, message).int(message).min(1, message).max(9999, message).optional(),
    )
    .optional();
export const minQuantityField = quantityTerm('terms.minimumWhole');
export const lotField = quantityTerm('terms.lotWhole');

const amount = z.preprocess(
  plainNumber,
  numberField('terms.amountWhole', 'terms.amountWhole')
    .int('terms.amountWhole')
    .min(0, 'terms.amountWhole')
    .max(100_000_000, 'terms.amountWhole'),
);

const listName = z
  .string({ error: 'common.required' })
  .trim()
  .min(1, 'common.required')
  .max(100, 'field.tooLong');

export const priceListCreateInput = z.object({ name: listName });
export const priceListRenameInput = z.object({ id: idParam, name: listName });
export const priceListIdInput = z.object({ id: idParam });

export const priceListOut = z.object({
  _id: z.string(),
  name: z.string(),
  /** How many products have a price on this list. */
  priceCount: z.number().int(),
  /** How many customers pay from it. */
  customerCount: z.number().int(),
});
export const priceListsOut = z.array(priceListOut);

export const priceListDetailOut = priceListOut.extend({
  /** Every product: its standard price, its price on this list (null: standard), hidden. */
  products: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      standardPrice: z.number().int(),
      price: z.number().int().nullable(),
      hidden: z.boolean(),
    }),
  ),
  customers: z.array(z.object({ _id: z.string(), restaurantName: z.string() })),
});
export type PriceListDetailOut = z.infer<typeof priceListDetailOut>;

/** Prices to set on a list: null takes the product off the list (the standard price). */
export const priceListSetPricesInput = z.object({
  id: idParam,
  prices: z
    .array(z.object({ productId: idParam, price: termsPrice.nullable() }))
    .min(1)
    .max(5000),
});

export const priceListImportInput = z.object({
  id: idParam,
  csv: z.string().min(1, 'common.required').max(1_000_000, 'import.tooLarge'),
  commit: z.boolean().default(false),
});
export const csvOut = z.object({ filename: z.string(), csv: z.string() });

export const customerTermsInput = z.object({
  customerId: idParam,
  priceListId: idParam.nullable(),
  minOrderRule: z.enum(MIN_ORDER_RULES),
  minOrderValue: amount,
  deliveryCharge: amount,
});

export const customerTermsOut = z.object({
  customerId: z.string(),
  priceListId: z.string().nullable(),
  minOrderRule: z.enum(MIN_ORDER_RULES),
  minOrderValue: z.number().int(),
  deliveryCharge: z.number().int(),
  /** Its own prices: each product, what it pays, the list's (or standard) price. */
  overrides: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      price: z.number().int(),
      standardPrice: z.number().int(),
    }),
  ),
  /** Products hidden from this customer alone. */
  hidden: z.array(z.object({ productId: z.string(), name: z.string() })),
  /** Products hidden from it through its price list (changed on the list, not here). */
  hiddenByList: z.array(z.object({ productId: z.string(), name: z.string() })),
});
export type CustomerTermsOut = z.infer<typeof customerTermsOut>;

/** One product's price for one customer; null removes the override. */
export const overrideInput = z.object({
  customerId: idParam,
  productId: idParam,
  price: termsPrice.nullable(),
});

/** Hides a product from (or shows it again to) one customer or one price list. */
export const hiddenInput = z
  .object({
    productId: idParam,
    customerId: idParam.optional(),
    priceListId: idParam.optional(),
    hidden: z.boolean(),
  })
  .refine((v) => (v.customerId === undefined) !== (v.priceListId === undefined), {
    message: 'common.required',
  });

export const productTermsInput = z.object({ productId: idParam });
/** The office's view of one product: who pays what, who does not see it. */
export const productTermsOut = z.object({
  productId: z.string(),
  standardPrice: z.number().int(),
  lists: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      price: z.number().int().nullable(),
      hidden: z.boolean(),
      customerCount: z.number().int(),
    }),
  ),
  customers: z.array(
    z.object({
      _id: z.string(),
      restaurantName: z.string(),
      /** What it pays: its override, else its list's price, else the standard. */
      price: z.number().int(),
      /** Where that price comes from. */
      source: z.enum(['override', 'list', 'standard']),
      listName: z.string().nullable(),
      hidden: z.boolean(),
      /** Hidden from this customer alone (not through its list). */
      hiddenOwn: z.boolean(),
    }),
  ),
});
export type ProductTermsOut = z.infer<typeof productTermsOut>;

/** The cart's products the checkout asks about (orders.checkoutTerms): at most an order's lines. */
export const checkoutTermsInput = z.object({
  products: z.array(idParam).max(MAX_LINES, 'order.tooManyLines').default([]),
});

/** The office's phone order for a customer: that customer's terms (orders.termsFor). */
export const termsForInput = checkoutTermsInput.extend({ customerId: idParam });

/**
 * The signed-in customer's terms as its cart and checkout show them: its minimum order value
 * (before tax; `refuse`: below it the order is refused, `charge`: a delivery charge line of
 * `deliveryCharge` at 10% is added) or null when nothing happens below any amount, and which of
 * the asked products are hidden from it (not available to its restaurant).
 */
export const checkoutTermsOut = z.object({
  minimumOrder: z
    .object({
      rule: z.enum(['refuse', 'charge']),
      value: z.number().int(),
      deliveryCharge: z.number().int(),
    })
    .nullable(),
  hidden: z.array(z.string()),
});
export type CheckoutTermsOut = z.infer<typeof checkoutTermsOut>;
