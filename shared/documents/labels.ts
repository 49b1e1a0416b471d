import i18next from 'i18next';
import { UNITS, type Unit } from '../enums';
import enBuyer from '../locales/en/buyer.json';
import enDocuments from '../locales/en/documents.json';
import jaBuyer from '../locales/ja/buyer.json';
import jaDocuments from '../locales/ja/documents.json';
import neBuyer from '../locales/ne/buyer.json';
import neDocuments from '../locales/ne/documents.json';
import type { DocumentModel } from '../schemas/documents';
import type { DocumentFormat } from './formats';

// The 'documents' namespace in the languages documents are printed in, as one i18next instance
// of its own: the server's PDF renderer and mail, and the client's print view, both label a
// document in the document's language (customer.documentLanguage), whatever language the
// reader's screen shows. Units are the screens' own words for them (buyer.units, as the pick list
// and the order screens show them), so a slip says 本 where the office's pick list does.

export type DocumentLabelLanguage = 'en' | 'ja' | 'ne';

const instance = i18next.createInstance();
void instance.init({
  initImmediate: false,
  resources: {
    en: { translation: { documents: enDocuments } },
    ja: { translation: { documents: jaDocuments } },
    ne: { translation: { documents: neDocuments } },
  },
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
} as Parameters<typeof instance.init>[0]);

/** A label of the documents namespace in one language: `t('label.issueDate')`. */
export type DocumentT = (key: string, params?: Record<string, unknown>) => string;

/** `t` of the documents namespace in one language (keys like 'label.issueDate'). */
export function documentT(language: DocumentLabelLanguage): DocumentT {
  const t = instance.t as unknown as (key: string, options: Record<string, unknown>) => string;
  return (key, params) => String(t(`documents.${key}`, { ...params, lng: language }));
}

const UNIT_WORDS: Record<DocumentLabelLanguage, Record<Unit, string>> = {
  en: enBuyer.units,
  ja: jaBuyer.units,
  ne: neBuyer.units,
};

/**
 * A line's unit (its `sku`: Bag, Btl, C/s...) in the document's language, as the screens name it
 * (buyer.units: 袋, 本, ケース...); a unit the app does not know prints as written.
 */
export function documentUnit(language: DocumentLabelLanguage, sku: string): string {
  if (!(UNITS as readonly string[]).includes(sku)) return sku;
  return UNIT_WORDS[language][sku as Unit] || sku;
}

/** The kind of a bank account as stored: the settings' values, or written in Japanese by hand. */
const ACCOUNT_TYPES: Record<string, 'ordinary' | 'current' | 'savings'> = {
  ordinary: 'ordinary',
  current: 'current',
  checking: 'current',
  savings: 'savings',
  普通: 'ordinary',
  当座: 'current',
  貯蓄: 'savings',
};

/**
 * A bank account's type in the document's language (普通 / 当座 / 貯蓄 on a Japanese document,
 * Ordinary / Current / Savings on an English one); anything else as written.
 */
export function documentAccountType(language: DocumentLabelLanguage, stored: string): string {
  const type = ACCOUNT_TYPES[stored.trim().toLowerCase()];
  return type ? documentT(language)(`accountType.${type}`) : stored;
}

/**
 * The statement's "deliveries by date" as printed: the amount column says whether its amounts
 * are without tax or with it; in the period of a change of the price basis (ADR 053), when both
 * kinds are listed, each amount says which it is instead.
 */
export function byDateLabels(
  t: DocumentT,
  rows: readonly { basis: 'exclusive' | 'inclusive' }[],
): { header: string; mark: (basis: 'exclusive' | 'inclusive') => string } {
  const bases = new Set(rows.map((r) => r.basis));
  if (bases.size > 1) {
    return {
      header: t('label.amount'),
      mark: (basis) => t(basis === 'exclusive' ? 'label.netMark' : 'label.grossMark'),
    };
  }
  return {
    header: t(bases.has('inclusive') ? 'label.amountGross' : 'label.amountNet'),
    mark: () => '',
  };
}

/**
 * One rate's figures as a document prints them, in the basis its tax was computed in
 * (`DocumentModel.taxBasis`): without tax, 8%対象（税抜） and the tax on it; with tax,
 * 8%対象（税込） and the tax it holds (うち消費税). Either way a reader can check the tax
 * against the printed figure: rate x figure, or rate / (100 + rate) x figure, rounded once.
 */
export function rateLabels(
  t: DocumentT,
  f: DocumentFormat,
  basis: 'exclusive' | 'inclusive',
  /** A monthly customer's slip: its tax is for reference (ADR 070), and says so. */
  forReference = false,
) {
  const gross = basis === 'inclusive';
  const ref = forReference ? t('label.forReference') : '';
  return {
    figure: (r: { net: number; gross: number }) => (gross ? r.gross : r.net),
    figureLabel: (rate: number) => t(gross ? 'label.rateGross' : 'label.rateNet', { rate }),
    taxLabel: (rate: number) =>
      `${t(gross ? 'label.rateTaxIncluded' : 'label.rateTax', { rate })}${ref}`,
    /** The figures as one sentence (what a reader, or a reading program, looks for). */
    sentence: (r: { rate: number; net: number; tax: number; gross: number }) =>
      `${
        gross
          ? t('label.rateLineGross', { rate: r.rate, gross: f.yen(r.gross), tax: f.yen(r.tax) })
          : t('label.rateLine', { rate: r.rate, net: f.yen(r.net), tax: f.yen(r.tax) })
      }${ref}`,
  };
}

type Printed = Pick<DocumentModel, 'kind' | 'paidInFull' | 'cancellation'> & {
  bankFee?: number | undefined;
};

