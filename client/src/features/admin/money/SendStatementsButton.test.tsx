import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClosingMailOut, ClosingMailStateOut } from '../../../../../shared/schemas/documents';
import i18n from '../../../i18n';
import { makeUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { SendStatementsButton } from './SendStatementsButton';

// The closing screen's "E-mail the statements" (ADR 073): it says how many go out and who has
// no address before it sends, what happened afterwards, and why it cannot without a mail server.

const clerk = makeUser({ _id: 's1', role: 'admin', isAdmin: true, userType: 'Admin' });
const CLOSING = '2030-05-15';

const state = (over: Partial<ClosingMailStateOut> = {}): ClosingMailStateOut => ({
  closingDate: CLOSING,
  configured: true,
  statements: 3,
  alreadySent: 0,
  toSend: 2,
  noEmail: [{ number: 'ST-000003', restaurantName: 'Chiya Ghar' }],
  ...over,
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const NOTHING: ClosingMailOut = {
  closingDate: CLOSING,
  sent: [],
  failed: [],
  noEmail: [],
  alreadySent: 0,
};

function render(s: ClosingMailStateOut, sent: ClosingMailOut = NOTHING) {
  return renderScreen(<SendStatementsButton closingDate={CLOSING} />, {
    path: '/admin/closing',
    user: clerk,
    answers: {
      'documents.closingMailState': () => s,
      'documents.sendClosingStatements': () => sent,
    },
  });
}

describe('e-mailing the statements of a closing', () => {
  it('asks first, naming how many go out and who has no address, then says what was sent', async () => {
    const view = render(state(), {
      closingDate: CLOSING,
      sent: [
        { number: 'ST-000001', restaurantName: 'Asha Kitchen', to: 'a@example.com' },
        { number: 'ST-000002', restaurantName: 'Blue Lotus', to: 'b@example.com' },
      ],
      failed: [],
      noEmail: [{ number: 'ST-000003', restaurantName: 'Chiya Ghar' }],
      alreadySent: 0,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'E-mail 2 statements' }));
    const dialog = await screen.findByRole('dialog', { name: /E-mail the statements of/ });
    expect(dialog.textContent).toContain(
      '2 customers each get their own statement as a PDF at their e-mail address.',
    );
    expect(dialog.textContent).toContain('No e-mail address, so not sent: Chiya Ghar.');
    expect(view.calls.some((c) => c.path === 'documents.sendClosingStatements')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const result = await screen.findByTestId('send-statements-result');
    expect(result.textContent).toContain('2 statements sent');
    expect(result.textContent).toContain('No e-mail address, so not sent: Chiya Ghar.');
    expect(view.calls.find((c) => c.path === 'documents.sendClosingStatements')?.input).toEqual({
      closingDate: CLOSING,
    });
  });

  it('cannot send without a mail server, and says why', async () => {
    render(state({ configured: false }));
    const button = await screen.findByRole('button', { name: 'E-mail 2 statements' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/E-mail sending is not set up/)).toBeTruthy();
  });

  it('has nothing to send once all went out, and says so', async () => {
    render(state({ alreadySent: 3, toSend: 0, noEmail: [] }));
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'E-mail 0 statements' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    expect(screen.getByText('3 statements were sent by e-mail already.')).toBeTruthy();
  });

  it('says in the office language why a statement did not go: the address refused, the mail server not reached', async () => {
    await act(() => i18n.changeLanguage('ja'));
    render(state({ noEmail: [] }), {
      ...NOTHING,
      failed: [
        {
          number: 'ST-000001',
          restaurantName: 'Asha Kitchen',
          to: 'nobody@asha.example',
          error: "Can't send mail - all recipients were rejected: 550 5.1.1",
          code: 'document.addressRefused',
        },
        {
          number: 'ST-000002',
          restaurantName: 'Blue Lotus',
          to: 'b@example.com',
          error: 'connect ECONNREFUSED',
          code: 'document.mailServerUnreachable',
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: '月次請求書 2 件をメールで送る' }));
    fireEvent.click(await screen.findByRole('button', { name: '送信する' }));
    const result = await screen.findByTestId('send-statements-result');
    expect(result.textContent).toContain(
      'ST-000001 Asha Kitchen: メールサーバーが宛先 nobody@asha.example を受け付けませんでした。',
    );
    expect(result.textContent).toContain(
      'ST-000002 Blue Lotus: メールサーバーに接続またはログインできなかったため、送信されていません。',
    );
  });

  it('in Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    render(state());
    const button = await screen.findByRole('button', { name: '月次請求書 2 件をメールで送る' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });
});
