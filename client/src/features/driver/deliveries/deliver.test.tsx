import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import i18n from '../../../i18n';
import { cashJob, makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { DriverDeliveredScreen } from './DriverDeliveredScreen';
import { DriverPendingScreen } from './DriverPendingScreen';
import { discard, enqueue, flush, queuedNow } from './outbox';

// The delivery dialog on the driver's phone: credit notes lower the cash to collect, a wrong
// field says so and blocks the send, a refusal keeps everything entered, and the delivered card
// shows what was delivered.

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });

/** The tRPC answer of a refusal, as the server's errorFormatter shapes it. */
function refusal(appCode: string, params: Record<string, unknown> = {}) {
  return new Response(
    JSON.stringify({
      error: {
        message: `(English text of ${appCode})`,
        code: -32600,
        data: { code: 'BAD_REQUEST', httpStatus: 400, appCode, params },
      },
    }),
    { status: 400, headers: { 'content-type': 'application/json' } },
  );
}

/** 409: the office (or another phone) had marked the job delivered, with no cash recorded. */
function deliveredByOffice() {
  return new Response(
    JSON.stringify({
      error: {
        message: '(English text of delivery.alreadyDelivered)',
        code: -32600,
        data: {
          code: 'CONFLICT',
          httpStatus: 409,
          appCode: 'delivery.alreadyDelivered',
          params: { cashRecorded: 0 },
        },
      },
    }),
    { status: 409, headers: { 'content-type': 'application/json' } },
  );
}

