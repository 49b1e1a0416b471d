import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify';
import type { WishlistToggle } from '../../../components/ProductCard';
import { errorText } from '../../../errors';
import { trpc } from '../../../trpc';

/** My Ordersheet: the saved products, and the heart's add / remove for any product. */
export function useWishlist() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const list = trpc.wishlist.list.useQuery();
  const add = trpc.wishlist.add.useMutation();
  const remove = trpc.wishlist.remove.useMutation();
  const { mutateAsync: addAsync } = add;
  const { mutateAsync: removeAsync } = remove;

  const savedIds = useMemo(() => new Set((list.data ?? []).map((p) => p._id)), [list.data]);

  const toggle = useCallback(
    async (productId: string, saved: boolean) => {
      try {
        const next = saved ? await removeAsync({ productId }) : await addAsync({ productId });
        utils.wishlist.list.setData(undefined, next);
        notifySuccess(saved ? t('product.removedFromOrdersheet') : t('product.addedToOrdersheet'));
      } catch (error) {
        notifyError(errorText(t, error, 'errors.common.mutationFailed'));
      } finally {
        await utils.wishlist.list.invalidate();
      }
    },
    [addAsync, removeAsync, t, utils],
  );

  const wishlistFor = useCallback(
    (productId: string): WishlistToggle => ({
      saved: savedIds.has(productId),
      onToggle: (saved) => toggle(productId, saved),
    }),
    [savedIds, toggle],
  );

  return { list, wishlistFor };
}
