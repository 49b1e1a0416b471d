import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, makeProduct, makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { ProductsScreen } from './ProductsScreen';

// The office's product table filters the list it holds as the catalogue and the server read a
// search (ADR 113): a name typed full-width by a Japanese input method, a size in capitals, a
// katakana name typed in hiragana or half-width kana, a spelling as it is said.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const PRODUCTS = [
  makeProduct({ _id: 'p1', name: 'Basmati Rice 5kg' }),
  makeProduct({ _id: 'p2', name: 'Toor Dal 1kg', productRank: 2 }),
  makeProduct({ _id: 'p3', name: 'Ghee 1L', nameJa: 'ギー 1L', productRank: 3 }),
];

const shownNames = () =>
  screen
    .queryAllByRole('button', { name: /^Edit / })
    .map((b) => b.getAttribute('aria-label')?.replace('Edit ', ''));

describe("the office's product search", () => {
  it('finds a product typed full-width, in kana or spelled as it is said', async () => {
    renderScreen(<ProductsScreen />, {
      path: '/admin/products',
      user: admin,
      answers: { 'products.list': () => PRODUCTS, 'categories.list': () => CATEGORIES },
    });
    await screen.findByRole('button', { name: 'Edit Basmati Rice 5kg' });
    const search = screen.getByRole('searchbox', { name: 'Search products' });
    const typed = (value: string) => {
      fireEvent.change(search, { target: { value } });
      return shownNames();
    };
    expect(typed('ＢＡＳＭＡＴＩ')).toEqual(['Basmati Rice 5kg']);
    expect(typed('５ＫＧ')).toEqual(['Basmati Rice 5kg']);
    expect(typed('ぎー')).toEqual(['Ghee 1L']);
    expect(typed('ｷﾞｰ')).toEqual(['Ghee 1L']);
    expect(typed('daal')).toEqual(['Toor Dal 1kg']);
    expect(typed('%')).toEqual([]);
    expect(typed('')).toHaveLength(3);
  });
});
