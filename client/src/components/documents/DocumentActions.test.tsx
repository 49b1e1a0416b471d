import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { makeUser } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { DocumentActions } from './DocumentActions';

// Without SMTP the send button is off and says why, to every reader: it stays focusable
// (aria-disabled) with the reason as its description (a screen reader reads it) and as the
// tooltip shown on hover and on keyboard focus; the notice is not a visible line repeated under
// every invoice and receipt of the screen, and it is worded for the office, without the
// server's variable.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const NO_SMTP =
  'E-mail sending is not set up, so this cannot be sent. Ask your administrator to set it up.';

describe('sending documents without SMTP', () => {
  it('turns Send off with its reason as its description and as a tooltip on focus', async () => {
    const { calls } = renderScreen(
      <>
        <DocumentActions kind="invoice" id="i1" area="admin" send />
        <DocumentActions kind="invoice" id="i2" area="admin" send />
        <DocumentActions kind="receipt" id="p1" area="admin" send />
      </>,
      {
        path: '/admin/invoice',
        user: admin,
        answers: { 'documents.mails': () => ({ configured: false, mails: [] }) },
      },
    );
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('button', { name: 'Send by e-mail' })
          .filter((b) => b.getAttribute('aria-describedby')),
      ).toHaveLength(3),
    );
    const buttons = screen.getAllByRole('button', { name: 'Send by e-mail' });
    for (const b of buttons) {
      expect(b.getAttribute('aria-disabled')).toBe('true');
      // Reachable by the keyboard: not the native disabled, which drops it from the tab order.
      expect((b as HTMLButtonElement).disabled).toBe(false);
      const reason = document.getElementById(b.getAttribute('aria-describedby') ?? '');
      expect(reason?.textContent).toBe(NO_SMTP);
    }
    const first = buttons[0];
    if (!first) throw new Error('no button');
    fireEvent.click(first);
    expect(calls.filter((c) => c.path === 'documents.send')).toHaveLength(0);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(first);
    expect((await screen.findByRole('tooltip')).textContent).toBe(NO_SMTP);
  });

  it('says it in Japanese for the office, without the server variable', async () => {
    await i18n.changeLanguage('ja');
    renderScreen(<DocumentActions kind="invoice" id="i1" area="admin" send />, {
      path: '/admin/invoice',
      user: admin,
      answers: { 'documents.mails': () => ({ configured: false, mails: [] }) },
    });
    const button = await screen.findByRole('button', { name: 'メールで送信' });
    await waitFor(() => expect(button.getAttribute('aria-describedby')).toBeTruthy());
    const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      'メール送信が設定されていないため送れません。管理者に設定を依頼してください。',
    );
    expect(reason?.textContent).not.toContain('SMTP');
  });

  it('enables Send when SMTP is set up', async () => {
    renderScreen(<DocumentActions kind="invoice" id="i1" area="admin" send />, {
      path: '/admin/invoice',
      user: admin,
      answers: { 'documents.mails': () => ({ configured: true, mails: [] }) },
    });
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Send by e-mail' }).getAttribute('aria-disabled'),
      ).toBeNull(),
    );
    expect(
      screen.getByRole('button', { name: 'Send by e-mail' }).getAttribute('aria-describedby'),
    ).toBeNull();
  });
});

describe("a card's Send by e-mail says which document", () => {
  it('is named with its document, like Print beside it, in Japanese', async () => {
    await i18n.changeLanguage('ja');
    try {
      renderScreen(
        <>
          <DocumentActions kind="invoice" id="i1" area="admin" send label="請求書 INV-000041" />
          <DocumentActions kind="invoice" id="i2" area="admin" send label="請求書 INV-000042" />
        </>,
        {
          path: '/admin/invoice',
          user: admin,
          answers: { 'documents.mails': () => ({ configured: true, mails: [] }) },
        },
      );
      expect(
        await screen.findByRole('button', { name: '請求書 INV-000042 メールで送信' }),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: '請求書 INV-000041 メールで送信' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
