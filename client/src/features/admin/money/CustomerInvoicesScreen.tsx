import { Button, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatYen } from '../../../../../shared/format';
import type { InvoiceOut } from '../../../../../shared/schemas/invoices';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DocumentTable } from '../../../components/documents/DocumentTable';
import { Loading } from '../../../components/LoadState';
import { trpc } from '../../../trpc';
import { INVOICE_QUERY } from './api';
import { adminCrumbs, paymentsCrumb } from './crumbs';
import { InvoiceForm } from './InvoiceForm';
import { InvoiceCards, InvoicesFailed } from './InvoiceList';

/** /admin/invoice/bycustomer/{id}: one customer's invoices and total dues. */
export function CustomerInvoicesScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = trpc.invoices.byCustomer.useQuery({ customerId: id }, INVOICE_QUERY);
  // A page of documents at a time (ADR 077); the figures come with every page, the first's shown.
  const pages = trpc.documents.ofCustomer.useInfiniteQuery(
    { customerId: id },
    {
      staleTime: 30_000,
      initialCursor: 1,
      getNextPageParam: (last) => (last.more ? last.page + 1 : undefined),
    },
  );
  const documents = { data: pages.data?.pages[0] };
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState<InvoiceOut | null | undefined>(undefined);
  // A payment, a cancellation or a credit note changes the documents below too (a receipt, an
  // invoice's unpaid part): both lists are read again, or the page would contradict itself.
  const refresh = () => {
    void utils.invoices.invalidate();
    void utils.documents.ofCustomer.invalidate({ customerId: id });
  };
  const overdue = documents.data?.overdue ?? 0;
  const credits = documents.data?.account.credits;
  const name = query.data?.invoices[0]?.customer?.restaurantName;
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('nav.customerInvoices'), [paymentsCrumb(t)])} />
      <Group justify="space-between" mb="md">
        <div>
          <Title order={1} size="h2">
            {name ?? t('nav.customerInvoices')}
          </Title>
          {query.data && (
            <Text fw={700} c="red.9" size="lg">
              {t('money.totalDues', { amount: formatYen(query.data.totalDues) })}
            </Text>
          )}
          {overdue > 0 && (
            <Text fw={700} c="red.9" data-testid="customer-overdue">
              {t('documents.ui.unpaidOverdue', { amount: formatYen(overdue) })}
            </Text>
          )}
          {credits && (
            <Text size="sm" data-testid="customer-credits">
              {t('money.creditsWaitingOffice', {
                amount: formatYen(credits.amount),
                numbers: credits.numbers.join(', '),
              })}
            </Text>
          )}
        </div>
        <Group gap="sm">
          <Button variant="light" component={Link} to={`/admin/invoice/bycustomer/${id}/ledger`}>
            {t('ledger.open')}
          </Button>
          <Button onClick={() => setEditing(null)}>{t('money.newInvoice')}</Button>
        </Group>
      </Group>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <InvoicesFailed onRetry={() => void query.refetch()} />
      ) : (
        <InvoiceCards
          invoices={query.data.invoices}
          staff
          emptyType=""
          onChanged={refresh}
          onEdit={setEditing}
        />
      )}
      <Title order={2} size="h3" mt="xl" mb="xs">
        {t('documents.ui.documents')}
      </Title>
      {pages.data && (
        <DocumentTable
          documents={pages.data.pages.flatMap((p) => p.documents)}
          area="admin"
          hasMore={pages.hasNextPage}
          onMore={() => void pages.fetchNextPage()}
          loadingMore={pages.isFetchingNextPage}
        />
      )}
      {editing !== undefined && (
        <InvoiceForm
          invoice={editing}
          presetCustomer={id}
          onClose={() => setEditing(undefined)}
          onSaved={refresh}
        />
      )}
    </>
  );
}
