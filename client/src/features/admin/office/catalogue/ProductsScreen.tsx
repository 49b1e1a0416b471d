import {
  Button,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ProductOut } from '../../../../../../shared/schemas/catalogue';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { FetchFailed } from '../../../../components/LoadState';
import { localName } from '../../../../components/localName';
import { usePriceBasis } from '../../../../components/PriceBasisNote';
import { ProductCard } from '../../../../components/ProductCard';
import { trpc } from '../../../../trpc';
import { cardImage } from '../../../../upload';
import { matchesName } from '../../../customer/catalogue/search';
import { AdminSidebarLayout, officeCrumbs } from '../../AdminSidebarLayout';
import { ImportModal } from '../shared/ImportModal';
import { useAfterChange } from '../shared/useOfficeMutation';
import { CategoriesPanel } from './CategoriesPanel';
import { ProductForm } from './ProductForm';
import { LowStockPanel, ProductStockPanel } from './StockPanels';

const PAGE = 24;

/** /admin/products: product cards with edit and delete, and the categories. */
export function ProductsScreen() {
  const { t, i18n } = useTranslation();
  const named = (p: { name: string; nameNe?: string | null; nameJa?: string | null }) =>
    localName(p, i18n.resolvedLanguage);
  const [params] = useSearchParams();
  const category = params.get('category') ?? undefined;
  const products = trpc.products.list.useQuery();
  const priceBasis = usePriceBasis();
  const categories = trpc.categories.list.useQuery();
  const remove = trpc.products.remove.useMutation();
  const after = useAfterChange();
  const [tab, setTab] = useState<string | null>('products');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ProductOut | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProductOut | null>(null);
  const [importing, setImporting] = useState(false);
  const [stockOf, setStockOf] = useState<ProductOut | null>(null);

  const rows = useMemo(() => {
    // Read as the catalogue reads it (ADR 113): full-width, kana, Devanagari, spelling.
    return (products.data ?? [])
      .filter(
        (p) =>
          (!category || p.category?._id === category) &&
          matchesName([p.name, p.nameNe, p.nameJa], query),
      )
      .sort((a, b) => a.productRank - b.productRank || a.name.localeCompare(b.name));
  }, [products.data, category, query]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const current = Math.min(page, pages);
  const chosen = category ? categories.data?.find((c) => c._id === category) : undefined;
  const categoryName = chosen ? named(chosen) : undefined;

  return (
    <AdminSidebarLayout
      title={categoryName ? `${t('nav.products')} · ${categoryName}` : t('nav.products')}
      crumbs={officeCrumbs(t, t('nav.products'))}
      actions={
        <>
          <Button variant="default" onClick={() => setImporting(true)}>
            {t('office.import.button')}
          </Button>
          <Button onClick={() => setEditing('new')}>{t('office.products.add')}</Button>
        </>
      }
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="products">{t('nav.products')}</Tabs.Tab>
          <Tabs.Tab value="categories">{t('office.categories.title')}</Tabs.Tab>
          <Tabs.Tab value="stock">{t('stock.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products">
          <TextInput
            type="search"
            mb="sm"
            label={t('office.products.search')}
            value={query}
            onChange={(e) => {
              setQuery(e.currentTarget.value);
              setPage(1);
            }}
          />
          {products.isPending ? (
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" aria-busy="true">
              {Array.from({ length: 8 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={i} h={280} radius="lg" />
              ))}
            </SimpleGrid>
          ) : products.isError ? (
            <FetchFailed onRetry={() => void products.refetch()} />
          ) : rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('office.products.none')}
            </Text>
          ) : (
            <>
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
                {rows.slice((current - 1) * PAGE, current * PAGE).map((p) => (
                  <ProductCard
                    key={p._id}
                    product={{ ...p, image: cardImage(p.image) }}
                    withCart={false}
                    priceBasis={priceBasis}
                    actions={
                      <Stack gap={4}>
                        <Text size="xs" c="dimmed" data-testid="product-tax-rate">
                          {t('office.products.rateColumn')}: {p.taxRate}%
                          {p.ownTaxRate === null
                            ? ` (${t('office.products.rateFollowsPlain')})`
                            : ''}
                        </Text>
                        <Group grow gap="xs">
                          <Button
                            size="compact-sm"
                            variant="light"
                            onClick={() => setEditing(p)}
                            aria-label={t('office.editNamed', { name: named(p) })}
                          >
                            {t('office.edit')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="light"
                            color="red"
                            onClick={() => setDeleting(p)}
                            aria-label={t('office.deleteNamed', { name: named(p) })}
                          >
                            {t('office.delete')}
                          </Button>
                        </Group>
                        {p.itemCount === 'Count' && (
                          <Button
                            size="compact-sm"
                            variant="default"
                            onClick={() => setStockOf(p)}
                            // The name starts with what the button shows (WCAG 2.5.3).
                            aria-label={`${t('stock.openMovements')} ${p.stockInCount}: ${named(p)}`}
                          >
                            {t('stock.openMovements')} {p.stockInCount}
                          </Button>
                        )}
                      </Stack>
                    }
                  />
                ))}
              </SimpleGrid>
              {pages > 1 && (
                <Group justify="center" mt="md">
                  <Pagination
                    total={pages}
                    value={current}
                    onChange={setPage}
                    getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
                  />
                </Group>
              )}
            </>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="categories">
          <CategoriesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="stock">
          <LowStockPanel />
        </Tabs.Panel>
      </Tabs>
      {editing && (
        <ProductForm
          product={editing === 'new' ? null : editing}
          category={category}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('office.products.confirmDelete')}
        message={`${deleting ? named(deleting) : ''} — ${t('common.undoWarning')}`}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync({ id: deleting._id });
            after.done('office.products.deleted');
          } catch (error) {
            after.failed(error);
          }
        }}
        onClose={() => setDeleting(null)}
      />
      {importing && <ImportModal kind="products" onClose={() => setImporting(false)} />}
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={stockOf !== null}
        onClose={() => setStockOf(null)}
        title={`${t('stock.title')}: ${stockOf ? named(stockOf) : ''}`}
        size="xl"
        centered
      >
        {stockOf && <ProductStockPanel productId={stockOf._id} />}
      </Modal>
    </AdminSidebarLayout>
  );
}
