import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ITEM_TYPES, type ItemType } from '../../../shared/enums';
import type { ProductOut } from '../../../shared/schemas/catalogue';
import { readCart } from '../cart';
import i18n from '../i18n';
import { renderWithProviders } from '../test/render';
import { ProductCard, ProductRow } from './ProductCard';

const rice: ProductOut = {
  _id: 'p1',
  name: 'Basmati Rice 5kg',
  nameNe: null,
  category: { _id: 'c1', name: 'Rice & Flour' },
  price: 12800,
  description: 'Extra-long grain, aged two years.',
  sku: 'Bag',
  image: '/uploads/rice.png',
  productRank: 1,
  itemType: 'Regular',
  itemCount: 'Count',
  showDescription: 'Show',
  stockInCount: 10,
  taxRate: 8,
  ownTaxRate: null,
  minQuantity: 1,
  lot: 1,
};

const BADGES: Record<ItemType, string | null> = {
  Regular: null,
  Special: 'SPECIAL SALE',
  'New Item': 'New Item',
  'Limited Stock': 'Limited Stock',
  'Price Up': 'PRICE UP',
  'Price Down': 'PRICE DOWN',
  'Out of Stock': 'Out of Stock',
  Restocked: 'Restocked',
};
const ALL_BADGE_TEXTS = Object.values(BADGES).filter(Boolean) as string[];

/** Add to cart, named with its product (WCAG 2.5.3: the shown words first). */
const ADD = 'Add to cart: Basmati Rice 5kg';

