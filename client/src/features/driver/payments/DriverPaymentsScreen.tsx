import { Button, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYen } from '../../../../../shared/format';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { trpc } from '../../../trpc';
import { INVOICE_QUERY } from '../../admin/money/api';
import { InvoiceCards, InvoicesFailed, Loading } from '../../admin/money/InvoiceList';

/** /driver/payments 'PAYMENTS': the invoices assigned to this driver (spec §2). */
export function DriverPaymentsScreen() {
  const { t } = useTranslation();
  const query = trpc.invoices.mine.useQuery(undefined, INVOICE_QUERY);
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.invoices.mine.invalidate();
    void utils.handovers.invalidate();
  };
  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('nav.home'), link: '/driver' },
          { label: t('money.crumbCustomers') },
          { label: t('money.crumbMonthly') },
          { label: t('money.crumbInvoices') },
        ]}
      />
      <Group justify="space-between" mb="md">
        <div>
          <Title order={2}>{t('money.paymentsTitle')}</Title>
          {query.data && (
            <Text c="gray.7" size="sm">
              {t('money.invoicesCount', { count: query.data.invoices.length })} ·{' '}
              {formatYen(query.data.totalDues)}
            </Text>
          )}
        </div>
        <Button component={Link} to="/driver/payments/handover" variant="light">
          {t('money.myHandover')}
        </Button>
      </Group>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <InvoicesFailed onRetry={() => void query.refetch()} />
      ) : (
        <InvoiceCards
          invoices={query.data.invoices}
          staff={false}
          emptyType=""
          onChanged={refresh}
        />
      )}
    </>
  );
}
