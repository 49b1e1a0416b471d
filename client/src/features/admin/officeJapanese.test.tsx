import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import jaDocuments from '../../../../shared/locales/ja/documents.json';
import jaErrCustomer from '../../../../shared/locales/ja/errors/customer.json';
import jaErrDocument from '../../../../shared/locales/ja/errors/document.json';
import jaLists from '../../../../shared/locales/ja/lists.json';
import jaMoney from '../../../../shared/locales/ja/money.json';
import jaOffice from '../../../../shared/locales/ja/office.json';
import jaPriceLists from '../../../../shared/locales/ja/priceLists.json';
import jaWebOrders from '../../../../shared/locales/ja/webOrders.json';
import { ClosingStatements } from '../../components/documents/ClosingStatements';
import { DocumentActions } from '../../components/documents/DocumentActions';
import i18n from '../../i18n';
import { makeUser } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';

// The office's Japanese names one thing one way: a customer is 得意先 (never 顧客 or お客様,
// which the restaurant's own screens keep), the monthly statement is 月次請求書 as on its PDF,
// and a credit note is 赤伝 with its document's name beside it on its PDF button.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(() => i18n.changeLanguage('en'));

/** Every text of a locale tree. */
const texts = (tree: unknown): string[] =>
  typeof tree === 'string'
    ? [tree]
    : typeof tree === 'object' && tree !== null
      ? Object.values(tree).flatMap(texts)
      : [];

describe("the office's Japanese words", () => {
  it('calls a customer 得意先 on every office screen', () => {
    const office = [jaOffice, jaPriceLists, jaLists, jaWebOrders, jaErrCustomer].flatMap(texts);
    expect(office.filter((s) => /顧客|お客様/.test(s))).toEqual([]);
    // Texts the office reads in the bundles it shares with the restaurants.
    const shared = [
      jaMoney.dueDateEmpty,
      jaMoney.invoiceAmountHint,
      jaMoney.creditNote.intro,
      jaMoney.creditNote.confirmHint,
      jaMoney.creditNote.issuedLong,
      jaMoney.claimApproveConfirm,
      jaDocuments.ui.noEmail,
      jaErrDocument.noEmail,
    ];
    expect(shared.filter((s) => /顧客|お客様/.test(s))).toEqual([]);
    expect(jaPriceLists.customerTerms).toBe('得意先ごとの条件');
    expect(jaPriceLists.customers).toBe('得意先数');
    expect(jaPriceLists.whoPays).toBe('得意先別の価格');
    expect(jaLists.kinds.customers).toBe('得意先');
  });

  it('calls the statement 月次請求書, as its PDF and the document list do', () => {
    expect(texts(jaMoney).filter((s) => s.includes('請求明細書'))).toEqual([]);
    expect(jaMoney.statement).toBe(jaDocuments.title.statement);
  });

  it('downloads the statements of a closing date as 月次請求書', async () => {
    await i18n.changeLanguage('ja');
    renderScreen(<ClosingStatements />, { path: '/admin/invoice', user: admin });
    // A link without a date yet (no href): found by its text.
    expect(screen.getByText('すべての月次請求書をダウンロード（PDF）')).toBeTruthy();
  });

  it('names the credit note’s PDF 赤伝（返還請求書） for the office, 返還請求書 for a restaurant', async () => {
    await i18n.changeLanguage('ja');
    const { unmount } = renderScreen(<DocumentActions kind="creditNote" id="cn1" area="admin" />, {
      path: '/admin/invoice',
      user: admin,
    });
    expect(screen.getByRole('link', { name: '赤伝（返還請求書） PDF' })).toBeTruthy();
    unmount();
    renderScreen(<DocumentActions kind="creditNote" id="cn1" area="customer" />, {
      path: '/account',
    });
    expect(screen.getByRole('link', { name: '返還請求書 PDF' })).toBeTruthy();
  });
});
