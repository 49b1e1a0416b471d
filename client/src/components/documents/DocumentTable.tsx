import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../shared/format';
import type { DocumentSummary } from '../../../../shared/schemas/documents';
import { showDate } from '../../dates';
import { dynamicT } from '../../i18n';
import { DocumentLink } from './DocumentActions';

/** A customer's documents, newest first: kind, number (print view) and PDF, date, amount. */
export function DocumentTable({
  documents,
  area,
}: {
  documents: readonly DocumentSummary[];
  area: 'admin' | 'customer';
}) {
  const { t } = useTranslation();
  if (documents.length === 0) {
    return <Text c="gray.7">{t('documents.ui.noDocuments')}</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped data-testid="document-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('documents.ui.documents')}</Table.Th>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('money.date')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('money.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((doc) => (
            <Table.Tr key={`${doc.kind}:${doc.id}`}>
              <Table.Td>{dynamicT(t)(`documents.ui.kind.${doc.kind}`)}</Table.Td>
              <Table.Td>
                <DocumentLink kind={doc.kind} id={doc.id} number={doc.number} area={area} />
              </Table.Td>
              <Table.Td>{showDate(doc.date)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatYen(doc.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
