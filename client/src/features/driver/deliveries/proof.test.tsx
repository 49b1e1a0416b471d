import { DEFAULT_THEME } from '@mantine/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import i18n from '../../../i18n';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { theme } from '../../../theme';
import { DriverPendingScreen } from './DriverPendingScreen';
import { queuedNow } from './outbox';

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });
const NAME = `${'a'.repeat(32)}.jpg`;

function job(id: string): JobOut {
  return {
    _id: id,
    serialNo: 1,
    restaurantName: `Stop ${id}`,
    customer: null,
    order: null,
    preparedBy: null,
    deliveredBy: null,
    isDelivered: false,
    deliveredAt: null,
    recipientName: null,
    proofImage: null,
    amountToCollect: 0,
    createdAt: '2030-05-15T00:00:00.000Z',
  };
}

async function markWithPhoto(id: string) {
  fireEvent.click(await screen.findByRole('button', { name: /^Mark As Delivered/ }));
  // The picker a finger taps is labelled; it opens the hidden file input behind it.
  const picker = await screen.findByLabelText('Photo of the delivery (optional)');
  expect(picker.textContent).toContain('Take or choose a photo');
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  expect(input.accept).toBe('image/jpeg,image/png');
  expect(input.getAttribute('capture')).toBe('environment');
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], `${id}.jpg`, { type: 'image/jpeg' });
  fireEvent.change(input, { target: { files: [file] } });
  return input;
}

afterEach(() => vi.unstubAllGlobals());

describe('proof of delivery photo', () => {
  it('is uploaded as a proof and kept with the delivery it is sent with', async () => {
    const fetchMock = vi.fn(async (url: string | URL | Request) => {
      if (String(url).startsWith('/api/upload')) {
        return new Response(JSON.stringify({ imageUrl: `/uploads/${NAME}`, cardUrl: '' }), {
          status: 201,
        });
      }
      // The delivery itself finds no server: it stays queued, with its photo.
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<DriverPendingScreen />, {
      path: '/driver/ordertrack',
      user: driver,
      answers: { 'ordertrack.driverPending': () => [job('j1')] },
    });
    await markWithPhoto('j1');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(queuedNow().find((q) => q.jobId === 'j1')?.proofImage).toBe(NAME));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/upload?purpose=proof');
  });

  it('without a connection, the delivery is queued with its photo kept and the phone says so', async () => {
    const fetchMock = vi.fn(async (_url: string | URL | Request) => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderScreen(<DriverPendingScreen />, {
      path: '/driver/ordertrack',
      user: driver,
      answers: { 'ordertrack.driverPending': () => [job('j2')] },
    });
    await markWithPhoto('j2');
    expect(
      screen.getByText(
        'No connection: the delivery and its photo are kept on this phone and sent when the connection returns.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(queuedNow().some((q) => q.jobId === 'j2')).toBe(true));
    expect(queuedNow().find((q) => q.jobId === 'j2')?.proofImage).toBeUndefined();
    // The photo itself waits with the delivery, to be uploaded before it (ADR 038).
    expect(queuedNow().find((q) => q.jobId === 'j2')?.photo).toBeInstanceOf(File);
    // Nothing was uploaded; the queue is not blocked.
    expect(fetchMock.mock.calls.some((c) => String(c[0]).startsWith('/api/upload'))).toBe(false);
    await screen.findByText(/^Waiting to send \(\d+\)$/);
    online.mockRestore();
  });

  it('says what a tap does in text readable on white (axe: 4.5:1), in Nepali too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    await act(() => i18n.changeLanguage('ne'));
    renderScreen(<DriverPendingScreen />, {
      path: '/driver/ordertrack',
      user: driver,
      answers: { 'ordertrack.driverPending': () => [job('j3')] },
    });
    fireEvent.click(await screen.findByRole('button', { name: /: डेलिभर भयो$/ }));
    const placeholder = await screen.findByText('फोटो खिच्नुहोस् वा छान्नुहोस्');
    // Mantine's placeholder grey (gray 5, #adb5bd) is 2.07:1 on the dialog's white.
    const shade = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(placeholder.style.color);
    expect(shade).not.toBeNull();
    const [, name = '', index = ''] = shade ?? [];
    const colors: Record<string, readonly string[] | undefined> = {
      ...DEFAULT_THEME.colors,
      ...theme.colors,
    };
    const hex = colors[name]?.[Number(index)] ?? '';
    expect(contrastOnWhite(hex)).toBeGreaterThanOrEqual(4.5);
  });
});

/** WCAG's contrast ratio of a #rrggbb colour on white. */
function contrastOnWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}
