import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { typeDate } from '../../test/datePicker';
import { makeProduct, type RouterOutputs } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { notifyError, notifySuccess } from '../notify';
import { standingQuantity } from './QuantityRow';
import { ComingStandingOrders } from './RunCard';
import { UsualOrders } from './UsualOrders';

vi.mock('../notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const rice = makeProduct({
  _id: 'p1',
  name: 'Basmati Rice 5kg',
  nameNe: 'बासमती चामल',
  sku: 'Bag',
});
const ghee = makeProduct({ _id: 'p2', name: 'Ghee 1L', nameNe: 'घ्यू', sku: 'Btl' });
const dal = makeProduct({ _id: 'p3', name: 'Toor Dal 1kg', nameNe: null, sku: 'Kg' });

/** A weekday's draft time as the server gives it: 6 hours before a 04:00 cut-off. */
const timing = (dayBefore: 'Monday' | 'Thursday') => ({
  draftsFrom: { weekday: dayBefore, time: '22:00' },
  cutoff: '04:00',
  leadHours: 6,
});

function openUsual() {
  return renderScreen(<UsualOrders />, {
    path: '/customer/usual',
    answers: {
      'standing.usual': () => [
        {
          weekday: 'Tuesday',
          lines: [{ product: 'p1', name: 'Basmati Rice 5kg', nameNe: 'बासमती चामल', quantity: 2 }],
          ...timing('Monday'),
        },
        { weekday: 'Friday', lines: [], ...timing('Thursday') },
      ],
      'wishlist.list': () => [ghee, dal],
      'products.list': () => [rice, ghee, dal],
      'standing.pauses': () => [],
      'standing.setUsual': () => [],
    },
  });
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  vi.clearAllMocks();
});

describe('a typed usual quantity', () => {
  it('takes Western and Nepali digits, empty or 0 as none, and refuses the rest', () => {
    expect(standingQuantity('10')).toBe(10);
    expect(standingQuantity('१०')).toBe(10);
    expect(standingQuantity(' ')).toBeNull();
    expect(standingQuantity('0')).toBeNull();
    expect(standingQuantity('2.5')).toBe('bad');
    expect(standingQuantity('abc')).toBe('bad');
    expect(standingQuantity('99999')).toBe('bad');
  });
});

