import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CLAIM_WINDOW_MS } from '../../../../../shared/schemas/billing';

/**
 * Delivered less than 48 hours ago (ADR 033): the goods may still be reported. The restaurant
 * that opens the order to look at a broken box finds the way to report it there (ADR 100).
 */
export function mayReport(order: { isDelivered: boolean; arrivedAt?: string | null }): boolean {
  if (!order.isDelivered || !order.arrivedAt) return false;
  return Date.now() < Date.parse(order.arrivedAt) + CLAIM_WINDOW_MS;
}

/** "Report a problem", on a delivered order while it may be reported; else nothing. */
export function ReportProblemLink({
  order,
}: {
  order: { isDelivered: boolean; arrivedAt?: string | null };
}) {
  const { t } = useTranslation();
  if (!mayReport(order)) return null;
  return (
    <Button component={Link} to="/customer/claims" variant="default">
      {t('nav.claims')}
    </Button>
  );
}
