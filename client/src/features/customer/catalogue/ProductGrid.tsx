import { ActionIcon, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EAGER_CARDS, FIRST_CARDS } from '../../../../../shared/catalogue-grid';
import type { ProductOut } from '../../../../../shared/schemas/catalogue';
import { usePriceBasis } from '../../../components/PriceBasisNote';
import { ProductCard, ProductRow } from '../../../components/ProductCard';
import { GridIcon, ListIcon } from '../../../components/shopIcons';
import { type CatalogueView, setCatalogueView, useCatalogueView } from './catalogueView';
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
  const view = useCatalogueView();
  const priceBasis = usePriceBasis();
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
      <Group justify="space-between" align="center" mb="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('catalogue.count', { count: products.length })}
        </Text>
        <ViewToggle view={view} />
      </Group>
      {view === 'list' ? (
        <Stack
          component="ul"
          gap={6}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('catalogue.productList')}
        >
          {shown.map((product, index) => (
            <ProductRow
              key={product._id}
              product={product}
              eager={index < FIRST_CARDS}
              priceBasis={priceBasis}
            />
          ))}
        </Stack>
      ) : (
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
              priceBasis={priceBasis}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

/** Cards or compact rows: two pressed-or-not buttons, 44 px, remembered on this device. */
function ViewToggle({ view }: { view: CatalogueView }) {
  const { t } = useTranslation();
  const choices = [
    { value: 'grid', label: t('catalogue.viewGrid'), icon: <GridIcon /> },
    { value: 'list', label: t('catalogue.viewList'), icon: <ListIcon /> },
  ] as const;
  return (
    // 44 px targets whose box in the layout is within the count's line (20.3 px; -12 px above
    // and below leaves 20): the cards stay where the server's first screen draws them (ADR 021;
    // at -11 the row was 22 px and every card moved 1.7 px when the app took over).
    <Group
      gap={4}
      role="group"
      aria-label={t('catalogue.view')}
      wrap="nowrap"
      style={{ marginBlock: -12 }}
    >
      {choices.map((c) => (
        <ActionIcon
          key={c.value}
          size={44}
          variant={view === c.value ? 'filled' : 'default'}
          aria-pressed={view === c.value}
          aria-label={c.label}
          title={c.label}
          onClick={() => setCatalogueView(c.value)}
          data-testid={`view-${c.value}`}
        >
          {c.icon}
        </ActionIcon>
      ))}
    </Group>
  );
}
