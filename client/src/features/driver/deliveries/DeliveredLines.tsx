import { NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { creditsFitting } from '../../../../../shared/credits';
import { formatYen } from '../../../../../shared/format';
import {
  type DeliveredLineInput,
  SHORT_REASONS,
  type ShortReason,
} from '../../../../../shared/schemas/billing';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { taxByRate } from '../../../../../shared/tax';
import { westernDigits } from '../../../cart';
import { localName, unitLabel } from '../../../components/localName';
import { Money } from '../../../components/Money';

/**
 * What the driver hands over, per line: the delivered quantity when it differs, and why. The
 * quantity is kept as typed (a number, or the text of an empty or unfinished field) so what the
 * field shows is what is checked and sent, never a silently corrected value.
 */
export type DeliveredState = Record<
  string,
  { quantity: number | string; reason: ShortReason | null }
>;

/** A typed amount or quantity as a number; null when the field is empty or unfinished. */
export function typedNumber(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value == null) return null;
  // Devanagari digits as Western ones: a Nepali keyboard types "८" for 8.
  const text = westernDigits(value).replace(/[¥,\s]/g, '');
  if (text === '' || text === '-') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** What is wrong with a typed whole number between 0 and `max`, in the reader's language. */
export function wholeNumberProblem(
  t: TFunction,
  value: number | string | null | undefined,
  max: number | null,
  kind: 'quantity' | 'amount',
): string | null {
  const n = typedNumber(value);
  if (n === null) {
    return t(
      kind === 'quantity' ? 'driverJobs.check.enterQuantity' : 'driverJobs.check.enterAmount',
    );
  }
  if (!Number.isInteger(n)) return t('driverJobs.check.whole');
  if (n < 0) return t('driverJobs.check.notNegative');
  if (max !== null && n > max) {
    return kind === 'quantity'
      ? t('driverJobs.check.atMost', { max })
      : t('driverJobs.check.amountAtMost', { amount: formatYen(max) });
  }
  return null;
}

/** The quantity a line is delivered with: as typed when valid, else as ordered. */
function quantityOf(l: { _id: string; quantity: number }, state: DeliveredState): number {
  const n = typedNumber(state[l._id]?.quantity ?? l.quantity);
  return n !== null && Number.isInteger(n) && n >= 0 && n <= l.quantity ? n : l.quantity;
}

/** The lines that differ from the order, as the server takes them. */
export function changedLines(job: JobOut, state: DeliveredState): DeliveredLineInput[] {
  const out: DeliveredLineInput[] = [];
  for (const l of job.order?.orderItems ?? []) {
    const s = state[l._id];
    if (!s) continue;
    const quantity = quantityOf(l, state);
    if (quantity === l.quantity) continue;
    out.push({ lineId: l._id, deliveredQuantity: quantity, reason: s.reason ?? 'short' });
  }
  return out;
}

/** The amount with tax of what is delivered: the invoice a cash delivery makes. */
export function deliveredTotal(job: JobOut, state: DeliveredState): number {
  if (!job.order) return 0;
  const lines = job.order.orderItems.map((l) => ({
    amount: l.unitPrice * quantityOf(l, state),
    rate: (l.taxRate === 10 ? 10 : 8) as 8 | 10,
  }));
  return taxByRate(lines, job.order.tax.basis, job.order.tax.rounding).total;
}

/**
 * The cash to collect for what is delivered: the invoice less the customer's credit notes it
 * deducts (shared/credits.ts, the server's rule), and those credit notes.
 */
export function cashDue(
  job: JobOut,
  state: DeliveredState,
): { total: number; due: number; credits: { id: string; number: string; total: number }[] } {
  const total = deliveredTotal(job, state);
  const credits = job.order?.credits ?? [];
  const fit = creditsFitting(credits, total);
  return {
    total,
    due: total - fit.applied,
    credits: credits.filter((c) => fit.ids.includes(c.id)),
  };
}

export const isCashJob = (job: JobOut) => job.customer?.paymentMethod === 'cash' && !!job.order;

/**
 * What is wrong with the entries, field by field (empty when they can be sent): each line's
 * quantity, and the cash taken (`null`: untouched, the amount due).
 */
export function entryProblems(
  t: TFunction,
  job: JobOut,
  state: DeliveredState,
  cash: number | string | null,
): { lines: Record<string, string>; cash: string | null; any: boolean } {
  const lines: Record<string, string> = {};
  for (const l of job.order?.orderItems ?? []) {
    const s = state[l._id];
    if (!s) continue;
    const problem = wholeNumberProblem(t, s.quantity, l.quantity, 'quantity');
    if (problem) lines[l._id] = problem;
  }
  const cashProblem =
    isCashJob(job) && cash !== null
      ? wholeNumberProblem(t, cash, cashDue(job, state).due, 'amount')
      : null;
  return { lines, cash: cashProblem, any: Object.keys(lines).length > 0 || cashProblem !== null };
}

/** The cash sent with the delivery: as typed, or the amount due when untouched. */
export function cashToSend(
  job: JobOut,
  state: DeliveredState,
  cash: number | string | null,
): number | undefined {
  if (!isCashJob(job)) return undefined;
  return cash === null ? cashDue(job, state).due : (typedNumber(cash) ?? undefined);
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
  /** As typed; null: untouched (the amount due is shown and sent). */
  cash: number | string | null;
  onCash: (n: number | string) => void;
}) {
  const { t, i18n } = useTranslation();
  const isCash = isCashJob(job);
  const { total, due, credits } = cashDue(job, state);
  const problems = entryProblems(t, job, state, cash);
  return (
    <Stack gap="xs" mb="md">
      {(job.order?.orderItems ?? []).map((l) => {
        const s = state[l._id] ?? { quantity: l.quantity, reason: null };
        const name = localName(l, i18n.language);
        const short = quantityOf(l, state) !== l.quantity;
        return (
          <Stack key={l._id} gap={4} data-testid="delivered-line">
            <Text size="sm" fw={500}>
              {name} ({t('driverJobs.ordered', { quantity: l.quantity, unit: unitLabel(t, l.sku) })}
              )
            </Text>
            {/* A text field, so Devanagari digits typed on a Nepali keyboard are kept and read. */}
            <TextInput
              label={t('driverJobs.deliveredQuantity', { name })}
              inputMode="numeric"
              value={String(s.quantity)}
              error={problems.lines[l._id]}
              onChange={(e) => {
                const typed = e.currentTarget.value;
                onChange({ ...state, [l._id]: { quantity: typed, reason: s.reason } });
              }}
            />
            {short && (
              // The phone's own picker: a drop-down drawn by the page opened past the right
              // edge of a 390 px screen for a line near the bottom of the dialog.
              <NativeSelect
                label={t('driverJobs.shortReason', { name })}
                data={SHORT_REASONS.map((r) => ({ value: r, label: t(`driverJobs.reason.${r}`) }))}
                value={s.reason ?? 'short'}
                onChange={(e) =>
                  onChange({
                    ...state,
                    [l._id]: {
                      quantity: s.quantity,
                      reason: (e.currentTarget.value as ShortReason) || 'short',
                    },
                  })
                }
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
          {credits.map((c) => (
            <Text key={c.id} size="sm" data-testid="credit-applied">
              {t('driverJobs.lessCredit', { number: c.number, amount: formatYen(c.total) })}
            </Text>
          ))}
          {credits.length > 0 && (
            <Text size="sm" fw={600}>
              {t('driverJobs.toCollect')}: <Money amount={due} />
            </Text>
          )}
          <NumberInput
            label={t('driverJobs.cashTaken')}
            allowDecimal={false}
            clampBehavior="none"
            hideControls
            inputMode="numeric"
            thousandSeparator=","
            prefix="¥"
            value={cash ?? due}
            error={problems.cash}
            onChange={onCash}
          />
          {/* Taking nothing is allowed (the restaurant pays later), but never by a slip. */}
          {cash !== null && typedNumber(cash) === 0 && due > 0 && (
            <Text size="sm" c="orange.9" data-testid="nothing-collected">
              {t('driverJobs.nothingCollected', { amount: formatYen(due) })}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
