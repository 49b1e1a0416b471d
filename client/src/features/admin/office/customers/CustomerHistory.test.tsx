import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n';
import { makeProduct, makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { CustomerHistory } from './customerHistory';

// A customer's change history (the clock on its card) reads as the invoice's does: each field
// by its form label, each value as the screens show it (a phone with its 0, 月締め, 月曜日, はい),
// a product's own price under the product's name, never a key, an enum value or an id.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

// The table shows a column while its media query matches; a column without one asks for ''.
const matchMedia = window.matchMedia;
beforeEach(() => {
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query === '' });
});
afterEach(async () => {
  window.matchMedia = matchMedia;
  await i18n.changeLanguage('en');
});

const entry = (
  _id: string,
  action: 'create' | 'update',
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) => ({ _id, action, actorName: 'hana', at: '2030-05-15T01:00:00.000Z', before, after });

const render = () =>
  renderScreen(<CustomerHistory id="c1" />, {
    path: '/admin/customer',
    user: admin,
    answers: {
      'audit.history': () => [
        entry('e1', 'update', { 'price.p7': null }, { 'price.p7': 480 }),
        entry('e2', 'update', { 'price.gone': 500 }, { 'price.gone': null }),
        entry(
          'e3',
          'update',
          { minOrderRule: 'none', priceListId: null, minOrderValue: 0 },
          { minOrderRule: 'charge', priceListId: 'l1', minOrderValue: 3000 },
        ),
        entry(
          'e4',
          'update',
          { password: '', closingDay: null, paymentMonth: 0 },
          { password: '*', closingDay: 31, paymentMonth: 1 },
        ),
        entry('e5', 'create', null, {
          phoneNumber: '312345678',
          paymentMethod: 'monthly',
          deliveryDays: ['Monday', 'Thursday'],
          badDebt: false,
          documentLanguage: 'en',
          paymentDate: '25',
        }),
      ],
      'products.list': () => [makeProduct({ _id: 'p7', name: 'Masoor Dal 1kg' })],
      'priceLists.list': () => [{ _id: 'l1', name: '卸価格A', priceCount: 3, customerCount: 2 }],
    },
  });

const lines = () => screen.getAllByTestId('history-change').map((e) => e.textContent);

describe("a customer's change history", () => {
  it('names each field and value in Japanese, and the product of an own price', async () => {
    await i18n.changeLanguage('ja');
    render();
    await waitFor(() => expect(lines()).toContain('個別価格：Masoor Dal 1kg: — → ¥480'));
    expect(lines()).toEqual([
      '個別価格：Masoor Dal 1kg: — → ¥480',
      '個別価格（削除済みの商品）: ¥500 → —',
      '最低注文: 表示のみ → 未満は配送料',
      '価格表: 標準価格 → 卸価格A',
      '最低注文金額（円、税抜）: ¥0 → ¥3,000',
      'パスワード: 変更しました',
      '締め日: 未設定 → 月末',
      '支払月: 当月 → 翌月',
      '電話番号: 03-1234-5678',
      '支払方法: 月締め',
      '配送曜日: 月曜日、木曜日',
      '貸倒れ: いいえ',
      '書類の言語: 英語',
      '毎月の支払日: 25日',
    ]);
    const text = lines().join('\n');
    for (const raw of ['price.', 'minOrderRule', 'monthly', 'Monday', 'false', 'p7', 'l1']) {
      expect(text).not.toContain(raw);
    }
  });
});
