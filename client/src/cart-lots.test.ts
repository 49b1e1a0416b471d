import { describe, expect, it } from 'vitest';
import { withAdded, withDecreased, withIncreased, withQuantity } from './cart';

// A product sold in cases (ADR 035): the cart steps by the case, never goes below the minimum,
// and a typed quantity is corrected up to a whole case.

const beer = {
  _id: 'beer',
  name: 'Case Beer',
  sku: 'C/s',
  price: 200,
  productRank: 1,
  itemType: 'Regular',
  itemCount: 'Count',
  minQuantity: 24,
  lot: 12,
};

describe('a cart line with a minimum and a case lot', () => {
  it('starts at the minimum and steps by the case', () => {
    let cart = withAdded([], beer);
    expect(cart[0]).toMatchObject({ quantity: 24, lot: 12, minQuantity: 24 });
    cart = withIncreased(cart, 'beer');
    expect(cart[0]?.quantity).toBe(36);
    cart = withDecreased(cart, 'beer');
    expect(cart[0]?.quantity).toBe(24);
    // At the minimum, minus takes the line away.
    expect(withDecreased(cart, 'beer')).toEqual([]);
  });

  it('corrects a typed quantity up to a whole case, at least the minimum, at most 9999', () => {
    const cart = withAdded([], beer);
    expect(withQuantity(cart, 'beer', 30)[0]?.quantity).toBe(36);
    expect(withQuantity(cart, 'beer', 5)[0]?.quantity).toBe(24);
    expect(withQuantity(cart, 'beer', 9999)[0]?.quantity).toBe(9996);
  });

  it('a product without terms steps by one from one, as before', () => {
    const rice = { ...beer, _id: 'rice', minQuantity: 1, lot: 1 };
    let cart = withAdded([], rice);
    expect(cart[0]).toEqual(expect.not.objectContaining({ lot: expect.anything() }));
    expect(cart[0]?.quantity).toBe(1);
    cart = withIncreased(cart, 'rice');
    expect(cart[0]?.quantity).toBe(2);
    expect(withQuantity(cart, 'rice', 7)[0]?.quantity).toBe(7);
  });
});
