import { NumberInput, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type DeliveredLineInput,
  SHORT_REASONS,
  type ShortReason,
} from '../../../../../shared/schemas/billing';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { taxByRate } from '../../../../../shared/tax';
import { Money } from '../../../components/Money';

/** What the driver hands over, per line: the delivered quantity when it differs, and why. */
export type DeliveredState = Record<string, { quantity: number; reason: ShortReason | null }>;

/** The lines that differ from the order, as the server takes them. */
export function changedLines(job: JobOut, state: DeliveredState): DeliveredLineInput[] {
  const out: DeliveredLineInput[] = [];
  for (const l of job.order?.orderItems ?? []) {
    const s = state[l._id];
    if (!s || s.quantity === l.quantity) continue;
    out.push({ lineId: l._id, deliveredQuantity: s.quantity, reason: s.reason ?? 'short' });
  }
  return out;
}

/** The amount with tax of what is delivered: the invoice a cash delivery makes. */
export function deliveredTotal(job: JobOut, state: DeliveredState): number {
  if (!job.order) return 0;
  const lines = job.order.orderItems.map((l) => ({
    amount: l.unitPrice * (state[l._id]?.quantity ?? l.quantity),
    rate: (l.taxRate === 10 ? 10 : 8) as 8 | 10,
  }));
  return taxByRate(lines, job.order.tax.basis, job.order.tax.rounding).total;
}

/** The delivery step's lines (quantity delivered, reason) and the cash taken at the door. */
export function DeliveredLines({
  job,
  state,
  onChange,
  cash,
  onCash,
}: {
  job: JobOut;
  state: DeliveredState;
  onChange: (s: DeliveredState) => void;
  cash: number | null;
  onCash: (n: number | null) => void;
}) {
  const { t } = useTranslation();
  const isCash = job.customer?.paymentMethod === 'cash' && !!job.order;
  const total = deliveredTotal(job, state);
  return (
    <Stack gap="xs" mb="md">
      {(job.order?.orderItems ?? []).map((l) => {
        const s = state[l._id] ?? { quantity: l.quantity, reason: null };
        const short = s.quantity !== l.quantity;
        return (
          <Stack key={l._id} gap={4} data-testid="delivered-line">
            <Text size="sm" fw={500}>
              {l.name} ({t('driverJobs.ordered', { quantity: l.quantity, unit: l.sku })})
            </Text>
            <NumberInput
              label={t('driverJobs.deliveredQuantity', { name: l.name })}
              min={0}
              max={l.quantity}
              allowDecimal={false}
              value={s.quantity}
              onChange={(v) => {
                const n = typeof v === 'number' ? v : Number.parseInt(v, 10);
                onChange({
                  ...state,
                  [l._id]: {
                    quantity: Number.isNaN(n) ? l.quantity : n,
                    reason: s.reason,
                  },
                });
              }}
            />
            {short && (
              <Select
                label={t('driverJobs.shortReason', { name: l.name })}
                data={SHORT_REASONS.map((r) => ({ value: r, label: t(`driverJobs.reason.${r}`) }))}
                value={s.reason ?? 'short'}
                onChange={(v) =>
                  onChange({
                    ...state,
                    [l._id]: { quantity: s.quantity, reason: (v as ShortReason) ?? 'short' },
                  })
                }
                allowDeselect={false}
              />
            )}
          </Stack>
        );
      })}
      {isCash && (
        <>
          <Text size="sm" fw={600}>
            {t('driverJobs.invoiceTotal')}: <Money amount={total} />
          </Text>
          <NumberInput
            label={t('driverJobs.cashTaken')}
            min={0}
            max={total}
            allowDecimal={false}
            thousandSeparator=","
            prefix="¥"
            value={cash ?? total}
            onChange={(v) => onCash(typeof v === 'number' ? v : null)}
          />
        </>
      )}
    </Stack>
  );
}
