import { useTranslation } from 'react-i18next';
import { Figure } from './shared';

/**
 * The totals above a list: how many rows its filters leave, then its yen figures, all of the
 * filtered rows and not only the page shown (ADR 044). Test ids: total-count, then each figure's.
 */
export function TotalsSummary({
  count,
  figures,
}: {
  count: number;
  figures: { testId: string; label: string; value: string }[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <Figure testId="total-count" label={t('lists.totals.count')} value={String(count)} />
      {figures.map((f) => (
        <Figure key={f.testId} testId={f.testId} label={f.label} value={f.value} />
      ))}
    </>
  );
}
