// Test data for the screens' tests (not part of the app). Every fake is typed from what the
// router returns (`inferRouterOutputs<AppRouter>`), so a change of an output's shape breaks
// the fakes at typecheck instead of letting the screens' tests pass on stale data.
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';
import type { JobOut } from '../../../shared/schemas/doorstep';
import type { CustomerOut } from '../../../shared/schemas/office';

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

export type ProductOut = RouterOutputs['products']['list'][number];
export type CategoryOut = RouterOutputs['categories']['list'][number];
export type OrderOut = RouterOutputs['orders']['byId'];
export type OrderPageOut = RouterOutputs['orders']['mine'];
export type UserOut = RouterOutputs['auth']['profile'];

export function makeUser(overrides: Partial<UserOut> = {}): UserOut {
  return {
    _id: 'u1',
    isAdmin: false,
    role: 'customer',
    userType: 'Customer',
    username: 'himalaya',
    name: 'Ram Thapa',
    restaurantName: 'Himalaya Kitchen',
    photo: null,
    customerId: 'c1',
    deliveryDays: ['Tuesday'],
    language: null,
    business: { timeZone: 'Asia/Tokyo', today: '2030-05-15' },
    ...overrides,
  };
}

/** A monthly customer as the office's customer list and form read it. */
export function makeCustomer(overrides: Partial<CustomerOut> = {}): CustomerOut {
  return {
    _id: 'c1',
    restaurantName: 'Annapurna',
    phoneNumber: '312345678',
    customerCode: 'C1',
    paymentMethod: 'monthly',
    paymentDate: '25',
    deliveryDays: [],
    route: null,
    routeName: null,
    contactPerson: null,
    mobileNumber: null,
    username: null,
    badDebt: false,
    webOrder: false,
    creditHold: false,
    billingName: null,
    billingAddress: null,
    transferName: null,
    email: null,
    closingDay: 20,
    paymentMonth: 1,
    documentLanguage: 'ja',
    totalDues: 0,
    lastDelivered: null,
    inactive: false,
    ...overrides,
  } as CustomerOut;
}

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
    taxRate: 8,
    ownTaxRate: null,
    minQuantity: 1,
    lot: 1,
    ...overrides,
  };
}

export const CATEGORIES: CategoryOut[] = [
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
    onHold: false,
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
        taxRate: 8,
      },
      {
        _id: 'l2',
        product: 'p4',
        name: 'Fish Sauce 700ml',
        sku: 'Btl',
        quantity: 1,
        price: 380,
        total: 380,
        taxRate: 8,
      },
    ],
    deliveryDate: '2030-05-17',
    customMessage: 'Before 11am please',
    // The lines (8% reduced rate) and their tax, rounded down once: 8,340 + 667.
    totalPrice: 9007,
    net8: 8340,
    tax8: 667,
    net10: 0,
    tax10: 0,
    isDelivered: false,
    deliveredBy: null,
    deliveredAt: null,
    createdAt: '2030-05-15T01:00:00.000Z',
    ...overrides,
  };
}

export type InvoiceOut = RouterOutputs['invoices']['byId'];

/** A cash delivery invoice as the office's invoice card shows it (issued, unpaid). */
export function makeInvoice(overrides: Partial<InvoiceOut> = {}): InvoiceOut {
  return {
    _id: 'inv1',
    customer: {
      _id: 'c1',
      customerCode: 'C1',
      restaurantName: 'Annapurna',
      phoneNumber: '312345678',
      mobileNumber: null,
      contactPerson: null,
      paymentMethod: 'cash',
    },
    deletedCustomer: null,
    dueDate: '2030-05-15',
    amount: 47196,
    paidAmount: 0,
    pendingAmount: 47196,
    status: 'Pending',
    note: '',
    assignToCollect: null,
    payments: [],
    notes: [],
    overdue: false,
    pastDue: false,
    createdAt: '2030-05-15T00:00:00.000Z',
    number: 'INV-000318',
    kind: 'delivery',
    cancelled: null,
    ...overrides,
  };
}

type Order = NonNullable<JobOut['order']>;

/** A driver's pending job for a cash customer: one order line of 2 x ¥1,000 at 8 %. */
export function cashJob(id: string, order: Partial<Order> = {}, job: Partial<JobOut> = {}): JobOut {
  return {
    _id: id,
    serialNo: 1,
    restaurantName: `Curry ${id}`,
    customer: {
      _id: `c-${id}`,
      restaurantName: `Curry ${id}`,
      phoneNumber: '312345678',
      customerCode: 'C1',
      paymentMethod: 'cash',
      routeName: null,
      address: null,
    },
    order: {
      _id: `o-${id}`,
      orderNumber: 7,
      deliveryDate: '2030-05-15',
      totalPrice: 2160,
      orderItems: [
        {
          _id: `l-${id}`,
          name: 'Basmati Rice',
          nameNe: 'बासमती चामल',
          quantity: 2,
          sku: 'Btl',
          unitPrice: 1000,
          taxRate: 8,
          deliveredQuantity: null,
          shortReason: null,
        },
      ],
      tax: { basis: 'exclusive', rounding: 'down' },
      invoice: null,
      slipNumber: null,
      customMessage: '',
      credits: [],
      ...order,
    },
    preparedBy: null,
    deliveredBy: null,
    isDelivered: false,
    deliveredAt: null,
    recipientName: null,
    proofImage: null,
    amountToCollect: 2160,
    createdAt: '2030-05-15T00:00:00.000Z',
    ...job,
  };
}

/** `settings.deliveryCalendar` as the office's order forms read it: today 2030-05-15, cut-off 04:00. */
export const deliveryCalendar = () => ({
  timeZone: 'Asia/Tokyo',
  today: '2030-05-15',
  earliest: '2030-05-16',
  cutoff: '04:00',
  holidays: [],
});
