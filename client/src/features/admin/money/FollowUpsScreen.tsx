import { Badge, Button, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYen } from '../../../../../shared/format';
import type { FollowUpOut } from '../../../../../shared/schemas/invoices';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DataTable } from '../../../components/DataTable';
import { businessToday, showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import { INVOICE_QUERY } from './api';
import { adminCrumbs, paymentsCrumb } from './crumbs';
import { InvoicesFailed } from './InvoiceList';

/** The office's worklist: unpaid invoices by their next follow-up date. */
export function FollowUpsScreen() {
  const { t } = useTranslation();
  const query = trpc.invoices.followUps.useQuery(undefined, INVOICE_QUERY);
  const today = businessToday();
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('money.followUps'), [paymentsCrumb(t)])} />
      <Title order={1} size="h2" mb="md">
        {t('money.followUps')}
      </Title>
      {query.isError ? (
        <InvoicesFailed onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<FollowUpOut[number]>
          records={query.data ?? []}
          fetching={query.isPending}
          idAccessor={(r) => r.invoice._id}
          noRecordsText={t('money.noFollowUps')}
          columns={[
            {
              accessor: 'nextFollowUp',
              // The form's label says the date may be left out; a column of dates does not.
              title: t('money.nextFollowUpColumn'),
              render: (r) => (
                <>
                  {showDate(r.nextFollowUp)}{' '}
                  {r.nextFollowUp <= today && (
                    <Badge color="red.9" size="sm">
                      {t('money.followUpDue')}
                    </Badge>
                  )}
                </>
              ),
            },
            {
              accessor: 'restaurant',
              title: t('money.restaurant'),
              render: (r) => r.invoice.customer?.restaurantName ?? t('money.deletedRestaurant'),
            },
            {
              accessor: 'pending',
              title: t('money.pending'),
              textAlign: 'right',
              render: (r) => formatYen(r.invoice.pendingAmount),
            },
            { accessor: 'lastNote', title: t('money.lastNote') },
            {
              accessor: 'open',
              title: t('money.actions'),
              render: (r) =>
                r.invoice.customer ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    component={Link}
                    to={`/admin/invoice/bycustomer/${r.invoice.customer._id}`}
                  >
                    {t('money.details')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
    </>
  );
}
