import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestClosingDate } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertDeliveredOrder } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { type Mailbox, type ReceivedMail, startMailbox } from '../helpers/mailbox';
import { mutate } from '../helpers/trpc';

// The mail a restaurant receives (ADR 112), read back from a real SMTP server this test starts,
// as its mail app decodes it: the body names the document, its number, its amount and due date
// and is signed by the business; the attachment's name says what it is and from whom, encoded so
// Gmail, Outlook and iPhone Mail show it; and when the mail server refuses the address or cannot
// be reached, the office is told which, the attempt is recorded and sending again works.

type Received = ReceivedMail;
let received: Received[] = [];
let mailbox: Mailbox | undefined;
let t: TestApp;
let office: ApiClient;
let jaCustomer = '';
let enCustomer = '';
let today = '';

const BUSINESS = {
  legalName: '株式会社さくら食品',
  address: '〒160-0023\n東京都新宿区西新宿1-2-3',
  nameEn: 'Sakura Foods Co., Ltd.',
  addressEn: '1-2-3 Nishi-Shinjuku, Shinjuku-ku, Tokyo',
  phone: '03-1234-5678',
  registrationNumber: 'T8010001000000',
  bank: {
    bankName: 'みずほ銀行',
    branchName: '新宿支店',
    accountType: 'ordinary',
    accountNumber: '7654321',
    accountHolder: 'カ）サクラショクヒン',
  },
};

// --- Reading a message as a mail app does (decoding only; the product's mail is nodemailer's).

/** A header's value with folded lines joined and RFC 2047 encoded words decoded. */
function header(head: string, name: string): string {
  const m = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(head);
  return (m?.[1] ?? '')
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, b64: string) =>
      Buffer.from(b64, 'base64').toString('utf8'),
    )
    .trim();
}

interface Part {
  head: string;
  body: Buffer;
}

function parts(raw: string): { head: string; parts: Part[] } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const boundary = /boundary="([^"]+)"/.exec(head)?.[1] ?? '';
  const body = rest.join('\r\n\r\n');
  const out: Part[] = [];
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const [ph = '', ...pb] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const content = pb.join('\r\n\r\n');
    const enc = header(ph, 'Content-Transfer-Encoding').toLowerCase();
    out.push({
      head: ph,
      body:
        enc === 'base64'
          ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
          : enc === 'quoted-printable'
            ? Buffer.from(
                content
                  .replace(/=\r?\n/g, '')
                  .replace(/=([0-9A-F]{2})/g, (_, h: string) =>
                    String.fromCharCode(parseInt(h, 16)),
                  ),
                'latin1',
              )
            : Buffer.from(content, 'utf8'),
    });
  }
  return { head, parts: out };
}

/** The attachment's name as RFC 2231 (Content-Disposition) gives it. */
function rfc2231FileName(head: string): string {
  const disposition = header(head, 'Content-Disposition');
  const pieces = [...disposition.matchAll(/filename\*(\d+)?\*?=([^;]+)/g)]
    .sort((a, b) => Number(a[1] ?? 0) - Number(b[1] ?? 0))
    .map((m) => (m[2] ?? '').trim().replace(/^utf-8''/i, ''));
  if (pieces.length > 0) return decodeURIComponent(pieces.join(''));
  return /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? '';
}

/** The attachment's name as the Content-Type's name (RFC 2047) gives it: what Outlook reads. */
function contentTypeName(head: string): string {
  return /name="?([^";]+)"?/.exec(header(head, 'Content-Type'))?.[1] ?? '';
}

function read(mail: Received) {
  const { head, parts: ps } = parts(mail.raw);
  const text = ps.find((p) => /text\/plain/i.test(header(p.head, 'Content-Type')));
  const pdf = ps.find((p) => /application\/pdf/i.test(header(p.head, 'Content-Type')));
  return {
    head,
    subject: header(head, 'Subject'),
    text: (text?.body.toString('utf8') ?? '').replace(/\r\n/g, '\n'),
    textType: text ? header(text.head, 'Content-Type') : '',
    pdfHead: pdf?.head ?? '',
    pdf: pdf?.body ?? Buffer.alloc(0),
  };
}

