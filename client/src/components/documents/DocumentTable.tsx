import { Badge, Button, Center, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_KINDS, type DocumentKind } from '../../../../shared/enums';
import { formatYen } from '../../../../shared/format';
import type { DocumentSummary } from '../../../../shared/schemas/documents';
import { showDate } from '../../dates';
import { DocumentLink } from './DocumentActions';
import { kindName } from './kindName';

/**
 * A customer's documents, newest first: kind and number (print view) with its PDF, date,
 * amount. Three columns, so that it fits a phone without scrolling sideways; a months-long list
 * of slips is narrowed to one kind with the select above it. Older ones come a page at a time
 * (ADR 077): the select narrows what is loaded.
 */
export function DocumentTable({
  documents,
  area,
  hasMore,
  onMore,
  loadingMore,
}: {
  documents: readonly DocumentSummary[];
  area: 'admin' | 'customer';
  /** Older documents follow (the list comes a page at a time, ADR 077). */
  hasMore?: boolean;
  onMore?(): void;
  loadingMore?: boolean;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<DocumentKind | 'all'>('all');
  if (documents.length === 0) {
    return <Text c="gray.7">{t('documents.ui.noDocuments')}</Text>;
  }
  const kinds = DOCUMENT_KINDS.filter((k) => documents.some((d) => d.kind === k));
  const shown = kind === 'all' ? documents : documents.filter((d) => d.kind === kind);
  return (
    <Stack gap="xs">
      {kinds.length > 1 && (
        <NativeSelect
          label={t('documents.ui.show')}
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as DocumentKind | 'all')}
          data={[
            { value: 'all', label: t('documents.ui.allKinds') },
            ...kinds.map((k) => ({ value: k, label: kindName(t, k, area, { plural: true }) })),
          ]}
          maw={320}
          data-testid="document-kind"
        />
      )}
      <Table striped data-testid="document-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('documents.ui.documents')}</Table.Th>
            <Table.Th>{t('money.date')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('money.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((doc) => (
            <Table.Tr key={`${doc.kind}:${doc.id}`}>
              <Table.Td>
                <Text size="xs" c="gray.7">
                  {kindName(t, doc.kind, area)}
                </Text>
                <DocumentLink kind={doc.kind} id={doc.id} number={doc.number} area={area} />
                {doc.cancelled && (
                  <Badge color="gray" variant="outline" tt="none" data-testid="document-cancelled">
                    {t('money.cancel.flag')}
                  </Badge>
                )}
                {/* Which invoice the balance is: its part still to pay, red once overdue. */}
                {doc.unpaid ? (
                  <Badge
                    display="block"
                    mt={2}
                    color={doc.overdue ? 'red.9' : 'orange.9'}
                    variant="outline"
                    tt="none"
                    data-testid="document-unpaid"
                  >
                    {t(doc.overdue ? 'documents.ui.unpaidOverdue' : 'documents.ui.unpaid', {
                      amount: formatYen(doc.unpaid),
                    })}
                  </Badge>
                ) : null}
                {/* Why a transfer short of the amount settled it (ADR 069). */}
                {doc.bankFee ? (
                  <Text size="xs" c="gray.7" data-testid="document-bank-fee">
                    {t('money.bankFee.deducted', { amount: formatYen(doc.bankFee) })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{showDate(doc.date)}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {formatYen(doc.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {hasMore && onMore && (
        <Center>
          <Button
            variant="light"
            onClick={onMore}
            loading={loadingMore}
            data-testid="documents-more"
          >
            {t('money.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
