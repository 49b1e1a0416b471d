import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerTermsOut, PriceListDetailOut } from '../../../../../../shared/schemas/terms';
import i18n from '../../../../i18n';
import { makeProduct, makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { type Answers, serverError } from '../../../../test/testServer';
import { PriceListsScreen } from './PriceListsScreen';

// The price lists (ADR 035) as the office audit found them: a negative price stays as typed
// with the reason at the field (it had become a "0" that looked saved, after a toast), and
// "Set own price" sends one request however fast it is clicked.

vi.mock('../../../../components/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

// jsdom has no FontFaceSet; Mantine's autosizing CSV field listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

const detail: PriceListDetailOut = {
  _id: 'l1',
  name: 'Trade',
  priceCount: 1,
  customerCount: 0,
  products: [
    { productId: 'rice', name: 'Rice', standardPrice: 2000, price: 1800, hidden: false },
    { productId: 'ghee', name: 'Ghee', standardPrice: 1000, price: null, hidden: false },
  ],
  customers: [],
};

const terms: CustomerTermsOut = {
  customerId: 'c1',
  priceListId: null,
  minOrderRule: 'none',
  minOrderValue: 0,
  deliveryCharge: 0,
  overrides: [],
  hidden: [],
  hiddenByList: [],
};

function renderPriceLists(answers: Answers = {}) {
  return renderScreen(<PriceListsScreen />, {
    path: '/admin/pricelists',
    user: admin,
    answers: {
      'routes.list': () => [],
      'categories.list': () => [],
      'priceLists.list': () => [{ _id: 'l1', name: 'Trade', priceCount: 1, customerCount: 0 }],
      'customers.list': () => [],
      'priceLists.byId': () => detail,
      'priceLists.customerTerms': () => terms,
      'products.list': () => [makeProduct({ _id: 'rice', name: 'Rice', price: 2000 })],
      ...answers,
    },
  });
}

async function openList() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Trade' }));
  return (await screen.findByLabelText('Price of Ghee on this list')) as HTMLInputElement;
}

afterEach(() => i18n.changeLanguage('en'));

describe('a price on a list', () => {
  it('keeps a negative price as typed, says why at the field, and sends nothing', async () => {
    const { calls } = renderPriceLists({ 'priceLists.setPrices': () => detail });
    const field = await openList();
    fireEvent.change(field, { target: { value: '-500' } });
    fireEvent.blur(field);
    await screen.findByText('The price cannot be negative.');
    expect(field.value).toBe('-500');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === 'priceLists.setPrices')).toBe(false);
  });

  it('says it in Japanese', async () => {
    await i18n.changeLanguage('ja');
    renderPriceLists();
    fireEvent.click(await screen.findByRole('button', { name: 'Tradeを編集' }));
    const field = (await screen.findByLabelText('この価格表でのGheeの価格')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '-500' } });
    fireEvent.blur(field);
    await screen.findByText('価格にマイナスは入力できません。');
    expect(field.value).toBe('-500');
  });

  it("says the server's refusal at the field, keeping what was typed", async () => {
    const { calls } = renderPriceLists({
      'priceLists.setPrices': () => {
        throw serverError(400, 'product.priceWhole');
      },
    });
    const field = await openList();
    fireEvent.change(field, { target: { value: '750' } });
    fireEvent.blur(field);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'priceLists.setPrices')).toHaveLength(1),
    );
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(field.value).toBe('750');
  });

  it('saves a good price', async () => {
    const { calls } = renderPriceLists({ 'priceLists.setPrices': () => detail });
    const field = await openList();
    fireEvent.change(field, { target: { value: '950' } });
    fireEvent.blur(field);
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'priceLists.setPrices')?.input).toEqual({
        id: 'l1',
        prices: [{ productId: 'ghee', price: 950 }],
      }),
    );
  });
});

