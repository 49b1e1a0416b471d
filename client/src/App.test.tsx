import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { AreaErrorBoundary } from './shell/AreaErrorBoundary';
import { makeUser } from './test/fixtures';
import { fakeAuth, renderAt, renderWithProviders } from './test/render';
import { fakeServer } from './test/testServer';

const customer = makeUser();
const driver = makeUser({ role: 'driver', userType: 'Employee', customerId: null, name: 'Hari' });

const location = () => screen.getByTestId('location').textContent;

/** Areas and the signed-in frame are lazy chunks: the first import can take a while. */
const AREA_LOADED = { timeout: 10_000 };

/** The app with a tRPC client that never answers: screens that read data stay loading. */
function AppWithServer() {
  const [{ ServerProvider }] = useState(() =>
    fakeServer({ 'categories.list': () => [{ _id: 'c-thai', name: 'Thai Items' }] }),
  );
  return (
    <ServerProvider>
      <App />
    </ServerProvider>
  );
}

describe('routes', () => {
  it('shows the login screen at / when signed out, without a top bar', () => {
    renderAt(<App />, '/', fakeAuth());
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
  });

  it('shows a loader, not a redirect, while the session is being checked', () => {
    renderAt(<App />, '/customer/regularorder', fakeAuth({ loading: true }));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(location()).toBe('/customer/regularorder');
  });

  it('sends a signed-out visitor on a protected screen to /, remembering the page', () => {
    renderAt(<App />, '/customer/myorderlist?x=1', fakeAuth());
    expect(location()).toBe('/');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('sends a signed-in user from / to their home', async () => {
    renderAt(<AppWithServer />, '/', fakeAuth({ user: customer }));
    await waitFor(() => expect(location()).toBe('/customer'), AREA_LOADED);
    expect(await screen.findByRole('link', { name: /Order History/ }, AREA_LOADED)).toBeTruthy();
  });

  it('keeps a driver out of the admin area', async () => {
    renderAt(<AppWithServer />, '/admin/orders', fakeAuth({ user: driver }));
    await waitFor(() => expect(location()).toBe('/driver'), AREA_LOADED);
    expect(
      (await screen.findByRole('link', { name: /Pending Orders/ }, AREA_LOADED)).getAttribute(
        'href',
      ),
    ).toBe('/driver/ordertrack');
  });

  it('links the customer tiles to their screens', async () => {
    renderAt(<AppWithServer />, '/customer', fakeAuth({ user: customer }));
    await screen.findByRole('link', { name: 'All Products' }, AREA_LOADED);
    // Shown once the categories say the catalogue has Thai Items.
    await screen.findByRole('link', { name: 'Thai Products' });
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('All Products')).toBe('/customer/regularorder');
    expect(href('My Ordersheet')).toBe('/customer/customsheet');
    expect(href('Thai Products')).toBe('/customer/thaiproducts');
    expect(href('Order History')).toBe('/customer/myorderlist');
  });

  it('shows Page not found with a link home for unknown paths', async () => {
    renderAt(<AppWithServer />, '/no/such/page', fakeAuth({ user: customer }));
    expect(
      await screen.findByRole('heading', { name: 'Page not found' }, AREA_LOADED),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/customer',
    );
  });

  it('says so on the login screen when the session has ended', () => {
    renderAt(<App />, '/', fakeAuth({ sessionEnded: true }));
    expect(screen.getByText('Your session has ended')).toBeTruthy();
  });

  it("shows an area's error with Retry instead of a blank page, and Retry renders again", async () => {
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('boom');
      return <p>recovered</p>;
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(
      <AreaErrorBoundary resetKey="/x">
        <Flaky />
      </AreaErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong on this screen')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('recovered')).toBeTruthy();
    spy.mockRestore();
    warn.mockRestore();
  });

  it("tells a driver that what the phone recorded is kept, not a restaurant's cart", () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    renderWithProviders(
      <AreaErrorBoundary resetKey="/driver" area="driver">
        <Broken />
      </AreaErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('deliveries and payments recorded on this phone are kept');
    expect(alert.textContent).not.toContain('cart');
    spy.mockRestore();
    warn.mockRestore();
  });
});
