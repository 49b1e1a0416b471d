import { describe, expect, it } from 'vitest';
import { matchesName } from './search';

const basmati = 'Basmati Rice India Gate Classic 5kg';

describe('search by name', () => {
  it('matches words in any order, regardless of case and spacing', () => {
    expect(matchesName(basmati, 'basmati 5kg')).toBe(true);
    expect(matchesName(basmati, '5KG   Basmati')).toBe(true);
    expect(matchesName(basmati, '5 kg basmati')).toBe(true);
    expect(matchesName(basmati, 'gate india')).toBe(true);
    expect(matchesName(basmati, '  ')).toBe(true);
  });

  it('needs every word', () => {
    expect(matchesName(basmati, 'basmati 20kg')).toBe(false);
    expect(matchesName(basmati, 'jasmine')).toBe(false);
  });

  it('matches the Nepali name too', () => {
    expect(matchesName([basmati, 'बासमती चामल इन्डिया गेट क्लासिक 5 केजी'], 'बासमती')).toBe(true);
    expect(matchesName([basmati, null], 'बासमती')).toBe(false);
  });
});