function accepted(id: string) {
  return new Response(JSON.stringify({ result: { data: { _id: id } } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

function pending(jobs: JobOut[]) {
  return renderScreen(<DriverPendingScreen />, {
    path: '/driver/ordertrack',
    user: driver,
    answers: { 'ordertrack.driverPending': () => jobs },
  });
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: /^Mark As Delivered/ }));
  return screen.findByRole('dialog');
}

const deliverCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter((c) => String(c[0]).includes('ordertrack.deliver'));

afterEach(async () => {
  vi.unstubAllGlobals();
  // A delivery a test left refused on the phone is not the next test's.
  for (const q of queuedNow()) await discard(q.jobId);
  await act(() => i18n.changeLanguage('en'));
});

describe('the delivery dialog', () => {
  it('shows where to go on the card: the address and a map link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('x')),
    );
    const base = cashJob('ja');
    pending([
      {
        ...base,
        customer: {
          ...(base.customer as NonNullable<JobOut['customer']>),
          address: '1-2-3 Kabukicho',
        },
      },
    ]);
    expect((await screen.findByTestId('job-address')).textContent).toBe('1-2-3 Kabukicho');
    const map = screen.getByRole('link', { name: /Curry ja/ });
    expect(map.getAttribute('href')).toContain(encodeURIComponent('1-2-3 Kabukicho'));
  });

  it('names the order by its number, as the slip does, and keeps the serial', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('x')),
    );
    pending([cashJob('jo', { orderNumber: 10295 }, { serialNo: 534 })]);
    const card = within((await screen.findAllByTestId('job-card'))[0] as HTMLElement);
    expect(card.getByTestId('job-order-number').textContent).toBe('Order #10295');
    expect(card.getByTestId('job-serial').textContent).toBe('S.N. 534');
    await act(() => i18n.changeLanguage('ne'));
    expect(card.getByTestId('job-order-number').textContent).toBe('अर्डर #10295');
    expect(card.getByTestId('job-serial').textContent).toBe('क्र.सं. 534');
  });

  it("shows the restaurant's message with its order on the card and in the dialog", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('x')),
    );
    pending([cashJob('jm', { customMessage: 'Leave it at the back door, ring twice' })]);
    const onCard = await screen.findByTestId('order-message');
    expect(onCard.textContent).toBe('Leave it at the back door, ring twice');
    const dialog = await openDialog();
    expect(within(dialog).getByText('From the restaurant')).toBeTruthy();
    expect(within(dialog).getByTestId('order-message').textContent).toContain('back door');
  });

  it('takes the credit note off the cash: shown, the default and the most it takes', async () => {
    const fetchMock = vi.fn(async (_url: string | URL | Request) => accepted('j1'));
    vi.stubGlobal('fetch', fetchMock);
    pending([cashJob('j1', { credits: [{ id: 'cn1', number: 'CN-000007', total: 500 }] })]);
    const dialog = await openDialog();
    expect(within(dialog).getByText('Invoice with tax:').textContent).toContain('¥2,160');
    expect(within(dialog).getByTestId('credit-applied').textContent).toBe(
      'less credit note CN-000007 −¥500',
    );
    const cash = within(dialog).getByLabelText('Cash taken') as HTMLInputElement;
    expect(cash.value).toBe('¥1,660');
    // The invoice's own total is more than the credit note leaves: refused before sending.
    fireEvent.change(cash, { target: { value: '2160' } });
    expect(await within(dialog).findByText('At most ¥1,660')).toBeTruthy();
    expect(cash.value).toBe('¥2,160');
    const yes = within(dialog).getByRole('button', { name: 'Yes' }) as HTMLButtonElement;
    expect(yes.disabled).toBe(true);
    fireEvent.click(yes);
    expect(deliverCalls(fetchMock)).toHaveLength(0);

    fireEvent.change(cash, { target: { value: '1660' } });
    await waitFor(() => expect(within(dialog).queryByText('At most ¥1,660')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(deliverCalls(fetchMock)).toHaveLength(1));
    const body = JSON.parse(String(deliverCalls(fetchMock)[0]?.[1]?.body));
    expect(body.cashTaken).toBe(1660);
  });

  it('a short line lowers the cash, and a credit note that no longer fits is not taken', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('j2')),
    );
    pending([cashJob('j2', { credits: [{ id: 'cn2', number: 'CN-000008', total: 1500 }] })]);
    const dialog = await openDialog();
    const cash = within(dialog).getByLabelText('Cash taken') as HTMLInputElement;
    expect(cash.value).toBe('¥660');
    // One of two delivered: ¥1,080, and the ¥1,500 credit note waits for the next invoice.
    fireEvent.change(within(dialog).getByLabelText('Delivered: Basmati Rice'), {
      target: { value: '1' },
    });
    await waitFor(() => expect(cash.value).toBe('¥1,080'));
    expect(within(dialog).queryByTestId('credit-applied')).toBeNull();
  });

  it('an over-quantity, a negative or an emptied field says so, keeps what was typed and sends nothing', async () => {
    const fetchMock = vi.fn(async (_url: string | URL | Request) => accepted('j3'));
    vi.stubGlobal('fetch', fetchMock);
    pending([cashJob('j3')]);
    const dialog = await openDialog();
    const quantity = within(dialog).getByLabelText('Delivered: Basmati Rice') as HTMLInputElement;
    const yes = () => within(dialog).getByRole('button', { name: 'Yes' }) as HTMLButtonElement;

    fireEvent.change(quantity, { target: { value: '12' } });
    expect(await within(dialog).findByText('At most 2')).toBeTruthy();
    expect(quantity.value).toBe('12');
    expect(yes().disabled).toBe(true);

    fireEvent.change(quantity, { target: { value: '-3' } });
    expect(await within(dialog).findByText('Cannot be below 0')).toBeTruthy();
    expect(quantity.value).toBe('-3');
    expect(yes().disabled).toBe(true);

    fireEvent.change(quantity, { target: { value: '' } });
    expect(await within(dialog).findByText('Enter a quantity')).toBeTruthy();
    expect(quantity.value).toBe('');
    expect(yes().disabled).toBe(true);

    const cash = within(dialog).getByLabelText('Cash taken') as HTMLInputElement;
    fireEvent.change(quantity, { target: { value: '2' } });
    fireEvent.change(cash, { target: { value: '' } });
    expect(await within(dialog).findByText('Enter an amount')).toBeTruthy();
    expect(yes().disabled).toBe(true);
    fireEvent.click(yes());
    expect(deliverCalls(fetchMock)).toHaveLength(0);
    // Nothing taken is allowed, and said: the invoice stays unpaid.
    fireEvent.change(cash, { target: { value: '0' } });
    expect((await within(dialog).findByTestId('nothing-collected')).textContent).toContain(
      'stays unpaid',
    );
    expect(yes().disabled).toBe(false);
    // No steppers to miss with a finger, and the confirm button is not the destructive red.
    expect(dialog.querySelector('.mantine-NumberInput-controls')).toBeNull();
    expect(yes().getAttribute('style') ?? '').not.toContain('red');
  });

  it('a refused delivery keeps the dialog open with the reason and every entry', async () => {
    const fetchMock = vi.fn(async (url: string | URL | Request) =>
      String(url).includes('ordertrack.deliver')
        ? refusal('delivery.cashAboveInvoice', { amount: '¥1,080' })
        : accepted('x'),
    );
    vi.stubGlobal('fetch', fetchMock);
    pending([cashJob('j4')]);
    const dialog = await openDialog();
    // Typed on a Nepali keyboard: "१" is 1.
    fireEvent.change(within(dialog).getByLabelText('Delivered: Basmati Rice'), {
      target: { value: '१' },
    });
    fireEvent.change(within(dialog).getByLabelText('Received by (optional)'), {
      target: { value: 'Mr Gurung' },
    });
    // The reason is the phone's own picker (a page-drawn list ran off a 390 px screen).
    const why = within(dialog).getByLabelText('Why different: Basmati Rice') as HTMLSelectElement;
    expect(why.tagName).toBe('SELECT');
    fireEvent.change(why, { target: { value: 'damaged' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The cash taken is more than the invoice (¥1,080).');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(
      (within(dialog).getByLabelText('Delivered: Basmati Rice') as HTMLInputElement).value,
    ).toBe('१');
    expect(
      (within(dialog).getByLabelText('Received by (optional)') as HTMLInputElement).value,
    ).toBe('Mr Gurung');
    // Also kept on the phone, marked refused: closing the dialog loses nothing.
    const kept = queuedNow().find((q) => q.jobId === 'j4');
    expect(kept?.refused?.data.appCode).toBe('delivery.cashAboveInvoice');
    expect(kept?.lines).toEqual([{ lineId: 'l-j4', deliveredQuantity: 1, reason: 'damaged' }]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = within(await screen.findByTestId('job-refused'));
    expect(card.getByText('The cash taken is more than the invoice (¥1,080).')).toBeTruthy();

    // Correct: the dialog opens again with what was entered.
    fireEvent.click(card.getByRole('button', { name: 'Correct and send' }));
    const again = await screen.findByRole('dialog');
    expect((within(again).getByLabelText('Received by (optional)') as HTMLInputElement).value).toBe(
      'Mr Gurung',
    );
    expect(
      (within(again).getByLabelText('Delivered: Basmati Rice') as HTMLInputElement).value,
    ).toBe('1');
    fireEvent.click(within(again).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Discard: only after asking.
    fireEvent.click(
      within(await screen.findByTestId('job-refused')).getByRole('button', { name: 'Discard' }),
    );
    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByText('Discard this delivery? What you entered is lost.')).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(queuedNow().some((q) => q.jobId === 'j4')).toBe(false));
  });

  it('a refusal is brought into view and focused, above the button the driver tapped', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) =>
        String(url).includes('ordertrack.deliver')
          ? refusal('delivery.cashAboveInvoice', { amount: '¥1,080' })
          : accepted('x'),
      ),
    );
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    pending([cashJob('j9')]);
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const alert = await within(dialog).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    // On a 390 x 844 phone the dialog is scrolled to its foot: the alert at its top is brought
    // into view, not left off-screen.
    expect(scrolled.mock.contexts).toContain(alert);
    scrolled.mockRestore();
  });

  it('closed with Escape or No, gives the focus back to the button that opened it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('x')),
    );
    pending([cashJob('k1'), cashJob('k2'), cashJob('k3')]);
    await screen.findAllByRole('button', { name: /^Mark As Delivered/ });
    // The third job's button, far down a phone's list: focused and tapped, as a browser does.
    const opener = screen.getAllByRole('button', { name: /^Mark As Delivered/ })[2];
    if (!opener) throw new Error('no third job');
    for (const close of ['Escape', 'No'] as const) {
      opener.focus();
      fireEvent.click(opener);
      const dialog = await screen.findByRole('dialog');
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      if (close === 'Escape') {
        fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
      } else {
        fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
      }
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
  });

  it("delivered, the card leaves and the focus goes to the next job's button, then the heading", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('x')),
    );
    pending([cashJob('k1'), cashJob('k2'), cashJob('k3')]);
    const deliverVia = async (name: string) => {
      const opener = await screen.findByRole('button', { name: `Mark As Delivered: ${name}` });
      opener.focus();
      fireEvent.click(opener);
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    const focused = () => document.activeElement?.getAttribute('aria-label') ?? '';

    // The middle one: the one after it.
    await deliverVia('Curry k2');
    await waitFor(() => expect(focused()).toBe('Mark As Delivered: Curry k3'));
    // The last one: the one before it.
    await deliverVia('Curry k3');
    await waitFor(() => expect(focused()).toBe('Mark As Delivered: Curry k1'));
    // None left: the list's heading, not the page.
    await deliverVia('Curry k1');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'ORDERS' })),
    );
  });

  it('a job the office moved or removed says so, and what to do, in each language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) =>
        String(url).includes('ordertrack.deliver')
          ? refusal('delivery.jobNotFound')
          : accepted('x'),
      ),
    );
    pending([cashJob('j10')]);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(
      'This delivery is not on your list any more: the office moved it to another driver or removed it. Call the office.',
    );
    const ne = i18n.getFixedT('ne')('errors.delivery.jobNotFound');
    expect(ne).toContain('अर्को चालकलाई');
    expect(ne).toContain('कार्यालयमा फोन गर्नुहोस्');
    await i18n.loadLanguages('ja');
    const ja = i18n.getFixedT('ja')('errors.delivery.jobNotFound');
    expect(ja).toContain('別のドライバーに移した');
    expect(ja).toContain('事務所に電話してください');
  });

  it('reads the cash taken typed in Devanagari digits, as the quantities', async () => {
    const fetchMock = vi.fn(async (_url: string | URL | Request) => accepted('j11'));
    vi.stubGlobal('fetch', fetchMock);
    pending([cashJob('j11')]);
    const dialog = await openDialog();
    const cash = within(dialog).getByLabelText('Cash taken') as HTMLInputElement;
    expect(cash.value).toBe('¥2,160');
    // Typed on a Nepali keyboard: "१०००" is 1000.
    fireEvent.change(cash, { target: { value: '१०००' } });
    expect(cash.value).toBe('¥1,000');
    expect(within(dialog).queryByText('Enter an amount')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(deliverCalls(fetchMock)).toHaveLength(1));
    const body = JSON.parse(String(deliverCalls(fetchMock)[0]?.[1]?.body));
    expect(body.cashTaken).toBe(1000);
  });

  it('reads a delivered quantity typed in full-width digits through a Japanese IME', async () => {
    const fetchMock = vi.fn(async (_url: string | URL | Request) => accepted('j12'));
    vi.stubGlobal('fetch', fetchMock);
    pending([cashJob('j12')]);
    const dialog = await openDialog();
    const cash = within(dialog).getByLabelText('Cash taken') as HTMLInputElement;
    // "１" is 1: one of two delivered, and the cash follows.
    fireEvent.change(within(dialog).getByLabelText('Delivered: Basmati Rice'), {
      target: { value: '１' },
    });
    await waitFor(() => expect(cash.value).toBe('¥1,080'));
    expect(within(dialog).queryByText('Enter a quantity')).toBeNull();
    const why = within(dialog).getByLabelText('Why different: Basmati Rice');
    fireEvent.change(why, { target: { value: 'damaged' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(deliverCalls(fetchMock)).toHaveLength(1));
    const body = JSON.parse(String(deliverCalls(fetchMock)[0]?.[1]?.body));
    expect(body.lines).toEqual([{ lineId: 'l-j12', deliveredQuantity: 1, reason: 'damaged' }]);
  });

  it('a delivery refused while the phone sent it alone stays listed until discarded', async () => {
    // Kept without signal earlier, refused when sent later (the job has left the list since).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal('delivery.cashAboveInvoice', { amount: '¥500' })),
    );
    await enqueue({ _id: 'gone', restaurantName: 'Old Stop' }, 'Ms Rai', {
      tappedAt: new Date(Date.now() - 60_000).toISOString(),
      cashTaken: 900,
    });
    await flush();
    pending([]);
    const list = await screen.findByTestId('refused-list');
    expect(list.textContent).toContain(
      'Old Stop: not sent. The cash taken is more than the invoice (¥500).',
    );
    fireEvent.click(within(list).getByRole('button', { name: 'Discard' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(queuedNow().some((q) => q.jobId === 'gone')).toBe(false));
  });

  it('delivered by the office first: the dialog says so and only closes, the job leaves the list, the message stays', async () => {
    const fetchMock = vi.fn(async (url: string | URL | Request) =>
      String(url).includes('ordertrack.deliver') ? deliveredByOffice() : accepted('x'),
    );
    vi.stubGlobal('fetch', fetchMock);
    pending([cashJob('k1'), cashJob('k2')]);
    const first = within((await screen.findAllByTestId('job-card'))[0] as HTMLElement);
    fireEvent.click(first.getByRole('button', { name: /^Mark As Delivered/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const said = await within(dialog).findByTestId('delivered-elsewhere');
    expect(said.textContent).toBe(
      'This delivery was already marked delivered (by the office or on another phone), so the ¥2,160 you took was not recorded. Record it on the Payments screen, then discard this.',
    );
    expect(within(dialog).getByText('Delivered already: the cash was not recorded')).toBeTruthy();
    // Nothing left to confirm or correct: a second "Yes" would only be refused again.
    expect(within(dialog).queryByRole('button', { name: 'Yes' })).toBeNull();
    expect(within(dialog).queryByLabelText('Cash taken')).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('button')
        .every((b) => b.textContent === 'Close' || b.getAttribute('aria-label') === 'Close'),
    ).toBe(true);
    expect(deliverCalls(fetchMock)).toHaveLength(1);
    // Off the pending list at once, even though the server's list (asked again) still has it.
    await waitFor(() =>
      expect(screen.getAllByTestId('job-card').map((c) => c.textContent)).toEqual([
        expect.stringContaining('Curry k2'),
      ]),
    );

    fireEvent.click(within(dialog).getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = await screen.findByTestId('cash-not-recorded-list');
    expect(list.textContent).toContain('Curry k1 This delivery was already marked delivered');
    expect(list.textContent).toContain('¥2,160 you took was not recorded');
    expect(screen.queryByTestId('job-refused')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Correct and send' })).toBeNull();
    expect(screen.getAllByTestId('job-card')).toHaveLength(1);

    // It stays until the driver discards it (after recording the cash on Payments).
    fireEvent.click(within(list).getByRole('button', { name: 'Discard' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByTestId('cash-not-recorded-list')).toBeNull());
    expect(queuedNow().some((q) => q.jobId === 'k1')).toBe(false);
    expect(screen.getAllByTestId('job-card')).toHaveLength(1);
    expect(deliverCalls(fetchMock)).toHaveLength(1);
  });

  it('in Nepali too: no "हो" to tap again, only close, and the message stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string | URL | Request) =>
        String(url).includes('ordertrack.deliver') ? deliveredByOffice() : accepted('x'),
      ),
    );
    await act(() => i18n.changeLanguage('ne'));
    pending([cashJob('k4')]);
    fireEvent.click(await screen.findByRole('button', { name: /: डेलिभर भयो$/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'हो' }));
    const said = await within(dialog).findByTestId('delivered-elsewhere');
    expect(said.textContent).toContain('तपाईंले लिनुभएको ¥2,160 रेकर्ड भएन');
    expect(within(dialog).queryByRole('button', { name: 'हो' })).toBeNull();
    fireEvent.click(within(dialog).getByText('बन्द गर्नुहोस्'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByTestId('cash-not-recorded-list')).textContent).toContain(
      'तपाईंले लिनुभएको ¥2,160 रेकर्ड भएन',
    );
    expect(screen.queryByTestId('job-card')).toBeNull();
  });

  it('kept without signal and found delivered by the office when sent later: the same', async () => {
    // Tapped without signal: kept on the phone.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await enqueue({ _id: 'k3', restaurantName: 'Curry k3' }, undefined, {
      tappedAt: new Date(Date.now() - 60_000).toISOString(),
      cashTaken: 900,
    });
    expect((await flush()).waiting).toBe(true);
    // The signal is back; the office had marked it delivered meanwhile. The screen sends it
    // when it opens, with the list from before still carrying the job.
    const fetchMock = vi.fn(async (url: string | URL | Request) =>
      String(url).includes('ordertrack.deliver') ? deliveredByOffice() : accepted('x'),
    );
    vi.stubGlobal('fetch', fetchMock);
    pending([cashJob('k3'), cashJob('k5')]);
    const list = await screen.findByTestId('cash-not-recorded-list');
    expect(list.textContent).toContain(
      'Curry k3 This delivery was already marked delivered (by the office or on another phone), so the ¥900 you took was not recorded.',
    );
    expect(screen.getAllByTestId('job-card').map((c) => c.textContent)).toEqual([
      expect.stringContaining('Curry k5'),
    ]);
    expect(screen.queryByRole('button', { name: 'Correct and send' })).toBeNull();
    expect(screen.queryByTestId('refused-list')).toBeNull();
    // Not sent again: nothing is left to send.
    await flush();
    expect(deliverCalls(fetchMock)).toHaveLength(1);
  });

  it('speaks Nepali: the product and unit names', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('j5')),
    );
    await act(() => i18n.changeLanguage('ne'));
    pending([cashJob('j5')]);
    const card = within((await screen.findAllByTestId('job-card'))[0] as HTMLElement);
    expect(card.getByTestId('job-line').textContent).toBe('बासमती चामल × 2 बोतल');
    fireEvent.click(card.getByRole('button', { name: /: डेलिभर भयो$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/बासमती चामल \(अर्डर 2 बोतल\)/)).toBeTruthy();
  });
});

