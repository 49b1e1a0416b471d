import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { App } from './App';
import { makeUser } from './test/fixtures';
import { fakeAuth, renderAt } from './test/render';
import { fakeServer } from './test/testServer';

const customer = makeUser();
const driver = makeUser({ role: 'driver', userType: 'Employee', customerId: null, name: 'Hari' });

const location = () => screen.getByTestId('location').textContent;

/** The app with a tRPC client that never answers: screens that read data stay loading. */
function AppWithServer() {
  const [{ ServerProvider }] = useState(() => fakeServer({}));
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

  it('sends a signed-out visitor on a protected screen to /', () => {
    renderAt(<App />, '/customer/myorderlist', fakeAuth());
    expect(location()).toBe('/');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('sends a signed-in user from / to their home', () => {
    renderAt(<AppWithServer />, '/', fakeAuth({ user: customer }));
    expect(location()).toBe('/customer');
    expect(screen.getByRole('link', { name: /Order History/ })).toBeTruthy();
  });

  it('keeps a driver out of the admin area', () => {
    renderAt(<AppWithServer />, '/admin/orders', fakeAuth({ user: driver }));
    expect(location()).toBe('/driver');
    expect(screen.getByRole('link', { name: /Pending Orders/ }).getAttribute('href')).toBe(
      '/driver/ordertrack',
    );
  });

  it('links the customer tiles to their screens', () => {
    renderAt(<AppWithServer />, '/customer', fakeAuth({ user: customer }));
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('All Products')).toBe('/customer/regularorder');
    expect(href('My Ordersheet')).toBe('/customer/customsheet');
    expect(href('Thai Products')).toBe('/customer/thaiproducts');
    expect(href('Order History')).toBe('/customer/myorderlist');
  });

  it('shows Page not found with a link home for unknown paths', () => {
    renderAt(<App />, '/no/such/page', fakeAuth({ user: customer }));
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/customer',
    );
  });
});
