import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './axe';
import { DESKTOP, type E2E, PHONE, signIn, startE2E } from './harness';

// After a closing the office e-mails every statement of the date at once (ADR 073), on a phone
// in Japanese, through a mail server this test starts; on a desktop later nothing is left to
// send. Screenshots go to test-results/closing-mail/ (not committed).

const SHOTS = path.resolve('test-results/closing-mail');
const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let e: E2E;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as { port: number }).port;
  e = await startE2E({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'office@example.jp' });
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await e?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

describe("a closing's statements by e-mail", () => {
  it('go to each customer at once, and nothing goes twice', { timeout: 120_000 }, async () => {
    // The demo's latest closing with statements; each customer of it has an address.
    const latest = e.db.$client
      .prepare<[], { closingDate: string }>(
        'SELECT MAX(closing_date) AS closingDate FROM statement',
      )
      .get();
    const closingDate = latest?.closingDate ?? '';
    const statements = e.db.$client
      .prepare<[string], { number: string; email: string }>(
        `SELECT s.number, c.email FROM statement s JOIN customer c ON c.id = s.customer_id
          WHERE s.closing_date = ? ORDER BY c.customer_code, s.number`,
      )
      .all(closingDate);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((s) => s.email.trim() !== '')).toBe(true);

    const page = await e.newPage(PHONE);
    await signIn(page, 'admin', 'admin1234');
    await page.waitForURL('**/admin');
    await page.evaluate(() => localStorage.setItem('lang', 'ja'));
    await page.goto('/admin/invoice/closing');
    const date = page.getByLabel('締め日');
    await date.fill(closingDate.replaceAll('-', '/'));
    await date.press('Escape');
    const n = statements.length;
    const send = page.getByRole('button', { name: `月次請求書 ${n} 件をメールで送る` });
    await send.waitFor();
    await expectNoSeriousViolations(page, { label: 'closing screen with e-mail (phone, ja)' });
    await send.click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(`${n} 件の得意先に、それぞれの月次請求書をPDFでメール送信します。`)
      .waitFor();
    await expectNoSeriousViolations(page, { label: 'send statements dialog (phone, ja)' });
    await shot(page, 'phone-confirm-ja');
    // Nothing goes before the office says so.
    expect(received).toHaveLength(0);
    await dialog.getByRole('button', { name: '送信する' }).click();
    const result = page.getByTestId('send-statements-result');
    await result.getByText(`月次請求書 ${n} 件を送信しました`).waitFor();
    await shot(page, 'phone-sent-ja');

    expect(received.map((m) => m.to)).toEqual(statements.map((s) => [s.email.trim()]));
    statements.forEach((s, i) => {
      expect(received[i]?.raw).toContain(s.number);
      expect(received[i]?.raw).toMatch(/Content-Type: application\/pdf/i);
    });

    // On a desktop, later: nothing is left to send, and the screen says the statements went.
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await date.fill(closingDate.replaceAll('-', '/'));
    await date.press('Escape');
    await page.getByText(`${n} 件はメールで送信済みです。`).waitFor();
    expect(
      await page.getByRole('button', { name: '月次請求書 0 件をメールで送る' }).isDisabled(),
    ).toBe(true);
    await shot(page, 'desktop-all-sent-ja');
    expect(received).toHaveLength(n);
    expect(e.problems).toEqual([]);
  });
});
