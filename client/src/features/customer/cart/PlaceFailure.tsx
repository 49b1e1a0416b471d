// A refused or unanswered order said where the eye is, with the way out when it is about a
// product with less left than the cart asks for.
import { Alert, Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '../../../cart';
import { errorText } from '../../../errors';
import { StockShortAction, stockShortOf } from './StockShort';

interface PlaceFailureProps {
  /** What Place Order or "Add to that order" failed with. */
  error: unknown;
  items: CartItem[];
  /** The line was reduced to what is left: the refusal no longer stands. */
  onShortTaken(): void;
}

export function PlaceFailure({ error, items, onShortTaken }: PlaceFailureProps) {
  const { t } = useTranslation();
  // The line the refusal is about, when it is "only N left" of a product in the cart.
  const short = stockShortOf(error);
  const shortItem = short ? items.find((i) => i.id === short.productId) : undefined;

  // On a phone Place Order sits in the bar at the bottom, and the message would be below the
  // screen, behind the bar. It is brought into the middle of the screen and takes the focus
  // (a screen reader reads it; role=alert announces it).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!error) return;
    const shown = box.current;
    if (!shown) return;
    shown.scrollIntoView({ block: 'center' });
    shown.focus({ preventScroll: true });
  }, [error]);

  const text = errorText(t, error, 'errors.common.mutationFailed');
  if (!text) return null;
  return (
    <Alert
      ref={box}
      tabIndex={-1}
      color="red"
      variant="light"
      role="alert"
      title={t('cart.failedTitle')}
      data-testid="place-failed"
      // Clear of the sticky bar when scrolled to (the bar is ~80 px high on a phone).
      style={{ scrollMarginBottom: 120 }}
    >
      {text}
      {short && shortItem && shortItem.quantity > short.left && (
        <Box mt="xs">
          <StockShortAction item={shortItem} left={short.left} onDone={onShortTaken} />
        </Box>
      )}
    </Alert>
  );
}
