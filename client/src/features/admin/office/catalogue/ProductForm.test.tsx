import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CategoryAdminOut } from '../../../../../../shared/schemas/office';
import i18n from '../../../../i18n';
import { type CategoryOut, makeProduct, makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { type Answers, serverError } from '../../../../test/testServer';
import { ProductForm } from './ProductForm';

// The product form as a new wholesaler met it in Japanese (docs/decisions/055): a new product is
// not counted (counted at 0 it was out of stock the moment it was saved), counted with nothing
// in stock says under the stock field that customers cannot order it, the units read as the
// cards say them, and with no category yet the form says to create one, and lets the office.

vi.mock('../../../../components/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

// jsdom has no FontFaceSet; Mantine's autosizing description fields listen to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const spices: CategoryOut = { _id: 'c1', name: 'スパイス', nameNe: null, taxRate: 8 };

afterEach(() => i18n.changeLanguage('en'));

async function openForm(answers: Answers = {}) {
  let listed = () => {};
  const categoriesListed = new Promise<void>((resolve) => {
    listed = resolve;
  });
  const categories = answers['categories.list'] ?? (() => [spices]);
  const view = renderScreen(<ProductForm product={null} onClose={() => {}} />, {
    path: '/admin/products',
    user: admin,
    answers: {
      ...answers,
      'categories.list': (input) => {
        listed();
        return categories(input);
      },
    },
  });
  // The categories are on the form (a Select opened before its list loads stays empty).
  await categoriesListed;
  await act(async () => {});
  return view;
}

/** Chooses an option of a Mantine Select by the field's label (its list loaded). */
async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('a new product', () => {
  it('is not counted, and says nothing about stock until counted at 0', async () => {
    await act(() => i18n.changeLanguage('ja'));
    await openForm();
    const counted = screen.getByRole('combobox', { name: '在庫管理' }) as HTMLInputElement;
    expect(counted.value).toBe('在庫数を管理しない');
    const hint =
      '在庫数を管理していて在庫が0のため、在庫を追加するまで得意先はこの商品を注文できません。';
    expect(screen.queryByText(hint)).toBeNull();

    await choose('在庫管理', '在庫数を管理する');
    const stock = screen.getByRole('textbox', { name: '在庫数' });
    // Under the field, and read with it.
    const said = screen.getByText(hint);
    expect(stock.getAttribute('aria-describedby')).toContain(said.id);

    fireEvent.change(stock, { target: { value: '12' } });
    await waitFor(() => expect(screen.queryByText(hint)).toBeNull());
    fireEvent.change(stock, { target: { value: '0' } });
    await screen.findByText(hint);
  });

  it('is sent not counted when the office does not choose', async () => {
    const { calls } = await openForm({
      'products.create': (input) => makeProduct({ _id: 'p1', name: input.name }),
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), {
      target: { value: 'Cumin' },
    });
    await choose('Category', 'スパイス');
    fireEvent.change(screen.getByRole('textbox', { name: /^Price/ }), {
      target: { value: '1200' },
    });
    await choose('Unit', 'Kg');
    fireEvent.change(screen.getByRole('textbox', { name: /^Description/ }), {
      target: { value: 'Whole cumin' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'products.create')).toBe(true));
    const sent = calls.find((c) => c.path === 'products.create')?.input;
    expect(sent).toMatchObject({ name: 'Cumin', category: 'c1', itemCount: 'Not Count' });
  });
});

describe('the unit', () => {
  it('lists the units as the cards name them, not their codes', async () => {
    await act(() => i18n.changeLanguage('ja'));
    await openForm();
    fireEvent.click(screen.getByRole('combobox', { name: '単位' }));
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(names).toEqual(
      expect.arrayContaining([
        'kg',
        '個',
        'セット',
        'ケース',
        '缶',
        '袋',
        '本',
        'パック',
        'ガロン',
      ]),
    );
    expect(names).not.toContain('C/s');
    expect(names).not.toContain('Btl');
  });
});

describe('with no category yet', () => {
  it('says to create one first, and one made from the form is chosen', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const made: CategoryOut[] = [];
    const { calls } = await openForm({
      'categories.list': () => [...made],
      'categories.create': (input): CategoryAdminOut => {
        made.push({ _id: 'c9', name: input.name, nameNe: null, taxRate: 8 });
        return { _id: 'c9', name: input.name, nameNe: null, taxRate: 8, productCount: 0 };
      },
    });
    const note = await screen.findByTestId('no-categories');
    expect(note.textContent).toContain('先にカテゴリーを作成してください。');
    fireEvent.click(within(note).getByRole('button', { name: 'カテゴリーを追加' }));
    const dialog = await screen.findByRole('dialog', { name: 'カテゴリーを追加' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /カテゴリー名/ }), {
      target: { value: '調味料' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '登録' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'categories.create')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('no-categories')).toBeNull());
    const category = screen.getByRole('combobox', { name: 'カテゴリー' }) as HTMLInputElement;
    await waitFor(() => expect(category.value).toBe('調味料'));
  });
});

