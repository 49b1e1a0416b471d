import { describe, expect, it } from 'vitest';
import type { ProductOut } from '../../shared/schemas/catalogue';
import { cataloguePart } from './first-screen';

// The server's picture of the catalogue is replaced by the app a moment later: its headings
// are the app's (ProductCard names each product in an h2 under the screen's h1), so the page
// a screen reader walks does not change levels, and no level is skipped.

const product = (name: string, rank: number): ProductOut => ({
  _id: `p${rank}`,
  name,
  nameNe: null,
  category: { _id: 'c1', name: 'Rice & Flour' },
  price: 12800,
  description: '',
  sku: 'Bag',
  image: null,
  productRank: rank,
  itemType: 'Regular',
  itemCount: 'Count',
  showDescription: 'Dont Show',
  stockInCount: 10,
  taxRate: 8,
  ownTaxRate: null,
  minQuantity: 1,
  lot: 1,
});

describe("the first screen's headings", () => {
  it('are the h1 of the screen, then one h2 per product: no level skipped', () => {
    const html = cataloguePart(
      [product('Basmati Rice 5kg', 1), product('Toor Dal 1kg', 2)],
      [{ _id: 'c1', name: 'Rice & Flour' }],
      'en',
    );
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    expect(levels).toEqual([1, 2, 2]);
    expect(html).toMatch(/<h2 class="fs-name"[^>]*>Basmati Rice 5kg<\/h2>/);
  });
});
