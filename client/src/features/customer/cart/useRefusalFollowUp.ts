// After the server refuses an order, the screen reads again what the refusal may be about,
// and a product with less left than asked for is said on its own line.
import { trpc } from '../../../trpc';
import { stockShortOf } from './StockShort';

/** The server said a counted product has less left than the cart asks for. */
export type OnStockShort = (productId: string, left: number) => void;

export function useRefusalFollowUp(onStockShort?: OnStockShort) {
  const utils = trpc.useUtils();

  /**
   * After a refusal, what it may be about is read again: the catalogue (a product out of stock
   * or hidden now, a price), the terms (the minimum), the calendar (the cut-off passed) and the
   * same-day order; the lines, the estimate and the date then show it.
   */
  const refresh = () =>
    Promise.all([
      utils.products.list.invalidate(),
      utils.orders.checkoutTerms.invalidate(),
      utils.settings.deliveryCalendar.invalidate(),
      utils.orders.sameDay.invalidate(),
    ]);

  /** A counted product with less left than asked for: its line says so (CartScreen keeps it). */
  const reportShort = (error: unknown) => {
    const short = stockShortOf(error);
    if (short) onStockShort?.(short.productId, short.left);
  };

  return { refresh, reportShort };
}

export type RefusalFollowUp = ReturnType<typeof useRefusalFollowUp>;
