import { describe, expect, it } from 'vitest';
import { en, ne } from '../../shared/locales';
import { browserLanguage } from './i18n';

/** Keys whose value is rightly the same in both files: each language's name in its own script. */
const SAME_IN_BOTH = new Set(['nav.english', 'nav.nepali']);

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

const enKeys = flatten(en);
const neKeys = flatten(ne);

describe('locale files', () => {
  it('have exactly the same keys', () => {
    expect([...neKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('translate every value into Nepali rather than copying the English', () => {
    const copied = [...enKeys]
      .filter(([key, value]) => !SAME_IN_BOTH.has(key) && neKeys.get(key) === value)
      .map(([key]) => key);
    expect(copied).toEqual([]);
  });

  it('keep the same {{placeholders}} in both languages', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of enKeys) {
      expect(placeholders(neKeys.get(key) ?? ''), key).toEqual(placeholders(value));
    }
  });

  it('have no empty values', () => {
    for (const [key, value] of [...enKeys, ...neKeys]) expect(value.trim(), key).not.toBe('');
  });

  it('write numbers with Western digits in Nepali too (one digit convention, ADR 012)', () => {
    const devanagariDigits = [...neKeys].filter(([, v]) => /[\u0966-\u096F]/.test(v));
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
