import { describe, expect, it } from 'vitest';
import { formatJapanesePhone, shownPhone } from './phone';

describe('formatJapanesePhone', () => {
  it.each([
    ['0312345678', '03-1234-5678'],
    ['0612345678', '06-1234-5678'],
    ['0451234567', '045-123-4567'],
    ['0521234567', '052-123-4567'],
    ['0422123456', '0422-12-3456'],
    ['0466123456', '0466-12-3456'],
    ['0474123456', '047-412-3456'],
    ['0476123456', '0476-12-3456'],
    ['0564123456', '0564-12-3456'],
    ['0499212345', '04992-1-2345'],
    ['09012345678', '090-1234-5678'],
    ['08012345678', '080-1234-5678'],
    ['07012345678', '070-1234-5678'],
    ['05012345678', '050-1234-5678'],
    ['0120123456', '0120-123-456'],
    ['0570123456', '0570-123-456'],
    ['08001234567', '0800-123-4567'],
  ])('%s -> %s', (digits, shown) => {
    expect(formatJapanesePhone(digits)).toBe(shown);
  });

  it('reads a number typed with hyphens or spaces the same', () => {
    expect(formatJapanesePhone('03-1234-5678')).toBe('03-1234-5678');
    expect(formatJapanesePhone('090 1234 5678')).toBe('090-1234-5678');
  });

  it('reads a number typed in full-width digits, dashes or brackets as the same number', () => {
    expect(formatJapanesePhone('０３－１２３４－５６７８')).toBe('03-1234-5678');
    expect(formatJapanesePhone('０９０ー１２３４ー５６７８')).toBe('090-1234-5678');
    expect(formatJapanesePhone('03(5555)1234')).toBe('03-5555-1234');
    expect(formatJapanesePhone('０３（５５５５）１２３４')).toBe('03-5555-1234');
  });

  it('leaves what it does not recognise as it came', () => {
    expect(formatJapanesePhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatJapanesePhone('12345')).toBe('12345');
    expect(formatJapanesePhone('')).toBe('');
    expect(formatJapanesePhone(null)).toBe('');
  });

  it('shows a stored number (without its leading 0) with its 0 and hyphens', () => {
    expect(shownPhone('312345678')).toBe('03-1234-5678');
    expect(shownPhone('9012345678')).toBe('090-1234-5678');
  });
});
