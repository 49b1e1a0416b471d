// The terms a customer agrees to by ordering, with its own minimum order when it has one.
import { List, Paper, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import type { MinimumOrder } from '../../../../../shared/terms';

/** The terms every customer has; the minimum order line is this customer's own, when it has one. */
const TERMS = ['cart.termOverdue', 'cart.termIssues', 'cart.termBankFee'] as const;

/** The customer's own minimum order as a line of the terms (nothing when it has none). */
function minimumTerm(t: TFunction, minimum: MinimumOrder | null) {
  if (!minimum) return null;
  return minimum.rule === 'refuse'
    ? t('cart.termMinimumRefuse', { minimum: formatYen(minimum.value) })
    : t('cart.termMinimumCharge', {
        minimum: formatYen(minimum.value),
        charge: formatYen(minimum.deliveryCharge),
      });
}

export function CheckoutTerms({ minimum }: { minimum: MinimumOrder | null }) {
  const { t } = useTranslation();
  const minimumLine = minimumTerm(t, minimum);
  return (
    <Paper withBorder radius="md" p="sm">
      {/* h2: the checkout's only heading above it is the screen's h1. */}
      <Title order={2} size="h5" mb="xs">
        {t('cart.termsTitle')}
      </Title>
      <List size="sm" spacing={4}>
        {/* The customer's own minimum; without one, the terms' text every customer reads
            (spec: "more than 20,000 Yen", shown, not enforced). */}
        <List.Item data-testid="minimum-term">{minimumLine ?? t('cart.termMinimum')}</List.Item>
        {TERMS.map((key) => (
          <List.Item key={key}>{t(key)}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
