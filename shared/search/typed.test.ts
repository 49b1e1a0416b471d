import { describe, expect, it } from 'vitest';
import { codeKey, phoneDigits, typedText } from './typed';

// Search boxes read what was typed as it was meant (ADR 113).
describe('typed search text', () => {
  it('reads full-width letters, digits and half-width katakana as ordinary ones', () => {
    expect(typedText('  ＮＡＭＡＳＴＥ   Curry ')).toBe('namaste curry');
    expect(typedText('ｶﾌﾞｷﾁｮｳ')).toBe('カブキチョウ');
  });

  it('keys a code or document number without its zeros, dashes or width', () => {
    for (const typed of ['C007', 'c7', 'Ｃ００７', 'c-007', 'ｃ７'])
      expect(codeKey(typed)).toBe('c7');
    for (const typed of ['INV-000079', 'inv79', 'ＩＮＶ－０００７９', 'inv 79', 'INVー79']) {
      expect(codeKey(typed)).toBe('inv79');
    }
    expect(codeKey('#10079')).toBe('10079');
    expect(codeKey('E-0042')).toBe('e42');
    expect(codeKey('C0')).toBe('c0');
    expect(codeKey('Namaste')).toBeNull();
    expect(codeKey('%')).toBeNull();
    expect(codeKey('50%')).toBeNull();
  });

  it('reads a phone number typed with or without dashes, in full-width digits', () => {
    expect(phoneDigits('090-3638-2343')).toBe('9036382343');
    expect(phoneDigits('０９０ー３６３８')).toBe('903638');
    expect(phoneDigits('０９０－１２３４')).toBe('901234');
    expect(phoneDigits('(03) 9032 0981')).toBe('390320981');
    expect(phoneDigits('79')).toBeNull();
    expect(phoneDigits('C007')).toBeNull();
    expect(phoneDigits('000')).toBeNull();
  });
});
