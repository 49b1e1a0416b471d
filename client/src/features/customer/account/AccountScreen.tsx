import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import type { AccountOut } from '../../../../../shared/schemas/account';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DocumentTable } from '../../../components/documents/DocumentTable';
import { FetchFailed, Loading } from '../../../components/LoadState';
import { showDate } from '../../../dates';
import { trpc } from '../../../trpc';
import { customerCrumbs } from '../crumbs';

const ORDINAL = new Intl.PluralRules('en', { type: 'ordinal' });

/** A day of month as the reader says it: 25th, 25 गते, 25日. */
export function dayOfMonth(t: TFunction, day: number): string {
  const form = ORDINAL.select(day) as 'one' | 'two' | 'few' | 'other';
  return t(`money.account.ordinal.${form}`, { day });
}

const MONTH_WORDS = {
  same: 'money.account.sameMonth',
  next: 'money.account.nextMonth',
  afterNext: 'money.account.afterNextMonth',
} as const;
const MONTH_END_WORDS = {
  same: 'money.account.endOfSameMonth',
  next: 'money.account.endOfNextMonth',
  afterNext: 'money.account.endOfMonthAfterNext',
} as const;

/**
 * The customer's closing and payment days in words: "Closing: month end · Payment: 25th of the
 * next month", or that a cash customer pays at each delivery.
 */
export function termsInWords(t: TFunction, a: AccountOut): string {
  if (a.paymentMethod !== 'monthly') return t('money.account.cashTerms');
  const closing =
    a.closingDay === null || a.closingDay >= 31
      ? t('money.account.monthEnd')
      : t('money.account.everyMonth', { day: dayOfMonth(t, a.closingDay) });
  // No payment day, or the 31st, is the payment month's last day.
  const payment =
    a.paymentDay === null || a.paymentDay >= 31
      ? t(MONTH_END_WORDS[a.paymentMonth])
      : t(MONTH_WORDS[a.paymentMonth], { day: dayOfMonth(t, a.paymentDay) });
  return t('money.account.terms', { closing, payment });
}

function Figure({
  label,
  amount,
  color,
  children,
  testId,
}: {
  label: string;
  amount: number;
  color?: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder data-testid={testId}>
      <Text c="gray.7" size="sm">
        {label}
      </Text>
      <Text fw={700} size="xl" c={color}>
        {formatYen(amount)}
      </Text>
      {children}
    </Card>
  );
}

/**
 * /customer/account: what the restaurant owes and when. The balance is what is invoiced and
 * not yet paid (with its next due date and the part overdue); beside it, a monthly customer's
 * deliveries still to be invoiced at the coming closing, the credit notes waiting to be
 * deducted, the closing and payment days, and the documents.
 */
export function AccountScreen() {
  const { t } = useTranslation();
  // The figures come with every page; the first page's are shown (ADR 077).
  const pages = trpc.documents.mine.useInfiniteQuery(
    {},
    {
      staleTime: 30_000,
      initialCursor: 1,
      getNextPageParam: (last) => (last.more ? last.page + 1 : undefined),
    },
  );
  const first = pages.data?.pages[0];
  const title = t('documents.ui.account');
  return (
    <>
      <Breadcrumbs items={customerCrumbs(t, title)} />
      <Title order={1} size="h2" mb="xs">
        {title}
      </Title>
      {pages.isError ? (
        <FetchFailed onRetry={() => void pages.refetch()} />
      ) : !first ? (
        <Loading />
      ) : (
        <>
          <Text size="sm" mb="md" data-testid="account-terms">
            {termsInWords(t, first.account)}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} mb="lg">
            <Figure
              label={t('money.account.invoicedUnpaid')}
              amount={first.balance}
              testId="account-balance"
            >
              <Text size="sm" mt={4} data-testid="account-next-due">
                {first.account.nextDue
                  ? t('money.account.nextDue', {
                      amount: formatYen(first.account.nextDue.amount),
                      date: showDate(first.account.nextDue.date),
                    })
                  : // Owed, none of it due later: all of it is overdue (shown beside).
                    first.overdue > 0
                    ? t('money.account.allOverdue')
                    : t('money.account.nothingDue')}
              </Text>
            </Figure>
            <Card withBorder data-testid="account-overdue">
              <Text c="gray.7" size="sm">
                {t('documents.ui.overdue')}
              </Text>
              {first.overdue > 0 ? (
                <Text fw={700} size="xl" c="red.9">
                  {formatYen(first.overdue)}
                </Text>
              ) : (
                <Text>{t('documents.ui.nothingOverdue')}</Text>
              )}
            </Card>
            {first.account.toBeInvoiced.map((e) => (
              <Figure
                key={e.closingDate}
                label={t('money.account.toBeInvoiced', { date: showDate(e.closingDate) })}
                amount={e.amount}
                testId="account-to-be-invoiced"
              >
                {e.dueDate && (
                  <Text size="sm" mt={4}>
                    {t('money.account.payBy', { date: showDate(e.dueDate) })}
                  </Text>
                )}
                <Text size="xs" c="gray.7" mt={4}>
                  {t('money.account.taxOnce')}
                </Text>
              </Figure>
            ))}
            {first.account.toBeInvoiced.length === 0 && first.account.nextClosing && (
              <Figure
                label={t('money.account.notYetInvoiced')}
                amount={0}
                testId="account-to-be-invoiced"
              >
                <Text size="sm" mt={4}>
                  {t('money.account.nextClosing', {
                    date: showDate(first.account.nextClosing.date),
                    due: showDate(first.account.nextClosing.dueDate),
                  })}
                </Text>
              </Figure>
            )}
            {first.account.credits && (
              <Figure
                label={t('money.account.creditsWaiting')}
                amount={first.account.credits.amount}
                color="green.9"
                testId="account-credits"
              >
                <Text size="sm" mt={4}>
                  {t('money.account.creditsDeducted', {
                    amount: formatYen(first.account.credits.amount),
                  })}
                </Text>
                <Text size="xs" c="gray.7">
                  {first.account.credits.numbers.join(', ')}
                </Text>
              </Figure>
            )}
          </SimpleGrid>
          <Group mb="xs">
            <Title order={2} size="h3">
              {t('documents.ui.documents')}
            </Title>
          </Group>
          <DocumentTable
            documents={pages.data?.pages.flatMap((p) => p.documents) ?? []}
            area="customer"
            hasMore={pages.hasNextPage}
            onMore={() => void pages.fetchNextPage()}
            loadingMore={pages.isFetchingNextPage}
          />
        </>
      )}
    </>
  );
}
