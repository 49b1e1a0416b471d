// A time of day in 24 hours (04:00) in every language, as the app writes times (dates.ts): the
// browser's <input type="time"> followed the device and showed the Japanese office "04:00 AM".
import '@mantine/dates/styles.css';
import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { westernDigitsTyped } from '../westernDigitsTyped';

export interface TimeFieldProps
  extends Omit<TimePickerProps, 'value' | 'onChange' | 'format' | 'withSeconds' | 'label'> {
  label: string;
  /** HH:MM, or '' while the hours or the minutes are missing. */
  value: string;
  onChange(value: string): void;
}

/** Hours and minutes typed (or stepped with the arrow keys), HH:MM. */
export function TimeField({ label, value, onChange, ...rest }: TimeFieldProps) {
  const { t } = useTranslation();
  return (
    <TimePicker
      {...rest}
      label={label}
      format="24h"
      value={value}
      onChange={onChange}
      hoursInputLabel={t('dates.hours', { field: label })}
      minutesInputLabel={t('dates.minutes', { field: label })}
      // "०४" typed on a Nepali keyboard or "０４" through a Japanese IME is 04.
      hoursInputProps={{ onChangeCapture: westernDigitsTyped }}
      minutesInputProps={{ onChangeCapture: westernDigitsTyped }}
    />
  );
}
