import type { TFunction } from 'i18next';
import { formatYen } from '../../../../../shared/format';
import { showDate, showInstant } from '../../../dates';
import { dynamicT } from '../../../i18n';

// An invoice's history in the reader's words: the audit trail keeps raw fields (ids, per-rate
// figures, counts); the card shows the ones a clerk reads, with their labels, and never a key or
// an id. A change shows what changed; an id that changed says only that it did.

type Fields = Record<string, unknown>;

const YEN = new Set(['amount', 'paidAmount', 'total', 'creditApplied']);
const DATES = new Set(['dueDate', 'issueDate', 'date', 'nextFollowUp', 'closingDate']);
const INSTANTS = new Set(['cancelledAt']);
const TEXT = new Set(['number', 'note', 'reason', 'reissuedAs', 'collectedBy']);
const COUNTS = new Set(['orders', 'ordersReleased', 'creditNotesReleased']);
/** Ids: never shown; a change of one says "customer changed". */
const IDS: Record<string, string> = { customerId: 'customer', assignToCollect: 'collector' };
/** In the order a reader expects them. */
const ORDER = [
  'kind',
  'number',
  'amount',
  'total',
  'rate8',
  'rate10',
  'creditApplied',
  'taxRate',
  'paidAmount',
  'issueDate',
  'date',
  'dueDate',
  'closingDate',
  'orders',
  'collectedBy',
  'note',
  'nextFollowUp',
  'reason',
  'cancelledAt',
  'ordersReleased',
  'creditNotesReleased',
  'reissuedAs',
  'status',
];

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** One field's shown value, or null when it is not one the reader is shown. */
function shownValue(t: TFunction, key: string, fields: Fields): string | null {
  const dt = dynamicT(t);
  if (key === 'rate8' || key === 'rate10') {
    const rate = key === 'rate8' ? 8 : 10;
    const net = Number(fields[`net${rate}`] ?? 0);
    const tax = Number(fields[`tax${rate}`] ?? 0);
    if (!net && !tax) return null;
    return t('money.historyRate', { rate, net: formatYen(net), tax: formatYen(tax) });
  }
  const v = fields[key];
  if (!present(v) || typeof v === 'object') return null;
  if (YEN.has(key)) return formatYen(Number(v));
  if (DATES.has(key)) return showDate(String(v));
  if (INSTANTS.has(key)) return showInstant(String(v));
  if (TEXT.has(key) || COUNTS.has(key)) return String(v);
  if (key === 'taxRate') return `${Number(v)}%`;
  if (key === 'kind') return dt(`money.historyKind.${String(v)}`, { defaultValue: '' }) || null;
  if (key === 'status') return dt(`money.claimStatus.${String(v)}`, { defaultValue: '' }) || null;
  return null;
}

function labelled(t: TFunction, key: string, value: string): string {
  // The kind and the per-rate figures carry their own words.
  if (key === 'kind' || key.startsWith('rate')) return value;
  return dynamicT(t)(`money.historyField.${key}`, { value });
}

/** Normalises the per-rate pairs into `rate8`/`rate10` so they compare as one. */
function withRates(fields: Fields | null): Fields | null {
  if (!fields) return null;
  const out: Fields = { ...fields };
  for (const rate of [8, 10]) {
    if (`net${rate}` in fields || `tax${rate}` in fields) {
      out[`rate${rate}`] = `${fields[`net${rate}`] ?? 0}/${fields[`tax${rate}`] ?? 0}`;
    }
  }
  return out;
}

/**
 * The parts of one history entry: what was created or deleted (its known fields), or for a
 * change each field that changed ("Amount ¥5,000 → ¥6,000") and which ids changed.
 */
export function describeEntry(
  t: TFunction,
  rawBefore: Fields | null,
  rawAfter: Fields | null,
): string[] {
  const before = withRates(rawBefore);
  const after = withRates(rawAfter);
  const parts: string[] = [];
  if (before && after) {
    for (const key of ORDER) {
      const next = shownValue(t, key, rawAfter ?? {});
      if (next === null) continue;
      const inBefore = key in before;
      if (inBefore && JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
      const prev = inBefore ? shownValue(t, key, rawBefore ?? {}) : null;
      parts.push(labelled(t, key, prev === null ? next : `${prev} → ${next}`));
    }
    for (const [key, name] of Object.entries(IDS)) {
      if (key in before && key in after && before[key] !== after[key]) {
        parts.push(dynamicT(t)(`money.historyChanged.${name}`));
      }
    }
    return parts;
  }
  const only = rawAfter ?? rawBefore ?? {};
  for (const key of ORDER) {
    const value = shownValue(t, key, only);
    if (value !== null) parts.push(labelled(t, key, value));
  }
  return parts;
}