describe('the Japanese name (ADR 064)', () => {
  it('is a field of its own, sent with a new product, and an over-long one is refused there', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const { calls } = await openForm({
      'products.create': (input) => makeProduct({ _id: 'p1', name: input.name }),
    });
    const field = screen.getByRole('textbox', { name: '日本語名（任意）' }) as HTMLInputElement;
    expect(field.value).toBe('');
    fireEvent.change(field, { target: { value: 'ク'.repeat(201) } });
    await screen.findByText('長すぎます。');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: 'クミンシード 1kg' } });
    await waitFor(() => expect(screen.queryByText('長すぎます。')).toBeNull());
    fireEvent.change(screen.getByRole('textbox', { name: /^商品名/ }), {
      target: { value: 'Cumin Seeds 1kg' },
    });
    await choose('カテゴリー', 'スパイス');
    fireEvent.change(screen.getByRole('textbox', { name: /^価格/ }), {
      target: { value: '1200' },
    });
    await choose('単位', 'kg');
    fireEvent.change(screen.getByRole('textbox', { name: /^説明/ }), {
      target: { value: 'Whole cumin' },
    });
    fireEvent.click(screen.getByRole('button', { name: '登録' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'products.create')).toBe(true));
    expect(calls.find((c) => c.path === 'products.create')?.input).toMatchObject({
      name: 'Cumin Seeds 1kg',
      nameJa: 'クミンシード 1kg',
    });
  });

  it('shows a product’s Japanese name to change, names its category in Japanese, and saves it', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const named = { ...spices, name: 'Spices', nameJa: 'スパイス類' };
    const ghee = makeProduct({
      _id: 'p7',
      name: 'Pure Ghee 1L',
      nameJa: '純正ギー 1L',
      category: named,
    });
    const { calls } = renderScreen(<ProductForm product={ghee} onClose={() => {}} />, {
      path: '/admin/products',
      user: admin,
      answers: {
        'categories.list': () => [named],
        'products.update': (input) => ({ ...ghee, ...(input as object) }),
      },
    });
    const field = (await screen.findByRole('textbox', {
      name: '日本語名（任意）',
    })) as HTMLInputElement;
    expect(field.value).toBe('純正ギー 1L');
    const category = screen.getByRole('combobox', { name: 'カテゴリー' }) as HTMLInputElement;
    await waitFor(() => expect(category.value).toBe('スパイス類'));
    fireEvent.change(field, { target: { value: 'ギー（純正）1L' } });
    fireEvent.click(screen.getByRole('button', { name: /^保存/u }));
    await waitFor(() => expect(calls.some((c) => c.path === 'products.update')).toBe(true));
    expect(calls.find((c) => c.path === 'products.update')?.input).toMatchObject({
      id: 'p7',
      nameJa: 'ギー（純正）1L',
    });
  });
});

describe('a product whose stock moves while its form is open', () => {
  it('shows the stock now after the server refuses a count typed over it, and sends what it showed', async () => {
    const pepper = makeProduct({
      _id: 'p9',
      name: 'Timur',
      category: spices,
      itemCount: 'Count',
      stockInCount: 3,
    });
    let refused = false;
    const { calls } = renderScreen(<ProductForm product={pepper} onClose={() => {}} />, {
      path: '/admin/products',
      user: admin,
      answers: {
        'categories.list': () => [spices],
        'products.update': (input) => {
          if (!refused) {
            refused = true;
            throw serverError(409, 'catalogue.stockChangedMeanwhile', { name: 'Timur', now: 0 });
          }
          return { ...pepper, ...(input as object) };
        },
      },
    });
    const stock = (await screen.findByRole('textbox', { name: /^Stock/ })) as HTMLInputElement;
    fireEvent.change(stock, { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save(:|：| |$)/u }));
    // The stock field now shows what is left, and the next save says it saw that.
    await waitFor(() => expect(stock.value).toBe('0'));
    const updates = () => calls.filter((c) => c.path === 'products.update');
    expect(updates()[0]?.input).toMatchObject({ stockInCount: 8, stockSeen: 3 });
    fireEvent.click(screen.getByRole('button', { name: /^Save(:|：| |$)/u }));
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()[1]?.input).toMatchObject({ stockInCount: 0, stockSeen: 0 });
  });
});
