import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { makeOrder, makeProduct } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { type Answers, serverError } from '../../../test/testServer';
import { CancelledOrders } from './CancelledOrders';
import { ChangeLink, OrderChangeActions } from './OrderChange';

const order = makeOrder({
  orderItems: [
    {
      _id: 'l1',
      product: 'p1',
      name: 'Basmati Rice 5kg',
      nameNe: 'बासमती चामल',
      sku: 'Bag',
      quantity: 2,
      price: 3980,
      total: 7960,
      taxRate: 8,
    },
  ],
});
const products = [
  makeProduct({ _id: 'p1', name: 'Basmati Rice 5kg', nameNe: 'बासमती चामल' }),
  makeProduct({ _id: 'p2', name: 'Ghee 1L', nameNe: 'घ्यू १ लिटर', sku: 'Btl' }),
  makeProduct({ _id: 'p3', name: 'Toor Dal 1kg', nameNe: 'रहर दाल', sku: 'Kg' }),
];

function openChange(answers: Answers = {}) {
  renderScreen(<OrderChangeActions order={order} />, {
    path: '/customer/orderdetails/o1',
    answers: {
      'orders.changeWindow': () => ({
        changeable: true,
        cutoff: '04:00',
        deliveryDate: '2030-05-17',
        closesAt: '2030-05-16T19:00:00.000Z',
      }),
      'products.list': () => products,
      ...answers,
    },
  });
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('Change order in Nepali', () => {
  it("names the order's lines by their Nepali names", async () => {
    await act(() => i18n.changeLanguage('ne'));
    openChange();
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('orders.change') }));
    const line = await screen.findByTestId('change-line');
    expect(within(line).getByText(/बासमती चामल/)).toBeTruthy();
    expect(within(line).queryByText(/Basmati/)).toBeNull();
  });

  it('finds a product to add by its English name too, forgiving the spelling', async () => {
    await act(() => i18n.changeLanguage('ne'));
    openChange();
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('orders.change') }));
    const search = screen.getByRole('combobox', { name: i18n.t('orders.addProduct') });
    // Typed into (Mantine takes a change of an unfocused field for autofill).
    search.focus();
    fireEvent.click(search);
    // The catalogue answers: every product not on the order is offered.
    await screen.findByRole('option', { name: 'रहर दाल' });
    fireEvent.change(search, { target: { value: 'ghee' } });
    expect(screen.getByRole('option', { name: 'घ्यू १ लिटर' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'रहर दाल' })).toBeNull();
    fireEvent.change(search, { target: { value: 'daal' } });
    expect(screen.getByRole('option', { name: 'रहर दाल' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'घ्यू' } });
    expect(screen.getByRole('option', { name: 'घ्यू १ लिटर' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'zzzz' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});

describe('Cancel order', () => {
  it('reads the cancelled orders again, so the history shows the one just cancelled', async () => {
    const { calls } = renderScreen(
      <>
        <OrderChangeActions order={order} />
        <CancelledOrders />
      </>,
      {
        path: '/customer/orderdetails/o1',
        answers: {
          'orders.changeWindow': () => ({
            changeable: true,
            cutoff: '04:00',
            deliveryDate: '2030-05-17',
            closesAt: '2030-05-16T19:00:00.000Z',
          }),
          'products.list': () => products,
          'orders.cancelledMine': () => [],
          'orders.cancel': () => ({ _id: 'o1', orderNumber: 10482, cancelled: true as const }),
        },
      },
    );
    const reads = () => calls.filter((c) => c.path === 'orders.cancelledMine').length;
    await waitFor(() => expect(reads()).toBe(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'orders.cancel')).toBe(true));
    await waitFor(() => expect(reads()).toBe(2));
  });
});

