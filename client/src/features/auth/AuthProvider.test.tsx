import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '../../../../server/router';
import { CART_KEY, CART_OWNER_KEY, writeCart } from '../../cart';
import { makeUser } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { trpc } from '../../trpc';
import { useAuth } from './AuthContext';
import { AuthProvider } from './AuthProvider';
import { LOGOUT_SIGNAL_KEY } from './session';

type Answer = unknown | TRPCClientError<AppRouter>;
type Server = Record<string, () => Answer>;

const unauthorized = () =>
  TRPCClientError.from({
    error: {
      message: 'Please sign in.',
      code: -32001,
      data: { code: 'UNAUTHORIZED', httpStatus: 401 },
    },
  });

/** A tRPC link answering each procedure from `server`, instead of HTTP. */
function fakeServer(server: Server, calls: string[]): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        calls.push(op.path);
        const answer = server[op.path]?.();
        if (answer instanceof TRPCClientError) observer.error(answer);
        else {
          observer.next({ result: { type: 'data', data: answer } });
          observer.complete();
        }
      });
}

function Probe() {
  const { user, loading, signOut } = useAuth();
  return (
    <>
      <output data-testid="user">{loading ? 'loading' : (user?.username ?? 'none')}</output>
      <button type="button" onClick={() => signOut()}>
        out
      </button>
    </>
  );
}

function renderAuth(server: Server, path = '/customer') {
  const calls: string[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = trpc.createClient({ links: [fakeServer(server, calls)] });
  renderWithProviders(
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <AuthProvider>
            <Probe />
            <Routes>
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return { calls, queryClient };
}

const shownUser = () => screen.getByTestId('user').textContent;
const customer = makeUser();

describe('AuthProvider', () => {
  it('is loading until the profile answers, then holds the user', async () => {
    renderAuth({ 'auth.session': () => customer });
    expect(shownUser()).toBe('loading');
    await waitFor(() => expect(shownUser()).toBe('himalaya'));
  });

  it('has no user when the session check answers null (signed out)', async () => {
    renderAuth({ 'auth.session': () => null });
    await waitFor(() => expect(shownUser()).toBe('none'));
  });

  it('has no user after a 401', async () => {
    renderAuth({ 'auth.session': unauthorized });
    await waitFor(() => expect(shownUser()).toBe('none'));
  });

  it('has no user when the check fails for another reason', async () => {
    renderAuth({
      'auth.session': () => TRPCClientError.from(new Error('Failed to fetch')),
    });
    await waitFor(() => expect(shownUser()).toBe('none'));
  });

  it('logs out on the server, clears the user and the cart, and tells other tabs', async () => {
    const { calls } = renderAuth({ 'auth.session': () => customer, 'auth.logout': () => ({}) });
    await waitFor(() => expect(shownUser()).toBe('himalaya'));
    writeCart([{ id: 'p1', name: 'Rice', sku: 'Kg', quantity: 1 }]);
    await act(async () => screen.getByRole('button', { name: 'out' }).click());
    expect(calls).toContain('auth.logout');
    expect(shownUser()).toBe('none');
    expect(localStorage.getItem(LOGOUT_SIGNAL_KEY)).toMatch(/^\d+$/);
    expect(localStorage.getItem(CART_KEY)).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('still signs out here when the logout call fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAuth({
      'auth.session': () => customer,
      'auth.logout': () => TRPCClientError.from(new Error('Failed to fetch')),
    });
    await waitFor(() => expect(shownUser()).toBe('himalaya'));
    await act(async () => screen.getByRole('button', { name: 'out' }).click());
    expect(shownUser()).toBe('none');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('signs out when another tab logs out', async () => {
    renderAuth({ 'auth.session': () => customer });
    await waitFor(() => expect(shownUser()).toBe('himalaya'));
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: LOGOUT_SIGNAL_KEY, newValue: String(Date.now()) }),
      );
    });
    await waitFor(() => expect(shownUser()).toBe('none'));
    // The navigation follows the sign-out (after the cache is cleared).
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  // ADR 082: a session that ends in the middle of an order (expired at night, ended from
  // another device) does not take the cart with it; only Logout, or another account signing
  // in on this browser, does.
  it.each([
    ['answers 401', unauthorized],
    ['answers null', () => null],
  ])(
    'keeps the cart for its owner when the session check %s, for signing in again',
    async (_, endedAnswer) => {
      let ended = false;
      const { queryClient } = renderAuth({
        'auth.session': () => (ended ? endedAnswer() : customer),
        'orders.mine': unauthorized,
      });
      await waitFor(() => expect(shownUser()).toBe('himalaya'));
      writeCart([{ id: 'p1', name: 'Rice', sku: 'Kg', quantity: 3 }]);
      ended = true;
      await act(async () => {
        await queryClient.invalidateQueries();
      });
      await waitFor(() => expect(shownUser()).toBe('none'));
      expect(localStorage.getItem(CART_KEY)).toContain('Rice');
      expect(localStorage.getItem(CART_OWNER_KEY)).toBe(customer._id);
      // The same restaurant signs in again: its cart is there.
      ended = false;
      await act(async () => {
        await queryClient.invalidateQueries();
      });
      await waitFor(() => expect(shownUser()).toBe('himalaya'));
      expect(localStorage.getItem(CART_KEY)).toContain('Rice');
    },
  );

  it("does not hand the previous customer's cart to the next one on this browser", async () => {
    // The previous customer's session ended while the browser was closed.
    localStorage.setItem(CART_OWNER_KEY, 'someone-else');
    writeCart([{ id: 'p1', name: 'Rice', sku: 'Kg', quantity: 3 }]);
    renderAuth({ 'auth.session': () => customer });
    await waitFor(() => expect(shownUser()).toBe('himalaya'));
    expect(localStorage.getItem(CART_KEY)).toBeNull();
    expect(localStorage.getItem(CART_OWNER_KEY)).toBe(customer._id);
    // Their own cart stays.
    writeCart([{ id: 'p2', name: 'Dal', sku: 'Kg', quantity: 1 }]);
    renderAuth({ 'auth.session': () => customer });
    await waitFor(() => expect(screen.getAllByTestId('user').at(-1)?.textContent).toBe('himalaya'));
    expect(localStorage.getItem(CART_KEY)).toContain('Dal');
  });
});
