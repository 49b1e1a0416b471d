import { Button, Group, Paper, Select, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  JOURNAL_BOOKS,
  type JournalBooks,
  journalInput,
  lastCalendarMonth,
} from '../../../../../shared/schemas/journal';
import { LazyDateField } from '../../../components/dates/LazyDateField';
import { businessToday } from '../../../dates';

/**
 * The accountant's journal file beside the tax summary (ADR 076): the period's invoices,
 * cancellations, credit notes, payments and bank fees as entries in 弥生会計's import format
 * (GET /api/data/journal), the last calendar month unless another period is chosen. The period
 * is checked here with the server's own schema, so a reversed or too long one never downloads.
 */
export function JournalDownload({ months }: { months?: { from: string; to: string } } = {}) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() =>
    months ? monthsPeriod(months) : lastCalendarMonth(businessToday()),
  );
  // The tax summary's period above, once picked, is the period here too (first day of its first
  // month to last day of its last): the accountant who turned the summary to November
  // downloaded October's entries beside it. A period the file refuses (over a year) says so.
  const picked = months ? `${months.from}/${months.to}` : undefined;
  const [followed, setFollowed] = useState(picked);
  if (months && picked !== followed) {
    setFollowed(picked);
    setPeriod(monthsPeriod(months));
  }
  const [books, setBooks] = useState<JournalBooks>('exclusive');
  const checked = journalInput.safeParse({ ...period, books });
  const issue = checked.success ? undefined : checked.error.issues[0];
  const problem = (field: 'from' | 'to') =>
    issue && (issue.path[0] ?? 'to') === field
      ? t(`errors.${issue.message}` as 'errors.settings.journalDate')
      : undefined;
  const href = `/api/data/journal?from=${encodeURIComponent(period.from)}&to=${encodeURIComponent(period.to)}&books=${books}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mt="lg"
      component="section"
      aria-labelledby="journal-title"
    >
      <Title order={2} size="h4" mb={4} id="journal-title">
        {t('reports.journal.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {t('reports.journal.hint')}
      </Text>
      <Group align="flex-start" wrap="wrap">
        <LazyDateField
          label={t('reports.journal.from')}
          value={period.from}
          onChange={(from) => setPeriod((p) => ({ ...p, from }))}
          error={problem('from')}
          w={180}
        />
        <LazyDateField
          label={t('reports.journal.to')}
          value={period.to}
          onChange={(to) => setPeriod((p) => ({ ...p, to }))}
          error={problem('to')}
          w={180}
        />
        <Select
          label={t('reports.journal.books')}
          data={JOURNAL_BOOKS.map((b) => ({
            value: b,
            label: t(
              b === 'exclusive'
                ? 'reports.journal.booksExclusive'
                : 'reports.journal.booksInclusive',
            ),
          }))}
          value={books}
          onChange={(v) => v && setBooks(v as JournalBooks)}
          allowDeselect={false}
          w={200}
        />
        <Button
          component="a"
          href={checked.success ? href : undefined}
          download
          disabled={!checked.success}
          mt={25}
        >
          {t('reports.journal.download')}
        </Button>
      </Group>
    </Paper>
  );
}

/** Calendar months (YYYY-MM to YYYY-MM) as the first day of the first and last of the last. */
function monthsPeriod(months: { from: string; to: string }): { from: string; to: string } {
  const [y, m] = months.to.split('-').map(Number) as [number, number];
  return {
    from: `${months.from}-01`,
    to: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10),
  };
}
