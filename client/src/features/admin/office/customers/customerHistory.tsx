import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../../../../../shared/format';
import { shownPhone } from '../../../../../../shared/phone';
import type { AuditEntryOut } from '../../../../../../shared/schemas/office';
import { localName } from '../../../../components/localName';
import { dynamicT } from '../../../../i18n';
import { trpc } from '../../../../trpc';
import { type Change, HistoryTable } from '../shared/History';

// A customer's trail in the reader's words, as the invoice's history is (money/historyText.ts):
// the audit keeps the record's raw fields (keys, enum values, ids, phones without their 0, a
// product's own price under `price.<productId>`); the table shows each with its form label and
// its value as the screens show it, and names a product or a price list instead of its id.

type Fields = Record<string, unknown>;

/** What the trail's ids stand for: names the screen fetches; undefined while loading, null gone. */
export interface Names {
  product(id: string): string | null | undefined;
  priceList(id: string): string | null | undefined;
}

const LOADING = '…';

const PRICE = 'price.';

const LABELS: Record<string, string> = {
  restaurantName: 'office.customers.restaurantName',
  phoneNumber: 'office.customers.phoneNumber',
  customerCode: 'office.customers.customerCode',
  paymentMethod: 'office.customers.paymentMethod',
  paymentDate: 'office.customers.paymentDate',
  deliveryDays: 'office.customers.deliveryDays',
  route: 'office.customers.route',
  contactPerson: 'office.customers.contactPerson',
  mobileNumber: 'office.customers.mobileNumber',
  username: 'office.customers.username',
  password: 'office.customers.password',
  badDebt: 'office.customers.badDebt',
  webOrder: 'office.customers.webOrderBox',
  creditHold: 'office.customers.creditHold',
  billingName: 'office.customers.billingName',
  billingAddress: 'office.customers.billingAddress',
  transferName: 'office.customers.transferName',
  email: 'office.customers.email',
  closingDay: 'office.customers.closingDay',
  paymentMonth: 'office.customers.paymentMonth',
  documentLanguage: 'office.customers.documentLanguage',
  priceListId: 'priceLists.customerList',
  minOrderRule: 'priceLists.minOrderRule',
  minOrderValue: 'priceLists.minOrderValue',
  deliveryCharge: 'terms.deliveryCharge',
};

const PHONES = new Set(['phoneNumber', 'mobileNumber']);
const YES_NO = new Set(['badDebt', 'webOrder', 'creditHold']);
const YEN = new Set(['minOrderValue', 'deliveryCharge']);

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

function dayOfMonth(t: TFunction, v: unknown, none: string): string {
  if (!present(v)) return none;
  const day = Number(v);
  // 31 falls on each month's last day (ADR 033).
  return day >= 31 ? t('office.customers.monthEnd') : t('office.customers.dayOfMonth', { day });
}

/** One field's value as the office's screens show it. */
function shown(t: TFunction, language: string, key: string, v: unknown, names: Names): string {
  const dt = dynamicT(t);
  if (key.startsWith(PRICE)) return present(v) ? formatYen(Number(v)) : '—';
  if (key === 'password') return t('office.historyText.changed');
  if (key === 'paymentDate') return dayOfMonth(t, v, '—');
  if (key === 'closingDay') return dayOfMonth(t, v, t('office.customers.closingDayNone'));
  if (key === 'paymentMonth' && present(v)) {
    return dt(`office.customers.paymentMonths.${String(v)}`, { defaultValue: String(v) });
  }
  if (key === 'priceListId') {
    if (!present(v)) return t('priceLists.standardPrices');
    const name = names.priceList(String(v));
    return name === undefined ? LOADING : (name ?? t('office.historyText.gone'));
  }
  if (!present(v)) return '—';
  if (PHONES.has(key)) return shownPhone(String(v));
  if (YES_NO.has(key)) return v === true || v === 1 ? t('common.yes') : t('common.no');
  if (YEN.has(key)) return formatYen(Number(v));
  if (key === 'paymentMethod') {
    return dt(`office.customers.method.${String(v)}`, { defaultValue: String(v) });
  }
  if (key === 'minOrderRule')
    return dt(`priceLists.rule.${String(v)}`, { defaultValue: String(v) });
  if (key === 'documentLanguage') {
    return v === 'en' ? t('office.customers.docEn') : t('office.customers.docJa');
  }
  if (key === 'deliveryDays' && Array.isArray(v)) {
    const days = v.map((d) => dt(`weekday.${String(d)}`, { defaultValue: String(d) }));
    return days.length > 0 ? days.join(language.startsWith('ja') ? '、' : ', ') : '—';
  }
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function label(t: TFunction, key: string, names: Names): string {
  if (key.startsWith(PRICE)) {
    const name = names.product(key.slice(PRICE.length));
    return name === null
      ? t('office.historyText.ownPriceGone')
      : t('office.historyText.ownPrice', { name: name ?? LOADING });
  }
  const known = LABELS[key];
  return known ? dynamicT(t)(known) : key;
}

/** Each field of an entry: its label, and its value before (on a change) and after. */
export function describeCustomerEntry(
  t: TFunction,
  language: string,
  entry: Pick<AuditEntryOut, 'before' | 'after'>,
  names: Names,
): Change[] {
  const { before, after } = entry;
  const fields: Fields = after ?? before ?? {};
  return Object.keys(fields).map((key) => ({
    key,
    label: label(t, key, names),
    // A password is never shown: the trail says only that it changed.
    before:
      before && after && key !== 'password' ? shown(t, language, key, before[key], names) : null,
    after: shown(t, language, key, fields[key], names),
  }));
}

/** Whether the trail names products or price lists only by their ids. */
function needs(entries: AuditEntryOut[] | undefined) {
  const keys = (entries ?? []).flatMap((e) => Object.keys(e.after ?? e.before ?? {}));
  return {
    products: keys.some((k) => k.startsWith(PRICE)),
    priceLists: keys.includes('priceListId'),
  };
}

/** A customer's whole trail, in the reader's words. */
export function CustomerHistory({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const history = trpc.audit.history.useQuery({ entity: 'customer', id });
  const need = needs(history.data);
  const products = trpc.products.list.useQuery(undefined, { enabled: need.products });
  const lists = trpc.priceLists.list.useQuery(undefined, { enabled: need.priceLists });
  const names: Names = {
    product: (productId) => {
      if (!products.data) return products.isError ? null : undefined;
      const p = products.data.find((x) => x._id === productId);
      return p ? localName(p, i18n.language) : null;
    },
    priceList: (listId) => {
      if (!lists.data) return lists.isError ? null : undefined;
      return lists.data.find((x) => x._id === listId)?.name ?? null;
    },
  };
  return (
    <HistoryTable
      entity="customer"
      id={id}
      describe={(entry) => describeCustomerEntry(t, i18n.language, entry, names)}
    />
  );
}