describe('Change order: the new total as the quantities change', () => {
  const total = () => screen.getByTestId('estimated-total').textContent;

  it('estimates the changed order as the cart does, before it is saved', async () => {
    openChange();
    fireEvent.click(await screen.findByRole('button', { name: 'Change order' }));
    const form = await screen.findByTestId('change-form');
    // 2 bags at 3,980 and 8% tax rounded down: 7,960 + 636.
    await waitFor(() => expect(total()).toBe('¥8,596'));
    expect(within(form).getByText('New total, estimated (tax included)')).toBeTruthy();
    fireEvent.click(
      within(form).getByRole('button', { name: 'Increase quantity of Basmati Rice 5kg' }),
    );
    // 3 bags: 11,940 + 955.
    expect(total()).toBe('¥12,895');
    fireEvent.click(within(form).getByRole('button', { name: 'Remove Basmati Rice 5kg' }));
    expect(screen.queryByTestId('estimated-total')).toBeNull();
  });

  it("with the customer's own minimum: the delivery charge below it, gone above it", async () => {
    openChange({
      'orders.checkoutTerms': () => ({
        minimumOrder: { rule: 'charge', value: 10000, deliveryCharge: 800 },
        hidden: [],
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change order' }));
    const form = await screen.findByTestId('change-form');
    // 7,960 + 636, and the charge 800 + 80 at 10%.
    await waitFor(() => expect(total()).toBe('¥9,476'));
    expect(within(form).getByTestId('minimum-note').textContent).toContain('¥2,040 more');
    fireEvent.click(
      within(form).getByRole('button', { name: 'Increase quantity of Basmati Rice 5kg' }),
    );
    expect(total()).toBe('¥12,895');
    expect(within(form).queryByTestId('minimum-note')).toBeNull();
  });

  it("says when the catalogue's price is another one now: the change is priced at it", async () => {
    openChange({
      'products.list': () => [makeProduct({ _id: 'p1', name: 'Basmati Rice 5kg', price: 4200 })],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change order' }));
    // 8,400 + 672.
    await waitFor(() => expect(total()).toBe('¥9,072'));
    expect(screen.getByTestId('prices-changed').textContent).toBe(
      "The price of 1 item changed since you ordered it: the new total uses today's price.",
    );
  });
});

describe('Change order: what moved on a line since the order was placed', () => {
  it('says on the line that its price and tax rate are today’s', async () => {
    // The rice went from ¥3,980 at 8 % to ¥4,200 at 10 % since the order was placed.
    const answers = {
      'products.list': () => [
        makeProduct({ _id: 'p1', name: 'Basmati Rice 5kg', price: 4200, taxRate: 10 }),
        makeProduct({ _id: 'p2', name: 'Ghee 1L', nameNe: 'घ्यू १ लिटर', sku: 'Btl' }),
      ],
    };
    openChange(answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Change order' }));
    const line = await screen.findByTestId('change-line');
    await waitFor(() =>
      expect(within(line).getByTestId('line-price-changed').textContent).toBe(
        'Price changed since you ordered it: was ¥3,980, now ¥4,200.',
      ),
    );
    expect(within(line).getByTestId('line-rate-changed').textContent).toBe(
      'Tax rate changed since you ordered it: was 8%, now 10%.',
    );
    // Priced at both: 8,400 + 840.
    expect(screen.getByTestId('estimated-total').textContent).toBe('¥9,240');
  });

  it('in Nepali: only the rate, when the price held', async () => {
    await act(() => i18n.changeLanguage('ne'));
    openChange({
      'products.list': () => [
        makeProduct({ _id: 'p1', name: 'Basmati Rice 5kg', nameNe: 'बासमती चामल', taxRate: 10 }),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('orders.change') }));
    const line = await screen.findByTestId('change-line');
    await waitFor(() =>
      expect(within(line).getByTestId('line-rate-changed').textContent).toBe(
        'तपाईंले अर्डर गरेपछि कर दर बदलियो: पहिले 8%, अहिले 10%।',
      ),
    );
    expect(within(line).queryByTestId('line-price-changed')).toBeNull();
  });

  it('in Japanese: only the price, when the rate held', async () => {
    await act(() => i18n.changeLanguage('ja'));
    openChange({
      'products.list': () => [makeProduct({ _id: 'p1', name: 'Basmati Rice 5kg', price: 4200 })],
    });
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('orders.change') }));
    const line = await screen.findByTestId('change-line');
    await waitFor(() =>
      expect(within(line).getByTestId('line-price-changed').textContent).toBe(
        'ご注文後に価格が変わりました：¥3,980 → ¥4,200',
      ),
    );
    expect(within(line).queryByTestId('line-rate-changed')).toBeNull();
  });

  it('says nothing while the price and rate are as placed', async () => {
    openChange();
    fireEvent.click(await screen.findByRole('button', { name: 'Change order' }));
    await waitFor(() => expect(screen.getByTestId('estimated-total').textContent).toBe('¥8,596'));
    expect(screen.queryByTestId('line-price-changed')).toBeNull();
    expect(screen.queryByTestId('line-rate-changed')).toBeNull();
  });
});

describe('Change order past the stock', () => {
  const held = makeOrder({
    orderItems: [
      {
        _id: 'l1',
        product: 'p1',
        name: 'Jeera Rice 5kg',
        nameNe: 'जीरा चामल',
        sku: 'Bag',
        quantity: 8,
        price: 3200,
        total: 25600,
        taxRate: 8,
      },
    ],
  });

  function openHeld(lot = 1) {
    return renderScreen(<OrderChangeActions order={held} />, {
      path: '/customer/orderdetails/o1',
      answers: {
        'orders.changeWindow': () => ({
          changeable: true,
          cutoff: '04:00',
          deliveryDate: '2030-05-17',
          closesAt: '2030-05-16T19:00:00.000Z',
        }),
        'products.list': () => [
          makeProduct({ _id: 'p1', name: 'Jeera Rice 5kg', nameNe: 'जीरा चामल', lot }),
        ],
        // The order holds the whole stock: 8 on it, none more; the server says 8 can be had.
        'orders.change': () => {
          throw serverError(409, 'stock.insufficient', {
            name: 'Jeera Rice 5kg',
            nameNe: 'जीरा चामल',
            productId: 'p1',
            left: 8,
            held: 8,
          });
        },
      },
    });
  }

  it('says in Nepali what this order can have and offers to reduce to it', async () => {
    await act(() => i18n.changeLanguage('ne'));
    const { calls } = openHeld();
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('orders.change') }));
    const form = await screen.findByTestId('change-form');
    fireEvent.click(
      within(form).getByRole('button', {
        name: i18n.t('product.increase', { name: 'जीरा चामल' }),
      }),
    );
    fireEvent.click(within(form).getByRole('button', { name: i18n.t('orders.saveChange') }));
    const refused = await screen.findByTestId('change-refused');
    expect(refused.textContent).toContain(
      'यो अर्डरमा जीरा चामल बढीमा 8 मात्र हुन सक्छ: अहिले अर्डरमा 8 छ, स्टकमा थप 0 बाँकी छ।',
    );
    expect(refused.textContent).not.toContain('केवल 0');
    fireEvent.click(within(refused).getByRole('button', { name: '8 मा घटाउनुहोस्' }));
    expect(screen.queryByTestId('change-refused')).toBeNull();
    expect(
      within(form).getByRole('textbox', {
        name: i18n.t('product.quantityOf', { name: 'जीरा चामल' }),
      }),
    ).toHaveProperty('value', '8');
    expect(calls.filter((c) => c.path === 'orders.change')).toHaveLength(1);
  });

  it('reduces in whole cases, as the checkout does', async () => {
    openHeld(3);
    fireEvent.click(await screen.findByRole('button', { name: 'Change order' }));
    const form = await screen.findByTestId('change-form');
    fireEvent.click(
      within(form).getByRole('button', { name: 'Increase quantity of Jeera Rice 5kg' }),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    const refused = await screen.findByTestId('change-refused');
    expect(refused.textContent).toContain(
      'This order can have at most 8 of Jeera Rice 5kg: 8 on it now and 0 more in stock.',
    );
    // Cases of 3: 6 is the most within 8.
    expect(within(refused).getByRole('button', { name: 'Reduce to 6' })).toBeTruthy();
  });
});

describe('After the window closed', () => {
  const closedAnswers = (
    closed: 'cutoff' | 'dispatched' | 'delivered',
    officePhone = '03-5338-1234',
  ) => ({
    'orders.changeWindow': () => ({
      changeable: false,
      cutoff: '04:00',
      deliveryDate: '2030-05-17',
      closesAt: '2030-05-16T19:00:00.000Z',
      closed,
      officePhone,
    }),
    'products.list': () => products,
  });

  it('says in Nepali that the cut-off passed, and gives the office phone to call', async () => {
    await act(() => i18n.changeLanguage('ne'));
    renderScreen(<OrderChangeActions order={order} />, {
      path: '/customer/orderdetails/o1',
      answers: closedAnswers('cutoff'),
    });
    const note = await screen.findByTestId('change-closed');
    expect(note.textContent).toContain('परिवर्तन 17 मे 2030 को 04:00 मा बन्द भयो');
    expect(note.textContent).toContain('कार्यालयलाई फोन वा म्यासेज गर्नुहोस्');
    const call = within(note).getByRole('link', { name: '03-5338-1234 मा फोन गर्नुहोस्' });
    expect(call.getAttribute('href')).toBe('tel:03-5338-1234');
    expect(screen.queryByRole('button', { name: i18n.t('orders.change') })).toBeNull();
    expect(screen.queryByRole('button', { name: i18n.t('orders.cancel') })).toBeNull();
  });

  it('says a dispatched order is on its way, in the history popup too', async () => {
    renderScreen(<ChangeLink orderId="o1" />, {
      path: '/customer/myorderlist',
      answers: closedAnswers('dispatched', ''),
    });
    const note = await screen.findByTestId('change-closed');
    expect(note.textContent).toBe(
      'This order is already on its way: it can no longer be changed or cancelled here.' +
        'To change something, call or message the office.',
    );
    // No phone in the settings: no button to call.
    expect(within(note).queryByRole('link')).toBeNull();
    // A note of the page, not an alert read over it.
    expect(note.getAttribute('role')).toBe('status');
  });

  it('says nothing for a delivered order (its lines say what was delivered)', async () => {
    const { calls } = renderScreen(<OrderChangeActions order={order} />, {
      path: '/customer/orderdetails/o1',
      answers: closedAnswers('delivered'),
    });
    await waitFor(() => expect(calls.some((c) => c.path === 'orders.changeWindow')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('change-closed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change order' })).toBeNull();
  });
});
