import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYen } from '../../../../../../shared/format';
import type { CustomerOut } from '../../../../../../shared/schemas/office';
import { Money } from '../../../../components/Money';
import { PeoplePanel } from '../../../../components/PeoplePanel';
import { Phone } from '../../../../components/Phone';
import { ResetPasswordModal } from '../../../auth/PasswordForms';
import { OverdueBadge } from '../../money/CreditBadges';
import { formatDay } from '../shared/when';
import { termsInWords } from './NextClosing';

interface Props {
  customer: CustomerOut;
  onEdit(): void;
  onDelete(): void;
  onHistory(): void;
}

/** The customer card of spec §3. */
export function CustomerCard({ customer: c, onEdit, onDelete, onHistory }: Props) {
  const { t, i18n } = useTranslation();
  const [resetting, setResetting] = useState(false);
  const [people, setPeople] = useState(false);
  return (
    <Card withBorder radius="md" padding="sm" h="100%" data-testid="customer-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap={4}>
        <Group gap={4} wrap="wrap">
          <Badge variant="light" color="blue" tt="none">
            {c.customerCode}
          </Badge>
          {c.routeName && (
            <Badge variant="light" color="teal" tt="none">
              {c.routeName}
            </Badge>
          )}
          {c.paymentMethod === 'monthly' && (
            // 「20日締め 翌月末払い」: without a closing day a monthly customer closes at month
            // end (ADR 033); without a payment day it pays at the payment month's end (ADR 066).
            <Badge variant="light" color="indigo" tt="none" data-testid="terms">
              {termsInWords(t, c.closingDay, c.paymentMonth, c.paymentDate)}
            </Badge>
          )}
          {c.badDebt && (
            <Badge color="red" tt="none">
              {t('office.customers.badDebt')}
            </Badge>
          )}
          {/* Every card reads the one overdue list of the screen (fetched once). */}
          <OverdueBadge customerId={c._id} />
          {c.creditHold && (
            <Badge color="orange" tt="none">
              {t('office.customers.creditHold')}
            </Badge>
          )}
        </Group>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('office.history')}>
            <ActionIcon
              variant="subtle"
              onClick={onHistory}
              aria-label={t('office.customers.historyOf', { name: c.restaurantName })}
            >
              <ClockIcon />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('office.edit')}>
            <ActionIcon
              variant="subtle"
              onClick={onEdit}
              aria-label={t('office.editNamed', { name: c.restaurantName })}
            >
              <PencilIcon />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('office.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={t('office.deleteNamed', { name: c.restaurantName })}
            >
              <TrashIcon />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Stack gap={6} mt="xs" style={{ flex: 1 }}>
        <Text fw={700} component="h2" m={0} size="md" lh={1.3}>
          {c.restaurantName}
        </Text>
        <Group gap="xs">
          <Phone number={c.phoneNumber} />
        </Group>
        {c.lastDelivered && (
          <Text size="sm" c="dimmed">
            {t('office.customers.lastDelivered', {
              date: formatDay(c.lastDelivered, i18n.language),
            })}
          </Text>
        )}
        {c.inactive && (
          <Text size="sm" c="red" fw={600}>
            {t('office.customers.noRecentOrders')}
          </Text>
        )}
        <Group gap="xs" mt="auto" pt={4}>
          <Anchor component={Link} to={`/admin/pricelists?customer=${c._id}`} size="sm">
            {t('priceLists.link')}
          </Anchor>
          {c.webOrder && (
            <Anchor component={Link} to={`/admin/customer/orders/${c._id}`} size="sm">
              {t('office.customers.webOrders')}
            </Anchor>
          )}
          {c.username && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setResetting(true)}
              aria-label={t('login.passwords.resetOf', { name: c.restaurantName })}
            >
              {t('login.passwords.reset')}
            </Button>
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setPeople(true)}
            aria-label={`${t('people.title')}: ${c.restaurantName}`}
          >
            {t('people.title')}
          </Button>
          {c.totalDues !== 0 && (
            <Button
              component={Link}
              to={`/admin/invoice/bycustomer/${c._id}`}
              color="red"
              size="compact-sm"
              // The name starts with the words shown (WCAG 2.5.3: what is seen is what is said);
              // a bare red amount did not say it was what the customer owes.
              aria-label={t('office.customers.duesOf', {
                name: c.restaurantName,
                amount: formatYen(c.totalDues),
              })}
            >
              {t('office.customers.dues')}&nbsp;
              <Money amount={c.totalDues} />
            </Button>
          )}
        </Group>
      </Stack>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={people}
        onClose={() => setPeople(false)}
        title={`${t('people.title')}: ${c.restaurantName}`}
        size="lg"
        centered
      >
        {people && <PeoplePanel customerId={c._id} />}
      </Modal>
      {resetting && (
        <ResetPasswordModal
          target={{ kind: 'customer', id: c._id, name: c.restaurantName }}
          onClose={() => setResetting(false)}
        />
      )}
    </Card>
  );
}

const icon = {
  width: 18,
  height: 18,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" {...icon}>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" {...icon}>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
    </svg>
  );
}

export function ClockIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" {...icon}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}
