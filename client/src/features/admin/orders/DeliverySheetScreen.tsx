import './print.css';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { shownPhone } from '../../../../../shared/phone';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { unitLabel } from '../../../components/localName';
import { Money } from '../../../components/Money';
import { showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import { CreditsDeducted } from '../../driver/deliveries/CreditsDeducted';
import { adminCrumbs, printTitled } from './shared';

/** /admin/ordertrack/sheet/:driverId: a driver's printable stops, lines and cash to collect. */
export function DeliverySheetScreen() {
  const { t } = useTranslation();
  const driverId = useParams().driverId ?? '';
  const sheet = trpc.ordertrack.sheet.useQuery({ driverId }, { enabled: driverId !== '' });
  const title = t('orderTrack.sheetTitle', { driver: sheet.data?.driver.username ?? '' });
  return (
    <>
      <Breadcrumbs
        items={adminCrumbs(t, t('orderTrack.sheet'), [
          { label: t('nav.orderTrack'), link: '/admin/ordertrack' },
        ])}
      />
      <Group justify="space-between" mb="md">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Button className="no-print" onClick={() => printTitled(title)}>
          {t('orders.print')}
        </Button>
      </Group>
      {sheet.isError ? (
        <FetchFailed onRetry={() => void sheet.refetch()} />
      ) : !sheet.data ? (
        <Loading />
      ) : sheet.data.jobs.length === 0 ? (
        <Text c="dimmed">{t('orders.none')}</Text>
      ) : (
        <Stack gap="sm">
          {sheet.data.jobs.map((j, i, all) => (
            <Stack key={j._id} gap="sm">
              {/* Each delivery date heads its stops: a stop for a later day is not for today.
                  Every stop has one, with an order or without (the server dates those). */}
              {j.deliveryDate !== all[i - 1]?.deliveryDate && (
                <Title order={2} size="h4" data-testid="sheet-date">
                  {t('orders.deliveryDate')}: {showDate(j.deliveryDate)}
                </Title>
              )}
              <Paper withBorder p="sm" className="print-block" data-testid="sheet-stop">
                <Group justify="space-between">
                  <Text fw={700}>
                    {i + 1}. {j.customer?.restaurantName ?? j.restaurantName}
                  </Text>
                  <Text size="sm">
                    {j.customer?.routeName ?? '-'} · {shownPhone(j.customer?.phoneNumber)}
                  </Text>
                </Group>
                {j.order && (
                  <Table fz="sm" mt={4}>
                    <Table.Tbody>
                      {j.order.orderItems.map((l, k) => (
                        <Table.Tr key={`${j._id}:${k.toString()}`}>
                          <Table.Td>{l.name}</Table.Td>
                          <Table.Td ta="right" w={120}>
                            {l.quantity} {unitLabel(t, l.sku)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
                {!j.isDelivered && j.amountToCollect > 0 && <CreditsDeducted job={j} />}
                <Group justify="space-between" mt={4}>
                  <Text size="sm">
                    {j.order ? `#${j.order.orderNumber}` : ''} · {t('orderTrack.paymentMethod')}:{' '}
                    {j.customer?.paymentMethod === 'monthly'
                      ? t('orderTrack.monthly')
                      : t('orderTrack.cash')}
                  </Text>
                  <Text size="sm" fw={600}>
                    {t('orderTrack.toCollect')}: <Money amount={j.amountToCollect} />
                  </Text>
                </Group>
              </Paper>
            </Stack>
          ))}
          <Group justify="flex-end">
            <Text fw={700}>
              {t('orderTrack.totalToCollect')}: <Money amount={sheet.data.totalToCollect} />
            </Text>
          </Group>
        </Stack>
      )}
    </>
  );
}
