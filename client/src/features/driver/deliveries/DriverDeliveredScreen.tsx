import {
  Alert,
  Center,
  Group,
  Pagination,
  SimpleGrid,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { Loading } from '../../../components/LoadState';
import { errorMessage } from '../../../keyed';
import { trpc } from '../../../trpc';
import { useAuth } from '../../auth/AuthContext';
import { JobCard } from './JobCard';
import { useDriverSync } from './useDriverSync';

/** The list's address: /driver/ordertrack/delivered[/search/{keyword}][/page/{n}]. */
export function deliveredPath(keyword: string, page: number): string {
  let path = '/driver/ordertrack/delivered';
  if (keyword) path += `/search/${encodeURIComponent(keyword)}`;
  if (page > 1) path += `/page/${page}`;
  return path;
}

/** /driver/ordertrack/delivered 'DELIVERED ORDERS': paged, with an optional keyword. */
export function DriverDeliveredScreen() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const params = useParams();
  const navigate = useNavigate();
  useDriverSync();
  const keyword = params.keyword ?? '';
  const pageNumber = Math.max(1, Number(params.pageNumber) || 1);
  const [typed, setTyped] = useState(keyword);
  const list = trpc.ordertrack.driverDelivered.useQuery(
    { driverId: user?._id ?? '', keyword, pageNumber },
    { enabled: !!user?._id },
  );

  return (
    <>
      <Breadcrumbs
        items={[{ label: t('nav.home'), link: '/driver' }, { label: t('nav.deliveredOrders') }]}
      />
      <Title order={1} size="h3" mb="sm">
        {t('driverJobs.deliveredTitle')}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          navigate(deliveredPath(typed.trim(), 1));
        }}
      >
        <TextInput
          placeholder={t('driverJobs.searchOrder')}
          aria-label={t('driverJobs.searchOrder')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          type="search"
          mb="md"
        />
      </form>
      {list.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(t, list.error, 'driverJobs.errorLoading')}
        </Alert>
      ) : list.isLoading ? (
        <Loading />
      ) : !list.data || list.data.orders.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('driverJobs.noOrders')}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {list.data.orders.map((job) => (
              <JobCard key={job._id} job={job} />
            ))}
          </SimpleGrid>
          {list.data.pages > 1 && (
            <Center mt="lg">
              <Group>
                <Pagination
                  total={list.data.pages}
                  value={pageNumber}
                  onChange={(p) => navigate(deliveredPath(keyword, p))}
                  getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
                  getItemProps={(page) => ({ 'aria-label': t('driverJobs.page', { page }) })}
                />
              </Group>
            </Center>
          )}
        </>
      )}
    </>
  );
}
