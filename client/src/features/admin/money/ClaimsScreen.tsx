import {
  Anchor,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Text,
  Textarea,
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
import { showInstantDate } from '../../../dates';
import { withKey } from '../../../keyed';
import { trpc } from '../../../trpc';
import { WholeBadge } from '../WholeBadge';
import { moneyErrorText, newKey } from './api';
import { adminCrumbs, reportsCrumb } from './crumbs';
import { InvoicesFailed } from './InvoiceList';

const COLORS: Record<ClaimStatus, string> = {
  pending: 'orange.9',
  approved: 'green.9',
  rejected: 'gray.8',
};

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
  const decide = async (c: ClaimOut, approve: boolean, note = '') => {
    setBusy(c._id);
    const index = (list.data ?? []).findIndex((x) => x._id === c._id);
    try {
      await utils.client.claims.decide.mutate(
        { id: c._id, approve, ...(note.trim() ? { note: note.trim() } : {}) },
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
                  `${productOf(c)} (${c.quantity}/${c.deliveredQuantity} ${unitLabel(t, c.sku)})`,
              },
              {
                accessor: 'unitPrice',
                title: t('money.value'),
                textAlign: 'right',
                render: (c) => formatYen(c.unitPrice * c.quantity),
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
                        onClick={() => setApproving(c)}
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
          <Text mb="lg">
            {t('money.claimApproveConfirm', {
              name: approving.restaurantName,
              product: productOf(approving),
              quantity: approving.quantity,
              amount: formatYen(approving.unitPrice * approving.quantity),
            })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setApproving(null)} disabled={approvingBusy}>
            {t('money.creditNote.back')}
          </Button>
          <Button
            data-autofocus
            loading={approvingBusy}
            onClick={async () => {
              if (!approving) return;
              setApprovingBusy(true);
              try {
                await decide(approving, true);
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