describe('USUAL ORDERS', () => {
  it('shows Nepali names, each unit, a short placeholder, and one width for every field', async () => {
    await act(() => i18n.changeLanguage('ne'));
    openUsual();
    const tuesday = await screen.findByRole('region', { name: 'मङ्गलबार' });
    const rows = await within(tuesday).findAllByTestId('standing-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('बासमती चामल'),
      expect.stringContaining('घ्यू'),
      expect.stringContaining('Toor Dal 1kg'),
    ]);
    expect(
      within(tuesday)
        .getAllByTestId('standing-unit')
        .map((u) => u.textContent),
    ).toEqual(['बोरा', 'बोतल', 'केजी']);
    const fields = within(tuesday).getAllByRole('textbox');
    // The placeholder is a short word that fits the field, not a truncated sentence.
    expect(fields[1]?.getAttribute('placeholder')).toBe('छैन');
    const widths = new Set(
      fields.map((f) => f.closest('.mantine-TextInput-root')?.getAttribute('style')),
    );
    expect(widths.size).toBe(1);
    expect([...widths][0]).toContain('140px');
  });

  it('marks what is out of stock today in Nepali: one in the usual order keeps its quantity, one not yet in it cannot be added', async () => {
    await act(() => i18n.changeLanguage('ne'));
    // Rice (in Tuesday's usual order) is counted and has none left; ghee is marked out of stock.
    const noRice = { ...rice, stockInCount: 0 };
    const noGhee = { ...ghee, itemType: 'Out of Stock' as const };
    const { calls } = renderScreen(<UsualOrders />, {
      path: '/customer/usual',
      answers: {
        'standing.usual': () => [
          {
            weekday: 'Tuesday',
            lines: [
              { product: 'p1', name: 'Basmati Rice 5kg', nameNe: 'बासमती चामल', quantity: 2 },
            ],
            ...timing('Monday'),
          },
        ],
        'wishlist.list': () => [noGhee, dal],
        'products.list': () => [noRice, noGhee, dal],
        'standing.pauses': () => [],
        'standing.setUsual': () => [],
      },
    });
    const tuesday = await screen.findByRole('region', { name: 'मङ्गलबार' });
    const [riceRow, gheeRow, dalRow] = await within(tuesday).findAllByTestId('standing-row');
    await waitFor(() =>
      expect(within(riceRow as HTMLElement).getByTestId('standing-out').textContent).toBe(
        'आज स्टकमा छैन: फेरि नआएसम्म ड्राफ्टमा राखिँदैन।',
      ),
    );
    const riceField = within(riceRow as HTMLElement).getByRole('textbox') as HTMLInputElement;
    expect(riceField.value).toBe('2');
    expect(riceField.disabled).toBe(false);
    expect(within(gheeRow as HTMLElement).getByTestId('standing-out').textContent).toBe('स्टकमा छैन');
    const gheeField = within(tuesday).getByRole('textbox', {
      name: 'मङ्गलबार: घ्यू: स्टकमा छैन',
    }) as HTMLInputElement;
    expect(gheeField.disabled).toBe(true);
    expect(within(dalRow as HTMLElement).queryByTestId('standing-out')).toBeNull();
    fireEvent.change(within(dalRow as HTMLElement).getByRole('textbox'), {
      target: { value: '3' },
    });
    fireEvent.click(within(tuesday).getByRole('button', { name: i18n.t('standing.save') }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'standing.setUsual')?.input).toEqual({
        weekday: 'Tuesday',
        lines: [
          { product: 'p1', quantity: 2 },
          { product: 'p3', quantity: 3 },
        ],
      }),
    );
  });

  it('the office sees a customer usual order as before, without the stock marks', async () => {
    renderScreen(<UsualOrders customerId="c1" />, {
      path: '/office/customers/c1',
      answers: {
        'standing.usualFor': () => [{ weekday: 'Tuesday', lines: [], ...timing('Monday') }],
        'standing.orderSheetFor': () => [
          { id: 'p2', name: 'Ghee 1L', nameNe: 'घ्यू', nameJa: null, sku: 'Btl', price: 1500 },
        ],
        'products.list': () => [{ ...ghee, itemType: 'Out of Stock' as const }],
        'standing.pausesFor': () => [],
      },
    });
    const tuesday = await screen.findByRole('region', { name: 'Tuesday' });
    const field = (await within(tuesday).findByRole('textbox')) as HTMLInputElement;
    expect(field.disabled).toBe(false);
    expect(within(tuesday).queryByTestId('standing-out')).toBeNull();
  });

  it('sends Nepali digits as numbers', async () => {
    await act(() => i18n.changeLanguage('ne'));
    const { calls } = openUsual();
    const tuesday = await screen.findByRole('region', { name: 'मङ्गलबार' });
    await within(tuesday).findByText('घ्यू');
    fireEvent.change(within(tuesday).getByRole('textbox', { name: /घ्यू/ }), {
      target: { value: '१०' },
    });
    fireEvent.click(within(tuesday).getByRole('button', { name: i18n.t('standing.save') }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'standing.setUsual')?.input).toEqual({
        weekday: 'Tuesday',
        lines: [
          { product: 'p1', quantity: 2 },
          { product: 'p2', quantity: 10 },
        ],
      }),
    );
  });

  it('takes pause dates as the app writes them in Nepali, in either digits, and sends YYYY-MM-DD', async () => {
    await act(() => i18n.changeLanguage('ne'));
    const { calls } = renderScreen(<UsualOrders />, {
      path: '/customer/usual',
      answers: {
        'standing.usual': () => [],
        'wishlist.list': () => [],
        'products.list': () => [],
        'standing.pauses': () => [],
        'standing.addPause': () => [],
      },
    });
    const pauses = await screen.findByRole('region', { name: i18n.t('standing.pauses') });
    // The calendar comes with the field, after the area: wait for it.
    const from = (await within(pauses).findByLabelText('देखि')) as HTMLInputElement;
    const to = within(pauses).getByLabelText('सम्म') as HTMLInputElement;
    expect(from.placeholder).toMatch(/^जस्तै: \d{1,2} \S+ \d{4}$/);
    typeDate(from, '1 डिसेम्बर 2030');
    // Typed with Devanagari digits on a Nepali keyboard.
    typeDate(to, '५ डिसेम्बर २०३०');
    expect(from.value).toBe('1 डिसेम्बर 2030');
    expect(to.value).toBe('5 डिसेम्बर 2030');
    fireEvent.click(within(pauses).getByRole('button', { name: 'रोक्नुहोस्' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'standing.addPause')?.input).toEqual({
        from: '2030-12-01',
        to: '2030-12-05',
      }),
    );
  });

  it('says which day and which product is wrong, and sends nothing', async () => {
    const { calls } = openUsual();
    const friday = await screen.findByRole('region', { name: 'Friday' });
    await within(friday).findByText('Ghee 1L');
    const field = within(friday).getByRole('textbox', { name: /Ghee 1L/ });
    fireEvent.change(field, { target: { value: '2.5' } });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Type a whole number from 1 to 9999, or leave it empty.');
    fireEvent.click(within(friday).getByRole('button', { name: 'Save usual order' }));
    expect(notifyError).toHaveBeenCalledWith(
      'Friday · Ghee 1L: type a whole number from 1 to 9999, or leave it empty.',
    );
    expect(document.activeElement).toBe(field);
    expect(calls.some((c) => c.path === 'standing.setUsual')).toBe(false);
  });
});

