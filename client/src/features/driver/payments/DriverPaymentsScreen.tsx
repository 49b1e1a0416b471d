import { Alert, Button, Group, List, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYen } from '../../../../../shared/format';
import { codeKey, typedText } from '../../../../../shared/search/typed';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { Loading } from '../../../components/LoadState';
import { showInstant } from '../../../dates';
import { trpc } from '../../../trpc';
import { INVOICE_QUERY } from '../../admin/money/api';
import { InvoiceCards, InvoicesFailed } from '../../admin/money/InvoiceList';
import { useAuth } from '../../auth/AuthContext';
import { matchesName } from '../../customer/catalogue/search';
import { useFirstCardsFirst } from '../deliveries/firstCards';
import { loadList } from '../deliveries/outbox';
import { useDriverSync } from '../deliveries/useDriverSync';
import {
  type CachedInvoices,
  loadInvoices,
  queuedPayments,
  saveInvoices,
  subscribePayments,
} from './outbox';

/** Cards drawn at a time when the driver asks for every open invoice (or searches them). */
const PAGE = 30;

const NONE: never[] = [];

/** Where the phone keeps the last route's restaurants, for a van without signal. */
const routeKey = (driverId: string) => `driver-route-customers:${driverId}`;

function keptRoute(driverId: string): string[] | null {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(routeKey(driverId)) ?? 'null');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : null;
  } catch {
    return null;
  }
}

/**
 * The restaurants of the driver's day: today's route (its stops, delivered or not), kept on the
 * phone as it is answered; without signal the route last kept, else the deliveries list kept on
 * the phone; null while none is known.
 */
function useTodaysCustomers(driverId: string): Set<string> | null {
  const route = trpc.ordertrack.driverRoute.useQuery(
    { driverId },
    { enabled: driverId !== '', staleTime: 60_000, retry: false },
  );
  const [kept, setKept] = useState<Set<string> | null>(null);
  useEffect(() => {
    if (!driverId) return;
    const ids = keptRoute(driverId);
    if (ids) {
      setKept(new Set(ids));
      return;
    }
    void loadList(driverId).then((c) => {
      if (c) setKept(new Set(c.jobs.flatMap((j) => (j.customer ? [j.customer._id] : []))));
    });
  }, [driverId]);
  const fromRoute = useMemo(
    () =>
      route.data
        ? new Set(route.data.stops.flatMap((s) => (s.customerId ? [s.customerId] : [])))
        : null,
    [route.data],
  );
  useEffect(() => {
    if (!fromRoute || !driverId) return;
    try {
      localStorage.setItem(routeKey(driverId), JSON.stringify([...fromRoute]));
    } catch {
      // A phone without storage: the route is asked for again next time.
    }
  }, [fromRoute, driverId]);
  if (fromRoute) return fromRoute;
  return route.isError || !navigator.onLine ? kept : null;
}

/**
 * /driver/payments 'PAYMENTS': the invoices assigned to this driver (spec §2). Without signal
 * it shows the list from the last visit (kept on the phone) and payments taken then wait in the
 * phone's queue with the time they were taken (ADR 023, ADR 038). It opens on the invoices of
 * today's route: every open invoice of a larger wholesaler's driver is a long page a phone
 * draws slowly; a search or "Show all" reaches the rest, a page at a time (ADR 092).
 */
