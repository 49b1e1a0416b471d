import { Anchor, Button, Group, Select, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import { FetchFailed } from '../../../components/LoadState';
import { Money } from '../../../components/Money';
import { notifyError, notifySuccess } from '../../../components/notify';
import { Phone } from '../../../components/Phone';
import { ProofPhotoLink } from '../../../components/ProofPhotoLink';
import { showInstant } from '../../../dates';
import { errorMessage, keyedClient, newKey, withKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { JobFormModal } from './JobFormModal';
import { adminCrumbs } from './shared';

const PAGE_SIZE = 20;

function restaurantOf(t: (k: 'orderTrack.deletedRestaurant') => string, j: JobOut): string {
  return j.customer?.restaurantName ?? (j.restaurantName || t('orderTrack.deletedRestaurant'));
}

function JobTable({
  records,
  fetching,
  delivered,
  onEdit,
  onDelete,
  onDeliver,
  page,
}: {
  records: JobOut[];
  fetching: boolean;
  delivered: boolean;
  onEdit: (j: JobOut) => void;
  onDelete: (j: JobOut) => void;
  onDeliver?: (j: JobOut) => void;
  page?: { page: number; total: number; onPageChange: (p: number) => void };
}) {
  const { t } = useTranslation();
  const paging = page
    ? {
        page: page.page,
        totalRecords: page.total,
        recordsPerPage: PAGE_SIZE,
        onPageChange: page.onPageChange,
      }
    : {};
  return (
    <DataTable<JobOut>
      records={records}
      fetching={fetching}
      idAccessor="_id"
      {...paging}
      columns={[
        { accessor: 'serialNo', title: t('orderTrack.serial'), width: 70 },
        {
          accessor: 'restaurant',
          title: t('orderTrack.restaurant'),
          render: (j) => restaurantOf(t, j),
        },
        {
          accessor: 'phone',
          title: t('orderTrack.phone'),
          render: (j) => <Phone number={j.customer?.phoneNumber} />,
        },
        {
          accessor: 'driver',
          title: t('orderTrack.deliveredBy'),
          render: (j) => j.deliveredBy?.username ?? t('orderTrack.unknown'),
        },
        {
          accessor: 'order',
          title: t('orderTrack.items'),
          render: (j) =>
            j.order ? (
              // A Mantine Anchor: on a phone it is a 44 px target like every standing link.
              <Anchor component={Link} to={`/admin/orders/${j.order._id}`}>
                #{j.order.orderNumber}
              </Anchor>
            ) : (
              '-'
            ),
        },
        {
          accessor: 'amountToCollect',
          title: t('orderTrack.toCollect'),
          textAlign: 'right',
          render: (j) => (j.amountToCollect ? <Money amount={j.amountToCollect} /> : '-'),
        },
        delivered
          ? {
              accessor: 'deliveredAt',
              title: t('orderTrack.deliveredAt'),
              render: (j) => (
                <>
                  {showInstant(j.deliveredAt)}
                  {j.proofImage && (
                    <>
                      {' · '}
                      <ProofPhotoLink name={j.proofImage} />
                    </>
                  )}
                </>
              ),
            }
          : {
              accessor: 'createdAt',
              title: t('orderTrack.createdAt'),
              render: (j) => showInstant(j.createdAt),
            },
        {
          accessor: 'actions',
          title: t('orderTrack.actions'),
          textAlign: 'right',
          render: (j) => {
            // Each row's buttons name its restaurant: a screen reader's list of buttons (or a
            // keyboard user tabbing down the table) hears which delivery each one acts on.
            const name = restaurantOf(t, j);
            return (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {onDeliver && (
                  <Button
                    size="compact-xs"
                    color="green"
                    onClick={() => onDeliver(j)}
                    aria-label={t('orderTrack.markDeliveredFor', { name })}
                  >
                    {t('orderTrack.markDelivered')}
                  </Button>
                )}
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => onEdit(j)}
                  aria-label={t('orderTrack.editFor', { name })}
                >
                  {t('orderTrack.edit')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red"
                  onClick={() => onDelete(j)}
                  aria-label={t('orderTrack.deleteFor', { name })}
                >
                  {t('orderTrack.delete')}
                </Button>
              </Group>
            );
          },
        },
      ]}
    />
  );
}

/** /admin/ordertrack: Pending and Delivered delivery jobs. */
export function OrderTrackScreen() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [tab, setTab] = useState<string>('pending');
  const [keyword, setKeyword] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const pending = trpc.ordertrack.pending.useQuery({ keyword }, { enabled: tab === 'pending' });
  const delivered = trpc.ordertrack.completed.useQuery(
    { keyword, pageNumber },
    { enabled: tab === 'delivered' },
  );
  const options = trpc.ordertrack.formOptions.useQuery();
  const remove = trpc.ordertrack.remove.useMutation();
  const [editing, setEditing] = useState<JobOut | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<JobOut | null>(null);
  const [delivering, setDelivering] = useState<JobOut | null>(null);
  const [sheetDriver, setSheetDriver] = useState<string | null>(null);

  const doDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting._id });
      notifySuccess(t('orderTrack.deleted'));
      void utils.ordertrack.invalidate();
    } catch (error) {
      notifyError(errorMessage(t, error));
    }
  };
  const doDeliver = async () => {
    if (!delivering) return;
    try {
      await keyedClient.ordertrack.deliver.mutate({ id: delivering._id }, withKey(newKey()));
      notifySuccess(t('orderTrack.marked'));
      void utils.ordertrack.invalidate();
    } catch (error) {
      notifyError(errorMessage(t, error));
    }
  };

  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('nav.orderTrack'))} />
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h3">
          {t('orderTrack.title')}
        </Title>
        <Group gap="sm" align="flex-end">
          <Select
            aria-label={t('orderTrack.sheetDriver')}
            placeholder={t('orderTrack.sheetDriver')}
            data={(options.data?.drivers ?? []).map((d) => ({ value: d._id, label: d.username }))}
            value={sheetDriver}
            onChange={setSheetDriver}
            w={180}
          />
          <Button
            variant="default"
            component={Link}
            to={sheetDriver ? `/admin/ordertrack/sheet/${sheetDriver}` : '#'}
            disabled={!sheetDriver}
            // A link has no disabled state of its own: said so, as a disabled button would be.
            aria-disabled={!sheetDriver || undefined}
          >
            {t('orderTrack.printSheet')}
          </Button>
          <Button onClick={() => setCreating(true)}>{t('orderTrack.newJob')}</Button>
        </Group>
      </Group>
      <TextInput
        type="search"
        placeholder={t('orderTrack.search')}
        aria-label={t('orderTrack.search')}
        value={keyword}
        onChange={(e) => {
          setKeyword(e.currentTarget.value);
          setPageNumber(1);
        }}
        mb="md"
        maw={360}
      />
      <Tabs value={tab} onChange={(v) => setTab(v ?? 'pending')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="pending">{t('orderTrack.tabPending')}</Tabs.Tab>
          <Tabs.Tab value="delivered">{t('orderTrack.tabDelivered')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pending">
          {pending.isError ? (
            <FetchFailed onRetry={() => void pending.refetch()} />
          ) : (
            <JobTable
              records={pending.data ?? []}
              fetching={pending.isLoading}
              delivered={false}
              onEdit={setEditing}
              onDelete={setDeleting}
              onDeliver={setDelivering}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="delivered">
          {delivered.isError ? (
            <FetchFailed onRetry={() => void delivered.refetch()} />
          ) : (
            <JobTable
              records={delivered.data?.orders ?? []}
              fetching={delivered.isLoading}
              delivered
              onEdit={setEditing}
              onDelete={setDeleting}
              page={{
                page: pageNumber,
                total: delivered.data?.total ?? 0,
                onPageChange: setPageNumber,
              }}
            />
          )}
        </Tabs.Panel>
      </Tabs>
      {tab === 'pending' && pending.data && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('orderTrack.pendingCount', { count: pending.data.length })}
        </Text>
      )}
      <JobFormModal
        opened={creating || editing !== null}
        job={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('orderTrack.deleteJobTitle')}
        message={t('orderTrack.deleteJobMessage')}
        onConfirm={doDelete}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        opened={delivering !== null}
        title={t('orderTrack.markTitle')}
        message={t('common.undoWarning')}
        onConfirm={doDeliver}
        onClose={() => setDelivering(null)}
      />
    </>
  );
}
