import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PAYMENT_MONTH,
  dueDateOf,
  MONTH_END,
  nextClosingDate,
  PAYMENT_MONTHS,
  type PaymentMonth,
  paymentDayOf,
} from '../../../../../../shared/closing-dates';
import { businessToday, showDate } from '../../../../dates';
import { trpc } from '../../../../trpc';

// A monthly customer's closing day, payment month and payment day, said as the office reads them
// (ADR 057, 066): the days as 1日…30日, 月末 (1st…30th, month end), the terms as 「20日締め
// 翌月末払い」, and under the fields the next closing and the payment due after it, by the very
// rule the closing run bills with (shared/closing-dates).

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

/** The payment months as Select choices: 当月, 翌月, 翌々月. */
export function paymentMonthChoices(t: TFunction): { value: string; label: string }[] {
  return PAYMENT_MONTHS.map((m) => ({
    value: String(m),
    label: t(`office.customers.paymentMonths.${m}`),
  }));
}

/** The form's payment month (a Select's text or the stored number) as 0, 1 or 2. */
export function paymentMonthOf(value: unknown): PaymentMonth {
  if (value === '' || value === null || value === undefined) return DEFAULT_PAYMENT_MONTH;
  const m = Number(value);
  return m === 0 || m === 1 || m === 2 ? m : DEFAULT_PAYMENT_MONTH;
}

/** A monthly customer's terms in words: 「20日締め 翌月末払い」, "Closes 20th, pays end of next month". */
export function termsInWords(
  t: TFunction,
  closingDay: number | null,
  paymentMonth: PaymentMonth,
  paymentDay: string | number | null,
): string {
  const closing =
    closingDay && closingDay < MONTH_END
      ? t('office.customers.termsText.closes', { day: dayOfMonthLabel(t, closingDay) })
      : t('office.customers.closesMonthEnd');
  // No payment day, or the 31st, is the payment month's last day.
  const day = paymentDayOf(paymentDay);
  const payment =
    day === null || day >= MONTH_END
      ? t(`office.customers.termsText.paysEnd.${paymentMonth}`)
      : t(`office.customers.termsText.pays.${paymentMonth}`, { day: dayOfMonthLabel(t, day) });
  return t('office.customers.termsText.both', { closing, payment });
}

/** 「次回の締め：2026/11/30 → お支払期限：2026/12/25」 for the values the form holds now. */
export function NextClosing({
  closingDay,
  paymentMonth,
  paymentDate,
}: {
  /** The form's closing day ('' = not set: month end). */
  closingDay: string | number | null | undefined;
  /** The form's payment month ('0', '1', '2'). */
  paymentMonth: unknown;
  /** The form's payment day ('' = not set: end of the following month). */
  paymentDate: string | null | undefined;
}) {
  const { t } = useTranslation();
  // The business's today, as the server counts it; until it answers, this device's guess.
  const calendar = trpc.settings.deliveryCalendar.useQuery(undefined, { staleTime: 60 * 60_000 });
  const today = calendar.data?.today ?? businessToday();
  const day = Number(closingDay);
  const closingDayOrNone = Number.isInteger(day) && day >= 1 ? day : null;
  const month = paymentMonthOf(paymentMonth);
  const closing = nextClosingDate(closingDayOrNone, today);
  const due = dueDateOf(closing, month, paymentDate ? String(paymentDate) : null);
  const key = paymentDate ? 'guide.due.next' : 'guide.due.nextNoPaymentDay';
  return (
    <div aria-live="polite">
      <Text size="sm" fw={600} data-testid="terms-words">
        {termsInWords(t, closingDayOrNone, month, paymentDate ?? null)}
      </Text>
      <Text size="sm" fw={600} c="blue.9" data-testid="next-closing">
        {t(key, { closing: showDate(closing), due: showDate(due) })}
      </Text>
    </div>
  );
}
