import type { InformationOut } from '../../../../../shared/schemas/information';

/** Where a tap on a promotion leads (ADR 045): its product or category in the catalogue. */
export function promotionTarget(
  item: Pick<InformationOut, 'productId' | 'categoryId'>,
): string | null {
  if (item.productId) return `/customer/regularorder?product=${encodeURIComponent(item.productId)}`;
  if (item.categoryId) {
    return `/customer/regularorder?category=${encodeURIComponent(item.categoryId)}`;
  }
  return null;
}
