import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import type { RouterOutputs } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { networkError, serverError } from '../../../test/testServer';
import { CustomerClaimsScreen } from './ClaimsScreen';
import { claimQuantityProblem } from './claimQuantity';

vi.mock('../../../components/notify', () => ({ notifySuccess: vi.fn() }));
// The report is sent through the keyed client (one Idempotency-Key per attempt).
const create = vi.hoisted(() => vi.fn(async (_input: unknown) => ({})));
vi.mock('../../../keyed', () => ({
  keyedClient: { claims: { create: { mutate: create } } },
  newKey: () => 'key',
  withKey: (idempotencyKey: string) => ({ context: { idempotencyKey } }),
}));

type Claimable = RouterOutputs['claims']['claimable'];
type Claim = RouterOutputs['claims']['mine'][number];

const claimable: Claimable = [
  {
    orderId: 'o1',
    orderNumber: 10482,
    deliveredAt: '2030-05-15T01:00:00.000Z',
    claimUntil: '2030-05-17T01:00:00.000Z',
    lines: [
      {
        orderLineId: 'l1',
        name: 'Basmati Rice 5kg',
        nameNe: 'बासमती चामल',
        sku: 'C/s',
        claimable: 2,
      },
      { orderLineId: 'l2', name: 'Toor Dal 1kg', nameNe: null, sku: 'Kg', claimable: 5 },
    ],
  },
];
const report: Claim = {
  _id: 'g1',
  customerId: 'c1',
  restaurantName: 'Himalaya Kitchen',
  orderId: 'o1',
  orderNumber: 10480,
  orderLineId: 'l0',
  productName: 'Ghee 1L',
  nameNe: 'घ्यू',
  sku: 'Btl',
  unitPrice: 1500,
  deliveredQuantity: 2,
  quantity: 1,
  reason: 'Leaking',
  photo: null,
  status: 'pending',
  decisionNote: null,
  decidedAt: null,
  creditNoteId: null,
  creditNoteNumber: null,
  createdAt: '2030-05-15T02:00:00.000Z',
};

function openClaims() {
  return renderScreen(<CustomerClaimsScreen />, {
    path: '/customer/claims',
    answers: {
      'claims.claimable': () => claimable,
      'claims.mine': () => [report],
      'claims.create': () => report,
    },
  });
}

async function choose(name: RegExp) {
  const select = await screen.findByRole('combobox', { name: /Product|सामान/ });
  fireEvent.click(select);
  fireEvent.click(await screen.findByRole('option', { name }));
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  vi.clearAllMocks();
});

describe('the claim quantity', () => {
  it('is refused, not corrected, outside 1 to what may be reported', () => {
    expect(claimQuantityProblem('5', 2)).toEqual({ key: 'atMost', max: 2 });
    expect(claimQuantityProblem('0', 2)).toEqual({ key: 'atLeast' });
    expect(claimQuantityProblem('-3', 2)).toEqual({ key: 'atLeast' });
    expect(claimQuantityProblem('1.5', 2)).toEqual({ key: 'whole' });
    expect(claimQuantityProblem('abc', 2)).toEqual({ key: 'whole' });
    expect(claimQuantityProblem('', 2)).toEqual({ key: 'needed' });
    expect(claimQuantityProblem('२', 2)).toBeNull();
    expect(claimQuantityProblem('2', 2)).toBeNull();
  });
});

