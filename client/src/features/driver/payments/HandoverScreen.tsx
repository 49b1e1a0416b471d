import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDaysIso } from '../../../../../shared/delivery-dates';
import { formatYen } from '../../../../../shared/format';
import { HANDOVER_DAYS_BACK } from '../../../../../shared/rules';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { LazyDateField } from '../../../components/dates/LazyDateField';
import { Loading } from '../../../components/LoadState';
import { notifyError, notifySuccess } from '../../../components/notify';
import { westernDigitsTyped } from '../../../components/westernDigitsTyped';
import { businessToday, showDate } from '../../../dates';
import { codeText, httpStatusOf } from '../../../errors';
import { keyedClient, withKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { moneyErrorText, newKey } from '../../admin/money/api';
import { typedNumber, wholeNumberProblem } from '../deliveries/DeliveredLines';

/**
 * The driver's cash of a day, per customer and in total, and handing it to the office: today's
 * or that of one of the HANDOVER_DAYS_BACK days before (the server's rule, shared/rules.ts).
 */
export function HandoverScreen() {
  const { t } = useTranslation();
  const today = businessToday();
  const earliest = addDaysIso(today, -HANDOVER_DAYS_BACK);
  const [date, setDate] = useState(today);
  const day = trpc.handovers.myDay.useQuery({ date }, { enabled: Boolean(date) });
  /** As typed; null: untouched (the day's total is shown and sent). */
  const [amount, setAmount] = useState<string | number | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());
  const h = day.data?.handover;
  // What the field shows is what is sent: the day's total until the driver types.
  const shown = amount ?? day.data?.total ?? '';
  const problem = day.data ? wholeNumberProblem(t, shown, null, 'amount') : null;
  // A handed-over amount other than the day's cash is said before it is sent (a slip of the
  // thumb, ¥7,000 for ¥1,500, showed the office a difference and the driver nothing).
  const typed = typedNumber(shown);
  const differs =
    day.data && !problem && typed !== null && typed !== day.data.total
      ? t(typed > day.data.total ? 'driverJobs.handoverMore' : 'driverJobs.handoverLess', {
          amount: formatYen(Math.abs(typed - day.data.total)),
          collected: formatYen(day.data.total),
        })
      : null;
  // Why a day is not one to hand over: said of a day typed outside them, and of the one held
  // when the day turns while the screen stays open.
  const outside = (day: string) =>
    day > today
      ? codeText(t, 'handover.dateInFuture')
      : day < earliest
        ? codeText(t, 'handover.dateTooOld', { days: HANDOVER_DAYS_BACK })
        : null;
  const dateProblem = date ? outside(date) : null;

  // Nothing of the day is kept on the phone: without signal it cannot be read, and says so
  // (a read the query client holds while offline, or one that got no answer at all).
  const noSignal =
    day.fetchStatus === 'paused' ||
    (day.isError && (!navigator.onLine || httpStatusOf(day.error) === undefined));

  const submit = async () => {
    const handedOver = typedNumber(shown);
    if (problem || dateProblem || handedOver === null) return;
    setBusy(true);
    try {
      await keyedClient.handovers.handOver.mutate({ date, handedOver, note }, withKey(key.current));
      key.current = newKey();
      notifySuccess(t('money.handedOverOk'));
      void day.refetch();
    } catch (err) {
      key.current = newKey();
      notifyError(moneyErrorText(t, err, 'money.operationFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('nav.home'), link: '/driver' },
          { label: t('nav.payments'), link: '/driver/payments' },
          { label: t('money.myHandover') },
        ]}
      />
      <Title order={1} size="h2" mb="md">
        {t('money.myHandover')}
      </Title>
      <LazyDateField
        min={earliest}
        max={today}
        outsideError={outside}
        label={t('money.date')}
        value={date}
        error={dateProblem}
        onChange={(next) => {
          setDate(next);
          setAmount(null);
        }}
        maw={220}
        mb="md"
      />
      {!date ? null : day.isPending && !noSignal ? (
        <Loading />
      ) : day.isError || day.isPending ? (
        <DayFailed offline={noSignal} onRetry={() => void day.refetch()} />
      ) : (
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Text fw={600} mb="xs">
              {t('money.cashOn', { date: showDate(date) })}
            </Text>
            {day.data.customers.length === 0 ? (
              <Text c="gray.7">{t('money.noCash')}</Text>
            ) : (
              <Table>
                <Table.Tbody>
                  {day.data.customers.map((c) => (
                    <Table.Tr key={c.customerId ?? c.restaurantName}>
                      <Table.Td>{c.restaurantName || t('money.deletedRestaurant')}</Table.Td>
                      <Table.Td ta="right">{formatYen(c.amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                  <Table.Tr>
                    <Table.Th>{t('money.total')}</Table.Th>
                    <Table.Th ta="right" data-testid="cash-total">
                      {formatYen(day.data.total)}
                    </Table.Th>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            )}
          </Paper>
          {h?.confirmed != null ? (
            <Alert color="green" title={t('money.confirmed')}>
              {t('money.confirmedBy', { who: h.confirmedBy ?? '', amount: formatYen(h.confirmed) })}
              {h.confirmed !== h.collected &&
                ` · ${t('money.difference')}: ${formatYen(h.confirmed - h.collected)}`}
            </Alert>
          ) : (
            <Paper withBorder p="md" radius="md">
              {h && (
                <Alert color="blue" mb="sm" title={t('money.waitingOffice')}>
                  {t('money.handedOver')}: {formatYen(h.handedOver)}
                </Alert>
              )}
              <Stack>
                <NumberInput
                  label={t('money.amountHandedOver')}
                  value={shown}
                  onChange={setAmount}
                  // "१००००" typed on a Nepali keyboard is ¥10,000, as the quantities read it.
                  onChangeCapture={westernDigitsTyped}
                  error={problem}
                  description={differs}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  // Read in a van: the size of the screen's text, not the small print.
                  styles={{ description: { fontSize: 'var(--mantine-font-size-sm)' } }}
                  clampBehavior="none"
                  allowDecimal={false}
                  hideControls
                  thousandSeparator=","
                  prefix="¥"
                  inputMode="numeric"
                />
                <Textarea
                  label={t('money.note')}
                  rows={2}
                  value={note}
                  onChange={(e) => setNote(e.currentTarget.value)}
                />
                <Group justify="flex-end">
                  <Button
                    onClick={submit}
                    loading={busy}
                    disabled={
                      problem !== null ||
                      dateProblem !== null ||
                      (day.data.total === 0 && amount === null)
                    }
                  >
                    {t('money.handOver')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          )}
        </Stack>
      )}
    </>
  );
}

/** The day's cash could not be read: without signal, or the server failed. */
function DayFailed({ offline, onRetry }: { offline: boolean; onRetry(): void }) {
  const { t } = useTranslation();
  const color = offline ? 'orange' : 'red';
  return (
    <Alert
      color={color}
      variant="light"
      role="alert"
      title={t(offline ? 'money.handoverOffline' : 'money.handoverLoadFailed')}
    >
      <Button size="xs" color={color} variant="white" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
