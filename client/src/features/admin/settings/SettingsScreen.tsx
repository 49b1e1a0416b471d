// The holiday calendar: Mantine's DatePicker with its own styles (without them it is a bare
// table with page-sized chevrons) and its month and day names in the interface's language.
import '@mantine/dates/styles.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/ne';
import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { DatePicker, DatesProvider } from '@mantine/dates';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeliverySettings, weekdayOf } from '../../../../../shared/delivery-dates';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { usePickerLanguage } from '../../../components/dates/pickerLanguage';
import { TimeField } from '../../../components/dates/TimeField';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { notifySuccess } from '../../../components/notify';
import { showDate } from '../../../dates';
import { errorMessage } from '../../../keyed';
import { trpc } from '../../../trpc';
import { appErrorOf } from '../office/shared/errors';
import { adminCrumbs } from '../orders/shared';
import { BackupStatusPanel } from './BackupStatusPanel';
import classes from './holidays.module.css';
import {
  BusinessSettingsPanel,
  SettingsLoadState,
  SettingsSave,
  TaxSettingsPanel,
} from './TaxAndBusinessSettings';

/** /admin/settings: the order cut-off time and the holidays (DESIGN §6). */
export function SettingsScreen() {
  const { t, i18n } = useTranslation();
  const picker = usePickerLanguage();
  const language =
    i18n.resolvedLanguage === 'ne' || i18n.resolvedLanguage === 'ja' ? i18n.resolvedLanguage : 'en';
  const utils = trpc.useUtils();
  const current = trpc.settings.get.useQuery();
  const calendar = trpc.settings.deliveryCalendar.useQuery();
  const save = trpc.settings.update.useMutation();
  const [cutoff, setCutoff] = useState('');
  const [holidays, setHolidays] = useState<string[]>([]);
  const [error, setError] = useState('');
  // The settings the changes here start from: the save puts them onto what is stored then, so
  // a holiday someone else added or removed meanwhile stays so (ADR 109).
  const [seen, setSeen] = useState<DeliverySettings | null>(null);
  const dirty =
    !!seen &&
    (cutoff !== seen.cutoff || [...holidays].sort().join() !== [...seen.holidays].sort().join());
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;

  useEffect(() => {
    // Read again (the tab came back to the front) while changes are being made here: they stay.
    if (!current.data || dirtyNow.current) return;
    setSeen(current.data);
    setCutoff(current.data.cutoff);
    setHolidays(current.data.holidays);
  }, [current.data]);

  const submit = async () => {
    setError('');
    try {
      const saved = await save.mutateAsync({
        cutoff,
        holidays: [...holidays].sort(),
        ...(seen ? { seen } : {}),
      });
      setSeen(saved);
      setCutoff(saved.cutoff);
      setHolidays(saved.holidays);
      notifySuccess(t('settings.saved'));
      void utils.settings.invalidate();
    } catch (e) {
      const { code, params } = appErrorOf(e);
      // The cut-off typed here stays; saving again keeps it over the one stored meanwhile.
      if (seen && code === 'settings.cutoffChangedMeanwhile' && typeof params?.now === 'string') {
        setSeen({ ...seen, cutoff: params.now });
      }
      setError(errorMessage(t, e));
    }
  };

  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('settings.title'))} />
      <Title order={1} size="h3" mb="md">
        {t('settings.title')}
      </Title>
      {current.isError ? (
        <FetchFailed onRetry={() => void current.refetch()} />
      ) : !current.data ? (
        <Loading />
      ) : (
        <Paper withBorder p="md" maw={720}>
          <Stack>
            <Title order={2} size="h4">
              {t('settings.orderingTitle')}
            </Title>
            <TimeField
              label={t('settings.cutoff')}
              description={t('settings.cutoffHint')}
              value={cutoff}
              onChange={setCutoff}
              maw={420}
            />
            {calendar.data && (
              <Text size="sm" c="dimmed">
                {t('settings.earliest', { date: showDate(calendar.data.earliest) })}
              </Text>
            )}
            <div>
              <Text fw={500} size="sm" id="holidays-label">
                {t('settings.holidays')}
              </Text>
              <Text size="xs" c="dimmed" mb="xs">
                {t('settings.holidaysHint')}
              </Text>
              <Group align="flex-start" gap="xl">
                <DatesProvider
                  settings={{ locale: language, firstDayOfWeek: language === 'ja' ? 0 : 1 }}
                >
                  <DatePicker
                    type="multiple"
                    monthLabelFormat={language === 'ja' ? 'YYYY年M月' : 'MMMM YYYY'}
                    data-testid="holiday-calendar"
                    classNames={{ day: classes.day }}
                    value={holidays}
                    onChange={(v) => setHolidays(v as string[])}
                    aria-labelledby="holidays-label"
                    // Each day said as the app says it (2026年11月30日), not '30 11月 2026'.
                    getDayAriaLabel={picker.calendar.getDayAriaLabel}
                    minDate={calendar.data?.today}
                    ariaLabels={{
                      previousMonth: t('settings.previousMonth'),
                      nextMonth: t('settings.nextMonth'),
                      previousYear: t('settings.previousYear'),
                      nextYear: t('settings.nextYear'),
                      previousDecade: t('settings.previousDecade'),
                      nextDecade: t('settings.nextDecade'),
                    }}
                  />
                </DatesProvider>
                <Stack gap={4}>
                  {holidays.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('settings.noHolidays')}
                    </Text>
                  ) : (
                    [...holidays].sort().map((d) => (
                      <Group key={d} gap="xs" data-testid="holiday-row">
                        <Text size="sm">{showDate(d)}</Text>
                        {/* 12/30 (水) to 1/3 (日): which days of the week the break takes. */}
                        <Text size="sm" c="dimmed" w="6em">
                          {t(`weekday.${weekdayOf(d)}`)}
                        </Text>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          aria-label={t('settings.removeHoliday', { date: showDate(d) })}
                          onClick={() => setHolidays(holidays.filter((h) => h !== d))}
                        >
                          ×
                        </Button>
                      </Group>
                    ))
                  )}
                </Stack>
              </Group>
            </div>
            <SettingsSave
              section={t('settings.orderingTitle')}
              error={error}
              saving={save.isPending}
              dirty={dirty}
              onSave={submit}
            />
          </Stack>
        </Paper>
      )}
      <MoneySettings />
      <div id="business" />
      <TaxSettingsPanel />
      <BusinessSettingsPanel />
      <BackupStatusPanel />
    </>
  );
}