describe("a customer's own price", () => {
  beforeEach(() => window.history.replaceState({}, '', '/admin/pricelists?customer=c1'));
  afterEach(() => window.history.replaceState({}, '', '/'));

  async function fillOwnPrice(value: string) {
    const product = await screen.findByLabelText('Product', { selector: 'input' });
    fireEvent.click(product);
    fireEvent.click(await screen.findByRole('option', { name: 'Rice' }));
    const price = screen.getByLabelText('Own price (¥)') as HTMLInputElement;
    fireEvent.change(price, { target: { value } });
    return price;
  }

  it('is sent once however fast "Set own price" is clicked', async () => {
    let finish: () => void = () => {};
    const { calls } = renderPriceLists({
      'priceLists.setOverride': () =>
        new Promise((resolve) => {
          finish = () => resolve(terms);
        }),
    });
    await fillOwnPrice('1500');
    const set = screen.getByRole('button', { name: 'Set own price' }) as HTMLButtonElement;
    fireEvent.click(set);
    fireEvent.click(set);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'priceLists.setOverride')).toHaveLength(1),
    );
    // Unavailable meanwhile, yet keeping the keyboard's focus (components/FocusKeepingButton).
    expect(set.getAttribute('aria-disabled')).toBe('true');
    finish();
    // Saved: the field is emptied for the next one.
    await waitFor(() =>
      expect((screen.getByLabelText('Own price (¥)') as HTMLInputElement).value).toBe(''),
    );
    expect(calls.filter((c) => c.path === 'priceLists.setOverride')).toHaveLength(1);
    expect(calls.find((c) => c.path === 'priceLists.setOverride')?.input).toEqual({
      customerId: 'c1',
      productId: 'rice',
      price: 1500,
    });
  });

  it('is not sent below zero (nor made 0), and says why at the field', async () => {
    const { calls } = renderPriceLists({ 'priceLists.setOverride': () => terms });
    const price = await fillOwnPrice('-100');
    fireEvent.blur(price);
    fireEvent.click(screen.getByRole('button', { name: 'Set own price' }));
    await screen.findByText('The price cannot be negative.');
    expect(price.value).toBe('-100');
    expect(calls.some((c) => c.path === 'priceLists.setOverride')).toBe(false);
  });
});

describe('choosing another list', () => {
  it('drops the CSV pasted for the first list, so it cannot be imported into the second', async () => {
    const imported: unknown[] = [];
    renderPriceLists({
      'priceLists.list': () => [
        { _id: 'l1', name: 'Trade', priceCount: 1, customerCount: 0 },
        { _id: 'l2', name: 'Hotels', priceCount: 0, customerCount: 0 },
      ],
      'priceLists.byId': (input) =>
        (input as { id: string }).id === 'l2' ? { ...detail, _id: 'l2', name: 'Hotels' } : detail,
      'priceLists.importCsv': (input) => {
        imported.push(input);
        return { valid: true, written: 0, fileErrors: [], rows: [] };
      },
    });
    await openList();
    const pasted = screen.getByLabelText(/CSV to import/) as HTMLTextAreaElement;
    fireEvent.change(pasted, { target: { value: 'code,price\nrice,1700' } });
    expect(pasted.value).toContain('rice,1700');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Hotels' }));
    await screen.findByRole('heading', { name: 'Hotels' });
    expect((screen.getByLabelText(/CSV to import/) as HTMLTextAreaElement).value).toBe('');
    expect(imported).toEqual([]);
  });
});

describe('the price lists table', () => {
  it("names every column, the Edit buttons' too (read out, not drawn)", async () => {
    renderPriceLists();
    await screen.findByRole('button', { name: 'Edit Trade' });
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent?.trim());
    expect(headers).toEqual(['Name', 'Prices', 'Customers', 'Actions']);
  });
});

describe('no price list yet', () => {
  it('says what a price list is for and how to start, not a bare table header', async () => {
    renderPriceLists({ 'priceLists.list': () => [] });
    const empty = await screen.findByTestId('price-lists-empty');
    expect(empty.textContent).toContain('No price lists yet.');
    expect(empty.textContent).toContain('A price list gives a group of customers');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByLabelText('New price list')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
  });

  it('says it in Japanese, and the customer picker says what to choose', async () => {
    await i18n.changeLanguage('ja');
    renderPriceLists({ 'priceLists.list': () => [] });
    expect(await screen.findByText('価格表はまだありません。')).toBeTruthy();
    const picker = screen.getByLabelText('得意先', { selector: 'input' }) as HTMLInputElement;
    expect(picker.placeholder).toBe('得意先を選択');
  });
});
