import { beforeAll, describe, expect, it } from 'vitest';
import i18n from './i18n';

// Counts read correctly in each language (ADR 040): i18next picks the plural form with
// Intl.PluralRules (English and Nepali: one, other; Japanese: other only).

beforeAll(() => i18n.loadLanguages(['ne', 'ja']));

const t = (key: string, count: number, lng: string) =>
  i18n.t(key as never, { count, lng }) as unknown as string;

describe('plurals', () => {
  it('says "1 customer", "Cart: 1 item" in English and the plural from 2', () => {
    expect(t('nav.cartItems', 1, 'en')).toBe('Cart: 1 item');
    expect(t('nav.cartItems', 2, 'en')).toBe('Cart: 2 items');
    expect(t('nav.cartItems', 0, 'en')).toBe('Cart: 0 items');
    expect(t('money.customersCount', 1, 'en')).toBe('1 customer');
    expect(t('money.customersCount', 3, 'en')).toBe('3 customers');
    expect(t('money.invoicesCount', 1, 'en')).toBe('1 invoice');
    expect(t('office.customers.count', 1, 'en')).toBe('1 customer');
    expect(t('driverJobs.count', 1, 'en')).toBe('1 order to deliver');
    expect(t('webOrders.dispatchedMany', 1, 'en')).toBe('1 order dispatched');
    expect(t('office.import.commit', 1, 'en')).toBe('Import 1 row');
  });

  it('has a Nepali text for one and for many', () => {
    expect(t('driverJobs.count', 1, 'ne')).toBe('पुर्‍याउनुपर्ने 1 अर्डर');
    expect(t('driverJobs.count', 4, 'ne')).toBe('पुर्‍याउनुपर्ने 4 अर्डरहरू');
    expect(t('nav.cartItems', 1, 'ne')).toBe('कार्ट: 1 सामान');
  });

  it('has one Japanese text for every count', () => {
    expect(t('nav.cartItems', 1, 'ja')).toBe('カート：1点');
    expect(t('money.customersCount', 1, 'ja')).toBe('得意先1件');
    expect(t('money.customersCount', 5, 'ja')).toBe('得意先5件');
  });
});
