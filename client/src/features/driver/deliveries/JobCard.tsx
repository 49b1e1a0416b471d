import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { DocumentActions } from '../../../components/documents/DocumentActions';
import { kindName } from '../../../components/documents/kindName';
import { MapPinIcon } from '../../../components/icons';
import { localName, unitLabel } from '../../../components/localName';
import { Money } from '../../../components/Money';
import { Phone } from '../../../components/Phone';
import { ProofPhotoLink } from '../../../components/ProofPhotoLink';
import { businessToday, showDate, showInstant } from '../../../dates';
import { dynamicT } from '../../../i18n';
import { CollectBeforeUnloading, type useDues } from '../payments/DueToCollect';
import { CreditsDeducted } from './CreditsDeducted';
import { mapLink } from './mapLink';

/** One delivery on the driver's phone: restaurant, phone (dials), lines or amount, action. */
export function JobCard({
  job,
  waiting,
  onDeliver,
  dues,
  refusal,
}: {
  job: JobOut;
  /** The dues of every customer on the screen (one request per screen). */
  dues?: ReturnType<typeof useDues>['data'];
  /** Marked delivered on this phone, not yet sent. */
  waiting?: boolean;
  onDeliver?: () => void;
  /** The server refused this job's delivery sent from this phone: correct it or discard it. */
  refusal?: { message: string; onCorrect: () => void; onDiscard: () => void };
}) {
  const { t, i18n } = useTranslation();
  const name = job.customer?.restaurantName ?? job.restaurantName;
  // Each card's buttons are named with its restaurant: a screen reader lists every card's
  // "Mark As Delivered" and "PDF" together, and the same words alone say not whose.
  const shownName = name || t('orderTrack.deletedRestaurant');
  return (
    <Card withBorder radius="md" padding="md" data-testid="job-card" opacity={waiting ? 0.75 : 1}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          {/* Under the screen's h1 (no level between): h2, drawn small. */}
          <Title order={2} size="h5">
            {shownName}
          </Title>
          {/* The order's number, as the slip, the restaurant and the office name it; the job's
              serial (the office's list of jobs) under it. */}
          <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
            {job.order && (
              <Badge
                variant="light"
                color="gray"
                size="lg"
                tt="none"
                data-testid="job-order-number"
              >
                {t('driverJobs.orderNumber', { number: job.order.orderNumber })}
              </Badge>
            )}
            <Text size="xs" c="dimmed" data-testid="job-serial">
              {t('driverJobs.serialNumber', { serial: job.serialNo })}
            </Text>
          </Stack>
        </Group>
        {/* Dispatched early for a later day: not to be delivered today. */}
        {!job.isDelivered && job.order && job.order.deliveryDate > businessToday() && (
          // A note on the card, there from the start: not an alert read out with every card.
          <Alert color="orange" variant="light" p="xs" role="note" data-testid="job-later-date">
            {t('driverJobs.forLaterDate', { date: showDate(job.order.deliveryDate) })}
          </Alert>
        )}
        {!job.isDelivered && <CollectBeforeUnloading customerId={job.customer?._id} dues={dues} />}
        {!job.isDelivered && job.customer?.address && (
          <Text size="sm" data-testid="job-address">
            {job.customer.address}
          </Text>
        )}
        <Group gap="xs">
          {!job.isDelivered && job.customer?.address && (
            <Button
              component="a"
              href={mapLink(job.customer.address)}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<MapPinIcon size={18} />}
              aria-label={t('driverJobs.route.mapLabel', { name })}
            >
              {t('driverJobs.route.map')}
            </Button>
          )}
          {job.customer?.phoneNumber && <Phone number={job.customer.phoneNumber} w="fit-content" />}
        </Group>
        {!job.isDelivered && <OrderMessage message={job.order?.customMessage} />}
        {job.order && job.order.orderItems.length > 0 ? (
          <List size="sm" spacing={2}>
            {job.order.orderItems.map((l) => {
              // Once delivered, what was delivered (the amount is worked out from it).
              const changed = job.isDelivered && l.deliveredQuantity !== null;
              const quantity = changed ? (l.deliveredQuantity ?? l.quantity) : l.quantity;
              // Goods handed over instead of another line say which (ADR 050).
              const replaced = l.substituteFor
                ? job.order?.orderItems.find((o) => o._id === l.substituteFor)
                : undefined;
              return (
                <List.Item key={l._id} data-testid="job-line">
                  {localName(l, i18n.language)} × {quantity} {unitLabel(t, l.sku)}
                  {changed && (
                    <Text span size="sm" c="dimmed">
                      {' '}
                      (
                      {t('driverJobs.ordered', {
                        quantity: l.quantity,
                        unit: unitLabel(t, l.sku),
                      })}
                      {l.shortReason
                        ? ` · ${dynamicT(t)(`driverJobs.reason.${l.shortReason}`, { defaultValue: l.shortReason })}`
                        : ''}
                      )
                    </Text>
                  )}
                  {replaced && (
                    <Text span size="sm" c="dimmed" data-testid="substitute-for">
                      {' '}
                      (
                      {t('driverJobs.substitute.for', { name: localName(replaced, i18n.language) })}
                      )
                    </Text>
                  )}
                </List.Item>
              );
            })}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {t('driverJobs.noItems')}
          </Text>
        )}
        {/* Before delivery, the credit notes the invoice will deduct: the amount to collect is
            less than the lines add up to, and the restaurant will ask why. */}
        {!job.isDelivered && job.amountToCollect > 0 && <CreditsDeducted job={job} />}
        {/* Delivered: what is still unpaid (nothing shown once paid). */}
        {job.amountToCollect > 0 && (
          <Text size="sm" fw={600} data-testid="amount-to-collect">
            {t(job.isDelivered ? 'driverJobs.stillUnpaid' : 'driverJobs.amount')}:{' '}
            <Money amount={job.amountToCollect} />
          </Text>
        )}
        {job.isDelivered && (
          <Text size="sm" c="dimmed">
            {t('orderTrack.deliveredAt')}: {showInstant(job.deliveredAt)}
            {job.recipientName ? ` · ${t('orderTrack.recipient')}: ${job.recipientName}` : ''}
            {job.proofImage && (
              <>
                {' · '}
                <ProofPhotoLink name={job.proofImage} />
              </>
            )}
          </Text>
        )}
        {job.isDelivered && job.order && !waiting && (
          <DocumentActions
            kind="slip"
            id={job.order._id}
            area="driver"
            label={t('driverJobs.documentFor', {
              kind: kindName(t, 'slip', 'driver'),
              name: shownName,
            })}
          />
        )}
        {job.isDelivered && job.order?.invoice && !waiting && (
          <Receipts receipts={job.order.invoice.receipts} name={shownName} />
        )}
        {refusal ? (
          <Alert color="red" variant="light" p="sm" data-testid="job-refused">
            <Text size="sm" fw={600}>
              {t('driverJobs.notSent')}
            </Text>
            <Text size="sm" mb="xs">
              {refusal.message}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Button onClick={refusal.onCorrect}>{t('driverJobs.correct')}</Button>
              <Button variant="light" color="red" onClick={refusal.onDiscard}>
                {t('driverJobs.discard')}
              </Button>
            </Group>
          </Alert>
        ) : waiting ? (
          <Badge color="orange" variant="light" size="lg" tt="none">
            {t('driverJobs.waitingOne')}
          </Badge>
        ) : (
          onDeliver && (
            <Button
              color="green"
              onClick={onDeliver}
              fullWidth
              aria-label={t('driverJobs.markAsDeliveredNamed', { name: shownName })}
              // Where the focus goes when the card before it leaves the list (delivered).
              data-deliver={job._id}
            >
              {t('driverJobs.markAsDelivered')}
            </Button>
          )
        )}
      </Stack>
    </Card>
  );
}

