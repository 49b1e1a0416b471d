import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubstituteChoicesOut } from '../../../../../shared/schemas/billing';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import i18n from '../../../i18n';
import { cashJob, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { serverError } from '../../../test/testServer';
import { DriverPendingScreen } from './DriverPendingScreen';
import { discard, queuedNow } from './outbox';
import { forgetChoices } from './substitutes';

// A line delivered as "substituted" (ADR 050): the driver picks the product handed over instead
// from the phone's list (the restaurant's prices, nothing hidden from it, not the line's own
// product), the cash to collect includes it at its rate, it is sent with the delivery, a
// refused delivery keeps it, and the list kept on the phone serves without signal.

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });

/** A cash job whose one line is rice (product p-rice, in bags) for customer c1. */
function job(id: string): JobOut {
  const base = cashJob(id);
  const order = base.order as NonNullable<JobOut['order']>;
  const [line] = order.orderItems;
  return {
    ...base,
    customer: { ...(base.customer as NonNullable<JobOut['customer']>), _id: 'c1' },
    order: { ...order, orderItems: [{ ...line!, productId: 'p-rice', sku: 'Bag' }] },
  };
}

const CHOICES: SubstituteChoicesOut = {
  basis: 'exclusive',
  products: [
    {
      _id: 'p-rice',
      name: 'Basmati Rice',
      nameNe: 'बासमती चामल',
      sku: 'Bag',
      price: 1000,
      taxRate: 8,
    },
    { _id: 'p-ghee', name: 'Ghee', nameNe: 'घिउ', sku: 'Tin', price: 1200, taxRate: 8 },
    { _id: 'p-oil', name: 'Sunflower Oil', nameNe: null, sku: 'Btl', price: 900, taxRate: 10 },
    { _id: 'p-secret', name: 'Secret Sauce', nameNe: null, sku: 'Btl', price: 700, taxRate: 8 },
  ],
  customers: [{ customerId: 'c1', prices: { 'p-oil': 850 }, hidden: ['p-secret'] }],
};

