import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { HeartIcon } from '../../../components/shopIcons';
import { customerCrumbs } from '../crumbs';
import { ProductGrid } from './ProductGrid';
import { SearchBox } from './SearchBox';
import { matchesName } from './search';
import { useWishlist } from './useWishlist';

/** /customer/customsheet 'MY ORDERSHEET': the wishlist as product cards, searchable. */
export function OrdersheetScreen() {
  const { t } = useTranslation();
  const { list } = useWishlist();
  const [query, setQuery] = useState('');
  const saved = list.data ?? [];
  const shown = saved.filter((p) => matchesName([p.name, p.nameNe, p.nameJa], query));

  return (
    <>
      <Breadcrumbs items={customerCrumbs(t, t('nav.myOrdersheet'))} />
      <Title order={1} size="h2" mb="md">
        {t('catalogue.ordersheetTitle')}
      </Title>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <FetchFailed onRetry={() => void list.refetch()} />
      ) : saved.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Stack align="center" gap="xs">
            <Text c="red" aria-hidden="true">
              <HeartIcon size={40} />
            </Text>
            <Text fw={600}>{t('catalogue.ordersheetEmpty')}</Text>
            <Text c="dimmed" size="sm">
              {t('catalogue.ordersheetHint')}
            </Text>
            <Button component={Link} to="/customer/regularorder" mt="sm">
              {t('nav.allProducts')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm">
          <SearchBox value={query} onChange={setQuery} />
          <ProductGrid products={shown} emptyText={t('catalogue.noMatches')} />
        </Stack>
      )}
    </>
  );
}
