import { describe, expect, it } from 'vitest';
import type { CartItem, CartProduct } from '../../../cart';
import { mergeOrderIntoCart, type PastLine } from './reorder';

const product = (id: string, name: string, extra: Partial<CartProduct> = {}): CartProduct => ({
  _id: id,
  name,
  sku: 'Kg',
  price: 1000,
  productRank: 5,
  itemType: 'Regular',
  itemCount: 'Count',
  ...extra,
});

const catalogue = [
  product('rice', 'Basmati Rice 5kg (new pack)', { sku: 'Bag', price: 4200, itemType: 'Price Up' }),
  product('dal', 'Toor Dal 1kg'),
  product('mango', 'Mango Pulp 850g', { itemType: 'Out of Stock' }),
];

const line = (productId: string | null, name: string, quantity: number): PastLine => ({
  product: productId,
  name,
  quantity,
});

describe('mergeOrderIntoCart', () => {
  it('puts the lines into an empty cart with the current product data', () => {
    const { items, added, skipped } = mergeOrderIntoCart(
      [],
      [line('rice', 'Basmati Rice 5kg', 2), line('dal', 'Toor Dal 1kg', 3)],
      catalogue,
    );
    expect(items).toEqual([
      {
        id: 'rice',
        name: 'Basmati Rice 5kg (new pack)',
        sku: 'Bag',
        quantity: 2,
        rank: 5,
        itemType: 'Price Up',
        itemCount: 'Count',
        price: 4200,
      },
      expect.objectContaining({ id: 'dal', quantity: 3, price: 1000 }),
    ]);
    expect(added).toEqual(['Basmati Rice 5kg (new pack)', 'Toor Dal 1kg']);
    expect(skipped).toEqual([]);
  });

  it('adds to quantities already in the cart and refreshes their data', () => {
    const cart: CartItem[] = [
      { id: 'rice', name: 'Old name', sku: 'Kg', quantity: 4, price: 3000 },
      { id: 'other', name: 'Ghee', sku: 'Btl', quantity: 1 },
    ];
    const { items } = mergeOrderIntoCart(cart, [line('rice', 'Basmati', 2)], catalogue);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      id: 'rice',
      quantity: 6,
      name: 'Basmati Rice 5kg (new pack)',
    });
    expect(items[0]?.price).toBe(4200);
    expect(items[1]).toEqual(cart[1]);
    // The input cart is not changed.
    expect(cart[0]?.quantity).toBe(4);
  });

  it('skips Out of Stock and deleted or unknown products and names them', () => {
    const { items, added, skipped } = mergeOrderIntoCart(
      [],
      [
        line('mango', 'Mango Pulp 850g', 1),
        line(null, 'Deleted Pickle', 2),
        line('gone', 'Discontinued Oil', 1),
        line('dal', 'Toor Dal 1kg', 1),
      ],
      catalogue,
    );
    expect(items.map((i) => i.id)).toEqual(['dal']);
    expect(added).toEqual(['Toor Dal 1kg']);
    expect(skipped).toEqual(['Mango Pulp 850g', 'Deleted Pickle', 'Discontinued Oil']);
  });

  it('adds nothing when every line is unavailable', () => {
    const cart: CartItem[] = [{ id: 'dal', name: 'Toor Dal 1kg', sku: 'Kg', quantity: 1 }];
    const result = mergeOrderIntoCart(cart, [line('mango', 'Mango Pulp 850g', 1)], catalogue);
    expect(result.items).toEqual(cart);
    expect(result.added).toEqual([]);
  });

  it('caps a merged line at 9999', () => {
    const cart: CartItem[] = [{ id: 'dal', name: 'Toor Dal 1kg', sku: 'Kg', quantity: 9998 }];
    const { items } = mergeOrderIntoCart(cart, [line('dal', 'Toor Dal 1kg', 5)], catalogue);
    expect(items[0]?.quantity).toBe(9999);
  });
});
