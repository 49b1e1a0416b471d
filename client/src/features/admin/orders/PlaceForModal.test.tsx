import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pickFrom } from '../../../test/customerPick';
import { deliveryCalendar, makeProduct, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { serverError } from '../../../test/testServer';
import { PlaceForModal } from './PlaceForModal';

// An order phoned in: the picker offers the chosen customer's own catalogue (its prices,
// without what is hidden from it), a running total follows the lines, and a refusal for a
// hidden product is said in the office's words, not the customer's.

vi.mock('../../../components/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
const placeFor = vi.hoisted(() => vi.fn(async (_input: unknown): Promise<unknown> => ({})));
vi.mock('../../../keyed', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../keyed')>()),
  keyedClient: { orders: { placeFor: { mutate: placeFor } } },
}));

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

// Standard prices: Rice 2,000, Ghee 1,000, Secret Sauce 800. Himalaya pays 1,800 and 900 and
// does not see the sauce; Everest pays the standard prices and sees everything.
const rice = makeProduct({ _id: 'rice', name: 'Rice', sku: 'Kg', price: 2000, taxRate: 8 });
const ghee = makeProduct({ _id: 'ghee', name: 'Ghee', sku: 'Kg', price: 1000, taxRate: 8 });
const sauce = makeProduct({ _id: 'sauce', name: 'Secret Sauce', sku: 'Pcs', price: 800 });
const catalogues: Record<string, ReturnType<typeof makeProduct>[]> = {
  himalaya: [
    { ...rice, price: 1800 },
    { ...ghee, price: 900 },
  ],
  everest: [rice, ghee, sauce],
};

function renderModal() {
  return renderScreen(<PlaceForModal opened onClose={() => {}} />, {
    path: '/admin/weborders',
    user: admin,
    answers: {
      'customers.pick': pickFrom([
        { _id: 'himalaya', restaurantName: 'Himalaya Kitchen', customerCode: 'C1' },
        { _id: 'everest', restaurantName: 'Everest Dining', customerCode: 'C2' },
      ]),
      'products.list': () => [rice, ghee, sauce],
      'products.forCustomer': ({ customerId }) => catalogues[customerId] ?? [],
      // Everest Dining: below ¥30,000 before tax, an ¥800 delivery charge is added.
      'orders.termsFor': ({ customerId }) => ({
        minimumOrder:
          customerId === 'everest' ? { rule: 'charge', value: 30000, deliveryCharge: 800 } : null,
        hidden: [],
      }),
      'settings.tax': () => ({ basis: 'exclusive', rounding: 'down' }),
      'settings.deliveryCalendar': deliveryCalendar,
    },
  });
}

async function choose(label: RegExp | string, option: string, nth = 0) {
  const input = screen.getAllByLabelText(label, { selector: 'input' })[nth] as HTMLElement;
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const optionNames = async (nth = 0) => {
  fireEvent.click(screen.getAllByLabelText('Product', { selector: 'input' })[nth] as HTMLElement);
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent);
  fireEvent.keyDown(
    screen.getAllByLabelText('Product', { selector: 'input' })[nth] as HTMLElement,
    {
      key: 'Escape',
    },
  );
  return names;
};

