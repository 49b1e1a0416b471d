// The delivery-date picker and its calendar library: a chunk of its own, fetched when the
// checkout's second step opens (DeliveryDateSection lazy-loads this file).
import '@mantine/dates/styles.css';
import classes from './deliveryDate.module.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/ne';
import { Badge, Box, Text, VisuallyHidden } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { isDeliveryDay } from '../../../../../shared/delivery-dates';
import { LATEST_DELIVERY_DATE } from '../../../../../shared/rules';
import { usePickerLanguage } from '../../../components/dates/pickerLanguage';

export interface DeliveryDateFieldProps {
  value: string;
  onChange(date: string): void;
  /** The earliest date the server accepts (settings.deliveryCalendar). */
  earliest: string;
  holidays: readonly string[];
  /** The customer's delivery weekdays; none set means every day is one. */
  deliveryDays: readonly string[];
}

/**
 * What the dots mean, shown in the calendar itself under its title: under the field it read as
 * if it described the date chosen (an off-day included). The days are named as the checkout
 * shows them above the field.
 */
function CalendarLegend({ deliveryDays }: { deliveryDays: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Text component="span" display="block" size="sm" fw={400} mt={4} data-testid="calendar-legend">
      {/* The calendar's dot, drawn the same; the words alone are what a screen reader needs. */}
      <Box component="span" aria-hidden="true">
        <Box
          component="span"
          display="inline-block"
          w={5}
          h={5}
          style={{ borderRadius: '50%', background: 'currentColor', verticalAlign: 'middle' }}
        />{' '}
        ={' '}
      </Box>
      {t('cart.calendarLegend')}
      {deliveryDays.map((day) => (
        <Fragment key={day}>
          {' '}
          <Badge component="span" variant="light" tt="none" size="md">
            {t(`weekday.${day}`, { defaultValue: day })}
          </Badge>
        </Fragment>
      ))}
    </Text>
  );
}

/**
 * Marks the customer's delivery days with a dot (explained under the calendar's title, and said
 * to screen readers on each day), leaves holidays and days before the earliest allowed one
 * unselectable. Dates show with Western
 * digits in every language (ADR 012); month and weekday names follow the language. Japanese
 * writes the date 2026/11/26, heads the calendar 2026年11月 and starts the week on Sunday, as
 * Japanese calendars do (ADR 025).
 */
export default function DeliveryDateField({
  value,
  onChange,
  earliest,
  holidays,
  deliveryDays,
}: DeliveryDateFieldProps) {
  const { t, i18n } = useTranslation();
  const picker = usePickerLanguage();
  const language =
    i18n.resolvedLanguage === 'ne' || i18n.resolvedLanguage === 'ja' ? i18n.resolvedLanguage : 'en';
  const japanese = language === 'ja';
  const off = new Set(holidays);
  const marked = deliveryDays.length > 0;

  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: japanese ? 0 : 1 }}>
      <DatePickerInput
        label={t('cart.deliveryDate')}
        valueFormat={japanese ? 'YYYY/MM/DD' : language === 'ne' ? 'D MMMM YYYY' : 'D MMM YYYY'}
        monthLabelFormat={japanese ? 'YYYY年M月' : 'MMMM YYYY'}
        yearLabelFormat={japanese ? 'YYYY年' : 'YYYY'}
        monthsListFormat={japanese ? 'M月' : 'MMM'}
        value={value}
        onChange={(next) => {
          if (next) onChange(String(next).slice(0, 10));
        }}
        minDate={earliest}
        maxDate={LATEST_DELIVERY_DATE}
        excludeDate={(date) => off.has(String(date).slice(0, 10))}
        allowDeselect={false}
        size="md"
        // A dialog with a title, big enough for a thumb on a phone.
        dropdownType="modal"
        modalProps={{
          title: (
            <>
              {t('cart.deliveryDate')}
              {marked && <CalendarLegend deliveryDays={deliveryDays} />}
            </>
          ),
          centered: true,
          closeButtonProps: { 'aria-label': t('common.close') },
        }}
        // The business delivers on weekends too: no red weekend days (also too pale to read).
        weekendDays={[]}
        classNames={{ day: classes.day }}
        // Other months' days are not shown: dimmed, they were too pale to read (axe).
        hideOutsideDates
        data-testid="delivery-date"
        // The calendar's buttons named as every date field's (components/dates).
        ariaLabels={picker.calendar.ariaLabels}
        getDayProps={(date) => {
          const iso = String(date).slice(0, 10);
          if (off.has(iso)) return { title: t('buyer.holiday'), 'data-holiday': true };
          if (marked && isDeliveryDay(iso, deliveryDays)) {
            return { 'data-delivery-day': true, fw: 700 };
          }
          return {};
        }}
        renderDay={(date) => {
          const iso = String(date).slice(0, 10);
          const delivery = marked && !off.has(iso) && isDeliveryDay(iso, deliveryDays);
          return (
            <Box pos="relative" component="span">
              {dayjs(iso).date()}
              {delivery && (
                <>
                  <Box
                    component="span"
                    aria-hidden="true"
                    pos="absolute"
                    left="50%"
                    bottom={-6}
                    w={5}
                    h={5}
                    style={{
                      borderRadius: '50%',
                      background: 'currentColor',
                      transform: 'translateX(-50%)',
                    }}
                  />
                  <VisuallyHidden>{t('buyer.deliveryDay')}</VisuallyHidden>
                </>
              )}
            </Box>
          );
        }}
      />
    </DatesProvider>
  );
}
