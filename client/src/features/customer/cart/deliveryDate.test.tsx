import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CartItem, writeCart } from '../../../cart';
import i18n from '../../../i18n';
import { makeProduct } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { CartScreen } from './CartScreen';

// The calendar's dots mark the customer's usual delivery days. Their legend once sat right
// under the date field and read as if it described the date chosen, an off-day included: it is
// now in the calendar, worded as a legend, and an off-day chosen is said as such.

const rice: CartItem = {
  id: 'p1',
  name: 'Basmati Rice 5kg',
  sku: 'Bag',
  quantity: 2,
  itemType: 'Regular',
  itemCount: 'Count',
  price: 3980,
};

/** Monday 13 May 2030 is the earliest day; the customer's days are Tuesday and Friday. */
const calendar = (holidays: string[]) => ({
  timeZone: 'Asia/Tokyo',
  today: '2030-05-13',
  earliest: '2030-05-13',
  cutoff: '04:00',
  holidays,
});
/** Every Tuesday and Friday of two weeks a holiday: the date falls back to Monday 13 May. */
const NO_USUAL_DAY = ['2030-05-14', '2030-05-17', '2030-05-21', '2030-05-24'];

function openCheckout(holidays: string[] = []) {
  writeCart([rice]);
  return renderScreen(<CartScreen />, {
    path: '/cart#checkout',
    pattern: '/cart',
    answers: {
      'settings.deliveryCalendar': () => calendar(holidays),
      'products.list': () => [makeProduct({ _id: 'p1', name: 'Basmati Rice 5kg' })],
    },
  });
}

const dateButton = () => screen.getByTestId('delivery-date');

async function dateShown(label: string) {
  await waitFor(() => expect(dateButton().textContent).toContain(label), { timeout: 10_000 });
}

/** The legend as read: the dot and "=" are drawn for the eye, hidden from a screen reader. */
const legendText = (dialog: HTMLElement) =>
  within(dialog)
    .getByTestId('calendar-legend')
    .textContent?.replace(/^\s*=\s*/, '');

beforeAll(() => i18n.loadLanguages(['ne', 'ja']));

afterEach(() => sessionStorage.clear());

describe("checkout: the calendar's legend and an off-day chosen", () => {
  it('says that an off-day chosen is not a usual day, under the field; the legend is in the calendar', async () => {
    openCheckout(NO_USUAL_DAY);
    await dateShown('13 May 2030');
    expect(screen.getByTestId('off-day-note').textContent).toBe(
      '13 May 2030 is a Monday, not one of your usual delivery days. ' +
        'You will be asked to confirm before the order goes.',
    );
    // Nothing outside the calendar explains its marks, so nothing reads as if about this date.
    expect(screen.queryByTestId('calendar-legend')).toBeNull();
    expect(screen.queryByText(/^\W*Your delivery day$/)).toBeNull();

    fireEvent.click(dateButton());
    const dialog = await screen.findByRole('dialog', { name: /^Delivery date/ });
    expect(legendText(dialog)).toBe('your usual delivery days: Tuesday Friday');
    // The dots are on those weekdays only (the Monday chosen has none).
    const monday = within(dialog).getByRole('button', { name: '13 May 2030' });
    expect(monday.hasAttribute('data-delivery-day')).toBe(false);
    const friday = within(dialog).getByRole('button', { name: '31 May 2030' });
    expect(friday.hasAttribute('data-delivery-day')).toBe(true);
  });

  it('says nothing of an off-day for a usual day, and says it once another day is chosen', async () => {
    openCheckout();
    await dateShown('14 May 2030');
    expect(screen.queryByTestId('off-day-note')).toBeNull();
    fireEvent.click(dateButton());
    fireEvent.click(await screen.findByRole('button', { name: '15 May 2030' }));
    await dateShown('15 May 2030');
    expect(screen.getByTestId('off-day-note').textContent).toMatch(
      /^15 May 2030 is a Wednesday, not one of your usual delivery days\./,
    );
  });

  it('in Nepali', async () => {
    await act(() => i18n.changeLanguage('ne'));
    openCheckout(NO_USUAL_DAY);
    await dateShown('13 मे 2030');
    expect(screen.getByTestId('off-day-note').textContent).toBe(
      '13 मे 2030 सोमबार हो, तपाईंको नियमित डेलिभरी दिन होइन। ' + 'अर्डर पठाउनुअघि पुष्टि गर्न सोधिनेछ।',
    );
    fireEvent.click(dateButton());
    const dialog = await screen.findByRole('dialog', { name: /^डेलिभरी मिति/ });
    expect(legendText(dialog)).toBe('तपाईंका नियमित डेलिभरी दिनहरू: मङ्गलबार शुक्रबार');
  });

  it('in Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    openCheckout(NO_USUAL_DAY);
    await dateShown('2030/05/13');
    expect(screen.getByTestId('off-day-note').textContent).toBe(
      '2030/05/13は月曜日で、お客様の通常の配送曜日ではありません。' +
        'ご注文の前に確認のお願いが表示されます。',
    );
    fireEvent.click(dateButton());
    const dialog = await screen.findByRole('dialog', { name: /^納品日/ });
    expect(legendText(dialog)).toBe('お客様の通常の配送曜日： 火曜日 金曜日');
  });
});
