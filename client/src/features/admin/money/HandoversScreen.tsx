import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import type { HandoverOut, HandoverReportOut } from '../../../../../shared/schemas/invoices';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DataTable } from '../../../components/DataTable';
import { DateField } from '../../../components/dates/DateField';
import { westernDigitsTyped } from '../../../components/westernDigitsTyped';
import { businessToday, showDate } from '../../../dates';
import { keyedClient } from '../../../keyed';
import { trpc } from '../../../trpc';
import { WholeBadge } from '../WholeBadge';
import { adminCrumbs, reportsCrumb } from './crumbs';
import { CorrectionLines, DayDialog, type DayDialogProps, useDayChange } from './handoverDialog';
import { InvoicesFailed } from './InvoiceList';

const daysAgo = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Per driver and day: collected, handed over, confirmed; the office confirms here. */
export function HandoversScreen() {
  const { t } = useTranslation();
  const today = businessToday();
  const [from, setFrom] = useState(daysAgo(today, 6));
  const [to, setTo] = useState(today);
  const report = trpc.handovers.report.useQuery({ from, to }, { enabled: Boolean(from && to) });
  const [confirming, setConfirming] = useState<HandoverOut | null>(null);
  const [correcting, setCorrecting] = useState<HandoverOut | null>(null);
  type Row = HandoverReportOut[number];
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('money.handovers'), [reportsCrumb(t)])} />
      <Title order={1} size="h2" mb="md">
        {t('money.handovers')}
      </Title>
      <Group mb="md">
        <DateField label={t('money.from')} value={from} onChange={setFrom} />
        <DateField label={t('money.to')} value={to} onChange={setTo} />
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
            {
              accessor: 'driverName',
              title: t('money.driver'),
              // The name the office knows the driver by, the login beside it (ADR 056).
              render: (r) => (
                <>
                  {r.driverName}
                  {r.driverUsername && r.driverUsername !== r.driverName && (
                    <Text span size="sm" c="gray.7" ml={6}>
                      ({r.driverUsername})
                    </Text>
                  )}
                </>
              ),
            },
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
                  <WholeBadge color="gray.8" variant="outline">
                    {t('money.notHandedOver')}
                  </WholeBadge>
                ),
            },
            {
              accessor: 'confirmed',
              title: t('money.confirmed'),
              textAlign: 'right',
              render: (r) =>
                r.handover?.confirmed != null ? (
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {formatYen(r.handover.confirmed)}
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => setCorrecting(r.handover)}
                      aria-label={t('money.correctDay', {
                        driver: r.driverName,
                        date: showDate(r.date),
                      })}
                    >
                      {t('money.correct')}
                    </Button>
                  </Group>
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
            {
              accessor: 'corrections',
              title: t('money.corrections'),
              render: (r) =>
                r.corrections.length === 0 ? null : (
                  <Stack gap={2}>
                    <CorrectionLines corrections={r.corrections} />
                  </Stack>
                ),
            },
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
      {correcting && (
        <CorrectHandover
          handover={correcting}
          onClose={() => setCorrecting(null)}
          onDone={() => void report.refetch()}
        />
      )}
    </>
  );
}

function ConfirmHandover({ handover, onClose, onDone }: DayDialogProps) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState<string | number>(handover.handedOver);
  const [note, setNote] = useState('');
  const { busy, submit: send } = useDayChange(t('money.handoverConfirmed'), onDone, onClose);
  const submit = () =>
    send((context) =>
      keyedClient.handovers.confirm.mutate(
        { id: handover._id, confirmed: Number(amount), note },
        context,
      ),
    );
  return (
    <DayDialog
      title={t('money.confirmHandover')}
      handover={handover}
      figure={{ label: t('money.handedOver'), amount: handover.handedOver }}
      onClose={onClose}
    >
      <NumberInput
        label={t('money.amountReceived')}
        value={amount}
        onChange={setAmount}
        onChangeCapture={westernDigitsTyped}
        min={0}
        clampBehavior="none"
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
    </DayDialog>
  );
}

