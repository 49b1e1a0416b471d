import { afterEach, describe, expect, it } from 'vitest';
import { keptAttempt } from '../../../attemptKey';
import { AttemptKeys, keptPlacement, placementFor, sameLines } from './placeOrder';

afterEach(() => localStorage.clear());

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

  it('keeps the attempt across a reload: a new form sends the same cart with the same key', () => {
    let n = 0;
    const make = () => `k${++n}`;
    const a = placementFor(
      [{ id: 'p1', name: 'R', sku: 'Kg', quantity: 12 }],
      'Back door',
      '2030-05-17',
    );
    expect(new AttemptKeys(make, 'place').keyFor(a)).toBe('k1');
    // The page reloaded: a new form, the same cart, message and date.
    const after = new AttemptKeys(make, 'place');
    expect(after.keyFor(a)).toBe('k1');
    expect(keptPlacement()).toEqual(a);
    expect(sameLines(a, [{ id: 'p1', name: 'R', sku: 'Kg', quantity: 12 }])).toBe(true);
    expect(sameLines(a, [{ id: 'p1', name: 'R', sku: 'Kg', quantity: 8 }])).toBe(false);
    // Another date is another order.
    expect(after.keyFor({ ...a, deliveryDate: '2030-05-21' })).toBe('k2');
    // A definite answer: forgotten, here and for the next load.
    after.reset();
    expect(keptAttempt('place')).toBeNull();
    expect(new AttemptKeys(make, 'place').keyFor(a)).toBe('k3');
  });
});
