import { Alert, Button, Center, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceOut } from '../../../../../shared/schemas/invoices';
import { InvoiceCard } from './InvoiceCard';

/** 'Failed to load invoices' with Retry (spec §8). */
export function InvoicesFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={t('money.loadFailed')}>
      <Button size="xs" color="red" variant="white" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

/** Invoice cards in a responsive grid, with 'load more' when more pages exist. */
export function InvoiceCards({
  invoices,
  staff,
  emptyType,
  onChanged,
  onEdit,
  hasMore,
  onMore,
  loadingMore,
}: {
  invoices: InvoiceOut[];
  staff: boolean;
  emptyType: string;
  onChanged(): void;
  onEdit?(invoice: InvoiceOut): void;
  hasMore?: boolean;
  onMore?(): void;
  loadingMore?: boolean;
}) {
  const { t } = useTranslation();
  if (invoices.length === 0) {
    return (
      <Text c="gray.7" ta="center" py="xl">
        {t('money.noInvoices', { type: emptyType })}
      </Text>
    );
  }
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {invoices.map((inv) => (
          <InvoiceCard
            key={inv._id}
            invoice={inv}
            staff={staff}
            onChanged={onChanged}
            onEdit={onEdit}
          />
        ))}
      </SimpleGrid>
      {hasMore && onMore && (
        <Center>
          <Button variant="light" onClick={onMore} loading={loadingMore}>
            {t('money.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
