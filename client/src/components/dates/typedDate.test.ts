import { describe, expect, it } from 'vitest';
import { formatDate } from '../../dateFormat';
import { readTypedDate } from './typedDate';

// A date typed as the app writes it in each language, or as a spreadsheet does, is read; a
// half-typed date, a day that does not exist or an ambiguous one is not.

describe('a typed date', () => {
  it('is read as the app writes it, in each language', () => {
    for (const language of ['en', 'ne', 'ja']) {
      for (const day of ['2026-11-28', '2026-01-05', '2028-02-29', '2026-05-31']) {
        expect(readTypedDate(formatDate(day, language)), `${language} ${day}`).toBe(day);
      }
    }
  });

  it('is read as a spreadsheet or a Japanese form writes it', () => {
    expect(readTypedDate('2026-11-28')).toBe('2026-11-28');
    expect(readTypedDate('2026/1/5')).toBe('2026-01-05');
    expect(readTypedDate('2026.11.28')).toBe('2026-11-28');
    expect(readTypedDate('20261128')).toBe('2026-11-28');
    expect(readTypedDate('2026年11月28日')).toBe('2026-11-28');
    expect(readTypedDate(' 28 november 2026 ')).toBe('2026-11-28');
    expect(readTypedDate('Nov 28, 2026')).toBe('2026-11-28');
    expect(readTypedDate('28-Nov-2026')).toBe('2026-11-28');
  });

  it('reads Devanagari and full-width digits', () => {
    expect(readTypedDate('२८ नोभेम्बर २०२६')).toBe('2026-11-28');
    expect(readTypedDate('２０２６／１１／２８')).toBe('2026-11-28');
  });

  it('names no day when half typed, impossible or ambiguous', () => {
    for (const text of [
      '',
      '2026/11',
      '2026/11/31',
      '2026-02-29',
      '2026/13/01',
      '11/28/2026',
      '28/11/2026',
      'ma 3 2026',
      '28 Smarch 2026',
      '20261',
    ]) {
      expect(readTypedDate(text), text).toBeNull();
    }
  });
});
