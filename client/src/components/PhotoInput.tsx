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
    />
  );
}
