import { NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { creditsFitting } from '../../../../../shared/credits';
import { formatYen } from '../../../../../shared/format';
import { MAX_QUANTITY } from '../../../../../shared/rules';
import {
  type DeliveredLineInput,
  SHORT_REASONS,
  type ShortReason,
} from '../../../../../shared/schemas/billing';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { type TaxRate, taxByRate } from '../../../../../shared/tax';
import { westernDigits } from '../../../cart';
import { localName, unitLabel } from '../../../components/localName';
import { Money } from '../../../components/Money';
import { westernDigitsTyped } from '../../../components/westernDigitsTyped';
import { useAuth } from '../../auth/AuthContext';
import { SubstitutePicker } from './SubstitutePicker';
import { choicesFor, useSubstituteChoices } from './substitutes';

/**
 * What the driver hands over, per line: the delivered quantity when it differs, and why. The
 * quantity is kept as typed (a number, or the text of an empty or unfinished field) so what the
 * field shows is what is checked and sent, never a silently corrected value.
 */
export type DeliveredState = Record<
  string,
  { quantity: number | string; reason: ShortReason | null; substitute?: SubstituteEntry }
>;

/**
 * What was handed over instead of a line (reason `substituted`, ADR 050): the product, the
 * quantity as typed, and the restaurant's price and rate as the phone's list had them when it
 * was picked (absent for one restored from a refused delivery until the list is read again).
 * The server prices the line itself; these show the cash to collect.
 */
export interface SubstituteEntry {
  productId: string;
  quantity: number | string;
  unitPrice?: number;
  taxRate?: TaxRate;
}

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

/** A substitute's typed quantity when it is a whole number from 1 to the most a line holds. */
function substituteQuantity(sub: SubstituteEntry | undefined): number | null {
  const n = typedNumber(sub?.quantity);
  return n !== null && Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY ? n : null;
}

/** The line's substitute when the line is delivered short as `substituted` with a product. */
function substituteOf(
  l: { _id: string; quantity: number },
  state: DeliveredState,
): SubstituteEntry | null {
  const s = state[l._id];
  if (s?.reason !== 'substituted' || quantityOf(l, state) === l.quantity) return null;
  return s.substitute?.productId ? s.substitute : null;
}

/** The lines that differ from the order, as the server takes them. */
export function changedLines(job: JobOut, state: DeliveredState): DeliveredLineInput[] {
  const out: DeliveredLineInput[] = [];
  for (const l of job.order?.orderItems ?? []) {
    const s = state[l._id];
    if (!s) continue;
    const quantity = quantityOf(l, state);
    if (quantity === l.quantity) continue;
    const reason = s.reason ?? 'short';
    const sub = substituteOf(l, state);
    const subQuantity = substituteQuantity(sub ?? undefined);
    out.push({
      lineId: l._id,
      deliveredQuantity: quantity,
      reason,
      ...(sub && subQuantity !== null
        ? { substitute: { productId: sub.productId, quantity: subQuantity } }
        : {}),
    });
  }
  return out;
}

/** The amount with tax of what is delivered: the invoice a cash delivery makes. */
export function deliveredTotal(job: JobOut, state: DeliveredState): number {
  if (!job.order) return 0;
  const lines = job.order.orderItems.map((l) => ({
    amount: l.unitPrice * quantityOf(l, state),
    rate: (l.taxRate === 10 ? 10 : 8) as TaxRate,
  }));
  // Goods handed over instead of a line are billed too, at the restaurant's price (ADR 050).
  for (const l of job.order.orderItems) {
    const sub = substituteOf(l, state);
    const n = substituteQuantity(sub ?? undefined);
    if (sub && n !== null && sub.unitPrice !== undefined) {
      lines.push({ amount: sub.unitPrice * n, rate: sub.taxRate === 10 ? 10 : 8 });
    }
  }
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
): {
  lines: Record<string, string>;
  /** Per line delivered as substituted: the product handed over instead, and its quantity. */
  substitutes: Record<string, { product?: string; quantity?: string }>;
  cash: string | null;
  any: boolean;
} {
  const lines: Record<string, string> = {};
  const substitutes: Record<string, { product?: string; quantity?: string }> = {};
  for (const l of job.order?.orderItems ?? []) {
    const s = state[l._id];
    if (!s) continue;
    const problem = wholeNumberProblem(t, s.quantity, l.quantity, 'quantity');
    if (problem) lines[l._id] = problem;
    if (problem || s.reason !== 'substituted' || quantityOf(l, state) === l.quantity) continue;
    const sub = s.substitute;
    const product = !sub?.productId
      ? t('driverJobs.check.pickSubstitute')
      : sub.unitPrice === undefined
        ? t('driverJobs.substitute.pickAgain')
        : undefined;
    const typed = wholeNumberProblem(t, sub?.quantity ?? '', MAX_QUANTITY, 'quantity');
    const quantity =
      typed ?? (typedNumber(sub?.quantity) === 0 ? t('driverJobs.check.atLeastOne') : undefined);
    if (product || quantity) substitutes[l._id] = { product, quantity };
  }
  const cashProblem =
    isCashJob(job) && cash !== null
      ? wholeNumberProblem(t, cash, cashDue(job, state).due, 'amount')
      : null;
  return {
    lines,
    substitutes,
    cash: cashProblem,
    any:
      Object.keys(lines).length > 0 || Object.keys(substitutes).length > 0 || cashProblem !== null,
  };
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
  const { user } = useAuth();
  const customerId = job.customer?._id;
  // The products to hand over instead, as last fetched or kept on this phone (ADR 050).
  const kept = useSubstituteChoices(user?._id ?? '', customerId);
  const basis = job.order?.tax.basis ?? 'exclusive';
  const offer = useMemo(() => choicesFor(kept, customerId, basis), [kept, customerId, basis]);
  // A substitute restored from a refused delivery gets its price from the list again.
  useEffect(() => {
    if (!offer) return;
    let next: DeliveredState | null = null;
    for (const [id, s] of Object.entries(state)) {
      const sub = s.substitute;
      if (!sub?.productId || sub.unitPrice !== undefined) continue;
      const p = offer.find(sub.productId);
      if (!p) continue;
      next ??= { ...state };
      next[id] = { ...s, substitute: { ...sub, unitPrice: offer.priceOf(p), taxRate: p.taxRate } };
    }
    if (next) onChange(next);
  }, [offer, state, onChange]);
  const isCash = isCashJob(job);
  const { total, due, credits } = cashDue(job, state);
  const problems = entryProblems(t, job, state, cash);
  return (
    <Stack gap="xs" mb="md">
      {(job.order?.orderItems ?? []).map((l) => {
        const s = state[l._id] ?? { quantity: l.quantity, reason: null };
        const name = localName(l, i18n.language);
        const delivered = quantityOf(l, state);
        const short = delivered !== l.quantity;
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
                onChange({ ...state, [l._id]: { ...s, quantity: typed } });
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
                    [l._id]: { ...s, reason: (e.currentTarget.value as ShortReason) || 'short' },
                  })
                }
              />
            )}
            {short && s.reason === 'substituted' && (
              <SubstitutePicker
                name={name}
                productId={l.productId}
                short={l.quantity - delivered}
                entry={s.substitute}
                offer={offer}
                problems={problems.substitutes[l._id]}
                onChange={(substitute) => onChange({ ...state, [l._id]: { ...s, substitute } })}
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
            // "१००००" typed on a Nepali keyboard is ¥10,000, as the quantities read it.
            onChangeCapture={westernDigitsTyped}
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
