import { describe, expect, it } from 'vitest';
import {
  corporateCheckDigit,
  normalizeRegistrationNumber,
  registrationNumberProblem,
} from './registration-number';

// Published registration numbers (国税庁's 適格請求書発行事業者公表サイト).
const PUBLISHED = [
  'T7000012050002', // 国税庁
  'T4000012090001', // 財務省
  'T8000012010038', // 内閣府
];

describe('registration number', () => {
  it('computes the check digit of published corporate numbers', () => {
    expect(corporateCheckDigit('000012050002')).toBe(7);
    for (const n of PUBLISHED) expect(corporateCheckDigit(n.slice(2)), n).toBe(Number(n[1]));
  });

  it('accepts published numbers, also typed with spaces, dashes or a small t', () => {
    for (const n of PUBLISHED) expect(registrationNumberProblem(n), n).toBeNull();
    expect(registrationNumberProblem('t 7-0000-1205-0002')).toBeNull();
    expect(normalizeRegistrationNumber('t 7-0000-1205-0002')).toBe('T7000012050002');
  });

  it('accepts the full-width form a Japanese IME types (Ｔ, digits, spaces and dashes)', () => {
    expect(registrationNumberProblem('Ｔ７００００１２０５０００２')).toBeNull();
    expect(normalizeRegistrationNumber('Ｔ７００００１２０５０００２')).toBe('T7000012050002');
    expect(normalizeRegistrationNumber('ｔ７－００００－１２０５－０００２')).toBe(
      'T7000012050002',
    );
    expect(normalizeRegistrationNumber('Ｔ７　００００ー１２０５ー０００２')).toBe(
      'T7000012050002',
    );
    expect(normalizeRegistrationNumber('T7‐0000−1205–0002')).toBe('T7000012050002');
    // Still checked: a full-width number with a wrong check digit, or not a number at all.
    expect(registrationNumberProblem('Ｔ６００００１２０５０００２')).toBe('checkDigit');
    expect(registrationNumberProblem('Ｔ７００００１２０５０００')).toBe('format');
    expect(registrationNumberProblem('Ｘ７００００１２０５０００２')).toBe('format');
  });

  it('refuses a wrong check digit and any digit changed', () => {
    expect(registrationNumberProblem('T6000012050002')).toBe('checkDigit');
    expect(registrationNumberProblem('T7000012050003')).toBe('checkDigit');
    // Two neighbouring digits swapped (a common typing slip).
    expect(registrationNumberProblem('T7000012500002')).toBe('checkDigit');
    for (let i = 2; i < 14; i++) {
      const d = Number(PUBLISHED[0]?.[i]);
      const changed = `${PUBLISHED[0]?.slice(0, i)}${(d + 1) % 10}${PUBLISHED[0]?.slice(i + 1)}`;
      expect(registrationNumberProblem(changed), changed).toBe('checkDigit');
    }
  });

  it('takes the 13 digits without the T, as the corporate number is written, and adds it', () => {
    expect(registrationNumberProblem('7000012050002')).toBeNull();
    expect(normalizeRegistrationNumber('７０００－０１２０－５０００２')).toBe('T7000012050002');
    expect(registrationNumberProblem('7000012050003')).toBe('checkDigit');
  });

  it('refuses what is not T and 13 digits', () => {
    for (const bad of [
      '',
      'T',
      '700001205000',
      'T700001205000',
      'T70000120500021',
      'X7000012050002',
      'T70000120500O2',
    ])
      expect(registrationNumberProblem(bad), bad).toBe('format');
  });
});
