import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

// A real SMTP server on 127.0.0.1 for the tests that e-mail documents: it takes every message
// and keeps it as received (sender, recipients, raw MIME), so a test reads what a restaurant's
// mail app would. `onRcptTo` lets a test refuse an address as a real server does.

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface Mailbox {
  received: ReceivedMail[];
  /** The app's SMTP_URL and MAIL_FROM for this server. */
  env: { SMTP_URL: string; MAIL_FROM: string };
  close: () => Promise<void>;
}

export async function startMailbox(
  opts: { onRcptTo?: SMTPServerOptions['onRcptTo'] } = {},
): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    ...(opts.onRcptTo ? { onRcptTo: opts.onRcptTo } : {}),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    received,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'billing@sakura.example' },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
