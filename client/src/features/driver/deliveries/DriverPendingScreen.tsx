import {
  Alert,
  Badge,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PhotoInput } from '../../../components/PhotoInput';
import { dynamicT } from '../../../i18n';
import { isNetworkFailure } from '../../../keyed';
import { trpc } from '../../../trpc';
import { UploadError, uploadedName, uploadImage } from '../../admin/office/shared/upload';
import { useAuth } from '../../auth/AuthContext';
import { Loading } from '../../customer/LoadState';
import { useDues } from '../payments/DueToCollect';
import {
  changedLines,
  DeliveredLines,
  type DeliveredState,
  deliveredTotal,
} from './DeliveredLines';
import { JobCard } from './JobCard';
import {
  type CachedList,
  enqueue,
  flush,
  forgetSent,
  loadList,
  saveList,
  wasSentHere,
} from './outbox';
import { localDateTime } from './time';
import { useDriverSync, useQueued, useReportDeliveries } from './useDriverSync';

/** The list refreshes itself every minute while open. */
const REFRESH_MS = 60_000;

/** /driver/ordertrack 'ORDERS': the driver's pending deliveries, usable without signal. */
export function DriverPendingScreen() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const driverId = user?._id ?? '';
  useDriverSync();
  const report = useReportDeliveries();
  const queued = useQueued();
  const list = trpc.ordertrack.driverPending.useQuery(
    { driverId, keyword: '' },
    { enabled: driverId !== '', refetchInterval: REFRESH_MS, retry: false, staleTime: 0 },
  );
  const [cached, setCached] = useState<CachedList | null>(null);
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState<JobOut | null>(null);
  const [recipient, setRecipient] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [lineState, setLineState] = useState<DeliveredState>({});
  const [cash, setCash] = useState<number | null>(null);

  // The last list seen, from the phone's storage: shown when the server cannot be reached.
  useEffect(() => {
    if (!driverId) return;
    void loadList(driverId).then((c) => setCached((now) => now ?? c ?? null));
  }, [driverId]);
  useEffect(() => {
    if (!list.data || !driverId) return;
    forgetSent(list.data.map((j) => j._id));
    setCached({ jobs: list.data, syncedAt: new Date(list.dataUpdatedAt).toISOString() });
    void saveList(driverId, list.data);
  }, [list.data, list.dataUpdatedAt, driverId]);

  const waitingIds = useMemo(() => new Set(queued.map((q) => q.jobId)), [queued]);
  // A job marked delivered on this phone leaves the list at once: waiting to be sent, or sent
  // and accepted (even while a refetch that started before the send still carries it).
  const all = list.data ?? cached?.jobs ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: `queued` changes after every send
  const jobs = useMemo(
    () => all.filter((j) => !waitingIds.has(j._id) && !wasSentHere(j._id)),
    [all, waitingIds, queued],
  );
  // "Collect before unloading": the dues of every customer on the list, in one request.
  const customerIds = useMemo(
    () => [...new Set(jobs.map((j) => j.customer?._id).filter((id): id is string => !!id))].sort(),
    [jobs],
  );
  const dues = useDues(customerIds);
  const shown = useMemo(() => {
    const k = search.trim().toLowerCase();
    return k
      ? jobs.filter((j) =>
          (j.customer?.restaurantName ?? j.restaurantName).toLowerCase().includes(k),
        )
      : jobs;
  }, [jobs, search]);
  const pendingCount = jobs.length;
  const offline = list.isError;

  const noConnection = offline || (typeof navigator !== 'undefined' && !navigator.onLine);

  /**
   * The optional photo goes first (POST /api/upload?purpose=proof); without a connection, or
   * when it fails, the delivery is still kept and sent, only without the photo.
   */
  const deliver = async () => {
    if (!confirming) return;
    const tappedAt = new Date().toISOString();
    const job = confirming;
    let proofImage: string | undefined;
    // Kept with the delivery (IndexedDB) when it cannot go now, and uploaded before it later.
    let keptPhoto: File | undefined;
    if (photo) {
      if (noConnection) {
        keptPhoto = photo;
      } else {
        try {
          proofImage =
            uploadedName((await uploadImage(photo, { purpose: 'proof' })).imageUrl) ?? undefined;
        } catch (error) {
          const code = error instanceof UploadError ? error.code : 'upload.failed';
          if (code === 'upload.failed') keptPhoto = photo;
          else notifyError(t('driverJobs.photoNotSent', { reason: dynamicT(t)(`errors.${code}`) }));
        }
      }
    }
    const isCash = job.customer?.paymentMethod === 'cash' && !!job.order;
    await enqueue(job, recipient, {
      proofImage,
      photo: keptPhoto,
      tappedAt,
      lines: changedLines(job, lineState),
      cashTaken: isCash ? (cash ?? deliveredTotal(job, lineState)) : undefined,
    });
    setRecipient('');
    setPhoto(null);
    setLineState({});
    setCash(null);
    const name = job.customer?.restaurantName ?? job.restaurantName;
    const result = await flush().catch((error: unknown) => {
      if (!isNetworkFailure(error)) throw error;
      return null;
    });
    const done = !!result?.delivered.includes(job._id);
    if (done) notifySuccess(t('driverJobs.deliveredOne', { name }));
    else if (!result || result.waiting) notifySuccess(t('driverJobs.keptOne', { name }));
    if (result) report(result, done && result.sent === 1 ? 1 : 0);
  };

  return (
    <>
      <Breadcrumbs
        items={[{ label: t('nav.home'), link: '/driver' }, { label: t('nav.pendingOrders') }]}
      />
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="sm">
          <Title order={1} size="h3">
            {t('driverJobs.ordersTitle')}
          </Title>
          <Badge
            size="lg"
            circle={pendingCount < 100}
            aria-label={t('driverJobs.count', { count: pendingCount })}
          >
            {pendingCount}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" data-testid="last-synced">
          {cached
            ? t('driverJobs.lastSynced', { time: localDateTime(cached.syncedAt) })
            : t('driverJobs.neverSynced')}
        </Text>
      </Group>
      {queued.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          mb="sm"
          role="status"
          title={t('driverJobs.waiting', { count: queued.length })}
        >
          <List size="sm" data-testid="waiting-list">
            {queued.map((q) => (
              <List.Item key={q.jobId}>
                {q.restaurantName}
                {q.photo ? ` · ${t('driverJobs.photoKept')}` : ''}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {offline && (
        <Alert color="gray" variant="light" mb="sm" role="status">
          {t('driverJobs.offline')}
        </Alert>
      )}
      <TextInput
        placeholder={t('driverJobs.searchOrder')}
        aria-label={t('driverJobs.searchOrder')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        mb="md"
        type="search"
      />
      {list.isLoading && !cached ? (
        <Loading />
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('driverJobs.noOrders')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {shown.map((job) => (
            <JobCard
              key={job._id}
              job={job}
              dues={dues.data}
              onDeliver={() => setConfirming(job)}
            />
          ))}
        </SimpleGrid>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={t('driverJobs.confirmTitle')}
        message={
          confirming ? (confirming.customer?.restaurantName ?? confirming.restaurantName) : ''
        }
        onConfirm={deliver}
        onClose={() => {
          setConfirming(null);
          setPhoto(null);
          setLineState({});
          setCash(null);
        }}
      >
        {confirming && (
          <DeliveredLines
            job={confirming}
            state={lineState}
            onChange={setLineState}
            cash={cash}
            onCash={setCash}
          />
        )}
        <TextInput
          label={t('driverJobs.recipientOptional')}
          value={recipient}
          onChange={(e) => setRecipient(e.currentTarget.value)}
          mb="md"
        />
        <Stack gap={4} mb="md">
          <PhotoInput label={t('driverJobs.photoOptional')} value={photo} onChange={setPhoto} />
          {photo && noConnection && (
            <Text size="sm" c="orange.8" role="status">
              {t('driverJobs.photoOffline')}
            </Text>
          )}
        </Stack>
      </ConfirmDialog>
    </>
  );
}
