// Test data for the customer screens' tests (not part of the app).
import type { ProductOut } from '../../../../shared/schemas/catalogue';
import type { OrderOut } from '../../../../shared/schemas/orders';

export function makeProduct(overrides: Partial<ProductOut> = {}): ProductOut {
  return {
    _id: 'p1',
    name: 'Basmati Rice 5kg',
    nameNe: null,
    category: { _id: 'c-rice', name: 'Rice & Flour' },
    price: 3980,
    description: 'Long grain.',
    sku: 'Bag',
    image: null,
    productRank: 1,
    itemType: 'Regular',
    itemCount: 'Count',
    showDescription: 'Dont Show',
    stockInCount: 10,
    ...overrides,
  };
}

export const CATEGORIES = [
  { _id: 'c-rice', name: 'Rice & Flour' },
  { _id: 'c-thai', name: 'Thai Items' },
];

export const PRODUCTS: ProductOut[] = [
  makeProduct(),
  makeProduct({ _id: 'p2', name: 'Toor Dal 1kg', sku: 'Kg', price: 420, productRank: 2 }),
  makeProduct({
    _id: 'p3',
    name: 'Jasmine Rice 20kg',
    category: { _id: 'c-thai', name: 'Thai Items' },
    price: 8800,
    productRank: 3,
  }),
  makeProduct({
    _id: 'p4',
    name: 'Fish Sauce 700ml',
    category: { _id: 'c-thai', name: 'Thai Items' },
    sku: 'Btl',
    price: 380,
    itemType: 'Out of Stock',
    productRank: 4,
  }),
];

export function makeOrder(overrides: Partial<OrderOut> = {}): OrderOut {
  return {
    _id: 'o1',
    orderNumber: 10482,
    user: {
      username: 'himalaya',
      restaurantName: 'Himalaya Kitchen',
      customerCode: 'C001',
      phoneNumber: '312345678',
      route: { name: 'Shinjuku' },
    },
    customer: { _id: 'c1', restaurantName: 'Himalaya Kitchen' },
    orderItems: [
      {
        _id: 'l1',
        product: 'p1',
        name: 'Basmati Rice 5kg',
        sku: 'Bag',
        quantity: 2,
        price: 3980,
        total: 7960,
      },
      {
        _id: 'l2',
        product: 'p4',
        name: 'Fish Sauce 700ml',
        sku: 'Btl',
        quantity: 1,
        price: 380,
        total: 380,
      },
    ],
    deliveryDate: '2030-05-17',
    customMessage: 'Before 11am please',
    totalPrice: 8340,
    isDelivered: false,
    deliveredBy: null,
    deliveredAt: null,
    createdAt: '2030-05-15T01:00:00.000Z',
    ...overrides,
  };
}
