import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubstituteChoicesOut } from '../../../../../shared/schemas/billing';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import i18n from '../../../i18n';
import { cashJob, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { DriverPendingScreen } from './DriverPendingScreen';
import { forgetChoices } from './substitutes';

// The driver's pending list and substitute picker filter what the phone holds as the server's
// lists and the catalogue read a search (ADR 113): a restaurant's name typed full-width or in
// kana, an order's number with its #, a product's name typed by a Japanese input method.

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });

const named = (id: string, restaurantName: string, orderNumber: number) =>
  cashJob(id, { orderNumber }, { restaurantName, customer: null });

const JOBS: JobOut[] = [
  named('j1', 'Namaste Curry House', 10021),
  named('j2', 'サクラ食堂', 10079),
  named('j3', 'Everest Kitchen', 10102),
];

const CHOICES: SubstituteChoicesOut = {
  basis: 'exclusive',
  products: [
    { _id: 'p-rice', name: 'Basmati Rice', nameNe: null, sku: 'Bag', price: 1000, taxRate: 8 },
    {
      _id: 'p-oil',
      name: 'Sunflower Oil',
      nameNe: null,
      nameJa: 'サンフラワー油',
      sku: 'Btl',
      price: 900,
      taxRate: 10,
    },
    { _id: 'p-ghee', name: 'Ghee', nameNe: 'घिउ', sku: 'Tin', price: 1200, taxRate: 8 },
  ],
  customers: [],
};

afterEach(async () => {
  forgetChoices();
  await act(() => i18n.changeLanguage('en'));
});

describe("the driver's pending list search", () => {
  it('finds a restaurant typed full-width or in kana, and an order by its number with #', async () => {
    renderScreen(<DriverPendingScreen />, {
      path: '/driver/ordertrack',
      user: driver,
      answers: { 'ordertrack.driverPending': () => JOBS },
    });
    await screen.findByText('Namaste Curry House');
    const search = screen.getByRole('searchbox');
    const typed = async (value: string) => {
      fireEvent.change(search, { target: { value } });
      return (await screen.findAllByTestId('job-card')).map(
        (c) => within(c).getByText(/^(Namaste|サクラ|Everest)/).textContent,
      );
    };
    expect(await typed('ＮＡＭＡＳＴＥ')).toEqual(['Namaste Curry House']);
    expect(await typed('さくら')).toEqual(['サクラ食堂']);
    expect(await typed('ｻｸﾗ')).toEqual(['サクラ食堂']);
    expect(await typed('#10079')).toEqual(['サクラ食堂']);
    expect(await typed('＃１０１０２')).toEqual(['Everest Kitchen']);
    fireEvent.change(search, { target: { value: '%' } });
    await waitFor(() => expect(screen.queryAllByTestId('job-card')).toHaveLength(0));
  });
});

describe("the driver's substitute picker search", () => {
  it('finds a product typed full-width or in half-width kana', async () => {
    const job = cashJob('s1', {}, { customer: { ...cashJob('s1').customer!, _id: 'c1' } });
    const order = job.order as NonNullable<JobOut['order']>;
    const [line] = order.orderItems;
    renderScreen(<DriverPendingScreen />, {
      path: '/driver/ordertrack',
      user: driver,
      answers: {
        'ordertrack.driverPending': () => [
          { ...job, order: { ...order, orderItems: [{ ...line!, productId: 'p-rice' }] } },
        ],
        'products.forDriver': () => CHOICES,
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Mark As Delivered/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Delivered: Basmati Rice'), {
      target: { value: '0' },
    });
    fireEvent.change(within(dialog).getByLabelText('Why different: Basmati Rice'), {
      target: { value: 'substituted' },
    });
    const select = () =>
      within(dialog).getByLabelText('Handed over instead of Basmati Rice') as HTMLSelectElement;
    await waitFor(() => select());
    const offered = (value: string) => {
      fireEvent.change(
        within(dialog).getByLabelText('Find the product given instead of Basmati Rice'),
        { target: { value } },
      );
      return [...select().querySelectorAll('option')].map((o) => o.value);
    };
    expect(offered('ＯＩＬ')).toEqual(['', 'p-oil']);
    expect(offered('ｻﾝﾌﾗﾜｰ')).toEqual(['', 'p-oil']);
    expect(offered('gee')).toEqual(['', 'p-ghee']);
    expect(offered('%')).toEqual(['']);
  });
});
