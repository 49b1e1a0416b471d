import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus } from '../../../../../../shared/enums';
import { dynamicT } from '../../../../i18n';

// The invoice's state at a glance, readable in every language's chip colour and length.

// Shades dark (or light) enough for readable chip text.
const STATUS_COLOR: Record<InvoiceStatus, string> = {
  Pending: 'yellow.4',
  'Partial Paid': 'blue.8',
  Completed: '#1e6b2f',
};
const STATUS_KEY: Record<InvoiceStatus, string> = {
  Pending: 'money.status.pending',
  'Partial Paid': 'money.status.partial',
  Completed: 'money.status.completed',
};

export function StatusChip({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  // Unknown values show as warning (spec §4).
  return (
    // Never cut short: a long label (Nepali "आंशिक भुक्तानी") keeps its width or wraps.
    <Badge
      color={STATUS_COLOR[status] ?? 'yellow.4'}
      variant="filled"
      autoContrast
      maw="none"
      styles={{
        root: { flexShrink: 0, height: 'auto', minHeight: 'var(--badge-height)' },
        label: { whiteSpace: 'normal', overflow: 'visible' },
      }}
    >
      {dynamicT(t)(STATUS_KEY[status] ?? 'money.status.pending')}
    </Badge>
  );
}
