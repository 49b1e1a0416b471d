import { Button, Group, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceOut } from '../../../../../../shared/schemas/invoices';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DocumentActions } from '../../../../components/documents/DocumentActions';
import { notifyError, notifySuccess } from '../../../../components/notify';
import { FocusBack } from '../../../../components/useFocusBack';
import { trpc } from '../../../../trpc';
import { moneyErrorText } from '../api';
import { CancelInvoiceDialog } from '../CancelInvoiceDialog';
import { CreditNoteDialog } from '../CreditNoteDialog';
import { canCancel, canCreditNote, canDelete } from '../invoiceRules';
import { NoteForm } from '../NoteForm';

// What may be done to an invoice, and the dialogs that do it (the payment form is the card's).

interface InvoiceActionsProps {
  invoice: InvoiceOut;
  name: string;
  staff: boolean;
  open: boolean;
  onToggleDetails(): void;
  onPay(): void;
  /** After a note, credit note or cancellation: the invoice is still on the list. */
  onChanged(): void;
  /** After the invoice is deleted: it is gone. */
  onDeleted(): void;
  onEdit?(invoice: InvoiceOut): void;
}

export function InvoiceActions({
  invoice,
  name,
  staff,
  open,
  onToggleDetails,
  onPay,
  onChanged,
  onDeleted,
  onEdit,
}: InvoiceActionsProps) {
  const { t } = useTranslation();
  const [noting, setNoting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const remove = trpc.invoices.delete.useMutation();
  const cancelled = invoice.cancelled ?? null;
  // A cancelled invoice is done: no payment, note, edit or deletion (ADR 034).
  const done = invoice.status === 'Completed' || cancelled !== null;
  /** 'Payment', said with the invoice it is for: a list of buttons tells the cards apart. */
  const named = (action: string) => ({
    'aria-label': t('money.actionFor', { action, invoice: name }),
  });

  return (
    <>
      {staff && (
        <Group mt="sm" gap="xs" data-testid="invoice-documents">
          <DocumentActions kind="invoice" id={invoice._id} area="admin" send label={name} />
        </Group>
      )}
      <Group mt="sm" gap="xs">
        {!done && (
          <Button size="xs" onClick={onPay} {...named(t('money.payment'))}>
            {t('money.payment')}
          </Button>
        )}
        {!done && (
          <Button
            size="xs"
            variant="light"
            onClick={() => setNoting(true)}
            {...named(t('money.note'))}
          >
            {t('money.note')}
          </Button>
        )}
        {staff && onEdit && !cancelled && (
          <Button
            size="xs"
            variant="default"
            onClick={() => onEdit(invoice)}
            {...named(t('money.edit'))}
          >
            {t('money.edit')}
          </Button>
        )}
        {staff && canCreditNote(invoice) && (
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => setCrediting(true)}
            {...named(t('money.creditNote.button'))}
          >
            {t('money.creditNote.button')}
          </Button>
        )}
        {/* An invoice with a document number is never deleted: it is cancelled (ADR 034). */}
        {staff && canDelete(invoice) && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => setDeleting(true)}
            {...named(t('money.delete'))}
          >
            {t('money.delete')}
          </Button>
        )}
        {staff && canCancel(invoice) && (
          <Tooltip label={t('money.cancel.insteadOfDelete')} multiline w={260}>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => setCancelling(true)}
              {...named(t('money.cancel.button'))}
            >
              {t('money.cancel.button')}
            </Button>
          </Tooltip>
        )}
        <Button
          size="xs"
          variant="subtle"
          ml="auto"
          onClick={onToggleDetails}
          aria-expanded={open}
          {...named(open ? t('money.hideDetails') : t('money.details'))}
        >
          {open ? t('money.hideDetails') : t('money.details')}
        </Button>
      </Group>

      {/* Mounted open: the focus goes back to the button that opened it (FocusBack). */}
      {noting && (
        <FocusBack>
          <NoteForm invoice={invoice} opened onClose={() => setNoting(false)} onSaved={onChanged} />
        </FocusBack>
      )}
      {crediting && (
        <CreditNoteDialog
          invoice={invoice}
          onClose={() => setCrediting(false)}
          onIssued={onChanged}
        />
      )}
      {cancelling && (
        <CancelInvoiceDialog
          invoice={invoice}
          onClose={() => setCancelling(false)}
          onCancelled={onChanged}
        />
      )}
      <ConfirmDialog
        opened={deleting}
        title={t('money.deleteConfirm')}
        message={t('common.undoWarning')}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ id: invoice._id });
            notifySuccess(t('money.deleted'));
            onDeleted();
          } catch (err) {
            notifyError(moneyErrorText(t, err, 'errors.common.mutationFailed'));
          }
        }}
      />
    </>
  );
}