describe('REPORT A PROBLEM', () => {
  it('says "at most 2" under the field, keeps what was typed, and does not send', async () => {
    openClaims();
    await choose(/Basmati Rice 5kg/);
    const field = screen.getByTestId('claim-quantity') as HTMLInputElement;
    fireEvent.change(screen.getByLabelText('What is wrong?'), { target: { value: 'Torn' } });
    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.blur(field);
    expect(field.value).toBe('5');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('At most 2 C/s can be reported for this line.')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send report' });
    expect((send as HTMLButtonElement).disabled).toBe(true);

    for (const [typed, said] of [
      ['0', 'Type 1 or more.'],
      ['-3', 'Type 1 or more.'],
      ['abc', 'Type a whole number, such as 1 or 2.'],
    ] as const) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.blur(field);
      expect(field.value).toBe(typed);
      expect(screen.getByText(said)).toBeTruthy();
      expect((send as HTMLButtonElement).disabled).toBe(true);
    }

    fireEvent.change(field, { target: { value: '2' } });
    expect(screen.queryByText(/At most|Type 1 or more/)).toBeNull();
    expect((send as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]?.[0]).toEqual(
      expect.objectContaining({ orderLineId: 'l1', quantity: 2, reason: 'Torn' }),
    );
  });

  it('refuses at once a photo still over the limit, sending nothing and keeping the report', async () => {
    // A phone that cannot draw the photo smaller (jsdom has no createImageBitmap) and a 6 MB
    // photo: it was sent whole, minutes on a poor connection, and then refused by the server.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    openClaims();
    await choose(/Basmati Rice 5kg/);
    fireEvent.change(screen.getByLabelText('What is wrong?'), { target: { value: 'Torn' } });
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'IMG_0001.jpg', {
      type: 'image/jpeg',
    });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [big] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByTestId('claim-refusal')).textContent).toContain(
      i18n.t('errors.upload.tooLarge' as never),
    );
    expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('/api/upload'))).toBe(false);
    expect(create).not.toHaveBeenCalled();
    expect((screen.getByLabelText('What is wrong?') as HTMLTextAreaElement).value).toBe('Torn');
    fetchSpy.mockRestore();
  });

  it('without signal says the server was not reached (not a fault of the photo), in Nepali, keeping the report', async () => {
    // A basement kitchen: the photo's upload gets no answer at all.
    const realFetch = globalThis.fetch;
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation((input, init) =>
        String(input).includes('/api/upload')
          ? Promise.reject(new TypeError('Failed to fetch'))
          : realFetch(input, init),
      );
    await act(() => i18n.changeLanguage('ne'));
    openClaims();
    await choose(/बासमती चामल/);
    fireEvent.change(screen.getByLabelText('के समस्या छ?'), { target: { value: 'बाकस फुटेको' } });
    const photo = new File([new Uint8Array(2048)], 'IMG_0002.jpg', { type: 'image/jpeg' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [photo] } });
    fireEvent.click(screen.getByRole('button', { name: 'रिपोर्ट पठाउनुहोस्' }));
    expect((await screen.findByTestId('claim-refusal')).textContent).toContain(
      'सर्भरसम्म पुग्न सकिएन। जडान जाँचेर फेरि प्रयास गर्नुहोस्।',
    );
    expect(create).not.toHaveBeenCalled();
    expect((screen.getByLabelText('के समस्या छ?') as HTMLTextAreaElement).value).toBe('बाकस फुटेको');
    fetchSpy.mockRestore();
  });

  it('after a refusal shows what may be reported now, keeping what was typed', async () => {
    let left = 2;
    renderScreen(<CustomerClaimsScreen />, {
      path: '/customer/claims',
      answers: {
        'claims.claimable': () => [
          {
            ...(claimable[0] as Claimable[number]),
            lines: (claimable[0] as Claimable[number]).lines.map((l) =>
              l.orderLineId === 'l1' ? { ...l, claimable: left } : l,
            ),
          },
        ],
        'claims.mine': () => [report],
      },
    });
    await choose(/Basmati Rice 5kg/);
    fireEvent.change(screen.getByLabelText('What is wrong?'), { target: { value: 'Torn' } });
    fireEvent.change(screen.getByTestId('claim-quantity'), { target: { value: '2' } });
    // Another person at the restaurant reported one of the two meanwhile.
    left = 1;
    create.mockRejectedValueOnce(serverError(400, 'claim.aboveDelivered', { max: 1, unit: 'C/s' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('At most 1 C/s can be reported for this line.')).toBeTruthy();
    expect((screen.getByTestId('claim-quantity') as HTMLInputElement).value).toBe('2');
    expect((screen.getByLabelText('What is wrong?') as HTMLTextAreaElement).value).toBe('Torn');
  });

  it('past 48 hours keeps the product, quantity, description and photo, and says why in Nepali', async () => {
    // The report was typed late at night; by the time it was sent the 48 hours had ended, and
    // the line is no longer among what may be reported (the only one left of the order).
    let open = true;
    const only: Claimable = [
      { ...(claimable[0] as Claimable[number]), lines: [claimable[0]?.lines[0] as never] },
    ];
    await act(() => i18n.changeLanguage('ne'));
    renderScreen(<CustomerClaimsScreen />, {
      path: '/customer/claims',
      answers: {
        'claims.claimable': () => (open ? only : []),
        'claims.mine': () => [],
      },
    });
    await choose(/बासमती चामल/);
    fireEvent.change(screen.getByTestId('claim-quantity'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('के समस्या छ?'), {
      target: { value: 'दुई बोरा भिजेको थियो' },
    });
    const photo = new File([new Uint8Array(2048)], 'IMG_0003.jpg', { type: 'image/jpeg' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [photo] } });
    const realFetch = globalThis.fetch;
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url, init) =>
        String(url).includes('/api/upload')
          ? new Response(JSON.stringify({ imageUrl: `/uploads/${'a'.repeat(32)}.jpg` }))
          : realFetch(url, init),
      );
    open = false;
    create.mockRejectedValueOnce(serverError(400, 'claim.windowClosed'));
    fireEvent.click(screen.getByRole('button', { name: 'रिपोर्ट पठाउनुहोस्' }));
    const refusal = await screen.findByTestId('claim-refusal');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(refusal.textContent).toContain(
      'सामानको समस्या डेलिभरीको 48 घण्टाभित्र मात्र रिपोर्ट गर्न सकिन्छ।',
    );
    // The refetch answered "nothing to report"; the report stays, as typed, and says so.
    await waitFor(() =>
      expect(refusal.textContent).toContain(
        'यो सामान अब यहाँबाट रिपोर्ट गर्न मिल्दैन। तपाईंले लेखेको कुरा यहीँ छ: अर्को सामान छान्नुहोस्, वा कार्यालयलाई फोन गर्नुहोस्।',
      ),
    );
    // Not "report until" a time that has passed, nor a Send that can only be refused again.
    expect(screen.getByTestId('claim-window').textContent).toBe(i18n.t('buyer.nothingToClaim'));
    expect(screen.queryByText(/सम्म रिपोर्ट गर्न सकिन्छ/)).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'रिपोर्ट पठाउनुहोस्' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((screen.getByLabelText('के समस्या छ?') as HTMLTextAreaElement).value).toBe(
      'दुई बोरा भिजेको थियो',
    );
    expect((screen.getByTestId('claim-quantity') as HTMLInputElement).value).toBe('2');
    expect((screen.getByRole('combobox', { name: 'सामान' }) as HTMLInputElement).value).toContain(
      'बासमती चामल',
    );
    expect(screen.getByText('IMG_0003.jpg')).toBeTruthy();
    fetchSpy.mockRestore();
  });

  it('offline, keeps the report on the screen though what may be reported cannot be read', async () => {
    let up = true;
    renderScreen(<CustomerClaimsScreen />, {
      path: '/customer/claims',
      answers: {
        'claims.claimable': () => {
          if (!up) throw new TypeError('Failed to fetch');
          return claimable;
        },
        'claims.mine': () => [],
      },
    });
    await choose(/Toor Dal 1kg/);
    fireEvent.change(screen.getByLabelText('What is wrong?'), { target: { value: 'Wet' } });
    up = false;
    create.mockRejectedValueOnce(networkError());
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByTestId('claim-refusal')).textContent).toContain(
      i18n.t('errors.common.network'),
    );
    expect((screen.getByLabelText('What is wrong?') as HTMLTextAreaElement).value).toBe('Wet');
    expect((screen.getByRole('combobox', { name: 'Product' }) as HTMLInputElement).value).toContain(
      'Toor Dal 1kg',
    );
  });

  it('shows the chosen product without "up to", so a phone does not cut its name; the list says it', async () => {
    await act(() => i18n.changeLanguage('ne'));
    openClaims();
    const select = await screen.findByRole('combobox', { name: 'सामान' });
    fireEvent.click(select);
    const option = await screen.findByRole('option', { name: /बासमती चामल/ });
    expect(option.textContent).toBe('#10482 · बासमती चामल (बढीमा 2 केस)');
    fireEvent.click(option);
    await waitFor(() => expect((select as HTMLInputElement).value).toBe('#10482 · बासमती चामल'));
    expect(screen.getByText('बढीमा 2 केस')).toBeTruthy();
  });

  it('names products and units in Nepali, and takes Nepali digits', async () => {
    await act(() => i18n.changeLanguage('ne'));
    openClaims();
    // The options and the reports: the Nepali name, the unit as a word, not its code.
    await choose(/बासमती चामल/);
    expect(screen.queryByText(/C\/s/)).toBeNull();
    const report = await screen.findByTestId('my-claim');
    expect(within(report).getByText(/घ्यू/).textContent).toContain('बोतल');
    expect(within(report).queryByText(/Ghee/)).toBeNull();

    const field = screen.getByTestId('claim-quantity') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '५' } });
    expect(screen.getByText('यो सामानमा बढीमा 2 केस मात्र रिपोर्ट गर्न मिल्छ।')).toBeTruthy();
    fireEvent.change(field, { target: { value: '२' } });
    fireEvent.change(screen.getByLabelText('के समस्या छ?'), { target: { value: 'फाटेको' } });
    fireEvent.click(screen.getByRole('button', { name: 'रिपोर्ट पठाउनुहोस्' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]?.[0]).toEqual(expect.objectContaining({ quantity: 2 }));
  });

  it('shows for each order when it was delivered and until when it can be reported', async () => {
    openClaims();
    const rows = await screen.findAllByTestId('claim-window');
    expect(rows.map((r) => r.textContent)).toEqual([
      '#10482 · delivered 15 May 2030 10:00 · report until 17 May 2030 10:00',
    ]);
    await choose(/Basmati Rice 5kg/);
    expect(
      screen.getByText('Delivered 15 May 2030 10:00 · report until 17 May 2030 10:00'),
    ).toBeTruthy();
  });

  it('says the report window in Nepali', async () => {
    await act(() => i18n.changeLanguage('ne'));
    openClaims();
    const [row] = await screen.findAllByTestId('claim-window');
    expect(row?.textContent).toBe(
      '#10482 · डेलिभरी 15 मे 2030 10:00 · 17 मे 2030 10:00 सम्म रिपोर्ट गर्न सकिन्छ',
    );
  });

  it('draws the photo placeholder in a readable grey (not the 2:1 placeholder grey)', async () => {
    openClaims();
    const photo = await screen.findByText('Take or choose a photo');
    const holder = photo.closest('[style*="--mantine-color-placeholder"]') as HTMLElement | null;
    expect(holder?.style.getPropertyValue('--mantine-color-placeholder')).toBe(
      'var(--mantine-color-dimmed)',
    );
  });
});

