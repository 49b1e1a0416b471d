import './receipt.css';
import {
  Badge,
  Button,
  Card,
  Collapse,
  Divider,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus } from '../../../../../shared/enums';
import { formatYen } from '../../../../../shared/format';
import type { InvoiceOut, PaymentOut } from '../../../../../shared/schemas/invoices';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DocumentActions } from '../../../components/documents/DocumentActions';
import { notifyError, notifySuccess } from '../../../components/notify';
import { Phone } from '../../../components/Phone';
import { FocusBack, useFocusBack } from '../../../components/useFocusBack';
import { showDate, showInstant, showInstantDate } from '../../../dates';
import { dynamicT } from '../../../i18n';
import { trpc } from '../../../trpc';
import { moneyErrorText } from './api';
import { CancelInvoiceDialog } from './CancelInvoiceDialog';
import { CreditNoteDialog } from './CreditNoteDialog';
import { describeEntry } from './historyText';
import { canCancel, canCreditNote, canDelete } from './invoiceRules';
import { NoteForm } from './NoteForm';
import { PaymentForm } from './PaymentForm';

// Shades dark (or light) enough for readable chip text.
const STATUS_COLOR: Record<InvoiceStatus, string> = {
  Pending: 'yellow.4',
  'Partial Paid': 'blue.8',
  Completed: '#1e6b2f',
};
const STATUS_KEY: Record<InvoiceStatus, string> = {
  Pending: 'money.status.pending',
  'Partial Paid': 'money.status.partial',
  Completed: 'money.status.completed',
};

