import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { DocumentActions } from '../../../components/documents/DocumentActions';
import { unitLabel } from '../../../components/localName';
import { Money } from '../../../components/Money';
import { Phone } from '../../../components/Phone';
import { CollectBeforeUnloading, type useDues } from '../payments/DueToCollect';
import { localDateTime } from './time';

/** One delivery on the driver's phone: restaurant, phone (dials), lines or amount, action. */
export function JobCard({
  job,
  waiting,
  onDeliver,
  dues,
}: {
  job: JobOut;
  /** The dues of every customer on the screen (one request per screen). */
  dues?: ReturnType<typeof useDues>['data'];
  /** Marked delivered on this phone, not yet sent. */
  waiting?: boolean;
  onDeliver?: () => void;
}) {
  const { t } = useTranslation();
  const name = job.customer?.restaurantName ?? job.restaurantName;
  return (
    <Card withBorder radius="md" padding="md" data-testid="job-card" opacity={waiting ? 0.75 : 1}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5">
            {name || t('orderTrack.deletedRestaurant')}
          </Title>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            #{job.serialNo}
          </Badge>
        </Group>
        {!job.isDelivered && <CollectBeforeUnloading customerId={job.customer?._id} dues={dues} />}
        {job.customer?.phoneNumber && <Phone number={job.customer.phoneNumber} w="fit-content" />}
        {job.order && job.order.orderItems.length > 0 ? (
          <List size="sm" spacing={2}>
            {job.order.orderItems.map((l) => (
              <List.Item key={`${l.name}:${l.sku}`}>
                {l.name} × {l.quantity} {unitLabel(t, l.sku)}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {t('driverJobs.noItems')}
          </Text>
        )}
        {job.amountToCollect > 0 && (
          <Text size="sm" fw={600}>
            {t('driverJobs.amount')}: <Money amount={job.amountToCollect} />
          </Text>
        )}
        {job.isDelivered && (
          <Text size="sm" c="dimmed">
            {t('orderTrack.deliveredAt')}: {localDateTime(job.deliveredAt)}
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
          <DocumentActions kind="slip" id={job.order._id} area="driver" />
        )}
        {waiting ? (
          <Badge color="orange" variant="light" size="lg" tt="none">
            {t('driverJobs.waitingOne')}
          </Badge>
        ) : (
          onDeliver && (
            <Button color="green" onClick={onDeliver} fullWidth>
              {t('driverJobs.markAsDelivered')}
            </Button>
          )
        )}
      </Stack>
    </Card>
  );
}

/** The proof-of-delivery photo, opened in a new tab. */
export function ProofPhotoLink({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    // A button-sized link (44 px on a phone), not a word in the line (ADR 040).
    <Button
      component="a"
      href={`/uploads/${name}`}
      target="_blank"
      rel="noopener"
      variant="light"
      size="compact-sm"
    >
      {t('orderTrack.proofPhoto')}
    </Button>
  );
}
