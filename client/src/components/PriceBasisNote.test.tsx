import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductOut } from '../../../shared/schemas/catalogue';
import i18n from '../i18n';
import { renderWithProviders } from '../test/render';
import { ProductCard, ProductRow } from './ProductCard';

// A price on a card says whether it includes consumption tax, as the business prices
// (settings: tax-exclusive unless it chose otherwise).

const rice: ProductOut = {
  _id: 'p1',
  name: 'Basmati Rice 5kg',
  nameNe: null,
  category: { _id: 'c1', name: 'Rice & Flour' },
  price: 12800,
  description: '',
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
};

afterEach(() => i18n.changeLanguage('en'));

describe('the price basis beside a price', () => {
  it('a card says excl. tax beside its price', () => {
    renderWithProviders(<ProductCard product={rice} withCart={false} priceBasis="exclusive" />);
    expect(screen.getByTestId('price-basis').textContent).toBe('excl. tax');
  });

  it('in Japanese and Nepali, and incl. tax when the business prices with tax', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const { unmount } = renderWithProviders(
      <ProductCard product={rice} withCart={false} priceBasis="exclusive" />,
    );
    expect(screen.getByTestId('price-basis').textContent).toBe('税抜');
    unmount();
    renderWithProviders(<ProductCard product={rice} withCart={false} priceBasis="inclusive" />);
    expect(screen.getByTestId('price-basis').textContent).toBe('税込');
    await act(() => i18n.changeLanguage('ne'));
    expect(screen.getByTestId('price-basis').textContent).toBe('कर सहित');
  });

  it("the catalogue's compact row says it too", () => {
    renderWithProviders(
      <ul>
        <ProductRow product={rice} priceBasis="exclusive" />
      </ul>,
    );
    expect(screen.getByTestId('price-basis').textContent).toBe('excl. tax');
  });

  it('says nothing until the basis is known', () => {
    renderWithProviders(<ProductCard product={rice} withCart={false} />);
    expect(screen.queryByTestId('price-basis')).toBeNull();
  });
});
