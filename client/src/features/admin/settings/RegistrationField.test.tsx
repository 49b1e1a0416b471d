import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { serverError } from '../../../test/testServer';
import { BusinessSettingsPanel } from './TaxAndBusinessSettings';

// The registration number as a Japanese IME types it (Ｔ２０１１…) is a number, not a format
// error; a refused one is said on the field itself, not only at the foot of the form (ADR 056).

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const BUSINESS = {
  legalName: '株式会社さくら食品',
  address: '東京都新宿区西新宿1-2-3',
  nameEn: '',
  addressEn: '',
  phone: '0312345678',
  bank: {
    bankName: 'みずほ銀行',
    branchName: '新宿支店',
    accountType: 'ordinary' as const,
    accountNumber: '7654321',
    accountHolder: 'カ）サクラショクヒン',
  },
  registrationNumber: '',
};
const FORMAT = 'The registration number must be T followed by 13 digits (e.g. T7000012050002).';

const field = () => screen.getByLabelText(/registration number/) as HTMLInputElement;

function render(update: (input: typeof BUSINESS) => typeof BUSINESS) {
  return renderScreen(<BusinessSettingsPanel />, {
    path: '/admin/settings',
    user: admin,
    answers: {
      'settings.business': () => BUSINESS,
      'settings.updateBusiness': (input) => update(input as typeof BUSINESS),
    },
  });
}

describe('the registration number field', () => {
  it('takes the full-width form without complaint and shows what the server stored', async () => {
    const { calls } = render((input) => ({ ...input, registrationNumber: 'T2011001012345' }));
    await screen.findByLabelText(/registration number/);
    fireEvent.change(field(), { target: { value: 'Ｔ２０１１００１０１２３４５' } });
    fireEvent.blur(field());
    expect(field().getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /^Save(:|：| |$)/u }));
    await waitFor(() => expect(field().value).toBe('T2011001012345'));
    expect(calls.find((c) => c.path === 'settings.updateBusiness')?.input).toMatchObject({
      registrationNumber: 'Ｔ２０１１００１０１２３４５',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks the field when it is left with what is not a number', async () => {
    render((input) => input);
    await screen.findByLabelText(/registration number/);
    fireEvent.change(field(), { target: { value: 'Ｔ２０１１' } });
    fireEvent.blur(field());
    await waitFor(() => expect(field().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(FORMAT)).toBeTruthy();
    // Typing again clears the mark until the field is left again.
    fireEvent.change(field(), { target: { value: 'Ｔ２０１１００' } });
    expect(field().getAttribute('aria-invalid')).not.toBe('true');
  });

  it("marks the field with the server's refusal, and says it at the foot too", async () => {
    render(() => {
      throw serverError(400, 'settings.registrationFormat', undefined, {
        registrationNumber: 'settings.registrationFormat',
      });
    });
    await screen.findByLabelText(/registration number/);
    fireEvent.change(field(), { target: { value: 'T1' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save(:|：| |$)/u }));
    expect((await screen.findByRole('alert')).textContent).toBe(FORMAT);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(FORMAT)).toHaveLength(2);
  });
});

describe("the business's name and address in English", () => {
  it('are sent with the rest, under a heading that says which documents print them', async () => {
    const { calls } = render((input) => input);
    const name = (await screen.findByLabelText('Name in English')) as HTMLInputElement;
    const address = screen.getByLabelText('Address in English') as HTMLTextAreaElement;
    // Addresses take lines (〒 and the postal code on its own), so they are text areas.
    expect(address.tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Address').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('heading', { name: 'For documents in English' })).toBeTruthy();
    expect(screen.getByText(/customers who get them in English/)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Sakura Foods Co., Ltd.' } });
    fireEvent.change(address, { target: { value: '1-2-3 Nishi-Shinjuku\nTokyo 160-0023' } });
    fireEvent.click(screen.getByRole('button', { name: /^Save(:|：| |$)/u }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'settings.updateBusiness')?.input).toMatchObject({
        legalName: '株式会社さくら食品',
        nameEn: 'Sakura Foods Co., Ltd.',
        addressEn: '1-2-3 Nishi-Shinjuku\nTokyo 160-0023',
      }),
    );
  });
});
