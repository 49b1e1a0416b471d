import { afterEach, describe, expect, it } from 'vitest';
import { DELIVERY_CHARGE_NAME } from '../../../shared/terms';
import i18n from '../i18n';
import { localName } from './localName';

// A line's name as the reader reads it: a product's Nepali name in Nepali, its Japanese name in
// Japanese, and the delivery charge line (stored under one name, no product behind it) in the
// reader's language.

afterEach(() => i18n.changeLanguage('en'));

describe('localName', () => {
  it('names a product in Nepali when it has a Nepali name, else by its name', () => {
    expect(localName({ name: 'Rice', nameNe: 'चामल' }, 'ne')).toBe('चामल');
    expect(localName({ name: 'Rice', nameNe: ' ' }, 'ne')).toBe('Rice');
    expect(localName({ name: 'Rice', nameNe: 'चामल' }, 'ja')).toBe('Rice');
  });

  it('names a product in Japanese when it has a Japanese name, else by its name', () => {
    const rice = { name: 'Basmati Rice', nameNe: 'बासमती चामल', nameJa: 'バスマティ米' };
    expect(localName(rice, 'ja')).toBe('バスマティ米');
    expect(localName(rice, 'ne')).toBe('बासमती चामल');
    expect(localName(rice, 'en')).toBe('Basmati Rice');
    expect(localName({ name: 'Ghee', nameJa: '  ' }, 'ja')).toBe('Ghee');
    expect(localName({ name: 'Ghee', nameJa: null }, 'ja')).toBe('Ghee');
    // A Japanese name is not a Nepali reader's fallback.
    expect(localName({ name: 'Ghee', nameJa: 'ギー' }, 'ne')).toBe('Ghee');
  });

  it('names the delivery charge line in the reader’s language', async () => {
    await i18n.changeLanguage('ne');
    expect(localName({ name: DELIVERY_CHARGE_NAME }, 'ne')).toBe('ढुवानी शुल्क');
    await i18n.changeLanguage('ja');
    expect(localName({ name: DELIVERY_CHARGE_NAME }, 'ja')).toBe('配送料');
    await i18n.changeLanguage('en');
    expect(localName({ name: DELIVERY_CHARGE_NAME, nameNe: null }, 'en')).toBe('Delivery charge');
  });
});
