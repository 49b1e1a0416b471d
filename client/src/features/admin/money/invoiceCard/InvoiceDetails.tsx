import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../../shared/format';
import type {
  HistoryEntryOut,
  InvoiceOut,
  PaymentOut,
} from '../../../../../../shared/schemas/invoices';
import { DocumentActions } from '../../../../components/documents/DocumentActions';
import { Phone } from '../../../../components/Phone';
import { showDate } from '../../../../dates';
import { DetailList, DetailSection } from './DetailSection';
import { InvoiceHistory } from './InvoiceHistory';
import { Receipt } from './Receipt';

// The unfolded card: the payments (with their receipts), notes, phones to call and history.

interface InvoiceDetailsProps {
  invoice: InvoiceOut;
  staff: boolean;
  history: HistoryEntryOut[] | undefined;
  onEditPayment(payment: PaymentOut): void;
}

export function InvoiceDetails({ invoice, staff, history, onEditPayment }: InvoiceDetailsProps) {
  const { t } = useTranslation();
  const [receipt, setReceipt] = useState<PaymentOut | null>(null);
  const c = invoice.customer;

  return (
    <>
      <Stack gap="sm">
        <DetailSection title={t('money.payments')}>
          <DetailList
            items={invoice.payments}
            empty={t('money.noPayments')}
            render={(p) => (
              <Group gap="xs" wrap="wrap">
                <Text size="sm" span>
                  {showDate(p.date)} · {formatYen(p.amount)} · {p.collectedBy ?? 'Unknown'}
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
            )}
          />
        </DetailSection>
        <DetailSection title={t('money.notes')}>
          <DetailList
            items={invoice.notes}
            empty={t('money.noNotes')}
            render={(n) => (
              <Text size="sm">
                {showDate(n.date)} · {n.notesBy ?? 'Unknown'}: {n.note}
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
    </>
  );
}
