import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttemptKeys, newAttemptKey, placementFor } from './placeOrder';

afterEach(() => vi.unstubAllGlobals());

describe('placement', () => {
  it('sends only product ids and quantities, the trimmed message and the date', () => {
    expect(
      placementFor(
        [{ id: 'p1', name: 'Rice', sku: 'Kg', quantity: 3, price: 100 }],
        '  hi  ',
        '2030-01-02',
      ),
    ).toEqual({
      orderItems: [{ product: 'p1', quantity: 3 }],
      customMessage: 'hi',
      deliveryDate: '2030-01-02',
    });
  });

  it('keeps the key for the same attempt and makes a new one when it changes or is reset', () => {
    let n = 0;
    const keys = new AttemptKeys(() => `k${++n}`);
    const a = placementFor([{ id: 'p1', name: 'R', sku: 'Kg', quantity: 1 }], '', '2030-01-02');
    const b = { ...a, customMessage: 'changed' };
    expect(keys.keyFor(a)).toBe('k1');
    expect(keys.keyFor(a)).toBe('k1');
    expect(keys.keyFor(b)).toBe('k2');
    keys.reset();
    expect(keys.keyFor(b)).toBe('k3');
  });

  it('makes UUID v4 keys even where crypto.randomUUID is missing (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newAttemptKey()).toMatch(uuid);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    const key = newAttemptKey();
    expect(key).toMatch(uuid);
    expect(newAttemptKey()).not.toBe(key);
  });
});
