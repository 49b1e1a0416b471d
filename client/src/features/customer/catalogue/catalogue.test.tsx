import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, makeProduct, PRODUCTS } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { serverError } from '../../../test/testServer';
import { AllProductsScreen } from './AllProductsScreen';
import { OrdersheetScreen } from './OrdersheetScreen';
import { ThaiProductsScreen } from './ThaiProductsScreen';

const names = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('All Products', () => {
  const answers = {
    'products.list': () => PRODUCTS,
    'categories.list': () => CATEGORIES,
    'wishlist.list': () => [],
  };

  it('lists every product, searchable by name ignoring case', async () => {
    renderScreen(<AllProductsScreen />, { path: '/customer/regularorder', answers });
    expect(screen.getByRole('heading', { name: 'ALL PRODUCTS' })).toBeTruthy();
    await screen.findByText('Toor Dal 1kg');
    expect(names()).toHaveLength(4);
    fireEvent.change(screen.getByLabelText('Search by name'), { target: { value: 'RICE' } });
    expect(names()).toEqual(['Basmati Rice 5kg', 'Jasmine Rice 20kg']);
    fireEvent.change(screen.getByLabelText('Search by name'), { target: { value: 'wasabi' } });
    expect(screen.getByText('No products match your search.')).toBeTruthy();
  });

  it('filters by category from the sidebar', async () => {
    renderScreen(<AllProductsScreen />, { path: '/customer/regularorder', answers });
    await screen.findByText('Toor Dal 1kg');
    const sidebar = screen.getByRole('navigation', { name: 'Categories' });
    fireEvent.click(await within(sidebar).findByRole('button', { name: 'Thai Items' }));
    expect(names()).toEqual(['Jasmine Rice 20kg', 'Fish Sauce 700ml']);
    fireEvent.click(within(sidebar).getByRole('button', { name: 'All Products' }));
    expect(names()).toHaveLength(4);
  });

  it("offers 'By Category' with 'All Products' for small screens", async () => {
    renderScreen(<AllProductsScreen />, { path: '/customer/regularorder', answers });
    await screen.findByText('Toor Dal 1kg');
    const select = screen.getByRole('combobox', { name: 'By Category' });
    expect((select as HTMLInputElement).value).toBe('All Products');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Rice & Flour' }));
    await waitFor(() => expect(names()).toEqual(['Basmati Rice 5kg', 'Toor Dal 1kg']));
  });

  it("says 'Failed to fetch data' when the products cannot be read", async () => {
    renderScreen(<AllProductsScreen />, {
      path: '/customer/regularorder',
      answers: { ...answers, 'products.list': () => Promise.reject(new Error('Failed to fetch')) },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch data');
  });
});

describe('Thai Products', () => {
  it("shows only products of the 'Thai Items' category", async () => {
    renderScreen(<ThaiProductsScreen />, {
      path: '/customer/thaiproducts',
      answers: { 'products.list': () => PRODUCTS, 'wishlist.list': () => [] },
    });
    expect(screen.getByRole('heading', { name: 'THAI PRODUCTS' })).toBeTruthy();
    await screen.findByText('Jasmine Rice 20kg');
    expect(names()).toEqual(['Jasmine Rice 20kg', 'Fish Sauce 700ml']);
    fireEvent.change(screen.getByLabelText('Search by name'), { target: { value: 'sauce' } });
    expect(names()).toEqual(['Fish Sauce 700ml']);
  });
});

describe('My Ordersheet', () => {
  it('shows the wishlist as cards and removes with the heart', async () => {
    let saved = [makeProduct(), makeProduct({ _id: 'p2', name: 'Toor Dal 1kg' })];
    const { calls } = renderScreen(<OrdersheetScreen />, {
      path: '/customer/customsheet',
      answers: {
        'wishlist.list': () => saved,
        'wishlist.remove': (input) => {
          const { productId } = input as { productId: string };
          saved = saved.filter((p) => p._id !== productId);
          return saved;
        },
      },
    });
    expect(screen.getByRole('heading', { name: 'MY ORDERSHEET' })).toBeTruthy();
    await screen.findByText('Toor Dal 1kg');
    const hearts = screen.getAllByRole('button', { name: /^Remove from My Ordersheet: / });
    expect(hearts).toHaveLength(2);
    // Each heart says which product it is for.
    expect(hearts[1]?.getAttribute('aria-label')).toBe('Remove from My Ordersheet: Toor Dal 1kg');
    fireEvent.click(hearts[1] as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'Remove from My Ordersheet?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' })));
    await waitFor(() => expect(screen.queryByText('Toor Dal 1kg')).toBeNull());
    expect(calls.some((c) => c.path === 'wishlist.remove')).toBe(true);
  });

  it('has an empty state', async () => {
    renderScreen(<OrdersheetScreen />, {
      path: '/customer/customsheet',
      answers: { 'wishlist.list': () => [] },
    });
    expect(await screen.findByText('Your ordersheet is empty.')).toBeTruthy();
  });

  it('reports a failed read', async () => {
    renderScreen(<OrdersheetScreen />, {
      path: '/customer/customsheet',
      answers: { 'wishlist.list': () => Promise.reject(serverError(400, 'common.badRequest')) },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch data');
  });
});
