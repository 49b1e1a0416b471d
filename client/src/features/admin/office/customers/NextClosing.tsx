import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dueDateAfter, MONTH_END, nextClosingDate } from '../../../../../../shared/closing-dates';
import { businessToday, showDate } from '../../../../dates';
import { trpc } from '../../../../trpc';

// A monthly customer's closing day and payment day, said as the office reads them (ADR 057):
// the days as 1日…30日, 月末 (1st…30th, month end), and under the fields the next closing and
// the payment due after it, by the very rule the closing run bills with (shared/closing-dates).

const ORDINAL = new Intl.PluralRules('en', { type: 'ordinal' });

/** A day of the month as a choice: 25日 / 25th / 25 गते; 31 is the month's end (月末). */
export function dayOfMonthLabel(t: TFunction, day: number): string {
  if (day >= MONTH_END) return t('office.customers.monthEnd');
  // English needs 1st, 2nd, 3rd, 4th; Japanese and Nepali say every day the same way.
  const form = ORDINAL.select(day) as 'one' | 'two' | 'few' | 'other';
  return t(`guide.due.day.${form}`, { day });
}

/** The days 1 to 31 as Select choices, the 31st as the month's end. */
export function dayOfMonthChoices(t: TFunction): { value: string; label: string }[] {
  return Array.from({ length: MONTH_END }, (_, i) => ({
    value: String(i + 1),
    label: dayOfMonthLabel(t, i + 1),
  }));
}

/** 「次回の締め：2026/11/30 → お支払期限：2026/12/25」 for the values the form holds now. */
export function NextClosing({
  closingDay,
  paymentDate,
}: {
  /** The form's closing day ('' = not set: month end). */
  closingDay: string | number | null | undefined;
  /** The form's payment day ('' = not set: end of the following month). */
  paymentDate: string | null | undefined;
}) {
  const { t } = useTranslation();
  // The business's today, as the server counts it; until it answers, this device's guess.
  const calendar = trpc.settings.deliveryCalendar.useQuery(undefined, { staleTime: 60 * 60_000 });
  const today = calendar.data?.today ?? businessToday();
  const day = Number(closingDay);
  const closing = nextClosingDate(Number.isInteger(day) && day >= 1 ? day : null, today);
  const due = dueDateAfter(closing, paymentDate ? String(paymentDate) : null);
  const key = paymentDate ? 'guide.due.next' : 'guide.due.nextNoPaymentDay';
  return (
    <Text size="sm" fw={600} c="blue.9" aria-live="polite" data-testid="next-closing">
      {t(key, { closing: showDate(closing), due: showDate(due) })}
    </Text>
  );
}