describe('ProductCard', () => {
  it('shows picture, category, name, description, price with unit', () => {
    renderWithProviders(<ProductCard product={rice} />);
    expect(screen.getByRole('img', { name: 'Basmati Rice 5kg' }).getAttribute('src')).toBe(
      '/uploads/rice.png',
    );
    expect(screen.getByText('Rice & Flour')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Basmati Rice 5kg' })).toBeTruthy();
    expect(screen.getByText('Extra-long grain, aged two years.')).toBeTruthy();
    expect(screen.getByText('¥12,800')).toBeTruthy();
    expect(screen.getByText('per Bag')).toBeTruthy();
  });

  it('names its product in an h2, the level under the screen’s h1 (as the first screen draws it)', () => {
    renderWithProviders(
      <>
        <ProductCard product={rice} />
        <ProductRow product={{ ...rice, _id: 'p2', name: 'Toor Dal 1kg' }} />
      </>,
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Basmati Rice 5kg',
      'Toor Dal 1kg',
    ]);
  });

  it('hides the description unless showDescription is Show', () => {
    renderWithProviders(<ProductCard product={{ ...rice, showDescription: 'Dont Show' }} />);
    expect(screen.queryByText('Extra-long grain, aged two years.')).toBeNull();
  });

  it('stands in for a missing picture', () => {
    renderWithProviders(<ProductCard product={{ ...rice, image: null }} />);
    expect(screen.getByRole('img', { name: 'No picture' })).toBeTruthy();
  });

  it.each(ITEM_TYPES)('shows the badge for %s (none for Regular)', (itemType) => {
    renderWithProviders(<ProductCard product={{ ...rice, itemType }} />);
    const expected = BADGES[itemType];
    for (const text of ALL_BADGE_TEXTS) {
      if (text === expected) expect(screen.getByText(text)).toBeTruthy();
      else expect(screen.queryByText(text)).toBeNull();
    }
  });

  it('offers a disabled Not in stock button for Out of Stock products', () => {
    renderWithProviders(<ProductCard product={{ ...rice, itemType: 'Out of Stock' }} />);
    const button = screen.getByRole('button', { name: 'Not in stock: Basmati Rice 5kg' });
    expect(button).toHaveProperty('disabled', true);
    // The shown words stay as they were; only the name says which product (WCAG 2.5.3).
    expect(button.textContent).toBe('Not in stock');
    expect(screen.queryByRole('button', { name: /Add to cart/ })).toBeNull();
  });

  it('names each Not in stock button with its product, in the reader’s language', async () => {
    const dal = { ...rice, _id: 'p2', name: 'Toor Dal 1kg', itemType: 'Out of Stock' as const };
    const ghee = { ...rice, _id: 'p3', name: 'Pure Ghee 1L', itemType: 'Out of Stock' as const };
    await i18n.changeLanguage('ja');
    renderWithProviders(
      <>
        <ProductCard product={dal} />
        <ProductCard product={ghee} />
      </>,
    );
    const names = screen
      .getAllByRole('button', { name: /在庫なし/ })
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Toor Dal 1kg：在庫なし', 'Pure Ghee 1L：在庫なし']);
  });

  it('turns Add to cart into minus / quantity / plus, and minus at 1 removes', () => {
    renderWithProviders(<ProductCard product={rice} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: ADD })));
    expect(readCart()).toEqual([
      {
        id: 'p1',
        name: 'Basmati Rice 5kg',
        sku: 'Bag',
        quantity: 1,
        rank: 1,
        itemType: 'Regular',
        itemCount: 'Count',
        price: 12800,
      },
    ]);
    const quantity = () =>
      screen.getByRole<HTMLInputElement>('textbox', {
        name: 'Quantity of Basmati Rice 5kg in the cart',
      });
    expect(quantity().value).toBe('1');

    const plus = screen.getByRole('button', { name: 'Increase quantity of Basmati Rice 5kg' });
    act(() => fireEvent.click(plus));
    act(() => fireEvent.click(plus));
    expect(quantity().value).toBe('3');
    expect(readCart()[0]?.quantity).toBe(3);

    const minus = () =>
      screen.getByRole('button', { name: 'Decrease quantity of Basmati Rice 5kg' });
    act(() => fireEvent.click(minus()));
    act(() => fireEvent.click(minus()));
    expect(quantity().value).toBe('1');
    act(() => fireEvent.click(minus()));
    expect(readCart()).toEqual([]);
    expect(screen.getByRole('button', { name: ADD })).toBeTruthy();
  });

  it('asks before adding to My Ordersheet, then calls the toggle', async () => {
    const onToggle = vi.fn(async () => {});
    renderWithProviders(<ProductCard product={rice} wishlist={{ saved: false, onToggle }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to My Ordersheet: Basmati Rice 5kg' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to My Ordersheet?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(onToggle).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Add to My Ordersheet: Basmati Rice 5kg' }));
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'Add to My Ordersheet?' })).getByRole('button', {
          name: 'Yes',
        }),
      ),
    );
    expect(onToggle).toHaveBeenCalledWith(false);
  });

  it('asks before removing a saved product from My Ordersheet', async () => {
    const onToggle = vi.fn(async () => {});
    renderWithProviders(<ProductCard product={rice} wishlist={{ saved: true, onToggle }} />);
    fireEvent.click(
      screen.getByRole('button', { name: 'Remove from My Ordersheet: Basmati Rice 5kg' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove from My Ordersheet?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' })));
    expect(onToggle).toHaveBeenCalledWith(true);
  });

  it('has no heart without a wishlist, and no cart controls when turned off', () => {
    renderWithProviders(<ProductCard product={rice} withCart={false} />);
    expect(screen.queryByRole('button', { name: /My Ordersheet/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add to cart/ })).toBeNull();
  });

  it('speaks Nepali', async () => {
    await act(() => i18n.changeLanguage('ne'));
    renderWithProviders(<ProductCard product={{ ...rice, itemType: 'Special' }} />);
    expect(screen.getByRole('button', { name: 'Basmati Rice 5kg: कार्टमा थप्नुहोस्' })).toBeTruthy();
    expect(screen.getByText('विशेष छुट')).toBeTruthy();
  });

  it('takes a typed quantity (numeric keypad), 1-9999, and shows the Nepali name in Nepali', async () => {
    renderWithProviders(<ProductCard product={{ ...rice, nameNe: 'बासमती चामल' }} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: ADD })));
    const input = screen.getByRole<HTMLInputElement>('textbox', {
      name: 'Quantity of Basmati Rice 5kg in the cart',
    });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    act(() => fireEvent.change(input, { target: { value: '10' } }));
    expect(readCart()[0]?.quantity).toBe(10);
    act(() => fireEvent.change(input, { target: { value: '' } }));
    expect(readCart()[0]?.quantity).toBe(10);
    act(() => fireEvent.blur(input));
    expect(input.value).toBe('10');
    act(() => fireEvent.change(input, { target: { value: '99999' } }));
    expect(readCart()[0]?.quantity).toBe(9999);

    await act(() => i18n.changeLanguage('ne'));
    expect(screen.getByRole('heading', { name: 'बासमती चामल' })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });

  it("names every control with its product, in the reader's language (84 cards on a screen)", async () => {
    await act(() => i18n.changeLanguage('ne'));
    const ghee = { ...rice, name: 'Pure Ghee Amul 1L', nameNe: 'शुद्ध घिउ अमूल 1 लिटर' };
    renderWithProviders(
      <ProductCard product={ghee} wishlist={{ saved: false, onToggle: async () => {} }} />,
    );
    const add = screen.getByRole('button', { name: 'शुद्ध घिउ अमूल 1 लिटर: कार्टमा थप्नुहोस्' });
    // What it shows is unchanged.
    expect(add.textContent).toBe('कार्टमा थप्नुहोस्');
    expect(
      screen.getByRole('button', { name: 'शुद्ध घिउ अमूल 1 लिटर: मेरो अर्डरसिटमा थप्नुहोस्' }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'शुद्ध घिउ अमूल 1 लिटर' })).toBeTruthy();

    // Once in the cart, minus, the quantity and plus are named in Nepali too, not in English.
    act(() => fireEvent.click(add));
    expect(
      screen.getByRole('button', { name: 'शुद्ध घिउ अमूल 1 लिटर को परिमाण बढाउनुहोस्' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'शुद्ध घिउ अमूल 1 लिटर को परिमाण घटाउनुहोस्' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('textbox', { name: 'कार्टमा शुद्ध घिउ अमूल 1 लिटर को परिमाण' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pure Ghee/ })).toBeNull();
    await act(() => i18n.changeLanguage('en'));
  });

  it('says the new quantity when plus or minus is pressed (a field changing is not read)', () => {
    renderWithProviders(<ProductCard product={rice} />);
    act(() => fireEvent.click(screen.getByRole('button', { name: ADD })));
    const said = screen.getByTestId('quantity-said');
    expect(said.getAttribute('role')).toBe('status');
    // Nothing said when it appears (the focus, on plus, says where the person is).
    expect(said.textContent).toBe('');
    act(() =>
      fireEvent.click(
        screen.getByRole('button', { name: 'Increase quantity of Basmati Rice 5kg' }),
      ),
    );
    expect(said.textContent).toBe('In the cart: 2');
    act(() =>
      fireEvent.click(
        screen.getByRole('button', { name: 'Increase quantity of Basmati Rice 5kg' }),
      ),
    );
    expect(said.textContent).toBe('In the cart: 3');
    act(() =>
      fireEvent.click(
        screen.getByRole('button', { name: 'Decrease quantity of Basmati Rice 5kg' }),
      ),
    );
    expect(said.textContent).toBe('In the cart: 2');
  });
});
