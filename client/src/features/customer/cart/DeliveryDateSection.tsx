// The delivery date part of the checkout: the customer's usual days, the date picker, and what
// the chosen date means (its cut-off; not a usual day; moved because it closed).
import { Alert, Badge, Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type ClosedRun, closedRunsAhead, weekdayOf } from '../../../../../shared/delivery-dates';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { showDate } from '../../../dates';
import type { MovedDate, useDeliveryDate } from './useDeliveryDate';

/** The calendar and its library load only when the checkout's second step opens. */
const DeliveryDateField = lazy(() => import('./DeliveryDateField'));

type DeliveryDateState = ReturnType<typeof useDeliveryDate>;

/** The weekdays the truck usually comes to this customer. */
function UsualDeliveryDays({ days }: { days: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('cart.deliveryDays')}
      </Text>
      <Group gap={6}>
        {days.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('cart.noDeliveryDays')}
          </Text>
        ) : (
          days.map((day) => (
            <Badge key={day} variant="light" tt="none" size="lg">
              {t(`weekday.${day}`, { defaultValue: day })}
            </Badge>
          ))
        )}
      </Group>
    </div>
  );
}

/**
 * Right under the field, so that it is read as being about the date chosen: which weekday it
 * is, that the truck does not usually come then (the usual days are just above), and that
 * placing the order will ask first.
 */
function OffDayNote({ date }: { date: string }) {
  const { t } = useTranslation();
  const weekday = weekdayOf(date);
  return (
    <Text size="sm" c="orange.9" fw={600} mt={4} data-testid="off-day-note">
      {t('cart.offDayChosen', {
        date: showDate(date),
        weekday: t(`weekday.${weekday}`, { defaultValue: weekday }),
      })}
    </Text>
  );
}

/** How far ahead the checkout tells of closed days: far enough to order before a break. */
const CLOSED_AHEAD_DAYS = 14;

/**
 * The holidays coming in the next two weeks (年末年始 12/30〜1/3), said above the field: the
 * calendar only strikes them through, and after the cut-off before a break the first date offered
 * was days away with nothing saying why. Before the break it asks to order ahead; once the break
 * is between now and the first open day, it names that day.
 */
function ClosedDaysNote({
  today,
  earliest,
  holidays,
}: {
  today: string;
  earliest: string;
  holidays: readonly string[];
}) {
  const { t } = useTranslation();
  const runs = closedRunsAhead(today, holidays, CLOSED_AHEAD_DAYS);
  const first = runs[0];
  if (!first) return null;
  const said = (r: ClosedRun) =>
    r.from === r.to
      ? showDate(r.from)
      : t('cart.closedRun', { from: showDate(r.from), to: showDate(r.to) });
  const days = runs.map(said).join(t('cart.closedRunsJoin'));
  return (
    <Alert color="blue" variant="light" data-testid="closed-days" p="xs" mb="xs">
      <Text size="sm">
        {first.from <= earliest
          ? t('cart.closedNow', { days, next: showDate(earliest) })
          : t('cart.closedAhead', { days })}
      </Text>
    </Alert>
  );
}

export function DeliveryDateSection({ date }: { date: DeliveryDateState }) {
  const { t } = useTranslation();
  const { calendar, days, deliveryDate, setDeliveryDate, offSchedule } = date;
  return (
    <>
      <UsualDeliveryDays days={days} />
      {calendar.isError ? (
        <FetchFailed onRetry={() => void calendar.refetch()} />
      ) : deliveryDate === null || !calendar.data ? (
        <Loading />
      ) : (
        <div>
          <ClosedDaysNote
            today={calendar.data.today}
            earliest={calendar.data.earliest}
            holidays={calendar.data.holidays}
          />
          <Suspense fallback={<Loading />}>
            <DeliveryDateField
              value={deliveryDate}
              onChange={setDeliveryDate}
              earliest={calendar.data.earliest}
              holidays={calendar.data.holidays}
              deliveryDays={days}
            />
          </Suspense>
          {offSchedule && <OffDayNote date={deliveryDate} />}
          <Text size="sm" c="dimmed" mt={4} data-testid="cutoff-note">
            {t('buyer.cutoffNote', { time: calendar.data.cutoff, date: showDate(deliveryDate) })}
          </Text>
        </div>
      )}
    </>
  );
}

/** The date chosen closed while the checkout was open: where it went, and why. */
export function DateMovedNote({ moved }: { moved: MovedDate }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" role="status" data-testid="date-moved">
      {t(moved.why === 'cutoff' ? 'cart.dateMovedCutoff' : 'cart.dateMovedHoliday', {
        from: showDate(moved.from),
        to: showDate(moved.to),
      })}
    </Alert>
  );
}
