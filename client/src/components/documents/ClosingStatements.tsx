import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showDate } from '../../dates';
import { trpc } from '../../trpc';
import { DateField } from '../dates/DateField';
import { closingPdfUrl } from './paths';

/** The office: all statements of one closing date in one PDF. */
export function ClosingStatements({ initialDate = '' }: { initialDate?: string }) {
  const { t } = useTranslation();
  const [date, setDate] = useState(initialDate);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const list = trpc.documents.closingStatements.useQuery(
    { closingDate: date },
    { enabled: valid, staleTime: 30_000 },
  );
  const count = list.data?.statements.length ?? 0;
  return (
    <Group gap="xs" align="flex-end" data-testid="closing-statements">
      <DateField size="xs" label={t('documents.ui.closingDate')} value={date} onChange={setDate} />
      <Button
        component="a"
        size="xs"
        variant="light"
        href={valid && count > 0 ? closingPdfUrl(date) : undefined}
        disabled={!valid || count === 0}
        // A link has no disabled state of its own: said so, as a disabled button would be.
        aria-disabled={!valid || count === 0 || undefined}
        download
      >
        {t('documents.ui.downloadStatements')}
      </Button>
      {valid && list.data && (
        <Text size="xs" c="gray.7">
          {t('documents.ui.statementsOf', { date: showDate(date) })} · {count}
        </Text>
      )}
    </Group>
  );
}
