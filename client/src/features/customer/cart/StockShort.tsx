import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type CartItem,
  quantityWithin,
  removeFromCart,
  setQuantityInCart,
  termsOf,
} from '../../../cart';
import { localName } from '../../../components/localName';
import { failureOf } from '../../../errors';

// A counted product with less left than the cart asks for. The customer's catalogue does not
// carry the live count (ADR 041: it moves only when a stock reaches or leaves zero), so what is
// left is known from the server's refusal of Place Order (409 `stock.insufficient`, with the
// product and what is left); the cart line then says it and offers the way out.

/** What is left of a counted product, as a 409 `stock.insufficient` said it (null: not that). */
export function stockShortOf(error: unknown): { productId: string; left: number } | null {
  const failure = failureOf(error);
  if (failure?.code !== 'stock.insufficient') return null;
  const { productId, left } = failure.params ?? {};
  return typeof productId === 'string' && typeof left === 'number' ? { productId, left } : null;
}

/**
 * The way out of "only N left": as many as are left (in whole cases, at least the line's
 * minimum), or removing the line when not even its smallest quantity is left.
 */
export function StockShortAction({
  item,
  left,
  onDone,
}: {
  item: CartItem;
  left: number;
  onDone?(): void;
}) {
  const { t, i18n } = useTranslation();
  const within = quantityWithin(termsOf(item), left);
  return within === null ? (
    <Button
      size="xs"
      mih={44}
      color="red"
      variant="light"
      onClick={() => {
        removeFromCart(item.id);
        onDone?.();
      }}
    >
      {t('cart.remove', { name: localName(item, i18n.resolvedLanguage) })}
    </Button>
  ) : (
    <Button
      size="xs"
      mih={44}
      variant="light"
      onClick={() => {
        setQuantityInCart(item.id, within);
        onDone?.();
      }}
    >
      {t('cart.takeLeft', { quantity: within })}
    </Button>
  );
}