/**
 * A confirmed day is closed (ADR 023): the office changes one of its payments (0 removes it) or
 * adds one to an invoice, always with a reason; the report lists each correction.
 */
function CorrectHandover({ handover, onClose, onDone }: DayDialogProps) {
  const { t } = useTranslation();
  const detail = trpc.handovers.detail.useQuery({ id: handover._id });
  const open = trpc.invoices.assigned.useQuery(
    { id: handover.driverId ?? '' },
    { enabled: Boolean(handover.driverId) },
  );
  const [mode, setMode] = useState<'adjust' | 'add'>('adjust');
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const [invoiceId, setInvoiceId] = useState<string | null>(null);
  const [amount, setAmount] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, submit: send } = useDayChange(t('money.correctionSaved'), onDone, onClose);
  const payments = detail.data?.payments ?? [];
  const target = mode === 'adjust' ? paymentId : invoiceId;
  const reasonError = reason.trim() ? null : t('errors.handover.reasonRequired');
  const submit = async () => {
    setTouched(true);
    if (reasonError || !target || amount === '') return;
    await send((context) =>
      keyedClient.handovers.correct.mutate(
        {
          handoverId: handover._id,
          ...(mode === 'adjust' ? { paymentId: target } : { invoiceId: target }),
          amount: Number(amount),
          reason,
        },
        context,
      ),
    );
  };
  return (
    <DayDialog
      title={t('money.correctHandover')}
      handover={handover}
      figure={{ label: t('money.confirmed'), amount: handover.confirmed ?? 0 }}
      onClose={onClose}
    >
      <Text size="xs" c="dimmed">
        {t('money.correctionHint')}
      </Text>
      <SegmentedControl
        value={mode}
        onChange={(v) => setMode(v as 'adjust' | 'add')}
        data={[
          { value: 'adjust', label: t('money.correctionAdjust') },
          { value: 'add', label: t('money.correctionAdd') },
        ]}
      />
      {mode === 'adjust' ? (
        <Select
          label={t('money.correctionPayment')}
          value={paymentId}
          onChange={(v) => {
            setPaymentId(v);
            const p = payments.find((x) => x._id === v);
            if (p) setAmount(p.amount);
          }}
          data={payments.map((p) => ({
            value: p._id,
            label: `${p.restaurantName ?? t('money.deletedRestaurant')} · ${formatYen(p.amount)}`,
          }))}
          nothingFoundMessage={t('money.noPayments')}
          error={touched && !paymentId ? t('errors.handover.correctionTarget') : null}
        />
      ) : (
        <Select
          label={t('money.correctionInvoice')}
          value={invoiceId}
          onChange={setInvoiceId}
          searchable
          data={(open.data?.invoices ?? []).map((i) => ({
            value: i._id,
            label: `${i.customer?.restaurantName ?? t('money.deletedRestaurant')} · ${t(
              'money.balance',
              { amount: formatYen(i.pendingAmount) },
            )}`,
          }))}
          error={touched && !invoiceId ? t('errors.handover.correctionTarget') : null}
        />
      )}
      <NumberInput
        label={t('money.correctionAmount')}
        description={mode === 'adjust' ? t('money.correctionAmountHint') : undefined}
        value={amount}
        onChange={setAmount}
        onChangeCapture={westernDigitsTyped}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        prefix="¥"
      />
      <Textarea
        label={t('money.correctionReason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        rows={2}
        required
        error={touched ? reasonError : null}
      />
      {(detail.data?.corrections.length ?? 0) > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t('money.corrections')}
          </Text>
          <CorrectionLines corrections={detail.data?.corrections ?? []} />
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={busy} disabled={amount === ''}>
          {t('money.saveCorrection')}
        </Button>
      </Group>
    </DayDialog>
  );
}