/** The label of the large amount: what is asked, was received, is credited, or was cancelled. */
export function amountLabelKey(m: Printed): string {
  if (m.kind === 'receipt') return 'label.amountReceived';
  if (m.kind === 'creditNote') return 'label.credited';
  if (m.kind === 'slip') return 'label.total';
  // A cancelled invoice asks for nothing: its amount is what was cancelled.
  if (m.cancellation) return 'label.amountCancelled';
  return m.paidInFull ? 'label.amountBilled' : 'label.amountDue';
}

/** Whether the document asks for payment: a due date and the bank to transfer to. */
export function asksForPayment(m: Printed): boolean {
  return (m.kind === 'invoice' || m.kind === 'statement') && !m.paidInFull && !m.cancellation;
}

/**
 * The sentences over the amount. An invoice asks for payment; paid in full it thanks (ADR 056);
 * cancelled it says when, why and which invoice replaces it, and asks for nothing.
 */
export function introLines(
  t: DocumentT,
  f: DocumentFormat,
  m: Printed & Pick<DocumentModel, 'reason' | 'deductedOn' | 'taxForReference'>,
): string[] {
  if (m.cancellation) {
    return [
      t('label.cancelledIntro', { date: f.date(m.cancellation.date) }),
      ...(m.reason ? [`${t('label.reason')}: ${m.reason}`] : []),
      ...(m.cancellation.replacedBy
        ? [`${t('label.replacedBy')}: ${m.cancellation.replacedBy}`]
        : []),
    ];
  }
  // A transfer short by the bank's fee, the fee written off (ADR 069): the restaurant reads why
  // the invoice is settled.
  const fee = m.bankFee ? [t('label.bankFeeDeducted', { amount: f.yen(m.bankFee) })] : [];
  if (m.paidInFull) return [t('label.paidIntro'), ...fee];
  // A credit note pays nothing back: it is taken off an invoice (ADR 070), and says which.
  if (m.kind === 'creditNote') {
    return [
      t('label.creditIntro'),
      m.deductedOn
        ? t('label.creditDeductedOn', { number: m.deductedOn })
        : t('label.creditDeductedNext'),
    ];
  }
  const intro: Partial<Record<DocumentModel['kind'], string>> = {
    slip: 'label.slipIntro',
    invoice: 'label.invoiceIntro',
    statement: 'label.invoiceIntro',
  };
  const key = intro[m.kind];
  // A monthly customer's slip: the tax is the monthly invoice's to compute (ADR 070).
  const reference = m.taxForReference ? [t('label.taxOnMonthlyInvoice')] : [];
  return key ? [t(key), ...reference, ...fee] : [...reference, ...fee];
}

/** A statement's part of the amount due by its due date (under the amount due). */
export function duePartLabel(
  t: DocumentT,
  f: DocumentFormat,
  part: { firstDue: string; lastDue: string; overdue: boolean },
): string {
  if (!part.overdue) return t('label.duePart', { date: f.date(part.firstDue) });
  return part.firstDue === part.lastDue
    ? t('label.overduePart', { date: f.date(part.firstDue) })
    : t('label.overduePartRange', { first: f.date(part.firstDue), last: f.date(part.lastDue) });
}

/**
 * From this much received without its tax (the tax stated per rate, as a receipt states it), a
 * receipt handed over on paper carries a revenue stamp (収入印紙, ADR 101). The PDF, sent and kept
 * as a file, draws no place for one; the print view, for paper, does.
 */
export const REVENUE_STAMP_FROM = 50_000;

/** Whether a paper copy of the document has a place for a revenue stamp: a receipt from ¥50,000. */
export function needsRevenueStamp(m: Pick<DocumentModel, 'kind' | 'amount' | 'tax'>): boolean {
  return m.kind === 'receipt' && m.amount - m.tax >= REVENUE_STAMP_FROM;
}

/** One row of a receipt's breakdown: "8%対象（軽減税率） ¥411,847 （内消費税 ¥30,507）". */
export interface ReceiptRow {
  label: string;
  amount: string;
  tax: string;
}

/**
 * What a receipt (領収書, ADR 101) says, as both renderers draw it: to whom, the amount received
 * as a receipt writes it (¥455,803-), what it was for (但し書き), that it was received, each
 * rate's part with the tax it holds (with the issuer's registration number, what makes it a
 * simplified qualified invoice), and how it was paid.
 */
export function receiptText(
  t: DocumentT,
  f: DocumentFormat,
  m: Pick<DocumentModel, 'recipient' | 'amount' | 'tax' | 'perRate' | 'receipt'>,
): {
  recipient: string;
  amount: string;
  forWhat: string;
  received: string;
  breakdown: ReceiptRow[];
  total: ReceiptRow | null;
  method: string | null;
} {
  const row = (label: string, amount: number, tax: number): ReceiptRow => ({
    label,
    amount: f.yen(amount),
    tax: t('label.receiptTaxIncluded', { tax: f.yen(tax) }),
  });
  const method = m.receipt?.method;
  return {
    recipient: t('label.receiptRecipient', { name: m.recipient.name }),
    amount: t('label.receiptAmount', { amount: f.yen(m.amount) }),
    forWhat: m.receipt ? t('label.receivedFor', { number: m.receipt.invoice }) : '',
    received: t('label.received'),
    breakdown: m.perRate.map((r) =>
      row(
        `${t('label.receiptRate', { rate: r.rate })}${r.rate === 8 ? t('label.receiptReduced') : ''}`,
        r.gross,
        r.tax,
      ),
    ),
    total: m.perRate.length > 1 ? row(t('label.receiptTotal'), m.amount, m.tax) : null,
    method: method
      ? `${t('label.paymentMethod')}: ${t(method === 'cash' ? 'label.methodCash' : 'label.methodTransfer')}`
      : null,
  };
}
