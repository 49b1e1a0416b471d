import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HistoryEntryOut } from '../../../../../../shared/schemas/invoices';
import { showInstant } from '../../../../dates';
import { dynamicT } from '../../../../i18n';
import { describeEntry } from '../historyText';
import { DetailSection } from './DetailSection';

// Who did what to the invoice and when, so the office can answer "who changed this?".

/** `entries` is undefined until the card is first unfolded (the history loads then). */
export function InvoiceHistory({ entries }: { entries: HistoryEntryOut[] | undefined }) {
  const { t } = useTranslation();
  return (
    <DetailSection title={t('money.history')}>
      {entries?.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('money.noHistory')}
        </Text>
      )}
      <List size="xs" spacing={2} listStyleType="none" p={0}>
        {entries?.map((h) => (
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
    </DetailSection>
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
