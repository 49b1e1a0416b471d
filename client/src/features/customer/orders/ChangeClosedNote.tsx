import { Alert, type MantineSpacing, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChangeWindowOut } from '../../../../../shared/schemas/order-change';
import { Phone } from '../../../components/Phone';
import { showDate } from '../../../dates';

/**
 * Why Change and Cancel are gone, and whom to call: the cut-off of the delivery day passed, or
 * the office dispatched the order and it is on its way. A delivered order says nothing here (its
 * lines say what was delivered). The business's phone comes with the window (settings).
 */
export function ChangeClosedNote({
  window,
  mt,
}: {
  window: ChangeWindowOut | undefined;
  mt?: MantineSpacing;
}) {
  const { t } = useTranslation();
  if (!window || window.changeable) return null;
  if (window.closed !== 'cutoff' && window.closed !== 'dispatched') return null;
  return (
    // A note with the order, not an alert: shown as the page opens, nothing just went wrong.
    <Alert
      color="gray"
      variant="light"
      mt={mt}
      className="no-print"
      role="status"
      data-testid="change-closed"
    >
      <Text size="sm">
        {window.closed === 'cutoff'
          ? t('orders.closedCutoff', {
              time: window.cutoff,
              date: showDate(window.deliveryDate),
            })
          : t('orders.closedDispatched')}
      </Text>
      <Text size="sm" mt={4}>
        {t('orders.closedCallOffice')}
      </Text>
      <Phone number={window.officePhone} mt="xs" mih={44} />
    </Alert>
  );
}