beforeAll(async () => {
  mailbox = await startMailbox({
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('nobody@')) {
        const err = new Error('5.1.1 <nobody@> mailbox unavailable') as Error & {
          responseCode: number;
        };
        err.responseCode = 550;
        callback(err);
        return;
      }
      callback();
    },
  });
  received = mailbox.received;
  t = await startTestApp({
    env: mailbox.env,
  });
  today = isoDateInZone(new Date(), t.config.timeZone);
  t.db.$client
    .prepare("INSERT INTO setting (key, value) VALUES ('business', ?)")
    .run(JSON.stringify(BUSINESS));
  const admin = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
  const ja = await makeCustomer(t.db, { restaurantName: 'レストラン桜' });
  const en = await makeCustomer(t.db, { restaurantName: 'Chiya Ghar' });
  t.db.$client
    .prepare(
      "UPDATE customer SET billing_name = '株式会社桜レストラン', email = 'keiri@sakura-rest.example', document_language = 'ja' WHERE id = ?",
    )
    .run(ja.id);
  t.db.$client
    .prepare(
      "UPDATE customer SET email = 'owner@chiyaghar.example', document_language = 'en' WHERE id = ?",
    )
    .run(en.id);
  jaCustomer = ja.id;
  enCustomer = en.id;
});

afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

async function invoiceFor(customer: string, amount: number, dueDate: string) {
  const inv = await office.post<{ _id: string; number: string }>('/api/invoice', {
    customer,
    amount,
    dueDate,
  });
  expect(inv.status, JSON.stringify(inv.body)).toBe(201);
  return inv.body._id;
}

async function send(id: string) {
  return mutate<{ mails: { to: string; status: string; error: string | null }[] }>(
    office,
    'documents.send',
    { kind: 'invoice', id },
  );
}