describe('USUAL ORDERS: when the drafts appear', () => {
  it('says how long before the cut-off the drafts appear, and each day’s draft time', async () => {
    openUsual();
    expect((await screen.findByTestId('standing-drafts-when')).textContent).toContain(
      "Each delivery day's draft appears on your home screen 6 hours before the cut-off (04:00 on the delivery day).",
    );
    const tuesday = await screen.findByRole('region', { name: 'Tuesday' });
    expect(within(tuesday).getByTestId('standing-drafts-from').textContent).toContain(
      'Draft from Monday 22:00; change or skip it until Tuesday 04:00.',
    );
  });

  it('says it in Nepali', async () => {
    await act(() => i18n.changeLanguage('ne'));
    openUsual();
    const friday = await screen.findByRole('region', { name: 'शुक्रबार' });
    expect(within(friday).getByTestId('standing-drafts-from').textContent).toContain(
      'ड्राफ्ट बिहीबार 22:00 देखि; शुक्रबार 04:00 सम्म बदल्न वा छोड्न सकिन्छ।',
    );
  });
});

type Run = RouterOutputs['standing']['upcoming'][number];

const THU = '2030-01-10';
function draft(over: Partial<Run> = {}): Run {
  return {
    id: 'r1',
    customerId: 'c1',
    restaurantName: 'Himalaya Kitchen',
    customerCode: 'C001',
    deliveryDate: THU,
    status: 'draft',
    skip: false,
    lines: [
      {
        productId: 'p1',
        name: 'Basmati Rice 5kg',
        nameNe: 'बासमती चामल',
        sku: 'Bag',
        quantity: 2,
        unitPrice: 2000,
        lineTotal: 4000,
        available: true,
        reason: null,
      },
    ],
    total: 4320,
    reason: null,
    orderId: null,
    otherOrders: [],
    // 04:00 in Tokyo on the delivery day.
    cutoffAt: '2030-01-09T19:00:00.000Z',
    ...over,
  };
}