describe('an order phoned in', () => {
  it("offers the customer's own prices, without its hidden products, once it is chosen", async () => {
    const { calls } = renderModal();
    const product = screen.getByLabelText('Product', { selector: 'input' }) as HTMLInputElement;
    expect(product.disabled).toBe(true);
    await choose(/^Customer/, 'Himalaya Kitchen (C1)');
    await waitFor(() =>
      expect(
        (screen.getByLabelText('Product', { selector: 'input' }) as HTMLInputElement).disabled,
      ).toBe(false),
    );
    expect(await optionNames()).toEqual(['Rice (Kg) ¥1,800', 'Ghee (Kg) ¥900']);
    expect(
      calls.some(
        (c) =>
          c.path === 'products.forCustomer' &&
          (c.input as { customerId: string }).customerId === 'himalaya',
      ),
    ).toBe(true);
    expect(calls.some((c) => c.path === 'products.list')).toBe(false);
  });

  it('keeps a running total of the lines at those prices', async () => {
    renderModal();
    await choose(/^Customer/, 'Himalaya Kitchen (C1)');
    await waitFor(() =>
      expect(
        (screen.getByLabelText('Product', { selector: 'input' }) as HTMLInputElement).disabled,
      ).toBe(false),
    );
    await choose('Product', 'Rice (Kg) ¥1,800');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '3' } });
    await waitFor(() => expect(screen.getByTestId('place-for-total').textContent).toBe('¥5,832'));
    expect(screen.getByTestId('place-for-line-amount-0').textContent).toBe('¥5,400');
    fireEvent.click(screen.getByRole('button', { name: 'Add a product' }));
    await choose('Product', 'Ghee (Kg) ¥900', 1);
    // (5,400 + 900) + 8% = 6,804.
    await waitFor(() => expect(screen.getByTestId('place-for-total').textContent).toBe('¥6,804'));
  });

  it("adds the customer's delivery charge below its minimum, as placement will", async () => {
    renderModal();
    await choose(/^Customer/, 'Everest Dining (C2)');
    await waitFor(() =>
      expect(
        (screen.getByLabelText('Product', { selector: 'input' }) as HTMLInputElement).disabled,
      ).toBe(false),
    );
    await choose('Product', 'Rice (Kg) ¥2,000');
    // 2,000 + 8% = 2,160, and the charge 800 + 10% = 880: ¥3,040, not ¥2,160.
    await waitFor(() => expect(screen.getByTestId('place-for-total').textContent).toBe('¥3,040'));
    expect(screen.getByTestId('place-for-minimum').textContent).toContain('¥800');
  });

  it('takes off what the newly chosen customer is not offered, and says so', async () => {
    renderModal();
    await choose(/^Customer/, 'Everest Dining (C2)');
    await waitFor(() =>
      expect(
        (screen.getByLabelText('Product', { selector: 'input' }) as HTMLInputElement).disabled,
      ).toBe(false),
    );
    await choose('Product', 'Secret Sauce (Pcs) ¥800');
    await choose(/^Customer/, 'Himalaya Kitchen (C1)');
    const note = await screen.findByTestId('place-for-removed');
    expect(note.textContent).toContain('Secret Sauce');
    expect(
      (screen.getByLabelText('Product', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('');
  });

  it("says a refusal of a hidden product in the office's words", async () => {
    placeFor.mockRejectedValueOnce(serverError(409, 'terms.productHidden', { name: 'Ghee' }));
    renderModal();
    await choose(/^Customer/, 'Himalaya Kitchen (C1)');
    await waitFor(() =>
      expect(
        (screen.getByLabelText('Product', { selector: 'input' }) as HTMLInputElement).disabled,
      ).toBe(false),
    );
    await choose('Product', 'Ghee (Kg) ¥900');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ghee is hidden from this customer');
    expect(alert.textContent).not.toContain('your restaurant');
  });
});

describe('the phone order by keyboard', () => {
  it('opens on the customer, names each line, and takes a new line to its product', async () => {
    renderModal();
    const customer = screen.getByLabelText(/^Customer/, { selector: 'input' });
    // On the customer, not on ×: a typist's Enter does not close the dialog.
    await waitFor(() => expect(document.activeElement).toBe(customer));
    expect(screen.getByLabelText('Product, line 1')).toBeTruthy();
    expect(screen.getByLabelText('Quantity, line 1')).toBeTruthy();
    await choose(/^Customer/, 'Himalaya Kitchen (C1)');
    fireEvent.click(screen.getByRole('button', { name: 'Add a product' }));
    const second = await screen.findByLabelText('Product, line 2');
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(screen.getByRole('button', { name: 'Remove line 2' })).toBeTruthy();
  });
});
