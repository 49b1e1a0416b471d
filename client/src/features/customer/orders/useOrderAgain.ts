import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrderOut } from '../../../../../shared/schemas/orders';
import { readCart, writeCart } from '../../../cart';
import { notifyError, notifySuccess } from '../../../components/notify';
import { errorText } from '../../../errors';
import { trpc } from '../../../trpc';
import { mergeOrderIntoCart } from './reorder';

/**
 * "Order again": a past order's lines back into the cart with today's product data, then to
 * the cart. Lines whose product is gone or Out of Stock are left out and named in a notice.
 */
export function useOrderAgain() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const orderAgain = async (order: OrderOut) => {
    setBusy(true);
    try {
      // Current names, units, prices and stock: not the cached list of a while ago.
      const products = await utils.products.list.fetch(undefined, { staleTime: 0 });
      const { items, added, skipped } = mergeOrderIntoCart(readCart(), order.orderItems, products);
      if (skipped.length > 0) {
        notifyError(t('orders.reorderSkipped', { names: skipped.join(', ') }));
      }
      if (added.length > 0) {
        writeCart(items);
        notifySuccess(t('orders.reorderAdded', { count: added.length }));
        navigate('/cart');
      }
    } catch (error) {
      notifyError(errorText(t, error, 'errors.common.fetchFailed'));
    } finally {
      setBusy(false);
    }
  };

  return { orderAgain, busy };
}
