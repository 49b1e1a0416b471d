import { SimpleGrid, Text } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductOut } from '../../../../shared/schemas/catalogue';
import { ProductCard } from '../../components/ProductCard';
import { useWishlist } from './useWishlist';

/** Cards rendered before the rest (a phone's first screens); the first row's pictures eager. */
const FIRST_CARDS = 12;
const EAGER_CARDS = 4;

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
  // A slow phone paints the first screenful first; the rest follow right after.
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all) return;
    const id = window.setTimeout(() => startTransition(() => setAll(true)), 0);
    return () => window.clearTimeout(id);
  }, [all]);
  const shown = all ? products : products.slice(0, FIRST_CARDS);
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
