import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import i18n from '../../../i18n';
import { makeUser } from '../../../test/fixtures';
import { fakeAuth, LocationProbe, Providers } from '../../../test/render';
import { fakeServer } from '../../../test/testServer';
import { AuthContext } from '../../auth/AuthContext';
import { BusinessSettingsPanel } from './TaxAndBusinessSettings';

// The browser's Back (and a reload or a closed tab) with a Settings section unsaved, on jsdom's
// own history: the app's BrowserRouter, not a memory router, so Back is the browser's.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });

const BUSINESS = {
  legalName: '株式会社ヒマラヤ食品',
  address: '東京都新宿区1-2-3',
  nameEn: '',
  addressEn: '',
  phone: '0312345678',
  bank: {
    bankName: 'みずほ銀行',
    branchName: '新宿支店',
    accountType: 'ordinary' as const,
    accountNumber: '1234567',
    accountHolder: 'カ）ヒマラヤショクヒン',
  },
  registrationNumber: 'T1234567890123',
};

function renderSettings() {
  const { ServerProvider, calls } = fakeServer({
    'settings.business': () => BUSINESS,
    'settings.updateBusiness': (input) => input as typeof BUSINESS,
  });
  render(
    <Providers>
      <AuthContext value={fakeAuth({ user: admin })}>
        <ServerProvider>
          <BrowserRouter>
            <Routes>
              <Route
                path="/admin/settings"
                element={
                  <UnsavedChangesGuard>
                    <Link to="/admin/customers">Customers</Link>
                    <BusinessSettingsPanel />
                  </UnsavedChangesGuard>
                }
              />
              <Route path="*" element={null} />
            </Routes>
            <LocationProbe />
          </BrowserRouter>
        </ServerProvider>
      </AuthContext>
    </Providers>,
  );
  return calls;
}

const here = () => screen.getByTestId('location').textContent;
const back = () =>
  act(async () => {
    window.history.back();
  });
const held = () => typeof window.history.state?.backCloses === 'string';
const legalName = () => screen.getByLabelText(/Legal name/) as HTMLInputElement;
const asksReload = () => {
  const leaving = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(leaving);
  return leaving.defaultPrevented;
};

beforeEach(async () => {
  // Whatever a previous test left on top is gone, then: the orders page, then Settings.
  await waitFor(() => expect(held()).toBe(false));
  window.history.pushState(null, '', '/admin/orders');
  window.history.pushState(null, '', '/admin/settings');
});

describe('the browser’s Back on Settings with a section unsaved', () => {
  it('asks; Stay keeps the page and the typed change, Back again and Leave goes back', async () => {
    renderSettings();
    const name = await screen.findByLabelText(/Legal name/);
    fireEvent.change(name, { target: { value: '株式会社ヒマラヤ食品 本店' } });
    await waitFor(() => expect(held()).toBe(true));

    await back();
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(here()).toBe('/admin/settings');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(here()).toBe('/admin/settings');
    expect(legalName().value).toBe('株式会社ヒマラヤ食品 本店');
    // Held again for the next Back.
    await waitFor(() => expect(held()).toBe(true));

    await back();
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(here()).toBe('/admin/orders'));
  });

  it('asks in the reader’s language', async () => {
    await i18n.changeLanguage('ja');
    renderSettings();
    fireEvent.change(await screen.findByLabelText(/正式名称/), {
      target: { value: '株式会社ヒマラヤ食品 本店' },
    });
    await waitFor(() => expect(held()).toBe(true));
    await back();
    const dialog = await screen.findByRole('dialog', { name: '保存せずに移動しますか？' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'このページに残る' }));
    await waitFor(() => expect(held()).toBe(true));
    // Leave the history as the next test expects it: saved-equivalent, nothing held.
    fireEvent.change(screen.getByDisplayValue('株式会社ヒマラヤ食品 本店'), {
      target: { value: BUSINESS.legalName },
    });
  });

  it('asks before a reload only while unsaved, and once saved Back simply goes back', async () => {
    renderSettings();
    const name = await screen.findByLabelText(/Legal name/);
    expect(asksReload()).toBe(false);
    const length = window.history.length;
    fireEvent.change(name, { target: { value: '株式会社ヒマラヤ食品 本店' } });
    await waitFor(() => expect(held()).toBe(true));
    expect(asksReload()).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /^Save(:|：| |$)/u }));
    await waitFor(() => expect(screen.queryByTestId('settings-unsaved')).toBeNull());
    // The held entry is taken away again: Back is the browser's own once more.
    await waitFor(() => expect(held()).toBe(false));
    expect(asksReload()).toBe(false);
    expect(window.history.length).toBe(length + 1);
    await back();
    await waitFor(() => expect(here()).toBe('/admin/orders'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('undone by hand, nothing is held and Back goes back at once', async () => {
    renderSettings();
    const name = await screen.findByLabelText(/Legal name/);
    fireEvent.change(name, { target: { value: '株式会社ヒマラヤ食品 本店' } });
    await waitFor(() => expect(held()).toBe(true));
    fireEvent.change(name, { target: { value: BUSINESS.legalName } });
    await waitFor(() => expect(held()).toBe(false));
    await back();
    await waitFor(() => expect(here()).toBe('/admin/orders'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('left by a link, the page it opens takes the held entry’s place: Back returns to Settings', async () => {
    renderSettings();
    const length = window.history.length;
    fireEvent.change(await screen.findByLabelText(/Legal name/), {
      target: { value: '株式会社ヒマラヤ食品 本店' },
    });
    await waitFor(() => expect(held()).toBe(true));
    fireEvent.click(screen.getByRole('link', { name: 'Customers' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(here()).toBe('/admin/customers'));
    expect(window.history.length).toBe(length + 1);
    await back();
    await waitFor(() => expect(here()).toBe('/admin/settings'));
    expect(held()).toBe(false);
  });
});
