import { afterEach, describe, expect, it } from 'vitest';
import { errorText, readerParams } from './errors';
import i18n from './i18n';
import { serverError } from './test/testServer';

afterEach(() => i18n.changeLanguage('en'));

describe("a refusal's parameters as its reader reads them", () => {
  it('writes dates in the language’s one format and names the product in Nepali for Nepali', () => {
    const params = { name: 'Paneer Block 1kg', nameNe: 'पनिर ब्लक 1kg', earliest: '2026-11-28' };
    expect(readerParams(params, 'en')).toMatchObject({
      name: 'Paneer Block 1kg',
      earliest: '28 Nov 2026',
    });
    expect(readerParams(params, 'ja')).toMatchObject({
      name: 'Paneer Block 1kg',
      earliest: '2026/11/28',
    });
    expect(readerParams(params, 'ne')).toMatchObject({ name: 'पनिर ब्लक 1kg' });
    // And in Japanese for Japanese, when the product has a Japanese name (ADR 064).
    expect(readerParams({ ...params, nameJa: 'パニール 1kg' }, 'ja')).toMatchObject({
      name: 'パニール 1kg',
    });
    expect(readerParams({ ...params, nameJa: 'パニール 1kg' }, 'ne')).toMatchObject({
      name: 'पनिर ब्लक 1kg',
    });
    // Without a Nepali name the name stays; numbers and other text stay as they are.
    expect(readerParams({ name: 'Ghee', left: 2, productId: 'abc' }, 'ne')).toEqual({
      name: 'Ghee',
      left: 2,
      productId: 'abc',
    });
  });

  it('the text of a refusal in Nepali: no ISO date, no English name', async () => {
    await i18n.changeLanguage('ne');
    const early = errorText(
      i18n.t,
      serverError(400, 'order.deliveryDateTooEarly', { earliest: '2026-11-28' }),
      'errors.common.mutationFailed',
    );
    expect(early).not.toContain('2026-11-28');
    expect(early).toContain('28 नोभेम्बर 2026');
    const hidden = errorText(
      i18n.t,
      serverError(409, 'terms.productHidden', { name: 'Paneer Block 1kg', nameNe: 'पनिर' }),
      'errors.common.mutationFailed',
    );
    expect(hidden).toBe('पनिर तपाईंको रेस्टुरेन्टका लागि उपलब्ध छैन।');
  });
});
