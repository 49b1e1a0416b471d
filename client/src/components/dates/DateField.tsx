// A date field that writes and reads dates as the app does in the reader's language (dates.ts),
// whatever the browser's own locale: a native <input type="date"> follows the device, so an
// office PC set to English showed the Japanese office mm/dd/yyyy. Mantine's DateInput with the
// calendar's styles (without them it is a bare table with page-sized chevrons).
import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { type FocusEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../dateFormat';
import { businessToday, DATE_INPUT_RANGE, showDate } from '../../dates';
import taps from '../../theme.module.css';
import classes from './dateField.module.css';
import { usePickerLanguage } from './pickerLanguage';
import { readTypedDate } from './typedDate';

export interface DateFieldProps
  extends Omit<
    DateInputProps,
    'value' | 'onChange' | 'minDate' | 'maxDate' | 'valueFormat' | 'dateParser' | 'defaultValue'
  > {
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  /** YYYY-MM-DD; '' when the field is emptied or holds no day it takes (what the server gets). */
  onChange(value: string): void;
  /** The first and last day taken (YYYY-MM-DD); the server's DATE_RANGE by default. */
  min?: string;
  max?: string;
  /** The screen's own words for a typed day outside min..max; a general sentence otherwise. */
  outsideError?(date: string): string | null | undefined;
}

// The calendar's tap targets: 44 px on a phone (theme.module.css), as the checkout's calendar.
const calendarClasses = {
  day: `${taps.tap} ${classes.day}`,
  calendarHeaderControl: taps.tap,
  calendarHeaderLevel: taps.tap,
  monthsListControl: taps.tap,
  yearsListControl: taps.tap,
};

/**
 * A day typed (2026/11/28, 28 Nov 2026, 2026-11-28: typedDate.ts) or picked in the calendar
 * under the field. What it shows is what the form sends: a text that is no day the field takes
 * (half typed, 31 November, after `max`) empties the value, and says why once the field is left
 * (or at once for a whole date outside the limits).
 */
export function DateField({
  value,
  onChange,
  min = DATE_INPUT_RANGE.min,
  max = DATE_INPUT_RANGE.max,
  outsideError,
  error,
  placeholder,
  onBlur,
  ...rest
}: DateFieldProps) {
  const { t } = useTranslation();
  const { language, settings, calendar } = usePickerLanguage();
  const [problem, setProblem] = useState<string | null>(null);
  // While its calendar is open, Escape closes the calendar only: a dialog around the field
  // (a hand-made invoice, a payment) stays, with what was typed in it. Mantine's dialog
  // leaves an Escape alone when its target says so (data-mantine-stop-propagation).
  const [calendarOpen, setCalendarOpen] = useState(false);
  // On a touch screen the calendar is the way in: no on-screen keyboard over it (a keyboard
  // still types).
  const touch = useMediaQuery('(pointer: coarse)') ?? false;
  const today = businessToday();
  const example = showDate(today);

  const outside = (day: string) =>
    outsideError?.(day) ??
    t('dates.outside', { date: showDate(day), min: showDate(min), max: showDate(max) });
  /** Why a typed text is not taken; null when it is (or is empty). */
  const refusal = (typed: string, whole: boolean): string | null => {
    if (typed.trim() === '') return null;
    const day = readTypedDate(typed);
    if (!day) return whole ? t('dates.notADate', { typed: typed.trim(), example }) : null;
    return day < min || day > max ? outside(day) : null;
  };

  return (
    <DatesProvider settings={settings}>
      <DateInput
        {...calendar}
        {...rest}
        value={value || null}
        onChange={(next) => {
          setProblem(null);
          onChange(next ?? '');
        }}
        // Before DateInput reads the text: a text it does not take leaves it on the last day
        // it took, which the form would send while the field shows something else.
        onChangeCapture={(event: FormEvent<HTMLInputElement>) => {
          const typed = event.currentTarget.value;
          const day = readTypedDate(typed);
          const taken = day !== null && day >= min && day <= max;
          setProblem(refusal(typed, false));
          if (!taken && value !== '') onChange('');
        }}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          // Read before DateInput puts the field back to the value it holds.
          setProblem(refusal(event.currentTarget.value, true));
          onBlur?.(event);
        }}
        dateParser={readTypedDate}
        valueFormat={(day) => formatDate(day.slice(0, 10), language)}
        minDate={min}
        maxDate={max}
        defaultDate={today < min ? min : today > max ? max : today}
        placeholder={placeholder ?? t('dates.example', { date: example })}
        error={problem ?? error}
        inputMode={touch ? 'none' : undefined}
        classNames={calendarClasses}
        popoverProps={{
          middlewares: { flip: true, shift: true },
          onOpen: () => setCalendarOpen(true),
          onClose: () => setCalendarOpen(false),
        }}
        data-mantine-stop-propagation={calendarOpen || undefined}
      />
    </DatesProvider>
  );
}
