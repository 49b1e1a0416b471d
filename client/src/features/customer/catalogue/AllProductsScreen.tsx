import { Box, Button, Flex, Group, NavLink, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { localName } from '../../../components/localName';
import { releaseFirstScreen } from '../../../firstScreen';
import { trpc } from '../../../trpc';
import { customerCrumbs } from '../crumbs';
import classes from './catalogue.module.css';
import { ProductGrid } from './ProductGrid';
import { SearchBox } from './SearchBox';
import { useRankedSearch } from './useRankedSearch';

const ALL = 'all';

/** /customer/regularorder 'ALL PRODUCTS': search, categories (sidebar or dropdown), cards. */
export function AllProductsScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  const products = trpc.products.list.useQuery();
  const categories = trpc.categories.list.useQuery();
  const [query, setQuery] = useState('');
  // A promotion may lead here with ?category=<id> or ?product=<id> (ADR 045).
  const [params, setParams] = useSearchParams();
  const linkedCategory = params.get('category');
  const linkedProduct = params.get('product');
  const [category, setCategory] = useState(linkedCategory ?? ALL);
  useEffect(() => {
    if (linkedCategory) setCategory(linkedCategory);
  }, [linkedCategory]);
  const chooseCategory = (value: string) => {
    setCategory(value);
    if (linkedCategory || linkedProduct) setParams({}, { replace: true });
  };
  // The server's first screen (ADR 021) gives way in the commit that shows these cards (or the
  // error), before the browser paints: the same boxes in the same places.
  // The cards say the price basis beside each price, as the first screen draws it: wait for it.
  const basis = trpc.settings.tax.useQuery(undefined, { staleTime: 60_000 });
  const settled = !products.isPending && !basis.isPending;
  useLayoutEffect(() => {
    if (settled) releaseFirstScreen();
  }, [settled]);

  const found = useRankedSearch(products.data, query);
  // The promotion's product alone, when the customer may see it; otherwise the usual list.
  const single = linkedProduct ? (products.data ?? []).filter((p) => p._id === linkedProduct) : [];
  const shown = useMemo(
    () => found.filter((p) => category === ALL || p.category?._id === category),
    [found, category],
  );
  const choices = [
    { value: ALL, label: t('catalogue.allProducts') },
    ...(categories.data ?? []).map((c) => ({ value: c._id, label: localName(c, lang) })),
  ];

  return (
    <>
      <Breadcrumbs items={customerCrumbs(t, t('nav.allProducts'))} />
      <Title order={1} size="h2" mb="md">
        {t('catalogue.allProductsTitle')}
      </Title>
      <Flex gap="lg" align="flex-start">
        <Box
          component="nav"
          visibleFrom="sm"
          aria-label={t('catalogue.categories')}
          w={220}
          style={{ flexShrink: 0, position: 'sticky', top: 76 }}
        >
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4} px="sm">
            {t('catalogue.categories')}
          </Text>
          {choices.map((c) => (
            <NavLink
              key={c.value}
              component="button"
              type="button"
              label={c.label}
              active={category === c.value}
              aria-current={category === c.value ? 'true' : undefined}
              onClick={() => chooseCategory(c.value)}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
          {categories.isError && (
            <Text size="xs" c="red" px="sm" mt="xs">
              {t('errors.common.categoriesFailed')}
            </Text>
          )}
        </Box>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          {/* Stays under the top bar while the 84 cards scroll by (on a phone ~14,000 px). */}
          <Stack gap="xs" className={classes.sticky} data-testid="catalogue-filters">
            <SearchBox value={query} onChange={setQuery} />
            <Select
              hiddenFrom="sm"
              label={t('catalogue.byCategory')}
              data={choices}
              value={category}
              onChange={(value) => chooseCategory(value ?? ALL)}
              allowDeselect={false}
              error={categories.isError ? t('errors.common.categoriesFailed') : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          </Stack>
          {products.isPending ? (
            <Loading />
          ) : products.isError ? (
            <FetchFailed onRetry={() => void products.refetch()} />
          ) : single.length > 0 ? (
            <>
              <Group justify="space-between" wrap="wrap" gap="xs" data-testid="linked-product">
                <Text size="sm" c="dimmed">
                  {t('catalogue.linkedProduct')}
                </Text>
                <Button variant="light" mih={44} onClick={() => setParams({}, { replace: true })}>
                  {t('catalogue.showAll')}
                </Button>
              </Group>
              <ProductGrid products={single} withSidebar emptyText={t('catalogue.noMatches')} />
            </>
          ) : (
            <ProductGrid
              products={shown}
              withSidebar
              emptyText={
                (products.data ?? []).length === 0
                  ? t('catalogue.noProducts')
                  : t('catalogue.noMatches')
              }
            />
          )}
        </Stack>
      </Flex>
    </>
  );
}
