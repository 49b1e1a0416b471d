// A month field that writes the month as the app does in the reader's language (2026年10月,
// Oct 2026, अक्टोबर 2026: dates.ts), not as the browser's locale writes an <input type="month">
// (an office PC set to English showed the Japanese office "October 2026").
import '@mantine/dates/styles.css';
import { DatesProvider, MonthPickerInput, type MonthPickerInputProps } from '@mantine/dates';
import { useId } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../dates';
import taps from '../../theme.module.css';
import classes from './dateField.module.css';
import { usePickerLanguage } from './pickerLanguage';

export interface MonthFieldProps
  extends Omit<
    MonthPickerInputProps,
    'value' | 'onChange' | 'type' | 'defaultValue' | 'valueFormat' | 'valueFormatter'
  > {
  /** YYYY-MM, or '' for none. */
  value: string;
  /** YYYY-MM. */
  onChange(value: string): void;
}

const calendarClasses = {
  monthsListControl: `${taps.tap} ${classes.day}`,
  yearsListControl: taps.tap,
  calendarHeaderControl: taps.tap,
  calendarHeaderLevel: taps.tap,
};

/**
 * A month picked in a year's twelve months (the arrows and Enter choose one from the keyboard);
 * each named in full for a screen reader (2026年10月), the year's heading in the reader's way.
 */
export function MonthField({ id, value, onChange, placeholder, ...rest }: MonthFieldProps) {
  const { t } = useTranslation();
  const fieldId = useId(id);
  const { language, settings, calendar } = usePickerLanguage();
  return (
    <DatesProvider settings={settings}>
      <MonthPickerInput
        yearLabelFormat={calendar.yearLabelFormat}
        monthsListFormat={calendar.monthsListFormat}
        ariaLabels={calendar.ariaLabels}
        {...rest}
        id={fieldId}
        // The months open as a dialog named by the field's label (Mantine's Input.Wrapper gives
        // it the id `<field>-label`); left to itself, it points at an id nothing has.
        popoverProps={{ id: `${fieldId}-label` }}
        value={value ? `${value}-01` : null}
        onChange={(next) => onChange(next ? String(next).slice(0, 7) : '')}
        valueFormatter={({ date }) => (date ? formatMonth(String(date).slice(0, 7), language) : '')}
        getMonthControlProps={(month) => ({
          'aria-label': formatMonth(String(month).slice(0, 7), language),
        })}
        // The field is a button: named by its label alone, a screen reader said '対象月' without
        // the month chosen. Its name says both ('対象月：2026年10月').
        aria-label={
          typeof rest.label === 'string' && value
            ? t('dates.fieldValue', { label: rest.label, value: formatMonth(value, language) })
            : undefined
        }
        allowDeselect={false}
        placeholder={placeholder ?? t('dates.chooseMonth')}
        classNames={calendarClasses}
      />
    </DatesProvider>
  );
}
