import { ActionIcon, Indicator } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCart } from '../cart';
import { CartIcon } from './icons';

/** Shown only while the cart has items; the badge counts items (lines), not quantities. */
export function CartButton() {
  const { t } = useTranslation();
  const count = useCart().length;
  if (count === 0) return null;
  return (
    <Indicator label={count} size={18} offset={4} color="red">
      <ActionIcon
        component={Link}
        to="/cart"
        variant="subtle"
        size={44}
        aria-label={t('nav.cartItems', { count })}
      >
        <CartIcon />
      </ActionIcon>
    </Indicator>
  );
}
