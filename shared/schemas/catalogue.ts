import { z } from 'zod';
import { ITEM_COUNTS, ITEM_TYPES, SHOW_DESCRIPTION, UNITS } from '../enums';

export const idParam = z.string({ error: 'common.idRequired' }).trim().min(1).max(64);

/**
 * `nameNe`, `nameJa`: the optional Nepali and Japanese names, shown in the Nepali and Japanese
 * interfaces (else `name`).
 */
export const categoryOut = z.object({
  _id: z.string(),
  name: z.string(),
  nameNe: z.string().nullish(),
  nameJa: z.string().nullish(),
  /** The consumption-tax rate its products follow, in percent. */
  taxRate: z.union([z.literal(8), z.literal(10)]).optional(),
});
export type CategoryOut = z.infer<typeof categoryOut>;

export const productOut = z.object({
  _id: z.string(),
  name: z.string(),
  /** The Nepali name, when the office gave one (DESIGN §6). */
  nameNe: z.string().nullable(),
  /** The Japanese name, when the office gave one (ADR 064). */
  nameJa: z.string().nullish(),
  category: categoryOut.nullable(),
  price: z.number().int(),
  description: z.string(),
  /** The Nepali description, when the office gave one (ADR 040). */
  descriptionNe: z.string().nullish(),
  sku: z.enum(UNITS),
  image: z.string().nullable(),
  productRank: z.number().int(),
  itemType: z.enum(ITEM_TYPES),
  itemCount: z.enum(ITEM_COUNTS),
  showDescription: z.enum(SHOW_DESCRIPTION),
  stockInCount: z.number().int(),
  /** The consumption-tax rate the product is sold at (its own, else its category's), percent. */
  taxRate: z.union([z.literal(8), z.literal(10)]),
  /** The product's own rate; null follows its category. */
  ownTaxRate: z.union([z.literal(8), z.literal(10)]).nullable(),
  /** The least one order line may hold (ADR 035). */
  minQuantity: z.number().int(),
  /** Ordered in multiples of this (a case); 1 = any quantity. */
  lot: z.number().int(),
});
export type ProductOut = z.infer<typeof productOut>;

/** Every product list: the catalogue and a customer's wishlist. */
export const productListOut = z.array(productOut);
export const categoryListOut = z.array(categoryOut);

export const wishlistAddInput = z.object({ productId: idParam });
export const wishlistRemoveInput = z.object({ productId: idParam });

/** Product search (docs/decisions/039): words to look for; staff may rank for one customer. */
export const productSearchInput = z.object({
  q: z.string({ error: 'common.invalid' }).max(100),
  customerId: idParam.optional(),
});
/** The matching products' ids, best first (the cards come from the cached catalogue). */
export const productSearchOut = z.object({ ids: z.array(z.string()) });
