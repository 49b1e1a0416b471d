import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
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
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
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
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
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
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
