import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import { trpc } from '../../../trpc';

/**
 * At checkout, before placing: the account is on credit hold, so the order will wait for the
 * office's review before it is prepared (the server marks it; DESIGN §6).
 */
export function CreditHoldBanner() {
  const { t } = useTranslation();
  const status = trpc.invoices.myOverdue.useQuery(undefined, { staleTime: 5 * 60_000 });
  if (!status.data?.creditHold) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={t('money.creditHoldTitle')}
      // Said with the checkout, not as an alert: nothing the customer just did went wrong.
      role="status"
      data-testid="credit-hold-banner"
    >
      {t('money.creditHoldBanner')}
    </Alert>
  );
}

/** A polite reminder at checkout when the account is overdue by more than two months (§9). */
export function OverdueBanner() {
  const { t } = useTranslation();
  const overdue = trpc.invoices.myOverdue.useQuery(undefined, { staleTime: 5 * 60_000 });
  if (!overdue.data?.overdue) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={t('money.overdueBannerTitle')}
      role="status"
      data-testid="overdue-banner"
    >
      {t('money.overdueBanner', { amount: formatYen(overdue.data.overdueAmount) })}
    </Alert>
  );
}
