import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayPhone } from '../../../shared/format';
import { PhoneIcon } from './icons';

/** A button that dials the number; stored numbers lack the leading 0, shown ones have it. */
export function Phone({ number, ...props }: { number: string | null | undefined } & ButtonProps) {
  const { t } = useTranslation();
  const shown = displayPhone(number);
  if (!shown) return null;
  return (
    <Button
      component="a"
      href={`tel:${shown}`}
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
