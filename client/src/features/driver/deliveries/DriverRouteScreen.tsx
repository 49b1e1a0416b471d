import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import type { JobOut, RouteStopOut } from '../../../../../shared/schemas/doorstep';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { CheckIcon, MapPinIcon } from '../../../components/icons';
import { Loading } from '../../../components/LoadState';
import { Phone } from '../../../components/Phone';
import { errorMessage } from '../../../keyed';
import { trpc } from '../../../trpc';
import { useAuth } from '../../auth/AuthContext';
import { DeliverDialog } from './DeliverDialog';
import { mapLink } from './mapLink';
import { deliveredElsewhere, type QueuedDelivery, wasSentHere } from './outbox';
import { useAfterDrawn, useSubstituteChoices } from './substitutes';
import { useDeliverJob } from './useDeliverJob';
import { useDriverSync, useQueued } from './useDriverSync';

/** The stop's next job to deliver, in the pending list's order (the stop's jobs are adjacent). */
function nextJobOf(stop: RouteStopOut, jobs: JobOut[]): JobOut | undefined {
  return jobs.find((j) =>
    stop.customerId
      ? j.customer?._id === stop.customerId
      : !j.customer && j.restaurantName === stop.restaurantName,
  );
}

function StopCard({ stop, onDeliver }: { stop: RouteStopOut; onDeliver?: () => void }) {
  const { t } = useTranslation();
  const done = stop.pending === 0 && stop.delivered > 0;
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      data-stop={stop.number}
      style={done ? { opacity: 0.85, background: 'var(--mantine-color-gray-0)' } : undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Badge
          size="xl"
          circle
          variant={done ? 'outline' : 'filled'}
          color={done ? 'green.9' : 'blue.8'}
          aria-label={t('driverJobs.route.stopNumber', { number: stop.number })}
        >
          {stop.number}
        </Badge>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {stop.restaurantName}
          </Title>
          <Text size="sm" c={stop.address ? undefined : 'dimmed'}>
            {stop.address ?? t('driverJobs.route.noAddress')}
          </Text>
          <Group gap="xs">
            {done ? (
              <Badge color="green" variant="light" tt="none" leftSection={<CheckIcon size={14} />}>
                {t('driverJobs.route.done')}
              </Badge>
            ) : (
              <Badge color="blue" variant="light" tt="none">
                {t('driverJobs.route.toDeliver', { count: stop.pending })}
              </Badge>
            )}
            {stop.amountToCollect > 0 && (
              <Text size="sm" fw={600}>
                {t('driverJobs.route.collect', { amount: formatYen(stop.amountToCollect) })}
              </Text>
            )}
          </Group>
          <Group gap="xs" mt={4}>
            {onDeliver && (
              <Button
                onClick={onDeliver}
                data-route-deliver={stop.number}
                aria-label={t('driverJobs.markAsDeliveredNamed', { name: stop.restaurantName })}
              >
                {t('driverJobs.markAsDelivered')}
              </Button>
            )}
            {stop.address && (
              <Button
                component="a"
                href={mapLink(stop.address)}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<MapPinIcon size={18} />}
                aria-label={t('driverJobs.route.mapLabel', { name: stop.restaurantName })}
              >
                {t('driverJobs.route.map')}
              </Button>
            )}
            <Phone number={stop.phoneNumber} size="sm" />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** /driver/route: today's stops in the order the office set for the route (ADR 042). */
export function DriverRouteScreen() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useDriverSync();
  const driverId = user?._id ?? '';
  const route = trpc.ordertrack.driverRoute.useQuery(
    { driverId },
    { enabled: driverId !== '', refetchInterval: 60_000, staleTime: 0 },
  );
  const stops = route.data?.stops ?? [];
  // The same jobs and dialog as the pending list, so a driver following the route delivers
  // from here; a correction of a refused delivery opens with what was sent, as there.
  const pending = trpc.ordertrack.driverPending.useQuery(
    { driverId, keyword: '' },
    { enabled: driverId !== '', refetchInterval: 60_000, retry: false, staleTime: 0 },
  );
  useSubstituteChoices(
    driverId,
    undefined,
    useAfterDrawn(pending.data !== undefined || pending.isError),
  );
  const queued = useQueued();
  // `queued` changes after every send, and with it what wasSentHere answers.
  const jobs = useMemo(() => {
    const kept = new Set(
      queued.filter((q) => !q.refused || deliveredElsewhere(q.refused)).map((q) => q.jobId),
    );
    return (pending.data ?? []).filter((j) => !kept.has(j._id) && !wasSentHere(j._id));
  }, [pending.data, queued]);
  const [confirming, setConfirming] = useState<{ job: JobOut; refused?: QueuedDelivery } | null>(
    null,
  );
  const noConnection = pending.isError || (typeof navigator !== 'undefined' && !navigator.onLine);
  const deliver = useDeliverJob(noConnection);
  const openFor = (stop: RouteStopOut) => {
    const job = nextJobOf(stop, jobs);
    if (!job) return undefined;
    const refused = queued.find((q) => q.jobId === job._id && q.refused);
    return () => setConfirming({ job, refused });
  };
  return (
    <>
      <Breadcrumbs items={[{ label: t('nav.home'), link: '/driver' }, { label: t('nav.route') }]} />
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={1} size="h3">
          {t('driverJobs.route.title')}
        </Title>
        {route.data && (
          <Text size="sm" c="dimmed">
            {t('driverJobs.route.count', { count: stops.length })}
          </Text>
        )}
      </Group>
      {route.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(t, route.error, 'driverJobs.route.errorLoading')}
        </Alert>
      ) : route.isLoading ? (
        <Loading />
      ) : stops.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('driverJobs.route.none')}
        </Text>
      ) : (
        <Stack
          component="ol"
          gap="sm"
          aria-label={t('driverJobs.route.title')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {stops.map((s) => (
            <StopCard
              key={s.customerId ?? `stop-${s.number}`}
              stop={s}
              onDeliver={s.pending > 0 ? openFor(s) : undefined}
            />
          ))}
        </Stack>
      )}
      {confirming && (
        <DeliverDialog
          key={confirming.job._id}
          job={confirming.job}
          refused={confirming.refused}
          error={confirming.refused ? errorMessage(t, confirming.refused.refused) : null}
          noConnection={noConnection}
          onSubmit={(entries) => deliver(confirming.job, entries)}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
