import { describe, expect, it } from 'vitest';
import { ja, ne } from './index';

// The words settled in ADR 111: one business concept, one word, per language. Each retired word
// below stood beside the settled one for the same thing somewhere in the interface or on a
// document; a new string that brings one back fails here.

function values(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (!tree || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([k, v]) => values(v, prefix ? `${prefix}.${k}` : k));
}

/** Retired word, the settled one, and the keys where the retired word is still right. */
type Rule = { retired: string; settled: string; except?: RegExp };

const JAPANESE: Rule[] = [
  { retired: '取引先', settled: '得意先' },
  { retired: '支払期日', settled: '支払期限 (お支払期限 to a customer)' },
  { retired: 'お支払い期限', settled: 'お支払期限' },
  { retired: '未回収', settled: '未収金' },
  { retired: 'クレジットノート', settled: '赤伝 (返還請求書 to a customer)' },
  { retired: '税別', settled: '税抜' },
];

const NEPALI: Rule[] = [
  { retired: 'क्लोज', settled: 'हिसाब बन्द' },
  { retired: 'बन्द गर्ने दिन', settled: 'हिसाब बन्द हुने दिन' },
  { retired: 'इनभ्वाइस', settled: 'बिल', except: /registrationNumber/ },
  { retired: 'स्टेटमेन्ट', settled: 'खाता विवरण' },
  { retired: 'स्लिप', settled: 'डेलिभरी पर्ची' },
  { retired: 'डेलिभरी चिट', settled: 'डेलिभरी पर्ची' },
  { retired: 'भुक्तानीको अन्तिम दिन', settled: 'तिर्ने अन्तिम मिति' },
  { retired: 'अफिस', settled: 'कार्यालय' },
  { retired: 'ड्राइभर', settled: 'चालक' },
  { retired: 'उत्पादन', settled: 'सामान' },
  { retired: 'मात्रा', settled: 'परिमाण' },
  { retired: 'करसहित', settled: 'कर सहित' },
  { retired: 'कर अघि', settled: 'कर बाहेक' },
  { retired: 'गुनासो', settled: 'दाबी' },
  { retired: 'एक्सपोर्ट', settled: 'निर्यात' },
];

function offenders(tree: unknown, rules: Rule[]): string[] {
  const found: string[] = [];
  for (const [key, text] of values(tree)) {
    for (const rule of rules) {
      if (text.includes(rule.retired) && !rule.except?.test(key)) {
        found.push(`${key}: "${rule.retired}" (say "${rule.settled}")`);
      }
    }
  }
  return found;
}

describe('the glossary (ADR 111)', () => {
  it('Japanese says each business term one way', () => {
    expect(offenders(ja, JAPANESE)).toEqual([]);
  });

  it('Nepali says each business term one way', () => {
    expect(offenders(ne, NEPALI)).toEqual([]);
  });

  it('a Nepali due date never reads as the date a payment was made', () => {
    const flat = Object.fromEntries(values(ne));
    expect(flat['money.dueDate']).not.toBe(flat['documents.label.paymentDate']);
    expect(flat['documents.label.dueDate']).toBe(flat['money.dueDate']);
  });

  it('a Nepali count of one reads in the singular', () => {
    const flat = Object.fromEntries(values(ne));
    expect(flat['money.closingDone_one']).toContain('बन्यो');
    expect(flat['office.import.allValid_one']).not.toContain('छन्');
  });

  it('finds a retired word where one is put back', () => {
    expect(offenders({ money: { closing: 'क्लोजिङ' } }, NEPALI)).toHaveLength(1);
    expect(offenders({ settings: { registrationNumber: 'इनभ्वाइस दर्ता नम्बर' } }, NEPALI)).toEqual(
      [],
    );
    expect(offenders({ standing: { customer: '取引先' } }, JAPANESE)).toHaveLength(1);
  });
});
