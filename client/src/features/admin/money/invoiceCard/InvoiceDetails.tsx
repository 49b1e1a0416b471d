import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../../shared/format';
import type {
  HistoryEntryOut,
  InvoiceOut,
  PaymentOut,
} from '../../../../../../shared/schemas/invoices';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { DocumentActions } from '../../../../components/documents/DocumentActions';
import { notifyError, notifySuccess } from '../../../../components/notify';
import { Phone } from '../../../../components/Phone';
import { showDate } from '../../../../dates';
import { trpc } from '../../../../trpc';
import { moneyErrorText } from '../api';
import { DetailList, DetailSection } from './DetailSection';
import { InvoiceHistory } from './InvoiceHistory';
import { Receipt } from './Receipt';

// The unfolded card: the payments (with their receipts), notes, phones to call and history.

interface InvoiceDetailsProps {
  invoice: InvoiceOut;
  staff: boolean;
  history: HistoryEntryOut[] | undefined;
  onEditPayment(payment: PaymentOut): void;
  /** After a bank transfer fee was taken back: the invoice is due again. */
  onChanged(): void;
}

export function InvoiceDetails({
  invoice,
  staff,
  history,
  onEditPayment,
  onChanged,
}: InvoiceDetailsProps) {
  const { t } = useTranslation();
  const [receipt, setReceipt] = useState<PaymentOut | null>(null);
  const [takingBack, setTakingBack] = useState<PaymentOut | null>(null);
  const removeFee = trpc.invoices.removeBankFee.useMutation();
  const c = invoice.customer;

  return (
    <>
      <Stack gap="sm">
        <DetailSection title={t('money.payments')}>
          <DetailList
            items={invoice.payments}
            empty={t('money.noPayments')}
            render={(p) =>
              // A bank transfer fee written off (ADR 069): no money received, so no receipt and
              // no correction; the office takes it back if it was a mistake.
              p.kind === 'bank_fee' ? (
                <Group gap="xs" wrap="wrap" data-testid="bank-fee-row">
                  <Text size="sm" span>
                    {showDate(p.date)} · {formatYen(p.amount)} · {t('money.bankFee.row')} ·{' '}
                    {p.collectedBy ?? t('money.unknown')}
                  </Text>
                  {staff && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setTakingBack(p)}
                      aria-label={t('money.bankFee.takeBackLabel', {
                        amount: formatYen(p.amount),
                      })}
                    >
                      {t('money.bankFee.takeBack')}
                    </Button>
                  )}
                </Group>
              ) : (
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" span>
                    {showDate(p.date)} · {formatYen(p.amount)} ·{' '}
                    {p.collectedBy ?? t('money.unknown')}
                  </Text>
                  <Button size="compact-xs" variant="light" onClick={() => setReceipt(p)}>
                    {t('money.receipt')}
                  </Button>
                  <DocumentActions
                    kind="receipt"
                    id={p._id}
                    area={staff ? 'admin' : 'driver'}
                    send={staff}
                  />
                  {staff && (
                    <Button size="compact-xs" variant="subtle" onClick={() => onEditPayment(p)}>
                      {t('money.edit')}
                    </Button>
                  )}
                </Group>
              )
            }
          />
        </DetailSection>
        <DetailSection title={t('money.notes')}>
          <DetailList
            items={invoice.notes}
            empty={t('money.noNotes')}
            render={(n) => (
              <Text size="sm">
                {showDate(n.date)} · {n.notesBy ?? t('money.unknown')}: {n.note}
                {n.nextFollowUp
                  ? ` (${t('money.nextFollowUpShort', { date: showDate(n.nextFollowUp) })})`
                  : ''}
              </Text>
            )}
          />
        </DetailSection>
        <DetailSection title={t('money.phones')}>
          {c ? (
            <Group gap="xs" mt={4}>
              <Phone number={c.phoneNumber} />
              {c.mobileNumber && <Phone number={c.mobileNumber} />}
              <Text size="sm">
                {t('money.contact')}: {c.contactPerson || t('money.dataNotAvailable')}
              </Text>
            </Group>
          ) : (
            <Text size="sm" c="gray.7">
              {t('money.dataNotAvailable')}
            </Text>
          )}
        </DetailSection>
        <InvoiceHistory entries={history} />
      </Stack>

      {receipt && <Receipt invoice={invoice} payment={receipt} onClose={() => setReceipt(null)} />}
      {takingBack && (
        <ConfirmDialog
          opened
          title={t('money.bankFee.takeBackConfirm', { amount: formatYen(takingBack.amount) })}
          message={t('money.bankFee.takeBackMessage')}
          onConfirm={async () => {
            try {
              await removeFee.mutateAsync({ invoiceId: invoice._id, _id: takingBack._id });
              notifySuccess(t('money.bankFee.takenBack'));
              onChanged();
            } catch (err) {
              notifyError(moneyErrorText(t, err, 'errors.common.mutationFailed'));
            }
          }}
          onClose={() => setTakingBack(null)}
        />
      )}
    </>
  );
}
