import { describe, expect, it } from 'vitest';
import { AttemptKeys, placementFor } from './placeOrder';

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
});
