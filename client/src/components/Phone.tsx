import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayPhone } from '../../../shared/format';
import { formatJapanesePhone } from '../../../shared/phone';
import { PhoneIcon } from './icons';

/**
 * A button that dials the number; stored numbers lack the leading 0, shown ones have it and
 * their hyphens (03-1234-5678), dialled ones are digits.
 */
export function Phone({ number, ...props }: { number: string | null | undefined } & ButtonProps) {
  const { t } = useTranslation();
  const digits = displayPhone(number);
  if (!digits) return null;
  const shown = formatJapanesePhone(digits);
  return (
    <Button
      component="a"
      href={`tel:${digits}`}
      variant="light"
      size="compact-sm"
      leftSection={<PhoneIcon size={16} />}
      aria-label={t('common.callPhone', { phone: shown })}
      {...props}
    >
      {shown}
    </Button>
  );
}
