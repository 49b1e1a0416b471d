import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCustomer, makeUser } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/renderScreen';
import { serverError } from '../../../../test/testServer';
import { CustomerForm } from './CustomerForm';

// Someone else saved the customer while this form was open (ADR 109): the form sends what it
// showed, and when the server refuses a field both changed, their changes come into the form,
// the clashing field keeps what was typed here, marked, and saving again keeps it.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

const customer = makeCustomer({
  restaurantName: 'Everest Dining',
  deliveryDays: ['Monday'],
  route: 'r1',
  routeName: 'North',
});
// What the other person saved meanwhile: a contact and the documents' e-mail.
const saved = { ...customer, contactPerson: 'Hari', email: 'office@everest.example.jp' };

describe('a customer saved by someone else while the form was open', () => {
  it('brings their changes in, keeps the clashing field as typed, and saves it the second time', async () => {
    let refused = false;
    const { calls } = renderScreen(<CustomerForm customer={customer} onClose={() => {}} />, {
      path: '/admin/customers',
      user: admin,
      answers: {
        'routes.list': () => [{ _id: 'r1', name: 'North', customerCount: 1 }],
        'customers.byId': () => saved,
        'customers.update': (input) => {
          if (!refused) {
            refused = true;
            throw serverError(
              409,
              'customer.changedMeanwhile',
              { name: 'Everest Dining', count: 1 },
              { contactPerson: 'customer.fieldChangedMeanwhile' },
            );
          }
          return { ...saved, ...(input as object) };
        },
      },
    });
    const contact = screen.getByLabelText('Contact person') as HTMLInputElement;
    const email = screen.getByLabelText('E-mail for documents') as HTMLInputElement;
    fireEvent.change(contact, { target: { value: 'Sita' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    await waitFor(() => expect(email.value).toBe('office@everest.example.jp'));
    expect(contact.value).toBe('Sita');
    expect(
      await screen.findByText(
        'Changed by someone else meanwhile: yours is kept here. Check it and save again.',
      ),
    ).toBeTruthy();
    const updates = () => calls.filter((c) => c.path === 'customers.update');
    expect(updates()[0]?.input).toMatchObject({
      contactPerson: 'Sita',
      seen: { contactPerson: '', email: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()[1]?.input).toMatchObject({
      contactPerson: 'Sita',
      email: 'office@everest.example.jp',
      seen: { contactPerson: 'Hari', email: 'office@everest.example.jp' },
    });
  });
});
