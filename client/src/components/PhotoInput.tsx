import { FileInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A photo to attach (a goods claim, a proof of delivery): Mantine's file input, so its words are
 * ours in each language rather than the browser's "Choose File", and the rear camera on a phone.
 */
export function PhotoInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: File | null;
  onChange(file: File | null): void;
}) {
  const { t } = useTranslation();
  return (
    <FileInput
      label={label}
      placeholder={t('common.choosePhoto')}
      accept="image/jpeg,image/png"
      capture="environment"
      value={value}
      onChange={onChange}
      clearable
      clearButtonProps={{ 'aria-label': t('common.clear') }}
      // The placeholder ("Take or choose a photo") is the only text saying what a tap does:
      // gray 7 (8:1 on white), not Mantine's placeholder gray 5 (#adb5bd, 2.07:1, axe).
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
    />
  );
}
