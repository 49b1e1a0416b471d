import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobOut } from '../../../../../shared/schemas/doorstep';
import { cashJob, makeUser } from '../../../test/fixtures';
import { fakeAuth, Providers } from '../../../test/render';
import { fakeServer } from '../../../test/testServer';
import { AuthContext } from '../../auth/AuthContext';
import { DriverPendingScreen } from './DriverPendingScreen';
import { enqueue, flush } from './outbox';

// The phone's Back button on the jobs list: it closes the open dialog and the list stays (the
// app's own BrowserRouter and the window's history, as on the phone), and a dialog closed by
// its own buttons leaves the history as it found it.

const driver = makeUser({ _id: 'd1', role: 'driver', userType: 'Employee', customerId: null });
const PATH = '/driver/ordertrack';

const job = (id: string): JobOut => cashJob(id);

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const accepted = (id: string) => json({ result: { data: { _id: id } } });

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** The screen in the app's BrowserRouter, on the window's own history. */
function renderPending(jobs: JobOut[], screenElement: ReactElement = <DriverPendingScreen />) {
  const { ServerProvider } = fakeServer({ 'ordertrack.driverPending': () => jobs });
  return render(
    <AuthContext value={fakeAuth({ user: driver })}>
      <ServerProvider>
        <BrowserRouter>
          <Routes>
            <Route path={PATH} element={screenElement} />
            <Route path="*" element={<p>Somewhere else</p>} />
          </Routes>
          <Where />
        </BrowserRouter>
      </ServerProvider>
    </AuthContext>,
    { wrapper: Providers },
  );
}

async function openDialog(name: string | RegExp = /^Mark As Delivered/) {
  fireEvent.click((await screen.findAllByRole('button', { name }))[0] as HTMLElement);
  return screen.findByRole('dialog');
}

const marked = () =>
  typeof window.history.state === 'object' &&
  window.history.state !== null &&
  'backCloses' in window.history.state;

/** The phone's Back button. */
async function pressBack() {
  await act(async () => {
    window.history.back();
  });
}

/** Our own history.back() (a dialog closed by its buttons) has landed. */
const settled = () => waitFor(() => expect(marked()).toBe(false));

beforeEach(async () => {
  // Each test starts on a new entry of the list's own (a removal left by the last test has
  // landed), with no forward entries: history.length counts the entries up to this one.
  await settled();
  window.history.pushState(null, '', PATH);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the phone's Back button on the jobs list", () => {
  it('closes the delivery dialog and stays on the list, with the router on the same page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('x')),
    );
    renderPending([job('b1'), job('b2')]);
    const before = window.history.length;
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Received by (optional)'), {
      target: { value: 'Mr Gurung' },
    });
    // One entry of the dialog's own, on the same address.
    expect(window.history.length).toBe(before + 1);
    expect(marked()).toBe(true);
    expect(window.location.pathname).toBe(PATH);

    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByTestId('job-card')).toHaveLength(2);
    expect(screen.getByTestId('location').textContent).toBe(PATH);
    expect(window.location.pathname).toBe(PATH);
    expect(screen.queryByText('Somewhere else')).toBeNull();
    expect(marked()).toBe(false);

    // The dialog opens again as usual, and Back closes it again.
    await openDialog();
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByTestId('job-card')).toHaveLength(2);
  });

  it('a dialog closed by No or × takes its entry away: the history does not grow', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('x')),
    );
    renderPending([job('c1')]);
    await screen.findByTestId('job-card');
    const state = window.history.state;
    const length = window.history.length;
    for (const close of ['No', 'Close']) {
      const dialog = await openDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: close }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await settled();
      // Back on the list's own entry, as before the dialog opened.
      expect(window.history.state).toEqual(state);
      // A browser never shortens history.length (the entry taken away stays as a forward
      // entry until the next push replaces it): one entry more, however many opens.
      expect(window.history.length).toBe(length + 1);
    }
    expect(screen.getByTestId('location').textContent).toBe(PATH);
  });

  it('closed and opened again at once: one entry, and Back still closes it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('x')),
    );
    renderPending([job('q1')]);
    await screen.findByTestId('job-card');
    const length = window.history.length;
    const dialog = await openDialog();
    const first = window.history.state.backCloses;
    // No, then Mark As Delivered again before the entry's removal has landed.
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: /^Mark As Delivered/ }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    // The new entry is pushed once the removal has landed, in place of the first one.
    await waitFor(() => expect(marked() && window.history.state.backCloses !== first).toBe(true));
    expect(window.history.length).toBe(length + 1);

    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('job-card')).toBeTruthy();
    expect(marked()).toBe(false);
  });

  it('a delivery sent closes the dialog and takes its entry away', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('s1')),
    );
    renderPending([job('s1'), job('s2')]);
    await screen.findAllByTestId('job-card');
    const state = window.history.state;
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await settled();
    expect(window.history.state).toEqual(state);
    expect(screen.getByTestId('location').textContent).toBe(PATH);
  });

  it('while the delivery is being sent, Back keeps the dialog (and what was entered)', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (url: string | URL | Request) =>
          new Promise<Response>((resolve) => {
            if (String(url).includes('ordertrack.deliver')) answer = resolve;
            else resolve(accepted('x'));
          }),
      ),
    );
    renderPending([job('w1')]);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Received by (optional)'), {
      target: { value: 'Ms Rai' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('button', { name: 'No' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    await pressBack();
    // Held: the dialog stays, with a new entry of its own for the next press.
    await waitFor(() => expect(marked()).toBe(true));
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(
      (within(dialog).getByLabelText('Received by (optional)') as HTMLInputElement).value,
    ).toBe('Ms Rai');
    await act(async () => answer(accepted('w1')));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await settled();
    expect(screen.getByTestId('location').textContent).toBe(PATH);
  });

  it('a screen left with the dialog open takes its entry away', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => accepted('x')),
    );
    const view = renderPending([job('u1')]);
    await screen.findByTestId('job-card');
    const state = window.history.state;
    await openDialog();
    expect(marked()).toBe(true);
    view.unmount();
    await settled();
    expect(window.history.state).toEqual(state);
  });

  it('Back answers No to "Discard this delivery?"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          {
            error: {
              message: '(English text)',
              code: -32600,
              data: {
                code: 'BAD_REQUEST',
                httpStatus: 400,
                appCode: 'delivery.cashAboveInvoice',
                params: { amount: '¥500' },
              },
            },
          },
          400,
        ),
      ),
    );
    await enqueue({ _id: 'gone', restaurantName: 'Old Stop' }, 'Ms Rai', {
      tappedAt: new Date(Date.now() - 60_000).toISOString(),
      cashTaken: 900,
    });
    await flush();
    renderPending([]);
    const list = await screen.findByTestId('refused-list');
    fireEvent.click(within(list).getByRole('button', { name: 'Discard' }));
    expect(
      within(await screen.findByRole('dialog')).getByText(
        'Discard this delivery? What you entered is lost.',
      ),
    ).toBeTruthy();
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Not discarded, and still on the list.
    expect(screen.getByTestId('refused-list').textContent).toContain('Old Stop');
    expect(screen.getByTestId('location').textContent).toBe(PATH);
  });
});
