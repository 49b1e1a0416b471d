import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { ProductForm } from './ProductForm';

// The product form's price is typed in the business's price basis; its label says which, so
// the office does not type a price with tax into a catalogue priced without it.

vi.mock('../../../../components/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

// jsdom has no FontFaceSet; Mantine's autosizing description fields listen to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(() => i18n.changeLanguage('en'));

function openForm(basis: 'exclusive' | 'inclusive') {
  return renderScreen(<ProductForm product={null} onClose={() => {}} />, {
    path: '/admin/products',
    user: admin,
    answers: {
      'categories.list': () => [{ _id: 'c1', name: 'スパイス', nameNe: null, taxRate: 8 }],
      'settings.tax': () => ({ basis, rounding: 'down' }),
    },
  });
}

describe("the product form's price label", () => {
  it('says the price is without tax (価格（税抜・円）)', async () => {
    await act(() => i18n.changeLanguage('ja'));
    openForm('exclusive');
    expect(await screen.findByRole('textbox', { name: '価格（税抜・円）' })).toBeTruthy();
  });

  it('says the price includes tax when the business prices with tax', async () => {
    openForm('inclusive');
    expect(await screen.findByRole('textbox', { name: 'Price (yen, incl. tax)' })).toBeTruthy();
  });
});
