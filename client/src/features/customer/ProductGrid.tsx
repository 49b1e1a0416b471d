import { SimpleGrid, Text } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EAGER_CARDS, FIRST_CARDS } from '../../../../shared/catalogue-grid';
import type { ProductOut } from '../../../../shared/schemas/catalogue';
import { ProductCard } from '../../components/ProductCard';
import { useWishlist } from './useWishlist';

/**
 * FIRST_CARDS are rendered before the rest (shared/catalogue-grid.ts: the server's first
 * screen draws the same ones). The rest follow BATCH at a time, each in its own task: one
 * render of all 84 cards kept a slow phone's main thread busy for ~0.4 s, holding back the
 * paint of the first pictures. The first row's pictures (EAGER_CARDS) load at once with high
 * priority, the rest lazily.
 */
const BATCH = 24;

export { EAGER_CARDS };

interface ProductGridProps {
  products: ProductOut[];
  /** Shown when `products` is empty. */
  emptyText: string;
  /** Narrower grid beside a sidebar. */
  withSidebar?: boolean;
}

/** The customer's product cards: add to cart and the My Ordersheet heart. */
export function ProductGrid({ products, emptyText, withSidebar = false }: ProductGridProps) {
  const { t } = useTranslation();
  const { wishlistFor } = useWishlist();
  // A slow phone paints the first screenful first; the rest follow right after, in batches.
  const [limit, setLimit] = useState(FIRST_CARDS);
  const total = products.length;
  useEffect(() => {
    if (limit >= total) return;
    const id = window.setTimeout(() => startTransition(() => setLimit(limit + BATCH)), 0);
    return () => window.clearTimeout(id);
  }, [limit, total]);
  const shown = limit < total ? products.slice(0, limit) : products;
  if (products.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  }
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
        {t('catalogue.count', { count: products.length })}
      </Text>
      <SimpleGrid
        cols={withSidebar ? { base: 2, sm: 2, md: 3 } : { base: 2, sm: 3, md: 4 }}
        spacing={{ base: 'xs', sm: 'md' }}
        verticalSpacing={{ base: 'xs', sm: 'md' }}
      >
        {shown.map((product, index) => (
          <ProductCard
            key={product._id}
            product={product}
            wishlist={wishlistFor(product._id)}
            eager={index < EAGER_CARDS}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
