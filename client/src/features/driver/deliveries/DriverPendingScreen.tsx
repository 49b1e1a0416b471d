import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { typedText } from '../../../../../shared/search/typed';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Loading } from '../../../components/LoadState';
import { useBackCloses } from '../../../components/useBackCloses';
import { showInstant } from '../../../dates';
import { errorMessage } from '../../../keyed';
import { trpc } from '../../../trpc';
import { useAuth } from '../../auth/AuthContext';
import { matchesName } from '../../customer/catalogue/search';
import { useDues } from '../payments/DueToCollect';
import { DeliverDialog } from './DeliverDialog';
import { useFirstCardsFirst } from './firstCards';
import { JobCard } from './JobCard';
import {
  type CachedList,
  deliveredElsewhere,
  discard,
  forgetSent,
  loadList,
  type QueuedDelivery,
  saveList,
  wasSentHere,
} from './outbox';
import { useAfterDrawn, useSubstituteChoices } from './substitutes';
import { useDeliverJob } from './useDeliverJob';
import { useDriverSync, useQueued } from './useDriverSync';

/** The list refreshes itself every minute while open. */
const REFRESH_MS = 60_000;

/** /driver/ordertrack 'ORDERS': the driver's pending deliveries, usable without signal. */
export function DriverPendingScreen() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const driverId = user?._id ?? '';
  useDriverSync();
  const queued = useQueued();
  const list = trpc.ordertrack.driverPending.useQuery(
    { driverId, keyword: '' },
    { enabled: driverId !== '', refetchInterval: REFRESH_MS, retry: false, staleTime: 0 },
  );
  const [cached, setCached] = useState<CachedList | null>(null);
  // The products a driver may hand over instead of a line, kept on the phone so the delivery
  // dialog has them without signal (ADR 050): asked for once the jobs are drawn, not beside
  // them, as at a wholesaler of 1,500 products they are most of the download (ADR 092).
  useSubstituteChoices(driverId, undefined, useAfterDrawn(list.data !== undefined || list.isError));
  const [search, setSearch] = useState('');
  /** The job whose delivery dialog is open, and its refused delivery when correcting one. */
  const [confirming, setConfirming] = useState<{ job: JobOut; refused?: QueuedDelivery } | null>(
    null,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const cards = useRef<HTMLDivElement>(null);
  /** The cards' order when the dialog opened: the next one takes the focus if this one leaves. */
  const openedAmong = useRef<string[]>([]);
  /** A refused delivery the driver asked to discard (asked again before it goes). */
  const [discarding, setDiscarding] = useState<QueuedDelivery | null>(null);
  // The phone's Back button answers No to "Discard?" (the delivery dialog holds Back itself).
  useBackCloses(discarding !== null, () => setDiscarding(null));

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

  // Refused deliveries stay on their job's card (correct or discard); the rest wait to be sent.
  // One the office had delivered first is not to be corrected: it is listed apart, to be read.
  const waitingList = useMemo(() => queued.filter((q) => !q.refused), [queued]);
  const refusedById = useMemo(
    () =>
      new Map(
        queued.filter((q) => q.refused && !deliveredElsewhere(q.refused)).map((q) => [q.jobId, q]),
      ),
    [queued],
  );
  const cashUnrecorded = useMemo(
    () => queued.filter((q) => deliveredElsewhere(q.refused)),
    [queued],
  );
  const goneIds = useMemo(
    () => new Set([...waitingList, ...cashUnrecorded].map((q) => q.jobId)),
    [waitingList, cashUnrecorded],
  );
  // A job marked delivered on this phone leaves the list at once: waiting to be sent, sent and
  // accepted (even while a refetch that started before the send still carries it), or found
  // delivered already by the office (a list kept from before may still carry it).
  const all = list.data ?? cached?.jobs ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: `queued` changes after every send
  const jobs = useMemo(
    () => all.filter((j) => !goneIds.has(j._id) && !wasSentHere(j._id)),
    [all, goneIds, queued],
  );
  // "Collect before unloading": the dues of every customer on the list, in one request.
  const customerIds = useMemo(
    () => [...new Set(jobs.map((j) => j.customer?._id).filter((id): id is string => !!id))].sort(),
    [jobs],
  );
  const dues = useDues(customerIds);
  const shown = useMemo(() => {
    // As the server's job lists read it (ADR 113): the restaurant's name as the pickers match
    // it (full-width, kana), or the order's number with or without its # ("＃１００７９").
    const typed = typedText(search);
    if (!typed) return jobs;
    const number = /^#?\d+$/.test(typed) ? Number(typed.replace('#', '')) : null;
    return jobs.filter(
      (j) =>
        matchesName([j.customer?.restaurantName ?? j.restaurantName, j.restaurantName], typed) ||
        (number !== null && j.order?.orderNumber === number),
    );
  }, [jobs, search]);
  const pendingCount = jobs.length;
  // Refused deliveries of jobs the list no longer has (removed, moved, delivered by the office).
  const allIds = new Set(all.map((j) => j._id));
  const orphans =
    list.data || cached ? [...refusedById.values()].filter((q) => !allIds.has(q.jobId)) : [];
  const offline = list.isError;

  const noConnection = offline || (typeof navigator !== 'undefined' && !navigator.onLine);

  const shownNow = useRef(shown);
  shownNow.current = shown;
  // The same function for every render: the cards drawn already are not drawn again when the
  // dialog opens or more cards are added (PendingCard is memoised).
  const openDialog = useCallback((job: JobOut, refused?: QueuedDelivery) => {
    openedAmong.current = shownNow.current.map((j) => j._id);
    setConfirming({ job, refused });
  }, []);
  const drawn = useFirstCardsFirst(shown);
  /**
   * Delivered, the job's card leaves the list with the button that had the focus, which then
   * falls to <body> (a screen reader starts again at the top of a long list): it goes to the
   * next job's Mark As Delivered (the one before, at the end of the list), or to the list's
   * heading when none is left. A card still listed (No, Escape) gets its own button back from
   * the dialog (useFocusBack).
   */
  const closeDialog = () => setConfirming(null);
  /** The job just delivered, until its card has left the list and the focus has been placed. */
  const leaving = useRef<string | null>(null);
  // Once the dialog has closed and the list has drawn itself without the card: whichever comes
  // last (on a busy phone the list may redraw after the dialog has gone, or before).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new list and dialog state
  useEffect(() => {
    const closed = leaving.current;
    if (!closed || confirming) return;
    const buttons = [...(cards.current?.querySelectorAll<HTMLElement>('[data-deliver]') ?? [])];
    const button = (id: string) => buttons.find((b) => b.dataset.deliver === id);
    if (button(closed)) return;
    leaving.current = null;
    const now = document.activeElement;
    if (now !== null && now !== document.body) return;
    const order = openedAmong.current;
    const at = order.indexOf(closed);
    const after = [...order.slice(at + 1), ...order.slice(0, Math.max(0, at)).reverse()];
    const next = after.map(button).find((b) => b !== undefined);
    (next ?? heading.current)?.focus();
  }, [shown, confirming]);

  const deliver = useDeliverJob(noConnection);

  return (
    <>
      <Breadcrumbs
        items={[{ label: t('nav.home'), link: '/driver' }, { label: t('nav.pendingOrders') }]}
      />
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="sm">
          <Title order={1} size="h3" ref={heading} tabIndex={-1}>
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
            ? t('driverJobs.lastSynced', { time: showInstant(cached.syncedAt) })
            : t('driverJobs.neverSynced')}
        </Text>
      </Group>
      {waitingList.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          mb="sm"
          role="status"
          title={t('driverJobs.waiting', { count: waitingList.length })}
        >
          <List size="sm" data-testid="waiting-list">
            {waitingList.map((q) => (
              <List.Item key={q.jobId}>
                {q.restaurantName}
                {q.photo ? ` · ${t('driverJobs.photoKept')}` : ''}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {cashUnrecorded.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          mb="sm"
          role="alert"
          title={t('driverJobs.cashNotRecordedTitle')}
        >
          <Stack gap="xs" data-testid="cash-not-recorded-list">
            {cashUnrecorded.map((q) => (
              <Group key={q.jobId} justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">
                  <Text span fw={700} inherit>
                    {q.restaurantName}
                  </Text>{' '}
                  {errorMessage(t, q.refused)}
                </Text>
                <Button variant="light" color="orange" onClick={() => setDiscarding(q)}>
                  {t('driverJobs.discard')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {orphans.length > 0 && (
        <Alert color="red" variant="light" mb="sm" title={t('driverJobs.refusedTitle')}>
          <Stack gap="xs" data-testid="refused-list">
            {orphans.map((q) => (
              <Group key={q.jobId} justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">
                  {t('driverJobs.refused', {
                    name: q.restaurantName,
                    message: errorMessage(t, q.refused),
                  })}
                </Text>
                <Button variant="light" color="red" onClick={() => setDiscarding(q)}>
                  {t('driverJobs.discard')}
                </Button>
              </Group>
            ))}
          </Stack>
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
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" ref={cards}>
          {drawn.map((job) => (
            <PendingCard
              key={job._id}
              job={job}
              dues={dues.data}
              refused={refusedById.get(job._id)}
              onOpen={openDialog}
              onDiscard={setDiscarding}
            />
          ))}
        </SimpleGrid>
      )}
      {confirming && (
        <DeliverDialog
          key={confirming.job._id}
          job={confirming.job}
          refused={confirming.refused}
          error={confirming.refused ? errorMessage(t, confirming.refused.refused) : null}
          noConnection={noConnection}
          onSubmit={async (entries) => {
            const refusal = await deliver(confirming.job, entries);
            if (refusal === null) leaving.current = confirming.job._id;
            return refusal;
          }}
          onClose={closeDialog}
        />
      )}
      <ConfirmDialog
        opened={discarding !== null}
        title={t('driverJobs.discardTitle')}
        message={discarding ? discarding.restaurantName : ''}
        onConfirm={async () => {
          if (discarding) await discard(discarding.jobId);
        }}
        onClose={() => setDiscarding(null)}
      />
    </>
  );
}

/** A pending job's card, drawn again only when its own job, dues or refusal change. */
const PendingCard = memo(function PendingCard({
  job,
  dues,
  refused,
  onOpen,
  onDiscard,
}: {
  job: JobOut;
  dues: ReturnType<typeof useDues>['data'];
  refused: QueuedDelivery | undefined;
  onOpen: (job: JobOut, refused?: QueuedDelivery) => void;
  onDiscard: (refused: QueuedDelivery) => void;
}) {
  const { t } = useTranslation();
  return (
    <JobCard
      job={job}
      dues={dues}
      onDeliver={() => onOpen(job)}
      refusal={
        refused
          ? {
              message: errorMessage(t, refused.refused),
              onCorrect: () => onOpen(job, refused),
              onDiscard: () => onDiscard(refused),
            }
          : undefined
      }
    />
  );
});
