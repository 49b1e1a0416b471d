import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n';
import { makeCustomer, makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { CustomerForm } from './CustomerForm';

// The name a restaurant's bank transfers arrive under (振込名義, ADR 085) is one of the
// customer's billing details: shown and changed on its form, in every language.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

afterEach(() => i18n.changeLanguage('en'));

const customer = makeCustomer({
  restaurantName: 'さくら食堂',
  deliveryDays: ['Monday'],
  route: 'r1',
  routeName: 'North',
  transferName: 'ｻｸﾗｼｮｸﾄﾞｳ',
});

const form = () =>
  renderScreen(<CustomerForm customer={customer} onClose={() => {}} />, {
    path: '/admin/customers',
    user: admin,
    answers: {
      'routes.list': () => [{ _id: 'r1', name: 'North', customerCount: 1 }],
      'customers.update': (input) => ({ ...customer, ...(input as object) }),
    },
  });

describe('the transfer name on the customer form', () => {
  it('shows the name as the bank writes it, labelled in Japanese, English and Nepali', async () => {
    await i18n.changeLanguage('ja');
    const { unmount } = form();
    const field = screen.getByLabelText('振込名義', { selector: 'input' }) as HTMLInputElement;
    expect(field.value).toBe('ｻｸﾗｼｮｸﾄﾞｳ');
    unmount();
    await i18n.changeLanguage('en');
    const second = form();
    expect(screen.getByLabelText('Transfer name (振込名義)', { selector: 'input' })).toBeTruthy();
    second.unmount();
    await i18n.changeLanguage('ne');
    form();
    expect(screen.getByLabelText('बैंक ट्रान्सफर नाम (振込名義)', { selector: 'input' })).toBeTruthy();
  });

  it('sends the name typed when the customer is saved', async () => {
    const { calls } = form();
    const field = screen.getByLabelText('Transfer name (振込名義)', { selector: 'input' });
    fireEvent.change(field, { target: { value: 'ｶ)ｻｸﾗｼｮｸﾄﾞｳ ｼﾝｼﾞｭｸ' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'customers.update')?.input).toMatchObject({
        id: 'c1',
        transferName: 'ｶ)ｻｸﾗｼｮｸﾄﾞｳ ｼﾝｼﾞｭｸ',
      }),
    );
  });
});