/** How far back the office may date a payment (ADR 023). */
function MoneySettings() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const current = trpc.settings.money.useQuery();
  const save = trpc.settings.updateMoney.useMutation();
  const [days, setDays] = useState<string | number>('');
  const [error, setError] = useState('');

  useEffect(() => {
    if (current.data) setDays(current.data.paymentBackdateDays);
  }, [current.data]);

  const dirty = !!current.data && String(days) !== String(current.data.paymentBackdateDays);
  const submit = async () => {
    setError('');
    try {
      await save.mutateAsync({ paymentBackdateDays: Number(days) });
      notifySuccess(t('settings.saved'));
      void utils.settings.money.invalidate();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  };

  if (current.isError || !current.data) {
    return <SettingsLoadState title={t('settings.payments')} query={current} />;
  }
  return (
    <Paper withBorder p="md" maw={720} mt="md">
      <Stack>
        <Title order={2} size="h4">
          {t('settings.payments')}
        </Title>
        <NumberInput
          label={t('settings.paymentBackdateDays')}
          description={t('settings.paymentBackdateHint')}
          value={days}
          onChange={setDays}
          min={0}
          max={3660}
          allowDecimal={false}
          allowNegative={false}
          maw={420}
        />
        <SettingsSave
          section={t('settings.payments')}
          error={error}
          saving={save.isPending}
          disabled={days === ''}
          dirty={dirty}
          onSave={submit}
        />
      </Stack>
    </Paper>
  );
}