function accepted(id: string) {
  return new Response(JSON.stringify({ result: { data: { _id: id } } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

function refusal(appCode: string) {
  return new Response(
    JSON.stringify({
      error: {
        message: `(English text of ${appCode})`,
        code: -32600,
        data: { code: 'BAD_REQUEST', httpStatus: 400, appCode, params: {} },
      },
    }),
    { status: 400, headers: { 'content-type': 'application/json' } },
  );
}

const deliverCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter((c) => String(c[0]).includes('ordertrack.deliver'));

function pending(jobs: JobOut[], choices: (() => SubstituteChoicesOut) | null) {
  return renderScreen(<DriverPendingScreen />, {
    path: '/driver/ordertrack',
    user: driver,
    answers: {
      'ordertrack.driverPending': () => jobs,
      ...(choices ? { 'products.forDriver': choices } : {}),
    },
  });
}

/** Opens the dialog and records the rice line as none delivered, substituted. */
async function substituteRice() {
  fireEvent.click(await screen.findByRole('button', { name: /^Mark As Delivered/ }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Delivered: Basmati Rice'), {
    target: { value: '0' },
  });
  fireEvent.change(within(dialog).getByLabelText('Why different: Basmati Rice'), {
    target: { value: 'substituted' },
  });
  return dialog;
}

const productSelect = (dialog: HTMLElement) =>
  within(dialog).getByLabelText('Handed over instead of Basmati Rice') as HTMLSelectElement;
const optionValues = (select: HTMLSelectElement) =>
  [...select.querySelectorAll('option')].map((o) => o.value);

afterEach(async () => {
  vi.unstubAllGlobals();
  for (const q of queuedNow()) await discard(q.jobId);
  forgetChoices();
  await act(() => i18n.changeLanguage('en'));
});

describe('the substitute picker', () => {
  it('offers the restaurant its products at its prices, adds the substitute to the cash and sends it', async () => {
    const fetchMock = vi.fn(async (_url: string | URL | Request) => accepted('s1'));
    vi.stubGlobal('fetch', fetchMock);
    pending([job('s1')], () => CHOICES);
    const dialog = await substituteRice();
    const select = await waitFor(() => productSelect(dialog));
    // The phone's own picker, as the reason's (390 px): nothing hidden from the restaurant and
    // not the line's own product; each at this restaurant's price.
    expect(select.tagName).toBe('SELECT');
    expect(optionValues(select)).toEqual(['', 'p-ghee', 'p-oil']);
    expect(select.querySelector('option[value="p-oil"]')?.textContent).toContain('¥850');
    // Nothing picked yet: said, and nothing can be sent.
    expect(within(dialog).getByText('Choose the product handed over instead')).toBeTruthy();
    const yes = () => within(dialog).getByRole('button', { name: 'Yes' }) as HTMLButtonElement;
    expect(yes().disabled).toBe(true);

    // The search narrows the list.
    fireEvent.change(
      within(dialog).getByLabelText('Find the product given instead of Basmati Rice'),
      {
        target: { value: 'oil' },
      },
    );
    expect(optionValues(productSelect(dialog))).toEqual(['', 'p-oil']);
    fireEvent.change(productSelect(dialog), { target: { value: 'p-oil' } });
    const quantity = within(dialog).getByLabelText(
      'How many handed over instead of Basmati Rice',
    ) as HTMLInputElement;
    // As many as were not delivered, to start with.
    expect(quantity.value).toBe('2');
    // Rice 0; oil 850 x 2 = 1,700 at 10 %: ¥1,870 to collect.
    const cash = within(dialog).getByLabelText('Cash taken') as HTMLInputElement;
    await waitFor(() => expect(cash.value).toBe('¥1,870'));
    fireEvent.change(quantity, { target: { value: '0' } });
    expect(await within(dialog).findByText('At least 1')).toBeTruthy();
    expect(yes().disabled).toBe(true);
    // Typed on a Nepali keyboard: "३" is 3; 850 x 3 = 2,550 + 255.
    fireEvent.change(quantity, { target: { value: '३' } });
    await waitFor(() => expect(cash.value).toBe('¥2,805'));
    expect(yes().disabled).toBe(false);
    fireEvent.click(yes());
    await waitFor(() => expect(deliverCalls(fetchMock)).toHaveLength(1));
    const body = JSON.parse(String(deliverCalls(fetchMock)[0]?.[1]?.body));
    expect(body.lines).toEqual([
      {
        lineId: 'l-s1',
        deliveredQuantity: 0,
        reason: 'substituted',
        substitute: { productId: 'p-oil', quantity: 3 },
      },
    ]);
    expect(body.cashTaken).toBe(2805);
  });

  it('a refused delivery keeps the substitute, priced again from the list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) =>
        String(url).includes('ordertrack.deliver')
          ? refusal('delivery.substituteUnknown')
          : accepted('x'),
      ),
    );
    pending([job('s2')], () => CHOICES);
    const dialog = await substituteRice();
    fireEvent.change(await waitFor(() => productSelect(dialog)), { target: { value: 'p-ghee' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The product handed over instead is unknown or not sold to this restaurant.',
    );
    expect(queuedNow().find((q) => q.jobId === 's2')?.lines).toEqual([
      {
        lineId: 'l-s2',
        deliveredQuantity: 0,
        reason: 'substituted',
        substitute: { productId: 'p-ghee', quantity: 2 },
      },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(
      within(await screen.findByTestId('job-refused')).getByRole('button', {
        name: 'Correct and send',
      }),
    );
    const again = await screen.findByRole('dialog');
    expect(productSelect(again).value).toBe('p-ghee');
    // Ghee 1,200 x 2 = 2,400 at 8 %: ¥2,592.
    await waitFor(() =>
      expect((within(again).getByLabelText('Cash taken') as HTMLInputElement).value).toBe('¥2,592'),
    );
  });

  it('works from the list kept on the phone when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('x')),
    );
    // Signal at the depot: the list is fetched with the pending jobs and kept.
    const first = pending([job('s3')], () => CHOICES);
    await screen.findByRole('button', { name: /^Mark As Delivered/ });
    await waitFor(() =>
      expect(first.calls.some((c) => c.path === 'products.forDriver')).toBe(true),
    );
    first.unmount();
    // In the cellar: the server does not answer; the kept list still offers the products.
    pending([job('s3')], () => {
      throw serverError(503, 'common.serverBusy');
    });
    const dialog = await substituteRice();
    const select = await waitFor(() => productSelect(dialog));
    expect(optionValues(select)).toEqual(['', 'p-ghee', 'p-oil']);
  });

  it('without the list on the phone it says so, and the line cannot go as substituted', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('x')),
    );
    pending([job('s4')], null);
    const dialog = await substituteRice();
    expect((await within(dialog).findByTestId('substitute-no-list')).textContent).toContain(
      'not on this phone yet',
    );
    expect(
      (within(dialog).getByRole('button', { name: 'Yes' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('speaks Nepali', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('x')),
    );
    await act(() => i18n.changeLanguage('ne'));
    pending([job('s5')], () => CHOICES);
    fireEvent.click(await screen.findByRole('button', { name: /: डेलिभर भयो$/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/बासमती चामल/, { selector: 'input' }), {
      target: { value: '0' },
    });
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: 'substituted' } });
    const select = await within(dialog).findByLabelText('बासमती चामल को सट्टा दिइएको सामान');
    expect(select.querySelector('option[value="p-ghee"]')?.textContent).toContain('घिउ');
  });
});
