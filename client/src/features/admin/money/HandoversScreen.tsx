import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import type { HandoverOut, HandoverReportOut } from '../../../../../shared/schemas/invoices';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DataTable } from '../../../components/DataTable';
import { notifyError, notifySuccess } from '../../../components/notify';
import { showDate } from '../../../dates';
import { keyedClient, withKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { moneyErrorText, newKey } from './api';
import { adminCrumbs, reportsCrumb } from './crumbs';
import { localToday } from './dates';
import { InvoicesFailed } from './InvoiceList';

const daysAgo = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Per driver and day: collected, handed over, confirmed; the office confirms here. */
export function HandoversScreen() {
  const { t } = useTranslation();
  const today = localToday();
  const [from, setFrom] = useState(daysAgo(today, 6));
  const [to, setTo] = useState(today);
  const report = trpc.handovers.report.useQuery({ from, to }, { enabled: Boolean(from && to) });
  const [confirming, setConfirming] = useState<HandoverOut | null>(null);
  type Row = HandoverReportOut[number];
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('money.handovers'), [reportsCrumb(t)])} />
      <Title order={2} mb="md">
        {t('money.handovers')}
      </Title>
      <Group mb="md">
        <TextInput
          type="date"
          label={t('money.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('money.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
      </Group>
      {report.isError ? (
        <InvoicesFailed onRetry={() => void report.refetch()} />
      ) : (
        <DataTable<Row>
          records={report.data ?? []}
          fetching={report.isPending}
          idAccessor={(r) => `${r.driverId}|${r.date}`}
          columns={[
            { accessor: 'date', title: t('money.date'), render: (r) => showDate(r.date) },
            { accessor: 'driverName', title: t('money.driver') },
            {
              accessor: 'collected',
              title: t('money.collected'),
              textAlign: 'right',
              render: (r) => formatYen(r.collected),
            },
            {
              accessor: 'handedOver',
              title: t('money.handedOver'),
              textAlign: 'right',
              render: (r) =>
                r.handover ? (
                  formatYen(r.handover.handedOver)
                ) : (
                  <Badge color="gray.8" variant="outline">
                    {t('money.notHandedOver')}
                  </Badge>
                ),
            },
            {
              accessor: 'confirmed',
              title: t('money.confirmed'),
              textAlign: 'right',
              render: (r) =>
                r.handover?.confirmed != null ? (
                  formatYen(r.handover.confirmed)
                ) : r.handover ? (
                  <Button size="compact-xs" onClick={() => setConfirming(r.handover)}>
                    {t('money.confirm')}
                  </Button>
                ) : null,
            },
            {
              accessor: 'difference',
              title: t('money.difference'),
              textAlign: 'right',
              render: (r) => {
                const got = r.handover?.confirmed ?? r.handover?.handedOver ?? 0;
                const diff = got - r.collected;
                return (
                  <Text c={diff === 0 ? undefined : 'red.9'} fw={diff === 0 ? 400 : 700} span>
                    {formatYen(diff)}
                  </Text>
                );
              },
            },
            { accessor: 'note', title: t('money.note'), render: (r) => r.handover?.note ?? '' },
          ]}
        />
      )}
      {confirming && (
        <ConfirmHandover
          handover={confirming}
          onClose={() => setConfirming(null)}
          onDone={() => void report.refetch()}
        />
      )}
    </>
  );
}

function ConfirmHandover({
  handover,
  onClose,
  onDone,
}: {
  handover: HandoverOut;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState<string | number>(handover.handedOver);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());
  const submit = async () => {
    setBusy(true);
    try {
      await keyedClient.handovers.confirm.mutate(
        { id: handover._id, confirmed: Number(amount), note },
        withKey(key.current),
      );
      notifySuccess(t('money.handoverConfirmed'));
      onDone();
      onClose();
    } catch (err) {
      key.current = newKey();
      notifyError(moneyErrorText(t, err, 'money.operationFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('money.confirmHandover')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <Text size="sm">
          {handover.driverName} · {showDate(handover.date)} · {t('money.handedOver')}:{' '}
          {formatYen(handover.handedOver)}
        </Text>
        <NumberInput
          label={t('money.amountReceived')}
          value={amount}
          onChange={setAmount}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          prefix="¥"
        />
        <Textarea
          label={t('money.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          rows={2}
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={busy} disabled={amount === ''}>
            {t('money.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
