import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import type { CreditNoteOut } from '../../../../../shared/schemas/billing';
import type { InvoiceOut } from '../../../../../shared/schemas/invoices';
import { DocumentActions } from '../../../components/documents/DocumentActions';
import { localName } from '../../../components/localName';
import { notifySuccess } from '../../../components/notify';
import { useFocusBack } from '../../../components/useFocusBack';
import { westernDigitsTyped } from '../../../components/westernDigitsTyped';
import { showDate } from '../../../dates';
import { errorText } from '../../../errors';
import { newKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { type CreditableLine, creditableQuantity, useCreditableLines } from './creditable';

const MAX_REASON = 1000;

type Step = 'form' | 'confirm' | 'done';

/** A typed quantity: a whole number from 0 to `max`, or the reason it is not. */
function quantityOf(raw: string | number | undefined, max: number): number | null {
  if (raw === undefined || raw === '') return 0;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : null;
}

/**
 * 赤伝: the office credits lines of an issued invoice (ADR 033). Per line a quantity from 0 to
 * what is left to credit, a reason, a confirmation naming what will be issued, then the credit
 * note's number with its PDF and print view. It waits to be deducted on the customer's next
 * invoice.
 */
export function CreditNoteDialog({
  invoice,
  onClose,
  onIssued,
}: {
  invoice: InvoiceOut;
  onClose(): void;
  onIssued(): void;
}) {
  const { t, i18n } = useTranslation();
  // A line as the invoice billed it, in the office's language (a Japanese name, ADR 064).
  const nameOf = (l: CreditableLine) => localName(l, i18n.resolvedLanguage);
  useFocusBack();
  const utils = trpc.useUtils();
  const lines = useCreditableLines(invoice._id);
  // One key per opening: a retried "Issue" (a lost answer) makes one credit note.
  const [idempotencyKey] = useState(newKey);
  const create = trpc.creditNotes.create.useMutation({ trpc: { context: { idempotencyKey } } });
  const [step, setStep] = useState<Step>('form');
  const [quantities, setQuantities] = useState<Record<string, string | number>>({});
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState('');
  const [issued, setIssued] = useState<CreditNoteOut | null>(null);

  const rows = lines.data?.lines ?? [];
  const chosen = rows
    .map((line) => ({
      line,
      quantity: quantityOf(quantities[line.invoiceLineId], creditableQuantity(line)),
    }))
    .filter(
      (r): r is { line: CreditableLine; quantity: number } => r.quantity !== null && r.quantity > 0,
    );
  const anyBad = rows.some(
    (line) => quantityOf(quantities[line.invoiceLineId], creditableQuantity(line)) === null,
  );
  const value = chosen.reduce((s, r) => s + r.line.unitPrice * r.quantity, 0);
  const reasonError =
    touched && reason.trim() === ''
      ? t('errors.claim.reasonRequired')
      : reason.length > MAX_REASON
        ? t('errors.claim.reasonTooLong')
        : null;
  const linesError =
    touched && !anyBad && chosen.length === 0 ? t('errors.claim.creditNoLines') : null;
  const number = invoice.number ?? '';

  // The keyboard's focus: on the first line that can be credited once the lines come (the
  // dialog opened on × while they loaded), and on the first field Review refuses.
  const fieldId = useId();
  const quantityId = (line: CreditableLine) => `${fieldId}-q-${line.invoiceLineId}`;
  const reasonId = `${fieldId}-reason`;
  const firstCreditable = rows.find((line) => creditableQuantity(line) > 0);
  const focusedFirst = useRef(false);
  useEffect(() => {
    if (focusedFirst.current || !firstCreditable) return;
    focusedFirst.current = true;
    document.getElementById(`${fieldId}-q-${firstCreditable.invoiceLineId}`)?.focus();
  }, [firstCreditable, fieldId]);

  const review = () => {
    setTouched(true);
    setFailure('');
    const badLine = rows.find(
      (line) => quantityOf(quantities[line.invoiceLineId], creditableQuantity(line)) === null,
    );
    const refused = badLine
      ? quantityId(badLine)
      : chosen.length === 0 && firstCreditable
        ? quantityId(firstCreditable)
        : reason.trim() === '' || reason.length > MAX_REASON
          ? reasonId
          : null;
    if (refused) {
      document.getElementById(refused)?.focus();
      return;
    }
    if (anyBad || chosen.length === 0) return;
    setStep('confirm');
  };

  const issue = async () => {
    setFailure('');
    try {
      const note = await create.mutateAsync({
        invoiceId: invoice._id,
        reason: reason.trim(),
        lines: chosen.map((r) => ({ invoiceLineId: r.line.invoiceLineId, quantity: r.quantity })),
      });
      setIssued(note);
      setStep('done');
      notifySuccess(t('money.creditNote.issued', { number: note.number }));
      void utils.invoices.invalidate();
      // The credit note is a new document in the customer's list.
      void utils.documents.invalidate();
      onIssued();
    } catch (err) {
      setFailure(errorText(t, err, 'errors.common.mutationFailed'));
      setStep('form');
      void lines.refetch();
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      centered
      title={t('money.creditNote.title', { number })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {step === 'done' && issued ? (
        <Stack data-testid="credit-note-done">
          <Alert color="green" role="status">
            {t('money.creditNote.issuedLong', {
              number: issued.number,
              amount: formatYen(issued.total),
            })}
          </Alert>
          <DocumentActions
            kind="creditNote"
            id={issued._id}
            area="admin"
            label={t('money.creditNote.named', { number: issued.number })}
          />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : step === 'confirm' ? (
        <Stack data-testid="credit-note-confirm">
          <Text fw={600}>
            {t('money.creditNote.confirmTitle', { number, count: chosen.length })}
          </Text>
          <List size="sm">
            {chosen.map((r) => (
              <List.Item key={r.line.invoiceLineId}>
                {r.line.date ? `${showDate(r.line.date)} ` : ''}
                {t('money.creditNote.confirmLine', {
                  name: nameOf(r.line),
                  quantity: r.quantity,
                  amount: formatYen(r.line.unitPrice * r.quantity),
                })}
              </List.Item>
            ))}
          </List>
          <Text size="sm">{t('money.creditNote.value', { amount: formatYen(value) })}</Text>
          <Text size="sm">{t('money.creditNote.reasonIs', { reason: reason.trim() })}</Text>
          <Text size="sm" c="gray.7">
            {t('money.creditNote.confirmHint')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('form')} disabled={create.isPending}>
              {t('money.creditNote.back')}
            </Button>
            <Button color="red" onClick={() => void issue()} loading={create.isPending}>
              {t('money.creditNote.issue')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">{t('money.creditNote.intro')}</Text>
          {failure && (
            <Alert color="red" role="alert" data-testid="credit-note-error">
              {failure}
            </Alert>
          )}
          {lines.isPending ? (
            <Loader size="sm" aria-label={t('common.loading')} />
          ) : lines.isError ? (
            <Alert color="red" role="alert" title={t('money.creditNote.linesFailed')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorText(t, lines.error, 'errors.common.fetchFailed')}</Text>
                <Button size="xs" variant="white" color="red" onClick={() => void lines.refetch()}>
                  {t('common.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : rows.length === 0 ? (
            <Text c="gray.7">{t('money.creditNote.noLines')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table data-testid="credit-note-lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('money.deliveryDate')}</Table.Th>
                    <Table.Th>{t('money.product')}</Table.Th>
                    <Table.Th ta="right">{t('money.creditNote.unitPrice')}</Table.Th>
                    <Table.Th ta="right">{t('money.creditNote.invoiced')}</Table.Th>
                    <Table.Th ta="right">{t('money.creditNote.credited')}</Table.Th>
                    <Table.Th>{t('money.creditNote.quantity')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((line) => {
                    const max = creditableQuantity(line);
                    const raw = quantities[line.invoiceLineId] ?? '';
                    const bad = quantityOf(raw, max) === null;
                    return (
                      <Table.Tr key={line.invoiceLineId}>
                        {/* A month's invoice bills the same beer on five days: which delivery. */}
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {line.date ? showDate(line.date) : ''}
                        </Table.Td>
                        <Table.Td>
                          {line.taxRate === 8 ? '※ ' : ''}
                          {nameOf(line)}
                        </Table.Td>
                        <Table.Td ta="right">{formatYen(line.unitPrice)}</Table.Td>
                        <Table.Td ta="right">{line.invoiced}</Table.Td>
                        <Table.Td ta="right">{line.credited}</Table.Td>
                        <Table.Td>
                          <NumberInput
                            id={quantityId(line)}
                            size="xs"
                            w={120}
                            aria-label={t('money.creditNote.quantityOf', {
                              name: line.date
                                ? `${showDate(line.date)} ${nameOf(line)}`
                                : nameOf(line),
                              max,
                            })}
                            value={raw}
                            onChange={(v) =>
                              setQuantities((q) => ({ ...q, [line.invoiceLineId]: v }))
                            }
                            onChangeCapture={westernDigitsTyped}
                            min={0}
                            max={max}
                            clampBehavior="none"
                            disabled={max === 0}
                            placeholder="0"
                            description={t('money.creditNote.upTo', { max })}
                            error={bad ? t('money.creditNote.quantityRange', { max }) : null}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {linesError && (
            <Text size="sm" c="red.8" role="alert">
              {linesError}
            </Text>
          )}
          <Textarea
            id={reasonId}
            label={t('money.creditNote.reason')}
            required
            autosize
            minRows={2}
            maxLength={MAX_REASON}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={reasonError}
          />
          <Text size="sm" data-testid="credit-note-value">
            {t('money.creditNote.value', { amount: formatYen(value) })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button onClick={review} disabled={!lines.data || rows.length === 0}>
              {t('money.creditNote.review')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
