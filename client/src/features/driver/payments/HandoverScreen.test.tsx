import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDaysIso } from '../../../../../shared/delivery-dates';
import { HANDOVER_DAYS_BACK } from '../../../../../shared/rules';
import { businessToday, showDate } from '../../../dates';
import i18n from '../../../i18n';
import { openCalendar, typeDate } from '../../../test/datePicker';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { networkError, serverError } from '../../../test/testServer';
import { HandoverScreen } from './HandoverScreen';

// The amount handed over: what the field shows is what is sent, and a wrong amount says so.

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });

afterEach(() => vi.unstubAllGlobals());

function render() {
  return renderScreen(<HandoverScreen />, {
    path: '/driver/payments/handover',
    user: driver,
    answers: {
      'handovers.myDay': (input) => ({
        date: (input as { date?: string } | undefined)?.date ?? '2030-05-15',
        customers: [
          { customerId: 'c1', restaurantName: 'Lumbini Curry', amount: 12000, payments: 1 },
        ],
        total: 12000,
        handover: null,
      }),
    },
  });
}

describe('the cash handover', () => {
  it("names the day as the app writes dates, in each reader's language", async () => {
    vi.stubGlobal('fetch', vi.fn());
    const [y, m, d] = businessToday().split('-');
    const expected = {
      en: `Cash collected on ${Number(d)} ${i18n.t(`common.month.m${Number(m)}` as never, { lng: 'en' })} ${y}`,
      ja: `${y}/${m}/${d}の集金額`,
    };
    try {
      for (const [language, heading] of Object.entries(expected)) {
        await act(() => i18n.changeLanguage(language));
        const { unmount } = render();
        expect(await screen.findByText(heading)).toBeTruthy();
        unmount();
      }
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it("says, before it is sent, that the amount is not the day's cash", async () => {
    vi.stubGlobal('fetch', vi.fn());
    render();
    const amount = (await screen.findByLabelText('Amount handed over (¥)')) as HTMLInputElement;
    const said = (text: string) =>
      (amount.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .some((id) => document.getElementById(id)?.textContent === text);
    // The day's total, untouched: nothing to say.
    expect(screen.queryByText(/than the cash collected/)).toBeNull();
    fireEvent.change(amount, { target: { value: '7000' } });
    const less =
      '¥5,000 less than the cash collected (¥12,000): check the amount, or say why in the note.';
    await waitFor(() => expect(said(less)).toBe(true));
    fireEvent.change(amount, { target: { value: '70000' } });
    await waitFor(() =>
      expect(
        said(
          '¥58,000 more than the cash collected (¥12,000): check the amount, or say why in the note.',
        ),
      ).toBe(true),
    );
    fireEvent.change(amount, { target: { value: '12000' } });
    await waitFor(() => expect(screen.queryByText(/than the cash collected/)).toBeNull());
  });

  it('shows the day total as the amount, and sends what it shows', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ result: { data: {} } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    render();
    const amount = (await screen.findByLabelText('Amount handed over (¥)')) as HTMLInputElement;
    expect(amount.value).toBe('¥12,000');
    fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ handedOver: 12000 });
  });

  it('a negative or emptied amount says so, stays as typed and is not sent', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render();
    const amount = (await screen.findByLabelText('Amount handed over (¥)')) as HTMLInputElement;
    const button = () => screen.getByRole('button', { name: 'Hand over' }) as HTMLButtonElement;

    fireEvent.change(amount, { target: { value: '-100' } });
    expect(await screen.findByText('Cannot be below 0')).toBeTruthy();
    expect(amount.value).toContain('-');
    expect(button().disabled).toBe(true);

    fireEvent.change(amount, { target: { value: '' } });
    expect(await screen.findByText('Enter an amount')).toBeTruthy();
    expect(amount.value).toBe('');
    expect(button().disabled).toBe(true);
    fireEvent.click(button());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers today and the 31 days before it, and says so of a typed day outside them', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render();
    const today = businessToday();
    const earliest = addDaysIso(today, -HANDOVER_DAYS_BACK);
    // Written as the app writes dates, not as the phone's locale would (28 Nov 2026).
    const date = (await screen.findByLabelText('Date')) as HTMLInputElement;
    expect(date.value).toBe(showDate(today));
    expect(
      (await screen.findByRole('button', { name: 'Hand over' })).hasAttribute('disabled'),
    ).toBe(false);

    // The calendar offers today, not tomorrow, nor the day before the earliest.
    const calendar = await openCalendar(date);
    const dayButton = (iso: string) =>
      within(calendar).queryByRole('button', { name: showDate(iso) });
    expect(dayButton(today)?.hasAttribute('disabled')).toBe(false);
    const tomorrow = addDaysIso(today, 1);
    if (tomorrow.slice(0, 7) === today.slice(0, 7)) {
      expect(dayButton(tomorrow)?.hasAttribute('disabled')).toBe(true);
    } else {
      expect(
        within(calendar).getByRole('button', { name: 'Next month' }).hasAttribute('disabled'),
      ).toBe(true);
    }
    if (earliest.slice(0, 7) === today.slice(0, 7)) {
      expect(dayButton(addDaysIso(earliest, -1))?.hasAttribute('disabled')).toBe(true);
    }

    fireEvent.change(date, { target: { value: showDate(tomorrow) } });
    expect(await screen.findByText(/The day has not come yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hand over' })).toBeNull();

    fireEvent.change(date, { target: { value: showDate(addDaysIso(earliest, -1)) } });
    expect(
      await screen.findByText(
        `Only the cash of the last ${HANDOVER_DAYS_BACK} days can be handed over here; ask the office about an older day.`,
      ),
    ).toBeTruthy();
    fireEvent.blur(date);
    expect(date.value).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes a day typed as the app writes it, and sends it as YYYY-MM-DD', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ result: { data: {} } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    await act(() => i18n.changeLanguage('ja'));
    try {
      const { calls } = render();
      const yesterday = addDaysIso(businessToday(), -1);
      const date = (await screen.findByLabelText('日付')) as HTMLInputElement;
      typeDate(date, yesterday.replaceAll('-', '/'));
      expect(date.value).toBe(yesterday.replaceAll('-', '/'));
      await waitFor(() =>
        expect(
          calls.some(
            (c) =>
              c.path === 'handovers.myDay' &&
              JSON.stringify(c.input) === JSON.stringify({ date: yesterday }),
          ),
        ).toBe(true),
      );
      fireEvent.click(await screen.findByRole('button', { name: '引き渡す' }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toMatchObject({ date: yesterday, handedOver: 12000 });
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('reads an amount typed in Devanagari digits, and sends it', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ result: { data: {} } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    render();
    const amount = (await screen.findByLabelText('Amount handed over (¥)')) as HTMLInputElement;
    // Typed on a Nepali keyboard: "१००००" is 10000 (it left the field empty).
    fireEvent.change(amount, { target: { value: '१००००' } });
    expect(amount.value).toBe('¥10,000');
    fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ handedOver: 10000 });
  });
});

describe('the cash handover without the day', () => {
  function failing(error: () => Error) {
    return renderScreen(<HandoverScreen />, {
      path: '/driver/payments/handover',
      user: driver,
      answers: {
        'handovers.myDay': () => {
          throw error();
        },
      },
    });
  }

  it("offline, says the day's payments need a connection (not that invoices failed)", async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    failing(networkError);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'No connection: the payments of this day cannot be read without one.',
    );
    expect(alert.textContent).not.toMatch(/invoice/i);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    online.mockRestore();
  });

  it('a read that got no answer says the same, in Nepali too', async () => {
    await act(() => i18n.changeLanguage('ne'));
    failing(networkError);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('इन्टरनेट बिना यो दिनका भुक्तानीहरू हेर्न सकिँदैन');
    expect(alert.textContent).not.toContain('बिल');
  });

  it("a server failure says the day's payments could not be loaded", async () => {
    failing(() => serverError(500, 'common.generic'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The payments of this day could not be loaded');
    expect(alert.textContent).not.toMatch(/invoice/i);
  });
});
