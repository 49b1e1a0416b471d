import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../../shared/schemas/documents';
import i18n from '../../i18n';
import { fakeAuth, renderAt } from '../../test/render';
import { DocumentTable } from './DocumentTable';

// A restaurant whose transfer arrived short by the bank's fee reads, beside the invoice it
// settled, that the fee was deducted (ADR 069), in its language; other invoices say nothing.

const documents: DocumentSummary[] = [
  {
    kind: 'invoice',
    id: 'i1',
    number: 'INV-000009',
    date: '2030-05-31',
    amount: 46_550,
    cancelled: false,
    unpaid: 0,
    overdue: false,
    bankFee: 660,
  },
  {
    kind: 'invoice',
    id: 'i2',
    number: 'INV-000010',
    date: '2030-06-30',
    amount: 12_000,
    cancelled: false,
    unpaid: 0,
    overdue: false,
  },
];

const show = () =>
  renderAt(<DocumentTable documents={documents} area="customer" />, '/account', fakeAuth());

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('the bank transfer fee on the documents list', () => {
  it('says "Bank transfer fee deducted ¥660" beside the invoice it settled, and only there', () => {
    show();
    const fees = screen.getAllByTestId('document-bank-fee');
    expect(fees.map((f) => f.textContent)).toEqual(['Bank transfer fee deducted ¥660']);
  });

  it('in Japanese and Nepali', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const { unmount } = show();
    expect(screen.getByTestId('document-bank-fee').textContent).toBe('振込手数料差引 ¥660');
    unmount();
    await act(() => i18n.changeLanguage('ne'));
    show();
    expect(screen.getByTestId('document-bank-fee').textContent).toBe('बैंक ट्रान्सफर शुल्क कटाइएको ¥660');
  });
});
