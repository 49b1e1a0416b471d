import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { serverError } from '../../../test/testServer';
import { BusinessSettingsPanel, TaxSettingsPanel } from './TaxAndBusinessSettings';

// A settings form that could not read what is stored shows why and offers no Save: saving its
// empty fields would erase the business's details (its documents' legal name, bank, number).

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

describe('the business settings', () => {
  it('shows the load error and no form or Save when they cannot be read', async () => {
    const { calls } = renderScreen(<BusinessSettingsPanel />, {
      path: '/admin/settings',
      user: admin,
      answers: {
        'settings.business': () => {
          throw serverError(500, 'common.serverBusy');
        },
      },
    });
    expect(await screen.findByText(/The stored settings could not be loaded/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Save(:|：| |$)/u })).toBeNull();
    expect(screen.queryByLabelText(/Legal name/)).toBeNull();
    expect(calls.some((c) => c.path === 'settings.updateBusiness')).toBe(false);
  });

  it('asks again on Try again, then shows the stored details to edit', async () => {
    let fail = true;
    renderScreen(<BusinessSettingsPanel />, {
      path: '/admin/settings',
      user: admin,
      answers: {
        'settings.business': () => {
          if (fail) throw serverError(500, 'common.serverBusy');
          return BUSINESS;
        },
      },
    });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    await waitFor(() =>
      expect((screen.getByLabelText(/Legal name/) as HTMLInputElement).value).toBe(
        BUSINESS.legalName,
      ),
    );
    expect(screen.getByRole('button', { name: /^Save(:|：| |$)/u })).toBeTruthy();
  });

  it('saves what was loaded, not empty fields', async () => {
    const { calls } = renderScreen(<BusinessSettingsPanel />, {
      path: '/admin/settings',
      user: admin,
      answers: {
        'settings.business': () => BUSINESS,
        'settings.updateBusiness': (input) => ({ ...BUSINESS, ...input }) as typeof BUSINESS,
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Save(:|：| |$)/u }));
    await waitFor(() => expect(calls.some((c) => c.path === 'settings.updateBusiness')).toBe(true));
    expect(calls.find((c) => c.path === 'settings.updateBusiness')?.input).toMatchObject({
      legalName: BUSINESS.legalName,
      registrationNumber: BUSINESS.registrationNumber,
    });
  });
});

describe('the tax settings', () => {
  it('offers no Save when they cannot be read', async () => {
    renderScreen(<TaxSettingsPanel />, {
      path: '/admin/settings',
      user: admin,
      answers: {
        'settings.tax': () => {
          throw serverError(500, 'common.serverBusy');
        },
      },
    });
    expect(await screen.findByText(/The stored settings could not be loaded/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Save(:|：| |$)/u })).toBeNull();
  });
});

describe('a settings panel with changes not yet saved', () => {
  it('says so beside its own Save, asks before the page is left, and stops once saved', async () => {
    renderScreen(
      <UnsavedChangesGuard>
        <TaxSettingsPanel />
        <BusinessSettingsPanel />
      </UnsavedChangesGuard>,
      {
        path: '/admin/settings',
        user: admin,
        answers: {
          'settings.tax': () => ({ basis: 'exclusive', rounding: 'down' }),
          'settings.business': () => BUSINESS,
          'settings.updateBusiness': (input) => input as typeof BUSINESS,
        },
      },
    );
    const name = (await screen.findByLabelText(/Legal name/)) as HTMLInputElement;
    expect(screen.queryByTestId('settings-unsaved')).toBeNull();
    fireEvent.change(name, { target: { value: '株式会社ヒマラヤ食品 本店' } });
    // One note, in the business panel (the tax panel has nothing to save).
    const notes = screen.getAllByTestId('settings-unsaved');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.closest('form, div[class*="Paper"]')?.textContent).toContain('Legal name');
    // A reload or close would lose it: the browser is asked to confirm.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    const saves = screen.getAllByRole('button', { name: /^Save(:|：| |$)/u });
    fireEvent.click(saves[1] as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('settings-unsaved')).toBeNull());
    await waitFor(() => {
      const again = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(again);
      expect(again.defaultPrevented).toBe(false);
    });
  });
});

describe('leaving Settings by one of the app’s links with a section not saved', () => {
  it('asks first: Stay keeps the typed change on the page, Leave goes', async () => {
    renderScreen(
      <UnsavedChangesGuard>
        <Link to="/admin/orders">Orders</Link>
        <BusinessSettingsPanel />
      </UnsavedChangesGuard>,
      {
        path: '/admin/settings',
        user: admin,
        answers: { 'settings.business': () => BUSINESS },
      },
    );
    const name = (await screen.findByLabelText(/Legal name/)) as HTMLInputElement;
    fireEvent.change(name, { target: { value: '株式会社ヒマラヤ食品 本店' } });

    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(screen.getByTestId('location').textContent).toBe('/admin/settings');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/admin/settings');
    expect((screen.getByLabelText(/Legal name/) as HTMLInputElement).value).toBe(
      '株式会社ヒマラヤ食品 本店',
    );

    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/orders'));
  });

  it('goes at once when nothing typed is unsaved', async () => {
    renderScreen(
      <UnsavedChangesGuard>
        <Link to="/admin/orders">Orders</Link>
        <BusinessSettingsPanel />
      </UnsavedChangesGuard>,
      {
        path: '/admin/settings',
        user: admin,
        answers: { 'settings.business': () => BUSINESS },
      },
    );
    await screen.findByLabelText(/Legal name/);
    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/orders'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
