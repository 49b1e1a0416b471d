import {
  Anchor,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClaimStatus } from '../../../../../shared/enums';
import { formatYen } from '../../../../../shared/format';
import type { ClaimOut } from '../../../../../shared/schemas/billing';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DataTable } from '../../../components/DataTable';
import { printPath } from '../../../components/documents/paths';
import { localName, unitLabel } from '../../../components/localName';
import { notifyError, notifySuccess } from '../../../components/notify';
import { westernDigitsTyped } from '../../../components/westernDigitsTyped';
import { showInstantDate } from '../../../dates';
import { withKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { WholeBadge } from '../WholeBadge';
import { moneyErrorText, newKey } from './api';
import { creditQuantityOf } from './claimCreditQuantity';
import { adminCrumbs, reportsCrumb } from './crumbs';
import { InvoicesFailed } from './InvoiceList';

const COLORS: Record<ClaimStatus, string> = {
  pending: 'orange.9',
  approved: 'green.9',
  rejected: 'gray.8',
};

/** What is said under the quantity to credit when it cannot be sent. */
const CREDIT_PROBLEM = {
  needed: 'money.claimCreditQuantityNeeded',
  whole: 'money.claimCreditQuantityWhole',
  atLeast: 'money.claimCreditQuantityAtLeast',
  atMost: 'money.claimCreditQuantityAtMost',
} as const;

/** Approved for fewer than claimed. */
const partlyCredited = (c: ClaimOut) =>
  c.creditedQuantity != null && c.creditedQuantity !== c.quantity;

/** The customers' goods claims: the office approves (a credit note) or rejects each. */
export function ClaimsScreen() {
  const { t, i18n } = useTranslation();
  // The line as its order named it, in the office's language (a Japanese name, ADR 064).
  const productOf = (c: ClaimOut) =>
    localName({ name: c.productName, nameNe: c.nameNe, nameJa: c.nameJa }, i18n.resolvedLanguage);
  const [status, setStatus] = useState<'all' | ClaimStatus>('pending');
  const list = trpc.claims.list.useQuery(status === 'all' ? {} : { status });
  const [busy, setBusy] = useState<string | null>(null);
  // Approving issues a credit note: asked first, naming what it credits.
  const [approving, setApproving] = useState<ClaimOut | null>(null);
  const [approvingBusy, setApprovingBusy] = useState(false);
  // What the credit note credits: the claimed quantity unless the office finds part of it fine.
  const [creditText, setCreditText] = useState('');
  const credit = approving ? creditQuantityOf(creditText, approving.quantity) : null;
  // Rejecting is as final as approving: asked first too, with the reason the restaurant reads
  // beside its claim (the decision's note).
  const [rejecting, setRejecting] = useState<ClaimOut | null>(null);
  const [rejectNote, setRejectNote] = useState('');
  const utils = trpc.useUtils();
  const table = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** A decided claim leaves the pending list: focus goes on to the next claim's first action, or
   *  to the heading when none is left, rather than to the page. */
  const focusAfter = (index: number) => {
    const actions = table.current?.querySelectorAll<HTMLButtonElement>('[data-claim-first]');
    const next = actions?.[Math.min(index, actions.length - 1)];
    (next ?? heading.current)?.focus();
  };
  const decide = async (c: ClaimOut, approve: boolean, note = '', quantity?: number) => {
    setBusy(c._id);
    const index = (list.data ?? []).findIndex((x) => x._id === c._id);
    try {
      await utils.client.claims.decide.mutate(
        {
          id: c._id,
          approve,
          ...(note.trim() ? { note: note.trim() } : {}),
          // Sent only when fewer than claimed: absent, the server credits what was claimed.
          ...(quantity !== undefined && quantity !== c.quantity ? { quantity } : {}),
        },
        withKey(newKey()),
      );
      notifySuccess(t(approve ? 'money.claimApproved' : 'money.claimRejected'));
      void list.refetch().then(() => requestAnimationFrame(() => focusAfter(index)));
      void utils.invoices.invalidate();
      // The credit note is a new document in the customer's list.
      void utils.documents.invalidate();
    } catch (err) {
      notifyError(moneyErrorText(t, err, 'money.operationFailed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Breadcrumbs items={adminCrumbs(t, t('money.claims'), [reportsCrumb(t)])} />
      <Title order={1} size="h3" mb="md" ref={heading} tabIndex={-1}>
        {t('money.claims')}
      </Title>
      <SegmentedControl
        mb="md"
        value={status}
        onChange={(v) => setStatus(v as typeof status)}
        data={[
          { value: 'pending', label: t('money.claimStatus.pending') },
          { value: 'approved', label: t('money.claimStatus.approved') },
          { value: 'rejected', label: t('money.claimStatus.rejected') },
          { value: 'all', label: t('money.claimStatus.all') },
        ]}
      />
      {list.isError ? (
        <InvoicesFailed onRetry={() => void list.refetch()} />
      ) : (
        <div ref={table}>
          <DataTable<ClaimOut>
            records={list.data ?? []}
            fetching={list.isPending}
            idAccessor="_id"
            columns={[
              {
                accessor: 'createdAt',
                title: t('money.date'),
                render: (c) => showInstantDate(c.createdAt),
              },
              { accessor: 'restaurantName', title: t('money.customer') },
              {
                accessor: 'productName',
                title: t('money.product'),
                render: (c) =>
                  `${productOf(c)} (${c.quantity}/${c.deliveredQuantity} ${unitLabel(t, c.sku)})${
                    partlyCredited(c)
                      ? ` · ${t('money.claimCreditedOf', {
                          credited: c.creditedQuantity,
                          count: c.quantity,
                          unit: unitLabel(t, c.sku),
                        })}`
                      : ''
                  }`,
              },
              {
                accessor: 'unitPrice',
                title: t('money.value'),
                textAlign: 'right',
                // An approved claim is worth what its credit note credits.
                render: (c) => formatYen(c.unitPrice * (c.creditedQuantity ?? c.quantity)),
              },
              { accessor: 'reason', title: t('money.reason') },
              {
                accessor: 'photo',
                title: t('money.photo'),
                render: (c) =>
                  c.photo ? (
                    <Anchor href={`/uploads/${c.photo}`} target="_blank" rel="noopener">
                      {t('money.photo')}
                    </Anchor>
                  ) : (
                    ''
                  ),
              },
              {
                accessor: 'status',
                title: t('money.claimState'),
                render: (c) =>
                  c.status === 'pending' ? (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-xs"
                        color="green"
                        data-claim-first
                        aria-label={t('money.approveClaimOf', {
                          name: c.restaurantName,
                          product: productOf(c),
                        })}
                        loading={busy === c._id}
                        onClick={() => {
                          setCreditText(String(c.quantity));
                          setApproving(c);
                        }}
                      >
                        {t('money.approve')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        disabled={busy === c._id}
                        aria-label={t('money.rejectClaimOf', {
                          name: c.restaurantName,
                          product: productOf(c),
                        })}
                        onClick={() => {
                          setRejectNote('');
                          setRejecting(c);
                        }}
                      >
                        {t('money.reject')}
                      </Button>
                    </Group>
                  ) : (
                    <Group gap={6} wrap="nowrap">
                      <WholeBadge color={COLORS[c.status]} variant="outline">
                        {t(`money.claimStatus.${c.status}`)}
                      </WholeBadge>
                      {c.creditNoteId && c.creditNoteNumber && (
                        <Anchor
                          component={Link}
                          to={printPath('admin', 'creditNote', c.creditNoteId)}
                          size="sm"
                          // CN-000002 is one number: at 1280 px it broke after CN-.
                          style={{ whiteSpace: 'nowrap' }}
                          aria-label={t('money.creditNote.named', { number: c.creditNoteNumber })}
                        >
                          {c.creditNoteNumber}
                        </Anchor>
                      )}
                    </Group>
                  ),
              },
            ]}
          />
        </div>
      )}
      {/* Its own dialog rather than the shared one: it opens on the answer, not on ×. */}
      <Modal
        opened={approving !== null}
        onClose={() => setApproving(null)}
        title={t('money.claimApproveTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {approving && (
          <>
            <Text mb="md" data-testid="claim-approve-summary">
              {t('money.claimApproveConfirm', {
                name: approving.restaurantName,
                product: productOf(approving),
                quantity: credit?.ok ? credit.quantity : approving.quantity,
                amount: formatYen(
                  approving.unitPrice * (credit?.ok ? credit.quantity : approving.quantity),
                ),
              })}
            </Text>
            <TextInput
              label={t('money.claimCreditQuantity')}
              description={t('money.claimCreditQuantityHint', {
                count: approving.quantity,
                unit: unitLabel(t, approving.sku),
              })}
              value={creditText}
              onChange={(e) => setCreditText(e.currentTarget.value)}
              onChangeCapture={westernDigitsTyped}
              inputMode="numeric"
              // A short field for a number, its hint and message across the dialog.
              styles={{ wrapper: { maxWidth: 200 } }}
              rightSection={<Text size="sm">{unitLabel(t, approving.sku)}</Text>}
              rightSectionWidth={64}
              error={
                credit && !credit.ok
                  ? t(CREDIT_PROBLEM[credit.key], {
                      count: approving.quantity,
                      unit: unitLabel(t, approving.sku),
                    })
                  : null
              }
              mb="lg"
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setApproving(null)} disabled={approvingBusy}>
            {t('money.creditNote.back')}
          </Button>
          <Button
            data-autofocus
            loading={approvingBusy}
            disabled={!credit?.ok}
            onClick={async () => {
              if (!approving || !credit?.ok) return;
              setApprovingBusy(true);
              try {
                await decide(approving, true, '', credit.quantity);
              } finally {
                setApprovingBusy(false);
                setApproving(null);
              }
            }}
          >
            {t('money.claimApproveIssue')}
          </Button>
        </Group>
      </Modal>
      <Modal
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t('money.claimRejectTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {rejecting && (
          <Text mb="md">
            {t('money.claimRejectConfirm', {
              name: rejecting.restaurantName,
              product: productOf(rejecting),
              quantity: rejecting.quantity,
            })}
          </Text>
        )}
        <Textarea
          label={t('money.claimRejectReason')}
          description={t('money.claimRejectReasonHint')}
          value={rejectNote}
          onChange={(e) => setRejectNote(e.currentTarget.value)}
          maxLength={1000}
          rows={3}
          mb="lg"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRejecting(null)} disabled={approvingBusy}>
            {t('money.creditNote.back')}
          </Button>
          <Button
            color="red"
            loading={approvingBusy}
            onClick={async () => {
              if (!rejecting) return;
              setApprovingBusy(true);
              try {
                await decide(rejecting, false, rejectNote);
              } finally {
                setApprovingBusy(false);
                setRejecting(null);
              }
            }}
          >
            {t('money.claimRejectDo')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
