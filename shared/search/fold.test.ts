import { describe, expect, it } from 'vitest';
import { fold, matchScore, romanise, searchKey, searchQuery } from './fold';

const matches = (names: (string | null)[], q: string) =>
  matchScore(searchKey(names), searchQuery(q));

describe('the search fold', () => {
  it('writes Devanagari in roman letters, without the final inherent vowel', () => {
    expect(romanise('दाल')).toBe('daal');
    expect(romanise('मसला')).toBe('masalaa');
    expect(romanise('घ्यू')).toBe('ghyuu');
    expect(fold('दाल')).toBe(fold('daal'));
  });

  it('folds vowel length and aspirates', () => {
    expect(fold('Daal')).toBe('dal');
    expect(fold('Chhola')).toBe(fold('chola'));
    expect(fold('Jeera')).toBe(fold('jira'));
    expect(fold('Bhatmas')).toBe(fold('batmas'));
  });

  it('finds by spelling, by a dropped vowel and by the Nepali name', () => {
    expect(matches(['Moong Dal 1kg'], 'daal')).toBe(2);
    expect(matches(['Toor Daal'], 'dal')).toBe(2);
    expect(matches(['Garam Masala 100g'], 'masla')).toBe(1);
    expect(matches(['Lentils', 'मसुरो दाल'], 'dal')).toBe(2);
    expect(matches(['Masoor Dal', null], 'दाल')).toBe(2);
    expect(matches(['Basmati Rice 5 KG'], '5kg basmati')).toBe(2);
  });

  it('finds a katakana name typed in hiragana or half-width katakana (ADR 064)', () => {
    const ghee = searchKey(['Pure Ghee Amul 1L', null, '純正ギー アムール 1L']);
    expect(matchScore(ghee, searchQuery('ぎー'))).toBe(2);
    expect(matchScore(ghee, searchQuery('ｷﾞｰ'))).toBe(2);
    expect(matchScore(ghee, searchQuery('ギー'))).toBe(2);
    expect(matchScore(ghee, searchQuery('ばすまてぃ'))).toBe(0);
  });

  it('does not match what is not there', () => {
    expect(matches(['Garam Masala'], 'dal')).toBe(0);
    expect(matches(['Idli Rice'], 'dal')).toBe(0);
    expect(matches(['Basmati Rice 5kg'], 'basmati 20kg')).toBe(0);
  });

  it('finds nothing for a run of one letter, which is no spelling of a sound', () => {
    // "zzzz" folded to one "j" once, and matched every name holding a j (47 products).
    const names: (string | null)[][] = [
      ['Jeera Powder 100g', 'जिरा धुलो'],
      ['Pizza Cheese 2kg'],
      ['Garam Masala'],
      ['Bhuja Mix', null],
    ];
    for (const q of ['zzzz', 'jjjj', 'aaaa', 'eeee', 'zzzzz masala']) {
      expect(
        names.filter((n) => matches(n, q) > 0),
        q,
      ).toEqual([]);
    }
    expect(fold('zzzz')).toBe('jjjj');
    // Two letters that fold to one ("zz" -> "j") match only as typed: "zz" once found every
    // name with a j.
    expect(names.filter((n) => matches(n, 'zz') > 0)).toEqual([['Pizza Cheese 2kg']]);
    expect(names.filter((n) => matches(n, 'jj') > 0)).toEqual([]);
    expect(matches(['Bhuja Mix'], 'bh')).toBe(2);
    expect(matches(['Garam Masala'], 'bh')).toBe(0);
    // A plural finds the singular name.
    expect(matches(['Chicken Momo 50pc'], 'momos')).toBe(2);
    expect(matches(['Garam Masala'], 'momos')).toBe(0);
    // A doubled letter is still one sound, as before.
    expect(matches(['Pizza Cheese 2kg'], 'piza')).toBe(2);
    expect(matches(['Pizza Cheese 2kg'], 'pizza')).toBe(2);
    expect(matches(['Jeera Powder 100g'], 'zeera')).toBe(2);
    expect(matches(['Ghee 1L'], 'ghee')).toBe(2);
    expect(matches(['Moong Dal'], 'mung')).toBe(2);
  });

  it('finds a Nepali name however its "y" glide is spelled: घ्यू and घिउ, प्याज and पियाज', () => {
    expect(matches(['Pure Ghee Amul 1L', 'शुद्ध घिउ अमूल 1 लिटर'], 'घ्यू')).toBe(2);
    expect(matches(['Ghee 1L', 'घ्यू 1 लिटर'], 'घिउ')).toBe(2);
    expect(matches(['Onion 10kg', 'प्याज 10 केजी'], 'पियाज')).toBe(2);
    expect(matches(['Onion 10kg', 'पियाज 10 केजी'], 'प्याज')).toBe(2);
    expect(matches(['Onion 10kg', 'प्याज 10 केजी'], 'piyaj')).toBe(2);
    expect(matches(['Onion 10kg', 'प्याज 10 केजी'], 'pyaaz')).toBe(2);
    // Half typed, the glide still finds the name.
    expect(matches(['Onion 10kg', 'प्याज 10 केजी'], 'py')).toBe(2);
    // It finds nothing it did not find before.
    expect(matches(['Pure Ghee Amul 1L', 'शुद्ध घिउ अमूल 1 लिटर'], 'प्याज')).toBe(0);
    expect(matches(['Soy Sauce 1L'], 'soy')).toBe(2);
    expect(matches(['Yogurt 1kg'], 'yogurt')).toBe(2);
  });

  it('finds nothing for typed text without a letter or digit, not every name (ADR 113)', () => {
    for (const typed of ['%', '_', '\\', "'", '"', '😀', '%%', '-']) {
      expect(matches(['Basmati Rice 5 KG', 'बासमती चामल'], typed)).toBe(0);
    }
    expect(matches(['Lumbini Curry & Naan'], '&')).toBe(2);
    expect(matches(['Basmati Rice'], '')).toBe(2);
  });
});
