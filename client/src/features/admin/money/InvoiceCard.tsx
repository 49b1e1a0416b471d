import { Card, Collapse, Divider } from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceOut, PaymentOut } from '../../../../../shared/schemas/invoices';
import { FocusBack } from '../../../components/useFocusBack';
import { trpc } from '../../../trpc';
import { InvoiceActions } from './invoiceCard/InvoiceActions';
import { InvoiceDetails } from './invoiceCard/InvoiceDetails';
import { InvoiceSummary } from './invoiceCard/InvoiceSummary';
import { PaymentForm } from './PaymentForm';

// One invoice as the office and the drivers see it in every list: its parts are in invoiceCard/.

interface InvoiceCardProps {
  invoice: InvoiceOut;
  /** The office may edit, delete and correct payments; a driver records payments and notes. */
  staff: boolean;
  onChanged(): void;
  onEdit?(invoice: InvoiceOut): void;
}

/**
 * The invoice card (spec §2 "Cards and popups"). Memoised: a list that adds cards a few at a time
 * (the driver's collections, ADR 106) does not draw the drawn ones again.
 */
export const InvoiceCard = memo(function InvoiceCard({
  invoice,
  staff,
  onChanged,
  onEdit,
}: InvoiceCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // A new payment (editing null) or a correction of one; the form is mounted while it is set.
  const [payment, setPayment] = useState<{ editing: PaymentOut | null } | null>(null);
  // Loaded the first time the card unfolds; refetched after every change made from the card.
  const history = trpc.invoices.history.useQuery({ id: invoice._id }, { enabled: open });
  const name = invoice.customer?.restaurantName ?? t('money.deletedRestaurant');
  // A customer has many cards: its controls are named for the invoice too (INV-000006).
  const label = invoice.number ? t('money.invoiceLabel', { name, number: invoice.number }) : name;
  const changed = () => {
    onChanged();
    void history.refetch();
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="invoice-card" aria-label={label}>
      <InvoiceSummary invoice={invoice} name={name} />
      <InvoiceActions
        invoice={invoice}
        name={label}
        staff={staff}
        open={open}
        onToggleDetails={() => setOpen((o) => !o)}
        onPay={() => setPayment({ editing: null })}
        onChanged={changed}
        onDeleted={onChanged}
        onEdit={onEdit}
      />
      <Collapse expanded={open}>
        <Divider my="sm" />
        <InvoiceDetails
          invoice={invoice}
          staff={staff}
          history={history.data}
          onEditPayment={(p) => setPayment({ editing: p })}
          onChanged={changed}
        />
      </Collapse>

      {/* Mounted open: the focus goes back to the button that opened it (FocusBack). */}
      {payment && (
        <FocusBack>
          <PaymentForm
            invoice={invoice}
            editing={payment.editing}
            opened
            onClose={() => setPayment(null)}
            onSaved={changed}
          />
        </FocusBack>
      )}
    </Card>
  );
});
