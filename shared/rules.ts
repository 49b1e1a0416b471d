import type { ItemType } from './enums';

// Business rules both sides apply: the server enforces them, the client uses them to warn
// early and to bound its inputs. One home for each: nothing here is restated elsewhere.
// The business's time zone and today's date are not constants: the session sends them
// (auth.session / auth.profile `business`), from the server's configuration.

/** The most of one product an order line (and a cart line) may hold. */
export const MAX_QUANTITY = 9999;

/** The latest delivery date an order may ask for (YYYY-MM-DD). */
export const LATEST_DELIVERY_DATE = '2099-12-31';

/**
 * How many days back a driver may hand over a day's cash (today and the 31 days before it, a
 * month and a day to spare): a driver who forgot a day hands it over within a month, and a
 * typed 2020 is refused. Older days are the office's: its handover report lists every
 * driver's collected days, and a confirmed day is corrected there (server/money/
 * handover-corrections.ts). A day after today is never handed over.
 */
export const HANDOVER_DAYS_BACK = 31;

/**
 * The most the office may write off as a bank transfer fee (振込手数料) a restaurant deducted
 * from a transfer (ADR 069). A bank's fee for one transfer is ¥110–¥880; a rest larger than
 * this is a wrong amount (a missing transfer, a typo), not a fee, and stays due.
 */
export const BANK_FEE_WRITE_OFF_MAX = 1000;

/** What of a product decides whether it can be ordered (its counted stock: ADR 036). */
export interface StockShape {
  itemType: ItemType | string;
  itemCount?: string;
  stockInCount?: number;
}

/**
 * A product that cannot be ordered: marked Out of Stock, or counted in stock with none left
 * (a bare item type, as older callers pass, is judged by the mark alone).
 */
export function isOutOfStock(p: StockShape | ItemType | string): boolean {
  if (typeof p === 'string') return p === 'Out of Stock';
  if (p.itemType === 'Out of Stock') return true;
  return p.itemCount === 'Count' && p.stockInCount !== undefined && p.stockInCount <= 0;
}

/** The item type a card shows: Out of Stock by itself when a counted product has none left. */
export function shownItemType<T extends ItemType>(
  p: StockShape & { itemType: T },
): T | 'Out of Stock' {
  return isOutOfStock(p) ? 'Out of Stock' : p.itemType;
}
