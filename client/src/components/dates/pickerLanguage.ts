import 'dayjs/locale/ja';
import 'dayjs/locale/ne';
import type { DatesProviderSettings } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../dateFormat';
import { formatMonth } from '../../dates';
import type { TKey } from '../../i18n';

export type PickerLanguage = 'en' | 'ne' | 'ja';

/**
 * What a calendar needs to read as the rest of the app in the reader's language (dates.ts), not
 * as the browser's locale: its month and day names, the heading of a month (Nov 2026,
 * नोभेम्बर 2026, 2026年11月), a day as a screen reader says it, and the week starting on Sunday
 * in Japanese as Japanese calendars do (ADR 025), on Monday otherwise. Dates keep Western
 * digits in every language (ADR 012).
 */
export function usePickerLanguage() {
  const { t, i18n } = useTranslation();
  const language: PickerLanguage =
    i18n.resolvedLanguage === 'ne' || i18n.resolvedLanguage === 'ja' ? i18n.resolvedLanguage : 'en';
  const japanese = language === 'ja';
  const settings: DatesProviderSettings = { locale: language, firstDayOfWeek: japanese ? 0 : 1 };
  const monthName = (date: string) => {
    const month = Number(date.slice(5, 7));
    return japanese ? `${month}月` : t(`common.month.m${month}` as TKey);
  };
  return {
    language,
    settings,
    /** The props every calendar of a field shares. */
    calendar: {
      monthLabelFormat: (date: string) => formatMonth(date.slice(0, 7), language),
      yearLabelFormat: japanese ? 'YYYY年' : 'YYYY',
      monthsListFormat: monthName,
      // A day as it is said: 2026年11月28日 in Japanese (its digits as shown, for voice control
      // and axe's label-in-name), 28 Nov 2026 and 28 नोभेम्बर 2026 as the app writes them.
      getDayAriaLabel: (date: string) => {
        const [y, m, d] = date.slice(0, 10).split('-').map(Number);
        return japanese ? `${y}年${m}月${d}日` : formatDate(date.slice(0, 10), language);
      },
      // The business works on weekends too: no red weekend days (also too pale to read, axe).
      weekendDays: [] as [],
      // Other months' days, dimmed, were too pale to read (axe).
      hideOutsideDates: true,
      ariaLabels: {
        previousMonth: t('shell.previousMonth'),
        nextMonth: t('shell.nextMonth'),
        previousYear: t('shell.previousYear'),
        nextYear: t('shell.nextYear'),
        previousDecade: t('shell.previousDecade'),
        nextDecade: t('shell.nextDecade'),
      },
    },
  };
}
