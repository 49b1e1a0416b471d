import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { ExportScreen } from './ExportScreen';

// The data export (spec §8: a route must be chosen first): pressing Export without a route says
// so at the field and downloads nothing; the page lists the workbook's five sheets by the names
// the file gives them (shared/locales/<lang>/exports.json), in each language.

vi.mock('../../../components/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('xlsx'));

function renderExport() {
  return renderScreen(<ExportScreen />, {
    path: '/admin/reports/export',
    user: admin,
    answers: {
      'invoices.formOptions': () => ({
        collectors: [],
        routes: [{ _id: 'r1', name: 'North' }],
      }),
    },
  });
}

const sheets = () =>
  [...screen.getByTestId('export-sheets').querySelectorAll('li')].map((li) => li.textContent);

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  // The download's object URL (jsdom has none).
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the data export page', () => {
  it('says at the field that a route is missing, and downloads nothing', async () => {
    await i18n.changeLanguage('ja');
    renderExport();
    fireEvent.click(screen.getByRole('button', { name: '出力' }));
    expect(await screen.findByText('先に配送ルートを選択してください')).toBeTruthy();
    const field = screen.getByRole('combobox', { name: /配送ルート/ }) as HTMLInputElement;
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();

    // Choosing a route (all of them, here) clears the message and the download starts.
    fireEvent.click(field);
    fireEvent.click(await screen.findByRole('option', { name: 'すべての配送ルート' }));
    expect(screen.queryByText('先に配送ルートを選択してください')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '出力' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/data/all');
  });

  it('lists the five sheets the file really has, in Japanese, English and Nepali', async () => {
    await i18n.changeLanguage('ja');
    const ja = renderExport();
    expect(screen.getByText('出力されるExcelファイルには5枚のシートがあります。')).toBeTruthy();
    expect(sheets().map((s) => s?.split('：')[0])).toEqual([
      '「得意先」',
      '「未入金の請求書」',
      '「請求書一覧」',
      '「赤伝一覧」',
      '「入金一覧」',
    ]);
    ja.unmount();

    await i18n.changeLanguage('en');
    const en = renderExport();
    expect(screen.getByText('The Excel file has 5 sheets:')).toBeTruthy();
    expect(sheets().map((s) => s?.split(':')[0])).toEqual([
      'Customers',
      'Outstanding invoices',
      'Invoices',
      'Credit notes',
      'Payments',
    ]);
    en.unmount();

    await i18n.changeLanguage('ne');
    renderExport();
    expect(screen.getByText('यो Excel फाइलमा 5 वटा पाना छन्:')).toBeTruthy();
    expect(sheets().map((s) => s?.split(' — ')[0])).toEqual([
      'ग्राहकहरू',
      'बाँकी बिलहरू',
      'सबै बिलहरू',
      'क्रेडिट नोटहरू',
      'भुक्तानीहरू',
    ]);
  });
});