describe('the mail a restaurant receives', () => {
  it('in Japanese: names the invoice, its amount and due date, signed by the business; the attachment says what it is', async () => {
    const due = addDaysIso(today, 30);
    const id = await invoiceFor(jaCustomer, 12_345, due);
    const before = received.length;
    const r = await send(id);
    expect(r.status, JSON.stringify(r)).toBe(200);
    expect(received).toHaveLength(before + 1);
    const mail = received[before] as Received;
    expect(mail.to).toEqual(['keiri@sakura-rest.example']);
    const m = read(mail);
    const number = /INV-\d+/.exec(m.subject)?.[0] ?? '';
    expect(number).not.toBe('');
    expect(m.subject).toBe(`【株式会社さくら食品】請求書 ${number}`);
    expect(header(m.head, 'From')).toBe('株式会社さくら食品 <billing@sakura.example>');
    expect(header(m.head, 'Message-ID')).toMatch(/^<.+@sakura\.example>$/);
    expect(header(m.head, 'Date')).not.toBe('');
    expect(m.textType).toMatch(/charset=utf-8/i);

    const [y, mo, d] = due.split('-').map(Number);
    // 宛名 with 御中, the document and its number, what is asked and by when.
    expect(m.text).toContain('株式会社桜レストラン 御中');
    expect(m.text).toContain(`請求書（${number}）を添付にてお送りいたします。`);
    expect(m.text).toContain('ご請求金額：¥12,345');
    expect(m.text).toContain(`お支払期限：${y}年${mo}月${d}日`);
    // Signed as the invoice is: name, address, phone, registration number.
    expect(m.text).toContain(
      '株式会社さくら食品\n〒160-0023\n東京都新宿区西新宿1-2-3\n電話 03-1234-5678\n登録番号 T8010001000000',
    );

    // The attachment's name, as Gmail and iPhone Mail (RFC 2231) and Outlook (RFC 2047) read it.
    expect(rfc2231FileName(m.pdfHead)).toBe(`請求書_${number}_株式会社さくら食品.pdf`);
    expect(contentTypeName(m.pdfHead)).toBe(`請求書_${number}_株式会社さくら食品.pdf`);
    expect(m.pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Nothing of the server's own address, and every line fits a mail line (RFC 5322: 998).
    expect(mail.raw).not.toMatch(/localhost|127\.0\.0\.1/);
    for (const line of mail.raw.split(/\r?\n/)) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('in English for a restaurant that reads its documents in English', async () => {
    const due = addDaysIso(today, 14);
    const id = await invoiceFor(enCustomer, 5_500, due);
    const before = received.length;
    expect((await send(id)).status).toBe(200);
    const m = read(received[before] as Received);
    const number = /INV-\d+/.exec(m.subject)?.[0] ?? '';
    expect(m.subject).toBe(`Invoice ${number} from Sakura Foods Co., Ltd.`);
    expect(header(m.head, 'From')).toBe('"Sakura Foods Co., Ltd." <billing@sakura.example>');
    expect(m.text).toContain('Dear Chiya Ghar,');
    expect(m.text).toContain('Sakura Foods Co., Ltd. thanks you for your business.');
    expect(m.text).toContain(`Please find attached Invoice ${number}.`);
    expect(m.text).toContain('Amount due: ¥5,500');
    expect(m.text).toContain(`Payment due: ${due}`);
    expect(m.text).toContain(
      'Sakura Foods Co., Ltd.\n1-2-3 Nishi-Shinjuku, Shinjuku-ku, Tokyo\nTel. 03-1234-5678\nRegistration No. T8010001000000',
    );
    expect(rfc2231FileName(m.pdfHead)).toBe(`Invoice_${number}_Sakura Foods Co., Ltd.pdf`);
  });
});

describe('when the mail does not go', () => {
  it('an address the mail server refuses: the office is told which, it is recorded, and sending again after fixing it works', async () => {
    t.db.$client
      .prepare("UPDATE customer SET email = 'nobody@sakura-rest.example' WHERE id = ?")
      .run(jaCustomer);
    const id = await invoiceFor(jaCustomer, 2_200, addDaysIso(today, 30));
    const before = received.length;
    const r = await send(id);
    expect(r.status).toBe(400);
    expect(r.code).toBe('document.addressRefused');
    expect(r.params?.to).toBe('nobody@sakura-rest.example');
    expect(received).toHaveLength(before);
    const row = t.db.$client
      .prepare<[string], { status: string; to: string }>(
        'SELECT status, "to" FROM document_mail WHERE document_id = ?',
      )
      .get(id);
    expect(row).toEqual({ status: 'failed', to: 'nobody@sakura-rest.example' });

    t.db.$client
      .prepare("UPDATE customer SET email = 'keiri@sakura-rest.example' WHERE id = ?")
      .run(jaCustomer);
    const again = await send(id);
    expect(again.status).toBe(200);
    expect(again.data.mails.map((x) => x.status)).toEqual(['sent', 'failed']);
    expect(received).toHaveLength(before + 1);
  });

  it("a closing's statements: the one whose address is refused is said as such, the others still go", async () => {
    const closingDate = latestClosingDate(15, today);
    const rice = makeProduct(t.db, { name: 'Rice', price: 1000 }).id;
    const emails = ['nobody@asha.example', 'keiri@bluelotus.example'];
    for (const email of emails) {
      const c = await makeCustomer(t.db, { paymentMethod: 'monthly' });
      t.db.$client
        .prepare('UPDATE customer SET closing_day = 15, email = ? WHERE id = ?')
        .run(email, c.id);
      insertDeliveredOrder(t.db, {
        customerId: c.id,
        productId: rice,
        day: addDaysIso(closingDate, -2),
        quantity: 3,
      });
    }
    expect((await mutate(office, 'closing.run', { closingDate })).status).toBe(200);
    const before = received.length;
    const r = await mutate<{
      sent: { to: string }[];
      failed: { to: string; code: string; error: string }[];
    }>(office, 'documents.sendClosingStatements', { closingDate });
    expect(r.status, JSON.stringify(r)).toBe(200);
    expect(r.data.sent.map((x) => x.to)).toEqual(['keiri@bluelotus.example']);
    expect(r.data.failed).toHaveLength(1);
    expect(r.data.failed[0]).toMatchObject({
      to: 'nobody@asha.example',
      code: 'document.addressRefused',
    });
    // One mail for the one address taken, to that address alone.
    expect(received.slice(before).map((x) => x.to)).toEqual([['keiri@bluelotus.example']]);
  });

  it('a mail server that cannot be reached: the office is told so, not that the message was refused', async () => {
    // A port nothing listens on: one this test had and let go.
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.server.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const other = await startTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'billing@sakura.example' },
    });
    try {
      const a = await makeAdmin(other.db);
      const c = await makeCustomer(other.db);
      other.db.$client
        .prepare("UPDATE customer SET email = 'keiri@sakura-rest.example' WHERE id = ?")
        .run(c.id);
      const client = new ApiClient(other.url);
      await client.login(a.username, a.password);
      const inv = await client.post<{ _id: string }>('/api/invoice', {
        customer: c.id,
        amount: 1100,
        dueDate: today,
      });
      const r = await mutate(client, 'documents.send', { kind: 'invoice', id: inv.body._id });
      expect(r.status).toBe(503);
      expect(r.code).toBe('document.mailServerUnreachable');
      const row = other.db.$client
        .prepare<[string], { status: string }>(
          'SELECT status FROM document_mail WHERE document_id = ?',
        )
        .get(inv.body._id);
      expect(row?.status).toBe('failed');
    } finally {
      await other.close();
    }
  });
});
