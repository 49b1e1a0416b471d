import { Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { trpc } from '../../../trpc';
import { customerCrumbs } from '../crumbs';
import { ProductGrid } from './ProductGrid';
import { SearchBox } from './SearchBox';
import { THAI_CATEGORY } from './search';
import { useRankedSearch } from './useRankedSearch';

/** /customer/thaiproducts 'THAI PRODUCTS': only the 'Thai Items' category, searchable. */
export function ThaiProductsScreen() {
  const { t } = useTranslation();
  const products = trpc.products.list.useQuery();
  const [query, setQuery] = useState('');
  const thai = useMemo(
    () => (products.data ?? []).filter((p) => p.category?.name === THAI_CATEGORY),
    [products.data],
  );
  const shown = useRankedSearch(thai, query);

  return (
    <>
      <Breadcrumbs items={customerCrumbs(t, t('nav.thaiProducts'))} />
      <Title order={1} size="h2" mb="md">
        {t('catalogue.thaiTitle')}
      </Title>
      <Stack gap="sm">
        <SearchBox value={query} onChange={setQuery} />
        {products.isPending ? (
          <Loading />
        ) : products.isError ? (
          <FetchFailed onRetry={() => void products.refetch()} />
        ) : (
          <ProductGrid
            products={shown}
            emptyText={thai.length === 0 ? t('catalogue.noProducts') : t('catalogue.noMatches')}
          />
        )}
      </Stack>
    </>
  );
}
