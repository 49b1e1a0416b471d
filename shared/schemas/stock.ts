import { z } from 'zod';
import { STOCK_REASONS, UNITS } from '../enums';
import { idParam } from './catalogue';
import { numberField, plainNumber } from './common';

// Stock that counts (ADR 036): receipts, corrections, thresholds and what the office reads.

/** Listed as low at or below this many, unless the product has its own threshold. */
export const DEFAULT_LOW_STOCK_AT = 5;
export const STOCK_MOVEMENTS_PAGE_SIZE = 30;
const MAX_STOCK = 1_000_000;

const note = z.string().trim().max(500, 'field.tooLong').optional().default('');

export const stockReceiveInput = z.object({
  productId: idParam,
  quantity: z.preprocess(
    plainNumber,
    numberField('stock.quantityRequired', 'field.wholeNumber')
      .int('field.wholeNumber')
      .min(1, 'stock.quantityPositive')
      .max(MAX_STOCK, 'field.wholeNumber'),
  ),
  note,
});
export type StockReceiveInput = z.input<typeof stockReceiveInput>;

export const stockAdjustInput = z.object({
  productId: idParam,
  delta: z.preprocess(
    plainNumber,
    numberField('stock.quantityRequired', 'field.wholeNumber')
      .int('field.wholeNumber')
      .min(-MAX_STOCK, 'field.wholeNumber')
      .max(MAX_STOCK, 'field.wholeNumber')
      .refine((v) => v !== 0, 'stock.deltaZero'),
  ),
  note,
});

export const lowStockAtInput = z.object({
  productId: idParam,
  lowStockAt: z.number().int().min(0).max(MAX_STOCK).nullable(),
});

export const stockSettingsInput = z.object({
  lowStockAt: z.number().int().min(0, 'field.wholeNumber').max(MAX_STOCK, 'field.wholeNumber'),
});
export type StockSettings = z.infer<typeof stockSettingsInput>;

export const movementsInput = z.object({
  productId: idParam,
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

export const stockLevelOut = z.object({ productId: z.string(), stockInCount: z.number().int() });
export const lowStockAtOut = z.object({
  productId: z.string(),
  lowStockAt: z.number().int().nullable(),
});

export const lowStockOut = z.object({
  products: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      /** Its names in the office's other languages (ADR 064). */
      nameNe: z.string().nullish(),
      nameJa: z.string().nullish(),
      sku: z.enum(UNITS),
      stockInCount: z.number().int(),
      lowStockAt: z.number().int(),
      ownLowStockAt: z.number().int().nullable(),
    }),
  ),
  defaultLowStockAt: z.number().int(),
});
export type LowStockOut = z.infer<typeof lowStockOut>;

export const stockMovementPageOut = z.object({
  productId: z.string(),
  stockInCount: z.number().int(),
  counted: z.boolean(),
  lowStockAt: z.number().int().nullable(),
  movements: z.array(
    z.object({
      _id: z.string(),
      delta: z.number().int(),
      reason: z.enum(STOCK_REASONS),
      refId: z.string().nullable(),
      orderNumber: z.number().int().nullable(),
      note: z.string(),
      balance: z.number().int(),
      by: z.string(),
      createdAt: z.string(),
    }),
  ),
  page: z.number().int(),
  pages: z.number().int(),
});
export type StockMovementPageOut = z.infer<typeof stockMovementPageOut>;
