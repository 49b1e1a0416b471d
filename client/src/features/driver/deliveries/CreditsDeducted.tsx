import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../shared/format';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { Money } from '../../../components/Money';
import { cashDue } from './DeliveredLines';

// Why the cash to collect is less than the order's lines: on the driver's job card and on the
// office's printed delivery sheet, so the driver and the restaurant hear the same figure.

/** The order's total and each credit note its invoice will deduct, as the Deliver dialog says. */
export function CreditsDeducted({ job }: { job: JobOut }) {
  const { t } = useTranslation();
  const { total, credits } = cashDue(job, {});
  if (credits.length === 0) return null;
  return (
    <Stack gap={0} data-testid="card-credits">
      <Text size="sm">
        {t('driverJobs.invoiceTotal')}: <Money amount={total} />
      </Text>
      {credits.map((c) => (
        <Text key={c.id} size="sm">
          {t('driverJobs.lessCredit', { number: c.number, amount: formatYen(c.total) })}
        </Text>
      ))}
    </Stack>
  );
}
