import i18next from 'i18next';
import enDocuments from '../locales/en/documents.json';
import jaDocuments from '../locales/ja/documents.json';
import neDocuments from '../locales/ne/documents.json';

// The 'documents' namespace in the languages documents are printed in, as one i18next instance
// of its own: the server's PDF renderer and mail, and the client's print view, both label a
// document in the document's language (customer.documentLanguage), whatever language the
// reader's screen shows.

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

/** Whole yen as a document prints it: ¥12,345 (a minus sign before the mark). */
export function yen(amount: number): string {
  const abs = Math.abs(amount).toLocaleString('en-US');
  return amount < 0 ? `-¥${abs}` : `¥${abs}`;
}
