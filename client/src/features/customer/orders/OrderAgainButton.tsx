import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderOut } from '../../../../../shared/schemas/orders';
import { RepeatIcon } from '../../../components/shopIcons';
import { useOrderAgain } from './useOrderAgain';

export function OrderAgainButton({ order, ...props }: { order: OrderOut } & ButtonProps) {
  const { t } = useTranslation();
  const { orderAgain, busy } = useOrderAgain();
  return (
    <Button
      variant="light"
      leftSection={<RepeatIcon size={16} />}
      loading={busy}
      onClick={() => void orderAgain(order)}
      {...props}
    >
      {t('orders.orderAgain')}
    </Button>
  );
}