describe('the delivered card', () => {
  function delivered(jobs: JobOut[], extra: Parameters<typeof renderScreen>[1]['answers'] = {}) {
    return renderScreen(<DriverDeliveredScreen />, {
      path: '/driver/ordertrack/delivered',
      user: driver,
      answers: {
        'ordertrack.driverDelivered': () => ({ orders: jobs, page: 1, pages: 1, total: 1 }),
        ...extra,
      },
    });
  }

  it('shows what was delivered and why, and no amount to collect once paid', async () => {
    const job = cashJob(
      'j6',
      {
        orderItems: [
          {
            _id: 'l-j6',
            name: 'Basmati Rice',
            nameNe: 'बासमती चामल',
            quantity: 2,
            sku: 'Btl',
            unitPrice: 1000,
            taxRate: 8,
            deliveredQuantity: 1,
            shortReason: 'damaged',
          },
        ],
        invoice: { _id: 'inv6', number: 'INV-6', amount: 1080, paidAmount: 1080, receipts: [] },
      },
      { isDelivered: true, deliveredAt: '2030-05-15T03:00:00.000Z', amountToCollect: 0 },
    );
    delivered([job]);
    const line = await screen.findByTestId('job-line');
    expect(line.textContent).toBe('Basmati Rice × 1 Btl (ordered 2 Btl · Damaged)');
    expect(screen.queryByTestId('amount-to-collect')).toBeNull();
  });

  it('says what is still unpaid when part is', async () => {
    delivered([
      cashJob(
        'j7',
        { invoice: { _id: 'inv7', number: 'INV-7', amount: 2160, paidAmount: 1000, receipts: [] } },
        { isDelivered: true, deliveredAt: '2030-05-15T03:00:00.000Z', amountToCollect: 1160 },
      ),
    ]);
    expect((await screen.findByTestId('amount-to-collect')).textContent).toBe(
      'Still unpaid (tax incl.): ¥1,160',
    );
  });

  it('offers the receipt of the payment the driver collected, from the job itself', async () => {
    const { calls } = delivered([
      cashJob(
        'j8',
        {
          invoice: {
            _id: 'inv8',
            number: 'INV-8',
            amount: 2160,
            paidAmount: 2160,
            receipts: [{ _id: 'pay8', amount: 2160, date: '2030-05-15' }],
          },
        },
        { isDelivered: true, deliveredAt: '2030-05-15T03:00:00.000Z', amountToCollect: 0 },
      ),
    ]);
    const receipts = await screen.findByTestId('receipts');
    const pdf = within(receipts).getByRole('link', { name: /PDF/ });
    expect(pdf.getAttribute('href')).toBe('/api/documents/receipt/pay8.pdf');
    expect(within(receipts).getAllByRole('link', { name: /PDF/ })).toHaveLength(1);
    // No request of its own: the job carries its receipts.
    expect(calls.filter((c) => c.path === 'invoices.byId')).toHaveLength(0);
  });
});
