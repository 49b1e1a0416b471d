import '../receipt.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../../shared/format';
import type { InvoiceOut, PaymentOut } from '../../../../../../shared/schemas/invoices';
import { useFocusBack } from '../../../../components/useFocusBack';
import { showDate } from '../../../../dates';

// A collector hands the restaurant a receipt for each payment; this one prints on its own.

/** A payment's receipt, shown on screen and printable on its own. */
export function Receipt({
  invoice,
  payment,
  onClose,
}: {
  invoice: InvoiceOut;
  payment: PaymentOut;
  onClose(): void;
}) {
  const { t } = useTranslation();
  useFocusBack();
  // The balance left right after this payment: the amount minus the payments up to it.
  let paid = 0;
  for (const p of invoice.payments) {
    paid += p.amount;
    if (p._id === payment._id) break;
  }
  const print = () => {
    document.body.classList.add('printing-receipt');
    const done = () => {
      document.body.classList.remove('printing-receipt');
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  };
  const rows: [string, string][] = [
    [t('money.restaurant'), invoice.customer?.restaurantName ?? t('money.deletedRestaurant')],
    [
      t('money.invoice'),
      // Its qualified-invoice number, as on every document; an old row without one keeps the
      // code and the short id the office knew it by.
      invoice.number ??
        `${invoice.customer?.customerCode ?? ''} #${invoice._id.slice(-6).toUpperCase()}`,
    ],
    [t('money.amount'), formatYen(payment.amount)],
    [t('money.date'), showDate(payment.date)],
    [t('money.collectedBy'), payment.collectedBy ?? t('money.unknown')],
    [t('money.balanceLeft'), formatYen(invoice.amount - paid)],
  ];
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('money.receiptTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <dl data-testid="receipt" style={{ margin: 0 }}>
        {rows.map(([k, v]) => (
          <Group key={k} justify="space-between" py={4}>
            <Text component="dt" c="gray.7" size="sm">
              {k}
            </Text>
            <Text component="dd" fw={600} m={0}>
              {v}
            </Text>
          </Group>
        ))}
      </dl>
      <Group justify="flex-end" mt="md" className="no-print">
        <Button onClick={print}>{t('money.print')}</Button>
      </Group>
    </Modal>
  );
}
