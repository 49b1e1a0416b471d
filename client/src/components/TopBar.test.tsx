import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeCart } from '../cart';
import i18n from '../i18n';
import { makeUser } from '../test/fixtures';
import { fakeAuth, renderAt } from '../test/render';
import { TopBar } from './TopBar';

const customer = makeUser();
const admin = makeUser({ isAdmin: true, role: 'admin', userType: 'Admin', name: 'Office' });
const manager = makeUser({ role: 'manager', userType: 'Employee', name: 'Sita' });
const item = { id: 'p1', name: 'Rice', sku: 'Kg', quantity: 3 };

describe('TopBar', () => {
  it("links the logo to the user's home", () => {
    renderAt(<TopBar user={manager} />, '/admin/orders', fakeAuth({ user: manager }));
    expect(screen.getByRole('link', { name: 'Wholesale Orders' }).getAttribute('href')).toBe(
      '/admin',
    );
    // The floating home button does the same away from home.
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/admin');
  });

  it('keeps the floating home button off the checkout, where it would cover Place Order', () => {
    const { unmount } = renderAt(
      <TopBar user={customer} />,
      '/customer/regularorder',
      fakeAuth({ user: customer }),
    );
    expect(screen.queryByRole('link', { name: 'Home' })).not.toBeNull();
    unmount();
    renderAt(<TopBar user={customer} />, '/cart', fakeAuth({ user: customer }));
    expect(screen.queryByRole('link', { name: 'Home' })).toBeNull();
  });

  it('shows the cart with its item count only when the cart has items', () => {
    renderAt(<TopBar user={customer} />, '/customer', fakeAuth({ user: customer }));
    expect(screen.queryByRole('link', { name: /Cart/ })).toBeNull();
    act(() => writeCart([item, { ...item, id: 'p2' }]));
    const cart = screen.getByRole('link', { name: 'Cart: 2 items' });
    expect(cart.getAttribute('href')).toBe('/cart');
    act(() => writeCart([]));
    expect(screen.queryByRole('link', { name: /Cart/ })).toBeNull();
  });

  it('never shows the cart to admins or managers', () => {
    writeCart([item]);
    for (const user of [admin, manager]) {
      const { unmount } = renderAt(<TopBar user={user} />, '/admin', fakeAuth({ user }));
      expect(screen.queryByRole('link', { name: /Cart/ })).toBeNull();
      unmount();
    }
  });

  it('has a visible language switch offering each language in its own script', async () => {
    const auth = fakeAuth({ user: customer });
    renderAt(<TopBar user={customer} />, '/customer', auth);
    const choose = (name: string, language: string) =>
      fireEvent.change(screen.getByRole('combobox', { name }), { target: { value: language } });
    const options = screen
      .getAllByRole('option')
      .map((o) => [o.textContent, o.getAttribute('lang')]);
    expect(options).toEqual([
      ['English', 'en'],
      ['नेपाली', 'ne'],
      ['日本語', 'ja'],
    ]);

    choose('Language', 'ja');
    await waitFor(() => expect(i18n.language).toBe('ja'), { timeout: 10_000 });
    expect(localStorage.getItem('lang')).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(await screen.findByRole('combobox', { name: '言語' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '卸売注文' })).toBeTruthy();

    choose('言語', 'ne');
    await waitFor(() => expect(i18n.language).toBe('ne'), { timeout: 10_000 });
    expect(localStorage.getItem('lang')).toBe('ne');
    expect(document.documentElement.lang).toBe('ne');
    // The way back is in the same list.
    expect(await screen.findByRole('combobox', { name: 'भाषा' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'खाता मेनु' }));
    expect(await screen.findByText('Ram Thapa')).toBeTruthy();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'लगआउट' }));
    expect(auth.signOut).toHaveBeenCalled();
  });
});

describe('the top bar on a narrow phone', () => {
  it('sizes the language switch to the name it shows, and never squeezes it', () => {
    renderAt(<TopBar user={customer} />, '/customer', fakeAuth({ user: customer }));
    const select = screen.getByRole('combobox', { name: 'Language' });
    const box = select.parentElement as HTMLElement;
    // A fixed width (128 px) clipped "English" to "Englis".
    expect(box.style.width).toBe('');
    expect(box.style.flexShrink).toBe('0');
    expect(select.style.getPropertyValue('field-sizing')).toBe('content');
  });

  it("lets the app's name give way with an ellipsis, then leave the logo alone", () => {
    renderAt(<TopBar user={customer} />, '/customer', fakeAuth({ user: customer }));
    const link = screen.getByRole('link', { name: 'Wholesale Orders' });
    const name = within(link).getByText('Wholesale Orders');
    expect(name.getAttribute('data-truncate')).toBe('end');
    // The brand takes what the tools leave (a container), and under 7rem shows no name.
    const css = readFileSync(resolve('client/src/components/TopBar.module.css'), 'utf8').replace(
      /\s+/g,
      ' ',
    );
    expect(css).toContain('.brand { flex: 1 1 0; min-width: 0; container-type: inline-size; }');
    expect(css).toContain('@container (max-width: 7rem) { .name { display: none; } }');
    expect(screen.getByTestId('top-bar-brand').contains(link)).toBe(true);
  });
});