export function DriverPaymentsScreen() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const driverId = user?._id ?? '';
  useDriverSync();
  const query = trpc.invoices.mine.useQuery(undefined, {
    ...INVOICE_QUERY,
    // Without signal, no retries: the kept list shows at once.
    retry: (count) => navigator.onLine && count < INVOICE_QUERY.retry,
  });
  type Mine = NonNullable<typeof query.data>;
  const [cached, setCached] = useState<CachedInvoices<Mine> | null>(null);
  const waiting = useSyncExternalStore(subscribePayments, queuedPayments, queuedPayments);
  const utils = trpc.useUtils();
  // One function for every render: the drawn cards are not drawn again as more are added.
  const refresh = useCallback(() => {
    void utils.invoices.mine.invalidate();
    void utils.handovers.invalidate();
  }, [utils]);
  useEffect(() => {
    if (!driverId) return;
    void loadInvoices<Mine>(driverId).then((c) => setCached((now) => now ?? c ?? null));
  }, [driverId]);
  useEffect(() => {
    if (!query.data || !driverId) return;
    const syncedAt = new Date(query.dataUpdatedAt).toISOString();
    setCached({ data: query.data, syncedAt });
    void saveInvoices(driverId, query.data, syncedAt);
  }, [query.data, query.dataUpdatedAt, driverId]);

  const data = query.data ?? (query.isError || !navigator.onLine ? cached?.data : undefined);
  const fromPhone = !query.data && !!data && !!cached;
  const today = useTodaysCustomers(driverId);
  const [search, setSearch] = useState('');
  const [all, setAll] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const everyInvoice = data?.invoices ?? [];
  const onRoute = useMemo(
    () =>
      today ? everyInvoice.filter((i) => i.customer && today.has(i.customer._id)) : everyInvoice,
    [everyInvoice, today],
  );
  const keyword = typedText(search);
  // A search reaches every invoice; otherwise today's route, unless the driver asked for all
  // (or the route is not known on this phone).
  const wide = keyword !== '' || all || today === null;
  const matching = useMemo(() => {
    if (!keyword) return wide ? everyInvoice : onRoute;
    // As the server's invoice lists read it (ADR 113): the name as the pickers match it
    // (full-width, kana), a code or number as typed or without its zeros ("c7", "ＩＮＶ－７９").
    const key = codeKey(keyword);
    return everyInvoice.filter(
      (i) =>
        matchesName(
          i.customer?.restaurantName ?? i.deletedCustomer?.restaurantName ?? '',
          keyword,
        ) ||
        [i.customer?.customerCode ?? i.deletedCustomer?.customerCode, i.number].some(
          (v) => !!v && (typedText(v).includes(keyword) || (key !== null && codeKey(v) === key)),
        ),
    );
  }, [everyInvoice, onRoute, keyword, wide]);
  // Today's route, a few cards at a time (ADR 106): a driver with 40 stops had 44 invoices drawn
  // in one task of 2 s before the first showed. A page of "Show all" or a search is drawn at once.
  const routeDrawn = useFirstCardsFirst(wide ? NONE : onRoute);
  const shown = wide ? matching.slice(0, limit) : routeDrawn;
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
          <Title order={1} size="h2">
            {t('money.paymentsTitle')}
          </Title>
          {data && (
            <Text c="gray.7" size="sm">
              {t('money.invoicesCount', { count: data.invoices.length })} ·{' '}
              {formatYen(data.totalDues)}
            </Text>
          )}
        </div>
        <Button component={Link} to="/driver/payments/handover" variant="light">
          {t('money.myHandover')}
        </Button>
      </Group>
      {waiting.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          mb="sm"
          role="status"
          title={t('money.paymentsWaiting', { count: waiting.length })}
        >
          <List size="sm" data-testid="payments-waiting">
            {waiting.map((p) => (
              <List.Item key={p.key}>
                {p.restaurantName} · {formatYen(p.amount)} · {showInstant(p.takenAt)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {fromPhone && cached && (
        <Alert color="gray" variant="light" mb="sm" role="status">
          {t('money.invoicesOffline', { time: showInstant(cached.syncedAt) })}
        </Alert>
      )}
      {data && (
        <>
          <TextInput
            type="search"
            aria-label={t('money.collectSearch')}
            placeholder={t('money.collectSearch')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setLimit(PAGE);
            }}
            mb="sm"
          />
          {today !== null && keyword === '' && (
            <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
              <Text size="sm" data-testid="collect-scope">
                {all
                  ? t('money.invoicesCount', { count: everyInvoice.length })
                  : t('money.collectTodayShown', {
                      shown: onRoute.length,
                      count: everyInvoice.length,
                    })}
              </Text>
              <Button
                variant="light"
                size="compact-md"
                onClick={() => {
                  setAll((a) => !a);
                  setLimit(PAGE);
                }}
              >
                {all
                  ? t('money.collectShowToday')
                  : t('money.collectShowAll', { count: everyInvoice.length })}
              </Button>
            </Group>
          )}
        </>
      )}
      {data ? (
        !wide && onRoute.length === 0 ? (
          <Text c="gray.7" ta="center" py="xl">
            {t('money.collectNoneToday')}
          </Text>
        ) : (
          <>
            <InvoiceCards invoices={shown} staff={false} emptyType="" onChanged={refresh} />
            {wide && shown.length < matching.length && (
              <Group justify="center" mt="md">
                <Button variant="default" onClick={() => setLimit((n) => n + PAGE)}>
                  {t('money.collectMore', {
                    count: Math.min(PAGE, matching.length - shown.length),
                  })}
                </Button>
              </Group>
            )}
          </>
        )
      ) : query.isError ? (
        <InvoicesFailed onRetry={() => void query.refetch()} />
      ) : (
        <Loading />
      )}
    </>
  );
}
