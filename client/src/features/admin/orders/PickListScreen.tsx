import './print.css';
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { shownPhone } from '../../../../../shared/phone';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DateField } from '../../../components/dates/DateField';
import { SquareIcon } from '../../../components/icons';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { localName, unitLabel } from '../../../components/localName';
import { showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import { adminCrumbs, printTitled } from './shared';

/** /admin/orders/picklist?date=&route=: product totals, then each stop's lines in route order. */
export function PickListScreen() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? '';
  const route = params.get('route') ?? '';
  const dated = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const list = trpc.orders.pickList.useQuery({ deliveryDate: date, route }, { enabled: dated });
  // Without a date nothing is read (the screen spun forever): it asks for one, offering the
  // next date with pending orders.
  const pending = trpc.orders.pendingDates.useQuery(undefined, { enabled: !dated });
  const choose = (next: string) => {
    const q = new URLSearchParams(params);
    if (next) q.set('date', next);
    else q.delete('date');
    setParams(q, { replace: true });
  };
  const next = pending.data?.next;
  const title = t('webOrders.pickListTitle');
  const subtitle = t('webOrders.pickListFor', {
    date: date ? showDate(date) : '-',
    route: route || t('webOrders.allRoutes'),
  });

  return (
    <>
      <Breadcrumbs
        items={adminCrumbs(t, title, [{ label: t('nav.webOrders'), link: '/admin/orders' }])}
      />
      <Group justify="space-between" mb="md">
        <div>
          <Title order={1} size="h3">
            {title}
          </Title>
          {dated && <Text>{subtitle}</Text>}
        </div>
        <Group className="no-print" align="flex-end">
          <DateField label={t('orders.deliveryDate')} value={dated ? date : ''} onChange={choose} />
          <Button disabled={!dated} onClick={() => printTitled(`${title} ${subtitle}`)}>
            {t('orders.print')}
          </Button>
        </Group>
      </Group>
      {!dated ? (
        <Alert color="blue" variant="light" data-testid="picklist-no-date">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('webOrders.pickListChooseDate')}</Text>
            {next && (
              <Button size="xs" variant="light" onClick={() => choose(next)}>
                {t('webOrders.pickListNext', { date: showDate(next) })}
              </Button>
            )}
          </Stack>
        </Alert>
      ) : list.isError ? (
        <FetchFailed onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading />
      ) : (
        <Stack gap="lg">
          <section className="print-block">
            <Title order={2} size="h4" mb="xs">
              {t('webOrders.productTotals')}
            </Title>
            {list.data.totals.length === 0 ? (
              <Text c="dimmed">{t('webOrders.noPending')}</Text>
            ) : (
              <Table withTableBorder striped fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('webOrders.item')}</Table.Th>
                    <Table.Th ta="right">{t('webOrders.totalQuantity')}</Table.Th>
                    <Table.Th>{t('webOrders.unit')}</Table.Th>
                    <Table.Th w={60}>{t('webOrders.picked')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.totals.map((l) => (
                    <Table.Tr key={`${l.itemName}|${l.sku}`}>
                      <Table.Td>
                        {localName(
                          { name: l.itemName, nameNe: l.itemNameNe, nameJa: l.itemNameJa },
                          i18n.resolvedLanguage,
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{l.totalQuantity}</Table.Td>
                      <Table.Td>{unitLabel(t, l.sku)}</Table.Td>
                      <Table.Td>
                        <SquareIcon size={18} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </section>
          <section>
            <Title order={2} size="h4" mb="xs">
              {t('webOrders.stops')}
            </Title>
            <Stack gap="sm">
              {list.data.stops.map((s, i) => (
                <Paper key={s.orderId} withBorder p="sm" className="print-block">
                  <Group justify="space-between">
                    <Text fw={700}>
                      {i + 1}. {s.restaurantName} ({s.customerCode})
                    </Text>
                    <Text size="sm">
                      #{s.orderNumber} · {s.routeName ?? '-'} · {shownPhone(s.phoneNumber)}
                    </Text>
                  </Group>
                  {s.customMessage && (
                    <Text size="sm" fs="italic">
                      {s.customMessage}
                    </Text>
                  )}
                  <Table fz="sm" mt={4}>
                    <Table.Tbody>
                      {s.lines.map((l, j) => (
                        <Table.Tr key={`${s.orderId}:${j.toString()}`}>
                          <Table.Td>{localName(l, i18n.resolvedLanguage)}</Table.Td>
                          <Table.Td ta="right" w={120}>
                            {l.quantity} {unitLabel(t, l.sku)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Paper>
              ))}
            </Stack>
          </section>
        </Stack>
      )}
    </>
  );
}