/** The home's coming runs, answered from `held` (the server's copy, changed by updateDraft). */
function openComing(first: Run) {
  let held = first;
  const view = renderScreen(<ComingStandingOrders />, {
    path: '/customer',
    answers: {
      'standing.upcoming': () => [held],
      'products.list': () => [rice],
      'standing.updateDraft': (input) => {
        held = {
          ...held,
          skip: input.skip ?? false,
          lines: held.lines.map((l) => ({
            ...l,
            quantity: input.lines.find((i) => i.product === l.productId)?.quantity ?? l.quantity,
          })),
        };
        return held;
      },
    },
  });
  return { ...view, held: () => held };
}

describe('A COMING USUAL ORDER', () => {
  it('once skipped, reads as skipped: note, no quantities to change, and a way back', async () => {
    const { calls, held } = openComing(draft());
    const card = await screen.findByRole('region', { name: 'Usual order for 10 Jan 2030' });
    expect(within(card).getByTestId('standing-note').textContent).toContain(
      'A draft: it is placed at the cut-off (10 Jan 2030 04:00) unless you skip it.',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Skip this delivery' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Skipped.'));
    expect(calls.find((c) => c.path === 'standing.updateDraft')?.input).toEqual({
      deliveryDate: THU,
      skip: true,
      lines: [{ product: 'p1', quantity: 2 }],
    });
    expect(held().skip).toBe(true);
    await waitFor(() =>
      expect(within(card).getByTestId('standing-note').textContent).toContain(
        'Skipped: nothing will be ordered for 10 Jan 2030.',
      ),
    );
    expect(card.textContent).not.toContain('unless you skip it');
    expect(within(card).getByText('Skipped')).toBeTruthy();
    // Read-only until undone: no field, no Save changes, the quantity as text.
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(within(card).getByTestId('standing-row').textContent).toContain('×2');

    fireEvent.click(within(card).getByRole('button', { name: 'Order it after all' }));
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenLastCalledWith(
        'It will be ordered at the cut-off (10 Jan 2030 04:00).',
      ),
    );
    expect(held().skip).toBe(false);
    await waitFor(() => expect(within(card).getByRole('textbox')).toBeTruthy());
    expect(within(card).getByRole('button', { name: 'Save changes' })).toBeTruthy();
    expect(notifySuccess).not.toHaveBeenCalledWith('Draft saved.');
  });

  it('a draft already skipped when the screen opens offers only “Order it after all”', async () => {
    await act(() => i18n.changeLanguage('ne'));
    openComing(draft({ skip: true }));
    const card = await screen.findByRole('region', { name: /नियमित अर्डर/ });
    expect(within(card).getByTestId('standing-note').textContent).toContain(
      'छोडियो: 10 जनवरी 2030 का लागि केही पनि अर्डर हुने छैन।',
    );
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['छोड्नु रद्द गरी अर्डर गर्नुहोस्']);
  });

  it('names the order already placed for that day instead of promising to order at the cut-off', async () => {
    openComing(draft({ otherOrders: [{ id: 'o9', orderNumber: 10319 }] }));
    const card = await screen.findByRole('region', { name: 'Usual order for 10 Jan 2030' });
    const note = within(card).getByTestId('standing-note');
    expect(note.textContent).toContain(
      'You already have order #10319 for this day; this usual order will not be placed. Change that order instead, or skip.',
    );
    expect(card.textContent).not.toContain('placed at the cut-off');
    expect(within(card).getByRole('link', { name: 'Open order #10319' }).getAttribute('href')).toBe(
      '/customer/orderdetails/o9',
    );
    expect(within(card).getByRole('button', { name: 'Skip this delivery' })).toBeTruthy();
  });

  it('after the cut-off, says it was not placed because of the order already there', async () => {
    openComing(
      draft({
        status: 'skipped',
        reason: 'standing.alreadyOrdered',
        otherOrders: [{ id: 'o9', orderNumber: 10319 }],
      }),
    );
    const card = await screen.findByRole('region', { name: 'Usual order for 10 Jan 2030' });
    expect(within(card).getByTestId('standing-note').textContent).toContain(
      'Not placed: you already had order #10319 for this day.',
    );
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
