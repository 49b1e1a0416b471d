import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestClosingDate } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { ClosingMailOut, ClosingMailStateOut } from '../../shared/schemas/documents';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertDeliveredOrder } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { type Mailbox, type ReceivedMail, startMailbox } from '../helpers/mailbox';
import { mutate, query } from '../helpers/trpc';

// After the month's closing run the office e-mails every statement of the closing at once
// (ADR 073), through a real SMTP server this test starts: each customer with an address gets
// its own statement as a PDF, one without is named, and nothing goes out twice, not even when
// two clerks press the button at the same moment.

type Received = ReceivedMail;
let received: Received[] = [];
let mailbox: Mailbox | undefined;
let t: TestApp;
let office: ApiClient;
let closingDate = '';
const numbers: Record<string, string> = {};

beforeAll(async () => {
  mailbox = await startMailbox();
  received = mailbox.received;
  t = await startTestApp({
    env: mailbox.env,
  });
  const today = isoDateInZone(new Date(), t.config.timeZone);
  closingDate = latestClosingDate(15, today);
  const admin = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
  const rice = makeProduct(t.db, { name: 'Rice', price: 1000 }).id;
  const customers = [
    ['Asha Kitchen', 'owner@asha.example'],
    ['Blue Lotus', 'keiri@bluelotus.example'],
    ['Chiya Ghar', null],
  ] as const;
  for (const [name, email] of customers) {
    const c = await makeCustomer(t.db, { restaurantName: name, paymentMethod: 'monthly' });
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
  const run = await mutate(office, 'closing.run', { closingDate });
  expect(run.status).toBe(200);
  for (const r of t.db.$client
    .prepare<[string], { name: string; number: string }>(
      `SELECT c.restaurant_name AS name, s.number FROM statement s
         JOIN customer c ON c.id = s.customer_id WHERE s.closing_date = ?`,
    )
    .all(closingDate)) {
    numbers[r.name] = r.number;
  }
});
afterAll(async () => {
  await t.close();
  await mailbox?.close();
});

const state = async () => {
  const r = await query<ClosingMailStateOut>(office, 'documents.closingMailState', { closingDate });
  expect(r.status).toBe(200);
  return r.data;
};

describe("e-mailing a closing's statements", () => {
  it('says first how many go out and which customer has no address', async () => {
    expect(await state()).toEqual({
      closingDate,
      configured: true,
      statements: 3,
      alreadySent: 0,
      toSend: 2,
      noEmail: [{ number: numbers['Chiya Ghar'], restaurantName: 'Chiya Ghar' }],
    });
  });

  it('sends each customer its own statement, once, even from two clerks at the same moment', async () => {
    const [a, b] = await Promise.all([
      mutate<ClosingMailOut>(office, 'documents.sendClosingStatements', { closingDate }),
      mutate<ClosingMailOut>(office, 'documents.sendClosingStatements', { closingDate }),
    ]);
    // One sends them all; the other sends nothing: refused while the first runs, or (had it
    // come after) finding everything sent already.
    const done = [a, b].find((r) => r.status === 200 && r.data.sent.length > 0);
    const other = [a, b].find((r) => r !== done);
    expect(done?.data.sent.map((s) => [s.restaurantName, s.to])).toEqual([
      ['Asha Kitchen', 'owner@asha.example'],
      ['Blue Lotus', 'keiri@bluelotus.example'],
    ]);
    expect(done?.data.noEmail).toEqual([
      { number: numbers['Chiya Ghar'], restaurantName: 'Chiya Ghar' },
    ]);
    expect(done?.data.failed).toEqual([]);
    if (other?.status === 200) expect(other.data).toMatchObject({ sent: [], alreadySent: 2 });
    else expect([other?.status, other?.code]).toEqual([409, 'document.sendingAlready']);
    expect(received.map((m) => m.to)).toEqual([
      ['owner@asha.example'],
      ['keiri@bluelotus.example'],
    ]);
    // Each carries its own statement's number and its PDF.
    const [asha, lotus] = received;
    expect(asha?.raw).toContain(numbers['Asha Kitchen']);
    expect(asha?.raw).not.toContain(numbers['Blue Lotus']);
    expect(lotus?.raw).toContain(numbers['Blue Lotus']);
    for (const m of received) expect(m.raw).toMatch(/Content-Type: application\/pdf/i);
  });

  it('sends nothing again, and is recorded on each statement', async () => {
    expect(await state()).toMatchObject({ alreadySent: 2, toSend: 0 });
    const again = await mutate<ClosingMailOut>(office, 'documents.sendClosingStatements', {
      closingDate,
    });
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ sent: [], alreadySent: 2 });
    expect(received).toHaveLength(2);
    const id = t.db.$client
      .prepare<[string], string>('SELECT id FROM statement WHERE number = ?')
      .pluck()
      .get(numbers['Asha Kitchen'] ?? '');
    const log = await query<{ mails: { to: string; status: string }[] }>(
      office,
      'documents.mails',
      {
        kind: 'statement',
        id,
      },
    );
    expect(log.data.mails).toEqual([
      expect.objectContaining({ to: 'owner@asha.example', status: 'sent' }),
    ]);
  });

  it('is the office’s: a driver and a customer are refused', async () => {
    const driver = await makeEmployee(t.db, 'driver');
    const d = new ApiClient(t.url);
    await d.login(driver.username, driver.password);
    const cust = await makeCustomer(t.db, { restaurantName: 'Nosy' });
    const c = new ApiClient(t.url);
    await c.login(cust.username, cust.password);
    for (const who of [d, c]) {
      const r = await mutate(who, 'documents.sendClosingStatements', { closingDate });
      expect(r.status).toBe(403);
    }
    expect(received).toHaveLength(2);
  });
});

describe('without a mail server', () => {
  it('says why it cannot send', async () => {
    const bare = await startTestApp();
    try {
      const admin = await makeAdmin(bare.db);
      const a = new ApiClient(bare.url);
      await a.login(admin.username, admin.password);
      const r = await mutate(a, 'documents.sendClosingStatements', { closingDate });
      expect(r.status).toBe(400);
      expect(r.code).toBe('document.mailNotConfigured');
      const s = await query<ClosingMailStateOut>(a, 'documents.closingMailState', { closingDate });
      expect(s.data).toMatchObject({ configured: false, statements: 0 });
    } finally {
      await bare.close();
    }
  });
});
