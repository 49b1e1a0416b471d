import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_ORDER, redirectTarget } from './redirect';

describe('redirectTarget', () => {
  it('defaults to the success page', () => {
    expect(redirectTarget('')).toBe(DEFAULT_AFTER_ORDER);
    expect(redirectTarget('?')).toBe('/customer/orderplaced');
    expect(redirectTarget('?redirect')).toBe('/customer/orderplaced');
  });

  it('takes the path after the =', () => {
    expect(redirectTarget('?redirect=/customer/myorderlist')).toBe('/customer/myorderlist');
    expect(redirectTarget('?to=%2Fcustomer%2Fmyorderlist%2F2')).toBe('/customer/myorderlist/2');
    expect(redirectTarget('?redirect=/customer/myorderlist&x=1')).toBe('/customer/myorderlist');
  });

  it('refuses targets outside the app', () => {
    for (const search of [
      '?redirect=https://evil.example',
      '?redirect=//evil.example',
      '?redirect=/\\evil.example',
      '?redirect=%2F%2Fevil.example',
      '?redirect=javascript:alert(1)',
      '?redirect=customer',
      '?redirect=',
      '?redirect=%E0%A4%A',
      '?redirect=/%0A/evil.example',
    ]) {
      expect(redirectTarget(search), search).toBe(DEFAULT_AFTER_ORDER);
    }
  });
});
