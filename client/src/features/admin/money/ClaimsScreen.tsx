import { Anchor, Button, Group, SegmentedControl, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClaimStatus } from '../../../../../shared/enums';
import { formatYen } from '../../../../../shared/format';
import type { ClaimOut } from '../../../../../shared/schemas/billing';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import { printPath } from '../../../components/documents/paths';
import { unitLabel } from '../../../components/localName';
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
  const { t } = useTranslation();
  const [status, setStatus] = useState<'all' | ClaimStatus>('pending');
  const list = trpc.claims.list.useQuery(status === 'all' ? {} : { status });
  const [busy, setBusy] = useState<string | null>(null);
  // Approving issues a credit note: asked first, naming what it credits.
  const [approving, setApproving] = useState<ClaimOut | null>(null);
  const utils = trpc.useUtils();
  const decide = async (c: ClaimOut, approve: boolean) => {
    setBusy(c._id);
    try {
      await utils.client.claims.decide.mutate({ id: c._id, approve }, withKey(newKey()));
      notifySuccess(t(approve ? 'money.claimApproved' : 'money.claimRejected'));
      void list.refetch();
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
      <Title order={1} size="h3" mb="md">
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
                `${c.productName} (${c.quantity}/${c.deliveredQuantity} ${unitLabel(t, c.sku)})`,
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
                      loading={busy === c._id}
                      onClick={() => setApproving(c)}
                    >
                      {t('money.approve')}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="default"
                      disabled={busy === c._id}
                      onClick={() => void decide(c, false)}
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
      )}
      <ConfirmDialog
        opened={approving !== null}
        title={t('money.claimApproveTitle')}
        message={
          approving
            ? t('money.claimApproveConfirm', {
                name: approving.restaurantName,
                product: approving.productName,
                quantity: approving.quantity,
                amount: formatYen(approving.unitPrice * approving.quantity),
              })
            : ''
        }
        confirmLabel={t('money.claimApproveIssue')}
        cancelLabel={t('money.creditNote.back')}
        onClose={() => setApproving(null)}
        onConfirm={async () => {
          if (approving) await decide(approving, true);
        }}
      />
    </>
  );
}