/**
 * The receipts of the delivery's invoice: the payments this job's driver took on it (the job
 * carries them; a driver opens only the receipts of what it collected).
 */
function Receipts({
  receipts,
  name,
}: {
  receipts: { _id: string; amount: number }[];
  /** The restaurant, for the buttons' names. */
  name: string;
}) {
  const { t } = useTranslation();
  if (receipts.length === 0) return null;
  return (
    <Stack gap={4} data-testid="receipts">
      <Text size="sm" fw={600}>
        {t('driverJobs.receipts')}
      </Text>
      {receipts.map((p) => (
        <Group key={p._id} gap="xs" wrap="wrap">
          <Text size="sm">
            <Money amount={p.amount} />
          </Text>
          <DocumentActions
            kind="receipt"
            id={p._id}
            area="driver"
            label={t('driverJobs.receiptFor', {
              kind: kindName(t, 'receipt', 'driver'),
              amount: formatYen(p.amount),
              name,
            })}
          />
        </Group>
      ))}
    </Stack>
  );
}

/** What the restaurant wrote with its order ("leave it at the back door"), for the driver. */
export function OrderMessage({ message }: { message: string | undefined }) {
  const { t } = useTranslation();
  if (!message?.trim()) return null;
  return (
    <Alert variant="light" color="blue" p="xs" role="note" title={t('driverJobs.customerMessage')}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="order-message">
        {message}
      </Text>
    </Alert>
  );
}
