import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { DocumentActions } from './DocumentActions';

// Without SMTP the send button is disabled and says why as its tooltip; the notice is not a
// line repeated under every invoice and receipt of the screen.

const admin = makeUser({ _id: 'a1', role: 'admin', isAdmin: true, userType: 'Admin' });
const NO_SMTP = 'E-mail is not set up on this server (SMTP_URL).';

describe('sending documents without SMTP', () => {
  it('disables Send with the reason as a tooltip, never as a line per document', async () => {
    renderScreen(
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
    // Once the server has said it is not set up, each button is wrapped in its reason.
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('button', { name: 'Send by e-mail' })
          .filter((b) => b.parentElement?.tagName === 'SPAN'),
      ).toHaveLength(3),
    );
    const buttons = screen.getAllByRole('button', { name: 'Send by e-mail' });
    expect(buttons.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.queryAllByText(NO_SMTP)).toHaveLength(0);
    const wrapper = buttons[0]?.parentElement;
    if (!wrapper) throw new Error('no wrapper');
    fireEvent.mouseEnter(wrapper);
    expect(await screen.findAllByText(NO_SMTP)).toHaveLength(1);
  });

  it('enables Send when SMTP is set up', async () => {
    renderScreen(<DocumentActions kind="invoice" id="i1" area="admin" send />, {
      path: '/admin/invoice',
      user: admin,
      answers: { 'documents.mails': () => ({ configured: true, mails: [] }) },
    });
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Send by e-mail' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
  });
});
