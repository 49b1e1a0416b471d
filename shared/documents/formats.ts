import { formatYen } from '../format';
import type { DocumentLabelLanguage } from './labels';

// How a document writes its dates and amounts, one set per language, used by both renderers
// (the PDF and the print view) for every kind of document. The models keep ISO dates and signed
// integers; only what is printed changes. A Japanese accountant reads 2026年11月15日 in a header,
// 11/17 in a line table (the compact form 納品書 and 請求書 tables use) and △ before a negative
// amount (the sign Japanese accounting documents use); English documents print as they always did.

export interface DocumentFormat {
  /** A header date: issue date, due date, period, payment date. */
  date: (iso: string) => string;
  /** A date in a table of lines (month and day: the year is the document's). */
  lineDate: (iso: string | null) => string;
  /** An amount, with its sign as the language's documents write it. */
  yen: (amount: number) => string;
  /**
   * An amount a row takes away (payments received, credit notes deducted), under its label. A
   * Japanese 請求書 prints it as the label's amount, positive as in the summary boxes above
   * (前回ご請求額 − ご入金額 ＝ 繰越金額); an English one as a negative figure of its sum.
   */
  less: (amount: number) => string;
}

function parts(iso: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

const japanese: DocumentFormat = {
  date: (iso) => {
    const p = parts(iso);
    return p ? `${p[0]}年${p[1]}月${p[2]}日` : iso;
  },
  lineDate: (iso) => {
    const p = iso ? parts(iso) : null;
    return p ? `${p[1]}/${p[2]}` : (iso ?? '');
  },
  yen: (amount) => (amount < 0 ? `△${formatYen(-amount)}` : formatYen(amount)),
  less: (amount) => japanese.yen(amount),
};

const english: DocumentFormat = {
  date: (iso) => iso,
  lineDate: (iso) => (iso ?? '').slice(5),
  yen: formatYen,
  less: (amount) => formatYen(-amount),
};

/** The formats of documents printed in `language`. */
export function documentFormat(language: DocumentLabelLanguage): DocumentFormat {
  return language === 'ja' ? japanese : english;
}

/** The references that hold a date (a slip's delivery date, a receipt's payment date). */
const DATE_REFERENCES = new Set(['deliveryDate', 'paymentDate']);

/** A reference's value as printed: a date in the document's date format, anything else as is. */
export function referenceValue(f: DocumentFormat, ref: { label: string; value: string }): string {
  return DATE_REFERENCES.has(ref.label) ? f.date(ref.value) : ref.value;
}