describe('my reports', () => {
  function open(mine: () => Claim[] | Promise<Claim[]>) {
    return renderScreen(<CustomerClaimsScreen />, {
      path: '/customer/claims',
      answers: { 'claims.claimable': () => claimable, 'claims.mine': mine },
    });
  }
  /** The part of the screen under the "My reports" heading. */
  async function underHeading(name: string) {
    const heading = await screen.findByRole('heading', { name });
    const part = heading.nextElementSibling;
    if (!(part instanceof HTMLElement)) throw new Error(`nothing under ${name}`);
    return part;
  }

  it('says there are none yet, in each language, instead of an empty heading', async () => {
    const said = {
      en: ['My reports', 'You have not reported any problem yet.'],
      ne: ['मेरा रिपोर्टहरू', 'तपाईंले अहिलेसम्म कुनै समस्या रिपोर्ट गर्नुभएको छैन।'],
      ja: ['これまでの報告', 'まだ問題の報告はありません。'],
    };
    for (const [language, [heading = '', none]] of Object.entries(said)) {
      await act(() => i18n.changeLanguage(language));
      const { unmount } = open(() => []);
      await waitFor(async () => expect((await underHeading(heading)).textContent).toBe(none));
      unmount();
    }
  });

  it("shows why the office rejected a claim, in the restaurant's language", async () => {
    await act(() => i18n.changeLanguage('ja'));
    open(() => [
      { ...report, status: 'rejected', decisionNote: '写真では破損が確認できませんでした' },
    ]);
    await waitFor(async () =>
      expect((await underHeading('これまでの報告')).textContent).toContain(
        '非承認理由：写真では破損が確認できませんでした',
      ),
    );
  });

  it('says when the office credited fewer than reported, in each language', async () => {
    const partly: Claim = {
      ...report,
      _id: 'g2',
      sku: 'Kg',
      quantity: 8,
      status: 'approved',
      creditNoteId: 'cn1',
      creditNoteNumber: 'CN-000001',
      creditedQuantity: 6,
    };
    const whole: Claim = { ...partly, _id: 'g3', quantity: 2, creditedQuantity: 2 };
    const said = {
      en: 'Approved: 6 of 8 Kg credited',
      ne: 'स्वीकृत: 8 केजी मध्ये 6 क्रेडिट भयो',
      ja: '承認：8kgのうち6kgを差し引きます',
    };
    for (const [language, text] of Object.entries(said)) {
      await act(() => i18n.changeLanguage(language));
      const { unmount } = open(() => [partly, whole]);
      const [first, second] = await screen.findAllByTestId('my-claim');
      expect(within(first as HTMLElement).getByTestId('claim-credited').textContent).toBe(text);
      // Credited as reported: nothing more to say than "Approved".
      expect(within(second as HTMLElement).queryByTestId('claim-credited')).toBeNull();
      unmount();
    }
  });

  it('shows a loader while they load', async () => {
    open(() => new Promise<Claim[]>(() => {}));
    const part = await underHeading('My reports');
    expect(part.getAttribute('role')).toBe('status');
    expect(part.getAttribute('aria-label')).toBe('Loading');
    expect(screen.queryByText('You have not reported any problem yet.')).toBeNull();
  });

  it('says a failed read and asks again on Try again', async () => {
    let calls = 0;
    open(() => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return [report];
    });
    await waitFor(async () =>
      expect((await underHeading('My reports')).getAttribute('role')).toBe('alert'),
    );
    const alert = await underHeading('My reports');
    expect(alert.textContent).toContain('Failed to fetch data');
    expect(screen.queryByText('You have not reported any problem yet.')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('my-claim')).toBeTruthy();
  });

  it('a failed read of what may be reported is not "nothing to report"', async () => {
    renderScreen(<CustomerClaimsScreen />, {
      path: '/customer/claims',
      answers: {
        'claims.claimable': () => {
          throw new Error('down');
        },
        'claims.mine': () => [],
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch data');
    expect(screen.queryByText('No delivery of the last 48 hours can be reported.')).toBeNull();
  });

  it('nothing to report is a note of the page (status), not an alert', async () => {
    renderScreen(<CustomerClaimsScreen />, {
      path: '/customer/claims',
      answers: { 'claims.claimable': () => [], 'claims.mine': () => [] },
    });
    const note = await screen.findByText('No delivery of the last 48 hours can be reported.');
    expect(note.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
