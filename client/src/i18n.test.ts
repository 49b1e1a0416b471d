import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en, ja, ne } from '../../shared/locales';
import { browserLanguage } from './i18n';

// Every interface language has every English key (with the plural forms its own grammar
// uses), the same {{placeholders}}, and real text. A key added to English only fails here.

/** Keys whose value is rightly the same in every language: each language's name in its own script. */
const SAME_EVERYWHERE = new Set([
  'nav.english',
  'nav.nepali',
  // A document's placeholders only (the name, the bank's own words) and the format's name.
  'documents.label.recipient',
  // A receipt's addressee and amount (ADR 101): as written in English and Nepali, 様 and the
  // closing dash are Japanese only.
  'documents.label.receiptRecipient',
  'documents.label.receiptAmount',
  'documents.label.bankAccount',
  'documents.ui.openPdf',
]);
/** Keys whose Japanese is rightly the English (written so in Japanese too). */
const SAME_IN_JAPANESE = new Set(['office.import.ok']);

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** i18next's plural suffixes: `key_one`, `key_other`... (it asks Intl.PluralRules). */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The keys a language must have: every English key, a plural one in the forms the language's
 * grammar has (Nepali `_one` and `_other` as English; Japanese `_other` only).
 */
function requiredKeys(english: Map<string, string>, language: string): Set<string> {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of english.keys()) {
    if (PLURAL.test(key)) for (const form of forms) keys.add(key.replace(PLURAL, `_${form}`));
    else keys.add(key);
  }
  return keys;
}

/** What a language's tree lacks and what it has that English has not. */
function keyProblems(english: Tree, other: Tree, language: string) {
  const need = requiredKeys(flatten(english), language);
  const have = new Set(flatten(other).keys());
  return {
    missing: [...need].filter((k) => !have.has(k)).sort(),
    extra: [...have].filter((k) => !need.has(k)).sort(),
  };
}

// Which placeholders, not how often: Japanese may say the unit twice (8kgのうち6kg).
const placeholders = (s: string) =>
  [...new Set([...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();

/** Keys whose {{placeholders}} differ from the English (a plural form against English `_other`). */
function placeholderProblems(english: Tree, other: Tree): string[] {
  const source = flatten(english);
  const bad: string[] = [];
  for (const [key, value] of flatten(other)) {
    const model = source.get(key) ?? source.get(key.replace(PLURAL, '_other'));
    if (model === undefined) continue;
    const a = placeholders(model);
    const b = placeholders(value);
    if (a.length !== b.length || a.some((name, i) => name !== b[i])) bad.push(key);
  }
  return bad;
}

const enTree = en as unknown as Tree;
const LANGUAGES = { ne: ne as unknown as Tree, ja: ja as unknown as Tree };
const enKeys = flatten(enTree);

describe.each(Object.entries(LANGUAGES))('the %s locale files', (language, tree) => {
  const keys = flatten(tree);

  it('have every English key, with the plural forms of their own grammar, and no other', () => {
    expect(keyProblems(enTree, tree, language)).toEqual({ missing: [], extra: [] });
  });

  it('keep the English {{placeholders}}', () => {
    expect(placeholderProblems(enTree, tree)).toEqual([]);
  });

  it('translate every value rather than copying the English', () => {
    const allowed = (key: string) =>
      SAME_EVERYWHERE.has(key) || (language === 'ja' && SAME_IN_JAPANESE.has(key));
    const copied = [...enKeys]
      .filter(([key, value]) => !allowed(key) && keys.get(key) === value)
      .map(([key]) => key);
    expect(copied).toEqual([]);
  });

  it('have no empty values', () => {
    for (const [key, value] of keys) expect(value.trim(), key).not.toBe('');
  });
});

describe('the completeness check itself', () => {
  const copy = (): Tree => structuredClone(ja) as unknown as Tree;

  it('fails when one key is missing, or one is left over', () => {
    const lacking = copy();
    delete (lacking.cart as Tree).placeOrder;
    delete ((lacking.errors as Tree).order as Tree).outOfStock;
    expect(keyProblems(enTree, lacking, 'ja').missing).toEqual([
      'cart.placeOrder',
      'errors.order.outOfStock',
    ]);
    const extra = copy();
    (extra.buyer as Tree).outOfStockSummary_one = '{{count}}点';
    expect(keyProblems(enTree, extra, 'ja').extra).toEqual(['buyer.outOfStockSummary_one']);
  });

  it('asks each language for its own plural forms', () => {
    const nepali = structuredClone(ne) as unknown as Tree;
    delete (nepali.buyer as Tree).outOfStockSummary_one;
    expect(keyProblems(enTree, nepali, 'ne').missing).toEqual(['buyer.outOfStockSummary_one']);
    const japanese = copy();
    delete (japanese.buyer as Tree).outOfStockSummary_other;
    expect(keyProblems(enTree, japanese, 'ja').missing).toEqual(['buyer.outOfStockSummary_other']);
  });

  it('fails when a placeholder is lost or renamed', () => {
    const broken = copy();
    (broken.home as Tree).welcome = 'ようこそ';
    (broken.money as Tree).balance = '残高：{{total}}';
    expect(placeholderProblems(enTree, broken)).toEqual(['home.welcome', 'money.balance']);
  });
});

describe('Japanese text', () => {
  it('writes numbers with half-width digits (one digit convention, ADR 012, 025)', () => {
    const fullWidth = [...flatten(ja as unknown as Tree)].filter(([, v]) => /[０-９]/.test(v));
    expect(fullWidth.map(([k]) => k)).toEqual([]);
  });

  it('has one plural form, which i18next uses for every count', async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'ja',
      fallbackLng: 'en',
      resources: { en: { translation: en }, ja: { translation: ja } },
      interpolation: { escapeValue: false },
    });
    for (const count of [0, 1, 2, 25]) {
      expect(i18n.t('buyer.outOfStockSummary', { count })).toBe(
        `カート内の${count}点が在庫切れです。`,
      );
    }
    expect(i18n.t('office.import.badRows', { count: 1 })).toBe('1行に修正が必要です。');
    expect(i18n.t('table.range', { from: 1, to: 20, total: 45 })).toBe('45件中 1～20件');
  });
});

describe('Nepali text', () => {
  it('writes numbers with Western digits (one digit convention, ADR 012)', () => {
    const devanagariDigits = [...flatten(ne as unknown as Tree)].filter(([, v]) =>
      /[\u0966-\u096F]/.test(v),
    );
    expect(devanagariDigits.map(([k]) => k)).toEqual([]);
  });
});

describe('the first language', () => {
  it("follows the browser's first English, Nepali or Japanese language", () => {
    expect(browserLanguage(['ne-NP', 'en-US'])).toBe('ne');
    expect(browserLanguage(['ne'])).toBe('ne');
    expect(browserLanguage(['ja-JP', 'ne-NP'])).toBe('ja');
    expect(browserLanguage(['ja'])).toBe('ja');
    expect(browserLanguage(['JA-jp', 'en'])).toBe('ja');
    expect(browserLanguage(['fr-FR', 'ja-JP', 'en'])).toBe('ja');
    expect(browserLanguage(['en-GB', 'ne'])).toBe('en');
    expect(browserLanguage(['zh-CN'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});
