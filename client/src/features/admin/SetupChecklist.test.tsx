import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SETUP_STEPS,
  type SetupChecklistOut,
  type SetupStep,
} from '../../../../shared/schemas/setup';
import i18n from '../../i18n';
import { makeUser } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { AdminHome } from './AdminHome';
import { SETUP_HIDDEN_KEY, scrollWhenShown } from './SetupChecklist';

// The first-day checklist on the office home (ADR 057): each step a link to where it is done,
// ticked from the server, gone once the required steps are done, hidden on request.

const staff = makeUser({
  _id: 'a1',
  role: 'admin',
  isAdmin: true,
  userType: 'Admin',
  customerId: null,
});

afterEach(() => vi.restoreAllMocks());

function checklist(done: SetupStep[], products = { total: 0, orderable: 0 }): SetupChecklistOut {
  const steps = SETUP_STEPS.map((key) => ({
    key,
    done: done.includes(key),
    optional: key === 'mail',
  }));
  return { steps, products, complete: steps.every((s) => s.done || s.optional) };
}

function home(answer: SetupChecklistOut) {
  return renderScreen(<AdminHome />, {
    path: '/admin',
    user: staff,
    answers: { 'settings.setup': () => answer },
  });
}

const step = (key: SetupStep) => {
  const item = document.querySelector(`[data-step="${key}"]`);
  if (!(item instanceof HTMLElement)) throw new Error(`no step ${key}`);
  return item;
};

describe('the setup checklist', () => {
  it('lists every step in Japanese, each linking to where it is done, the settings ones to the business section', async () => {
    await i18n.changeLanguage('ja');
    home(checklist(['category']));
    const list = await screen.findByRole('region', { name: 'はじめに：開業準備' });
    expect(within(list).getByTestId('setup-progress').textContent).toBe('9項目中 1項目完了');
    const link = (name: string) => within(list).getByRole('link', { name: new RegExp(name) });
    expect(link('事業者の正式名称').getAttribute('href')).toBe('/admin/settings#business');
    expect(link('T番号').getAttribute('href')).toBe('/admin/settings#business');
    expect(link('振込先口座').getAttribute('href')).toBe('/admin/settings#business');
    expect(link('消費税の区分').getAttribute('href')).toBe('/admin/settings#business');
    expect(link('注文できる商品').getAttribute('href')).toBe('/admin/products');
    expect(link('配送ルート').getAttribute('href')).toBe('/admin/customer/routes');
    expect(link('ドライバー').getAttribute('href')).toBe('/admin/employee');
    expect(link('ログインを持つ得意先').getAttribute('href')).toBe('/admin/customer/unified');
    // Done and not done, said to a screen reader too.
    expect(step('category').dataset.done).toBe('true');
    expect(step('category').textContent).toContain('完了:');
    expect(step('route').dataset.done).toBe('false');
    expect(step('route').textContent).toContain('未完了:');
    // E-mail is optional, says why, and has no screen to link to.
    expect(step('mail').textContent).toContain('任意');
    expect(step('mail').textContent).toContain('SMTP');
    expect(within(step('mail')).queryByRole('link')).toBeNull();
  });

  it('says when no product can be ordered because all are counted with stock 0', async () => {
    home(checklist(['category'], { total: 3, orderable: 0 }));
    expect((await screen.findByTestId('setup-no-stock')).textContent).toBe(
      'All 3 products are counted with stock 0: customers cannot order them. Receive stock, or set them to not counted.',
    );
  });

  it('is not shown once every required step is done, e-mail or not', async () => {
    const required = SETUP_STEPS.filter((k) => k !== 'mail');
    const { calls } = home(checklist(required, { total: 1, orderable: 1 }));
    await waitFor(() => expect(calls.some((c) => c.path === 'settings.setup')).toBe(true));
    // The home screen itself is there; the checklist is not.
    expect(screen.getByRole('link', { name: 'Price lists' })).toBeTruthy();
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });

  it('can be hidden, remembered in this browser, and shown again', async () => {
    const { unmount } = home(checklist([]));
    fireEvent.click(await screen.findByRole('button', { name: 'Hide this list' }));
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    expect(localStorage.getItem(SETUP_HIDDEN_KEY)).toBe('1');
    unmount();

    home(checklist([]));
    const show = await screen.findByRole('button', { name: 'Show the getting-started list' });
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    fireEvent.click(show);
    expect(screen.getByTestId('setup-checklist')).toBeTruthy();
    expect(localStorage.getItem(SETUP_HIDDEN_KEY)).toBeNull();
  });

  it('brings the settings section into view when the next screen shows it', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    scrollWhenShown('business-test');
    const section = document.createElement('div');
    section.id = 'business-test';
    await act(async () => {
      document.body.append(section);
    });
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts[0]).toBe(section);
    section.remove();
  });
});
