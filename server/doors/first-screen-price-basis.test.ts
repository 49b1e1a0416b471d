import { describe, expect, it } from 'vitest';
import type { ProductOut } from '../../shared/schemas/catalogue';
import { cataloguePart } from './first-screen';

// The server's picture of the catalogue says the price basis beside each price, as the app's
// cards do a moment later (PriceBasisNote): a price without it reads as a different sum to each
// restaurant.

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
const categories = [{ _id: 'c1', name: 'Rice & Flour' }];

describe("the first screen's prices", () => {
  it('say they are without tax, in the reader’s language', () => {
    expect(cataloguePart([rice], categories, 'en', 'exclusive')).toContain(
      '<p class="fs-unit">excl. tax</p>',
    );
    expect(cataloguePart([rice], categories, 'ja', 'exclusive')).toContain(
      '<p class="fs-unit">税抜</p>',
    );
    expect(cataloguePart([rice], categories, 'ne', 'exclusive')).toContain(
      '<p class="fs-unit">कर बाहेक</p>',
    );
  });

  it('say they include tax when the business prices with tax', () => {
    const html = cataloguePart([rice], categories, 'ja', 'inclusive');
    expect(html).toContain('<p class="fs-unit">税込</p>');
    expect(html).not.toContain('税抜');
  });
});
