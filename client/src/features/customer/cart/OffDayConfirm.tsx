// Asks before an order goes for a day the truck does not usually come (DESIGN §6).
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useBackCloses } from '../../../components/useBackCloses';
import { showDate } from '../../../dates';

interface OffDayConfirmProps {
  opened: boolean;
  date: string | null;
  onConfirm(): void;
  onClose(): void;
}

export function OffDayConfirm({ opened, date, onConfirm, onClose }: OffDayConfirmProps) {
  const { t } = useTranslation();
  // The phone's Back button answers "Choose another day": the checkout (and its date) stays.
  useBackCloses(opened, onClose);
  return (
    <ConfirmDialog
      opened={opened}
      title={t('buyer.offDayTitle', { date: date ? showDate(date) : '' })}
      message={t('buyer.offDayMessage')}
      onConfirm={onConfirm}
      onClose={onClose}
      confirmLabel={t('buyer.offDayConfirm')}
      cancelLabel={t('buyer.offDayCancel')}
    />
  );
}