export function StatusChip({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  // Unknown values show as warning (spec §4).
  return (
    // Never cut short: a long label (Nepali "आंशिक भुक्तानी") keeps its width or wraps.
    <Badge
      color={STATUS_COLOR[status] ?? 'yellow.4'}
      variant="filled"
      autoContrast
      maw="none"
      styles={{
        root: { flexShrink: 0, height: 'auto', minHeight: 'var(--badge-height)' },
        label: { whiteSpace: 'normal', overflow: 'visible' },
      }}
    >
      {dynamicT(t)(STATUS_KEY[status] ?? 'money.status.pending')}
    </Badge>
  );
}

interface InvoiceCardProps {
  invoice: InvoiceOut;
  /** The office may edit, delete and correct payments; a driver records payments and notes. */
  staff: boolean;
  onChanged(): void;
  onEdit?(invoice: InvoiceOut): void;
}

/** The invoice card (spec §2 "Cards and popups"). */
export function InvoiceCard({ invoice, staff, onChanged, onEdit }: InvoiceCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  const [noting, setNoting] = useState(false);
  const [editingPayment, setEditingPayment] = useState<PaymentOut | null>(null);
  const [receipt, setReceipt] = useState<PaymentOut | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const remove = trpc.invoices.delete.useMutation();
  const history = trpc.invoices.history.useQuery({ id: invoice._id }, { enabled: open });
  const cancelled = invoice.cancelled ?? null;
  // A cancelled invoice is done: no payment, note, edit or deletion (ADR 034).
  const done = invoice.status === 'Completed' || cancelled !== null;
  const c = invoice.customer;
  const name = c?.restaurantName ?? t('money.deletedRestaurant');
  const changed = () => {
    onChanged();
    void history.refetch();
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="invoice-card" aria-label={name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Group gap={6}>
            <Badge variant="outline" color="gray.8">
              {c?.customerCode ?? invoice.deletedCustomer?.customerCode ?? 'Unknown'}
            </Badge>
            {invoice.number && (
              <Badge variant="outline" color="gray.8">
                {invoice.number}
              </Badge>
            )}
            {invoice.overdue && (
              <Badge color="red.9" variant="filled">
                {t('money.overdueFlag')}
              </Badge>
            )}
          </Group>
          <Text fw={700} mt={4} component="h3" size="md" m={0}>
            {name}
          </Text>
          {!c && invoice.deletedCustomer && (
            <Text size="xs" c="gray.7">
              {t('money.formerCustomer', {
                name: invoice.deletedCustomer.restaurantName,
                code: invoice.deletedCustomer.customerCode,
              })}
            </Text>
          )}
          <Text size="sm" c="gray.7">
            {invoice.dueDate
              ? t('money.due', { date: showDate(invoice.dueDate) })
              : t('money.noDueDate')}
          </Text>
        </div>
        {cancelled ? (
          <Badge color="red.9" variant="filled" data-testid="invoice-cancelled">
            {t('money.cancel.flag')}
          </Badge>
        ) : (
          <StatusChip status={invoice.status} />
        )}
      </Group>
      {cancelled && (
        <Text size="sm" mt="xs" c="red.9" data-testid="invoice-cancel-reason">
          {t('money.cancel.line', {
            // The business's date of the instant (00:00–09:00 JST is still the day before in UTC).
            date: showInstantDate(cancelled.at),
            by: cancelled.by,
            reason: cancelled.reason,
          })}
        </Text>
      )}

      <SimpleGrid cols={3} mt="sm" spacing="xs">
        <Amount label={t('money.amount')} value={invoice.amount} />
        <Amount label={t('money.paid')} value={invoice.paidAmount} />
        {/* A cancelled invoice is not owed (ADR 034): its balance is not shown as unpaid. */}
        {cancelled ? (
          <Amount label={t('money.cancel.notOwed')} value={0} testId="invoice-not-owed" />
        ) : (
          <Amount label={t('money.pending')} value={invoice.pendingAmount} strong />
        )}
      </SimpleGrid>
      {invoice.note && (
        <Text size="sm" mt="xs">
          {invoice.note}
        </Text>
      )}

      {staff && (
        <Group mt="sm" gap="xs" data-testid="invoice-documents">
          <DocumentActions kind="invoice" id={invoice._id} area="admin" send label={name} />
        </Group>
      )}
      <Group mt="sm" gap="xs">
        {!done && (
          <Button size="xs" onClick={() => setPaying(true)}>
            {t('money.payment')}
          </Button>
        )}
        {!done && (
          <Button size="xs" variant="light" onClick={() => setNoting(true)}>
            {t('money.note')}
          </Button>
        )}
        {staff && onEdit && !cancelled && (
          <Button size="xs" variant="default" onClick={() => onEdit(invoice)}>
            {t('money.edit')}
          </Button>
        )}
        {staff && canCreditNote(invoice) && (
          <Button size="xs" variant="light" color="red" onClick={() => setCrediting(true)}>
            {t('money.creditNote.button')}
          </Button>
        )}
        {/* An invoice with a document number is never deleted: it is cancelled (ADR 034). */}
        {staff && canDelete(invoice) && (
          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(true)}>
            {t('money.delete')}
          </Button>
        )}
        {staff && canCancel(invoice) && (
          <Tooltip label={t('money.cancel.insteadOfDelete')} multiline w={260}>
            <Button size="xs" variant="subtle" color="red" onClick={() => setCancelling(true)}>
              {t('money.cancel.button')}
            </Button>
          </Tooltip>
        )}
        <Button
          size="xs"
          variant="subtle"
          ml="auto"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {open ? t('money.hideDetails') : t('money.details')}
        </Button>
      </Group>

      <Collapse expanded={open}>
        <Divider my="sm" />
        <Stack gap="sm">
          <section>
            <Text fw={600} size="sm">
              {t('money.payments')}
            </Text>
            {invoice.payments.length === 0 ? (
              <Text size="sm" c="gray.7">
                {t('money.noPayments')}
              </Text>
            ) : (
              <List size="sm" spacing={4} listStyleType="none" p={0}>
                {invoice.payments.map((p) => (
                  <List.Item key={p._id}>
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
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() => setEditingPayment(p)}
                        >
                          {t('money.edit')}
                        </Button>
                      )}
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          </section>
          <section>
            <Text fw={600} size="sm">
              {t('money.notes')}
            </Text>
            {invoice.notes.length === 0 ? (
              <Text size="sm" c="gray.7">
                {t('money.noNotes')}
              </Text>
            ) : (
              <List size="sm" spacing={4} listStyleType="none" p={0}>
                {invoice.notes.map((n) => (
                  <List.Item key={n._id}>
                    <Text size="sm">
                      {showDate(n.date)} · {n.notesBy ?? 'Unknown'}: {n.note}
                      {n.nextFollowUp
                        ? ` (${t('money.nextFollowUpShort', { date: showDate(n.nextFollowUp) })})`
                        : ''}
                    </Text>
                  </List.Item>
                ))}
              </List>
            )}
          </section>
          <section>
            <Text fw={600} size="sm">
              {t('money.phones')}
            </Text>
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
          </section>
          <section>
            <Text fw={600} size="sm">
              {t('money.history')}
            </Text>
            {history.data?.length === 0 && (
              <Text size="sm" c="gray.7">
                {t('money.noHistory')}
              </Text>
            )}
            <List size="xs" spacing={2} listStyleType="none" p={0}>
              {history.data?.map((h) => (
                <List.Item key={h._id}>
                  <Text size="xs" data-testid="history-entry">
                    {showInstant(h.createdAt)} ·{' '}
                    {t('money.historyLine', {
                      actor: h.actorName,
                      action: dynamicT(t)(`money.historyAction.${h.action}`, {
                        defaultValue: t('money.historyAction.update'),
                      }),
                      entity: dynamicT(t)(`money.historyEntity.${h.entity}`, {
                        defaultValue: t('money.historyEntity.other'),
                      }),
                    })}
                    {historyParts(t, h.before, h.after)}
                  </Text>
                </List.Item>
              ))}
            </List>
          </section>
        </Stack>
      </Collapse>

      {/* Mounted open: the focus goes back to the button that opened them (FocusBack). */}
      {paying && (
        <FocusBack>
          <PaymentForm
            invoice={invoice}
            opened
            onClose={() => setPaying(false)}
            onSaved={changed}
          />
        </FocusBack>
      )}
      {editingPayment && (
        <FocusBack>
          <PaymentForm
            invoice={invoice}
            editing={editingPayment}
            opened
            onClose={() => setEditingPayment(null)}
            onSaved={changed}
          />
        </FocusBack>
      )}
      {noting && (
        <FocusBack>
          <NoteForm invoice={invoice} opened onClose={() => setNoting(false)} onSaved={changed} />
        </FocusBack>
      )}
      {crediting && (
        <CreditNoteDialog
          invoice={invoice}
          onClose={() => setCrediting(false)}
          onIssued={changed}
        />
      )}
      {cancelling && (
        <CancelInvoiceDialog
          invoice={invoice}
          onClose={() => setCancelling(false)}
          onCancelled={changed}
        />
      )}
      {receipt && <Receipt invoice={invoice} payment={receipt} onClose={() => setReceipt(null)} />}
      <ConfirmDialog
        opened={deleting}
        title={t('money.deleteConfirm')}
        message={t('common.undoWarning')}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ id: invoice._id });
            notifySuccess(t('money.deleted'));
            onChanged();
          } catch (err) {
            notifyError(moneyErrorText(t, err, 'errors.common.mutationFailed'));
          }
        }}
      />
    </Card>
  );
}

/** What an entry changed, in the reader's words: labels and values, never keys or ids. */
function historyParts(
  t: Parameters<typeof describeEntry>[0],
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string {
  const parts = describeEntry(t, before, after);
  return parts.length > 0 ? ` — ${parts.join(' · ')}` : '';
}

function Amount({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500}>{formatYen(value)}</Text>
    </div>
  );
}

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
      `${invoice.customer?.customerCode ?? ''} #${invoice._id.slice(-6).toUpperCase()}`,
    ],
    [t('money.amount'), formatYen(payment.amount)],
    [t('money.date'), showDate(payment.date)],
    [t('money.collectedBy'), payment.collectedBy ?? 'Unknown'],
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
