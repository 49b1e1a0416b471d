import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CartItem, writeCart } from '../../../cart';
import i18n from '../../../i18n';
import { makeProduct } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { CartScreen } from './CartScreen';

// 年末年始: the business closes 12/30 to 1/3. A restaurant ordering on 12/29 evening, after the
// cut-off, was offered 1/4 with nothing saying why the five days before were struck through; one
// ordering a week before the break was not told of it at all.

const rice: CartItem = {
  id: 'p1',
  name: 'Basmati Rice 5kg',
  sku: 'Bag',
  quantity: 2,
  itemType: 'Regular',
  itemCount: 'Count',
  price: 3980,
};
const YEAR_END = ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03'];

function openCheckout(today: string, earliest: string) {
  writeCart([rice]);
  return renderScreen(<CartScreen />, {
    path: '/cart#checkout',
    pattern: '/cart',
    answers: {
      'settings.deliveryCalendar': () => ({
        timeZone: 'Asia/Tokyo',
        today,
        earliest,
        cutoff: '04:00',
        holidays: YEAR_END,
      }),
      'products.list': () => [makeProduct({ _id: 'p1', name: 'Basmati Rice 5kg' })],
    },
  });
}

const note = async () =>
  (await screen.findByTestId('closed-days', {}, { timeout: 5000 })).textContent;

beforeAll(() => i18n.loadLanguages(['ne', 'ja']));
afterEach(async () => {
  sessionStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('checkout around the year-end break', () => {
  it('on 12/29 after the cut-off says the break and the first day open', async () => {
    openCheckout('2026-12-29', '2027-01-04');
    expect(await note()).toBe(
      'No deliveries on 30 Dec 2026 – 3 Jan 2027 (holidays): the first day we can deliver is 4 Jan 2027.',
    );
  });

  it('a week before, asks to order ahead', async () => {
    openCheckout('2026-12-22', '2026-12-23');
    expect(await note()).toBe(
      'No deliveries on 30 Dec 2026 – 3 Jan 2027 (holidays): order what you need for those days before them.',
    );
  });

  it('says nothing with no holiday in the next two weeks', async () => {
    openCheckout('2027-01-04', '2027-01-05');
    await waitFor(() =>
      expect(screen.getByTestId('delivery-date').textContent).toContain('Jan 2027'),
    );
    expect(screen.queryByTestId('closed-days')).toBeNull();
  });

  it('in Japanese and Nepali', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const ja = openCheckout('2026-12-29', '2027-01-04');
    expect(await note()).toBe(
      '2026/12/30〜2027/01/03は休業日のため配送がありません。最短の納品日は2027/01/04です。',
    );
    ja.unmount();
    await act(() => i18n.changeLanguage('ne'));
    openCheckout('2026-12-29', '2027-01-04');
    expect(await note()).toMatch(/^30 डिसेम्बर 2026 देखि 3 जनवरी 2027 सम्म बिदा भएकाले डेलिभरी हुँदैन/);
  });
});
