import { afterEach, describe, expect, it } from 'vitest';
import i18n from './i18n';
import { errorText, translateMessage } from './messages';

afterEach(() => i18n.changeLanguage('en'));

describe('translateMessage', () => {
  it('keeps known server messages word for word in English', () => {
    expect(translateMessage(i18n.t, 'Invalid username or password')).toBe(
      'Invalid username or password',
    );
    expect(translateMessage(i18n.t, 'This field is required.')).toBe('This field is required.');
  });

  it('translates known server messages into Nepali', async () => {
    await i18n.changeLanguage('ne');
    expect(translateMessage(i18n.t, 'Invalid username or password')).toBe(
      'प्रयोगकर्ता नाम वा पासवर्ड गलत छ',
    );
    expect(
      translateMessage(
        i18n.t,
        'Too many failed sign-in attempts. Please wait 30 seconds and try again.',
      ),
    ).toContain('30');
  });

  it('passes unknown messages through unchanged', () => {
    expect(translateMessage(i18n.t, 'Product Rice is out of stock')).toBe(
      'Product Rice is out of stock',
    );
  });

  it('names network failures instead of showing "Failed to fetch"', () => {
    expect(translateMessage(i18n.t, 'Failed to fetch')).toBe(
      'Cannot reach the server. Check the connection and try again.',
    );
  });
});

describe('errorText', () => {
  it("uses the error's message, else the fallback key", () => {
    expect(errorText(i18n.t, new Error('This already exists.'), 'errors.fetchFailed')).toBe(
      'This already exists.',
    );
    expect(errorText(i18n.t, undefined, 'errors.fetchFailed')).toBe('Failed to fetch data');
  });
});
