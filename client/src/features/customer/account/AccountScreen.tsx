import { Alert, Card, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import { DocumentTable } from '../../../components/documents/DocumentTable';
import { trpc } from '../../../trpc';

/** /customer/account: the restaurant's balance, what is overdue, and its documents. */
export function AccountScreen() {
  const { t } = useTranslation();
  const query = trpc.documents.mine.useQuery(undefined, { staleTime: 30_000 });
  return (
    <>
      <Title order={1} size="h2" mb="md">
        {t('documents.ui.account')}
      </Title>
      {query.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : query.isError ? (
        <Alert color="red">{t('errors.common.fetchFailed')}</Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} mb="lg">
            <Card withBorder>
              <Text c="gray.7" size="sm">
                {t('documents.ui.balance')}
              </Text>
              <Text fw={700} size="xl" data-testid="account-balance">
                {formatYen(query.data.balance)}
              </Text>
            </Card>
            <Card withBorder>
              <Text c="gray.7" size="sm">
                {t('documents.ui.overdue')}
              </Text>
              {query.data.overdue > 0 ? (
                <Text fw={700} size="xl" c="red.9">
                  {formatYen(query.data.overdue)}
                </Text>
              ) : (
                <Text>{t('documents.ui.nothingOverdue')}</Text>
              )}
            </Card>
          </SimpleGrid>
          <Group mb="xs">
            <Title order={2} size="h3">
              {t('documents.ui.documents')}
            </Title>
          </Group>
          <DocumentTable documents={query.data.documents} area="customer" />
        </>
      )}
    </>
  );
}
