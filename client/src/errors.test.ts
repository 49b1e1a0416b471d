import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import { errorText, failureOf, fieldErrors, httpStatusOf } from './errors';
import i18n from './i18n';
import { networkError, serverError } from './test/testServer';

afterEach(() => i18n.changeLanguage('en'));

describe('errorText', () => {
  it("shows the code's text, the spec's wording in English", () => {
    const t = i18n.t;
    expect(errorText(t, serverError(401, 'auth.invalidLogin'), 'login.failed')).toBe(
      'Invalid username or password',
    );
    expect(errorText(t, serverError(404, 'order.notFound'), 'errors.common.fetchFailed')).toBe(
      'Order not found.',
    );
    expect(errorText(t, serverError(400, 'order.outOfStock', { name: 'Rice' }), 'x.fallback')).toBe(
      'Rice is out of stock.',
    );
  });

  it('shows the same code in Nepali, with its parameters', async () => {
    await i18n.changeLanguage('ne');
    const t = i18n.t;
    expect(errorText(t, serverError(400, 'order.outOfStock', { name: 'Rice' }), 'x')).toBe(
      'Rice स्टकमा छैन।',
    );
    expect(errorText(t, serverError(400, 'order.deliveryDatePast'), 'x')).toBe(
      'डेलिभरी मिति बितिसकेको हुन सक्दैन।',
    );
    expect(errorText(t, serverError(429, 'auth.tooManyAttempts', { seconds: 30 }), 'x')).toContain(
      '30',
    );
  });

  it("names a too-large claim's unit in the reader's word, and a line with nothing left", async () => {
    const tooMany = serverError(400, 'claim.aboveDelivered', { max: 2, unit: 'Kg' });
    const nothingLeft = serverError(400, 'claim.nothingLeft', { delivered: 8, unit: 'Pcs' });
    expect(errorText(i18n.t, tooMany, 'x')).toBe(
      'You can report at most 2 Kg on this line (what was delivered, less what is already reported).',
    );
    expect(errorText(i18n.t, nothingLeft, 'x')).toBe(
      'Nothing more can be reported on this line: all 8 Pcs delivered are already reported.',
    );
    await i18n.changeLanguage('ne');
    expect(errorText(i18n.t, tooMany, 'x')).toContain('बढीमा 2 केजी');
    expect(errorText(i18n.t, nothingLeft, 'x')).toContain('थप रिपोर्ट गर्न सकिँदैन');
    await i18n.changeLanguage('ja');
    expect(errorText(i18n.t, tooMany, 'x')).toContain('最大2kg');
    expect(errorText(i18n.t, nothingLeft, 'x')).toContain('これ以上報告できません');
    expect(errorText(i18n.t, nothingLeft, 'x')).toContain('8個');
  });

  it("never shows the server's English sentence, whatever it says", () => {
    const error = serverError(409, 'common.alreadyExists');
    expect(error.message).not.toBe('This already exists.');
    expect(errorText(i18n.t, error, 'x')).toBe('This already exists.');
  });

  it('names a failure to reach the server', () => {
    expect(errorText(i18n.t, networkError(), 'errors.common.fetchFailed')).toBe(
      'Cannot reach the server. Check the connection and try again.',
    );
    expect(errorText(i18n.t, new TypeError('Load failed'), 'x')).toBe(
      'Cannot reach the server. Check the connection and try again.',
    );
  });

  it('falls back to the given key for anything without a known code', () => {
    const t = i18n.t;
    expect(errorText(t, undefined, 'errors.common.fetchFailed')).toBe('Failed to fetch data');
    expect(errorText(t, new Error('Rice is out of stock.'), 'errors.common.mutationFailed')).toBe(
      'Failed to perform mutation',
    );
    const unknownCode = TRPCClientError.from({
      error: { message: 'x', code: -32600, data: { httpStatus: 400, appCode: 'made.up' } },
    });
    expect(errorText(t, unknownCode, 'login.failed')).toBe('Login failed');
  });
});

describe('failureOf and fieldErrors', () => {
  it('reads code, parameters, per-field codes and the status from the error data', () => {
    const error = serverError(400, 'order.quantityRange', undefined, {
      'orderItems.0.quantity': 'order.quantityRange',
      deliveryDate: 'order.deliveryDateFormat',
    });
    expect(failureOf(error)?.code).toBe('order.quantityRange');
    expect(httpStatusOf(error)).toBe(400);
    expect(fieldErrors(i18n.t, error)).toEqual({
      'orderItems.0.quantity': 'Quantity must be a whole number from 1 to 9999.',
      deliveryDate: 'The delivery date must be YYYY-MM-DD.',
    });
    expect(httpStatusOf(networkError())).toBeUndefined();
  });
});
