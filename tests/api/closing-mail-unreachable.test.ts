import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestClosingDate } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import type { ClosingMailOut, ClosingMailStateOut } from '../../shared/schemas/documents';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertDeliveredOrder } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// The month's statements sent at once while the mail server is down in a way that does not
// refuse (it takes the connection and never greets, as a blocked or hung server does). Each
// statement used to wait out its own timeout: a month's statements kept the office's request
// spinning for many minutes to fail every one the same way. Now the statements not yet tried
// when the server is found unreachable are not tried; all are listed with that reason, and
// nothing is recorded as sent. The greeting timeout comes from SMTP_URL's query string, which
// also shows that a business can set it there.

const CUSTOMERS = 12;
let silent: net.Server;
const sockets = new Set<net.Socket>();
let connections = 0;
let t: TestApp;
let office: ApiClient;
let closingDate = '';

beforeAll(async () => {
  silent = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
  const port = (silent.address() as net.AddressInfo).port;
  t = await startTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}/?greetingTimeout=300`,
      MAIL_FROM: 'billing@sakura.example',
    },
  });
  const today = isoDateInZone(new Date(), t.config.timeZone);
  closingDate = latestClosingDate(15, today);
  const admin = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
  const rice = makeProduct(t.db, { name: 'Rice', price: 1000 }).id;
  for (let i = 0; i < CUSTOMERS; i++) {
    const c = await makeCustomer(t.db, {
      restaurantName: `Kitchen ${i}`,
      paymentMethod: 'monthly',
    });
    t.db.$client
      .prepare('UPDATE customer SET closing_day = 15, email = ? WHERE id = ?')
      .run(`keiri${i}@kitchen.example`, c.id);
    insertDeliveredOrder(t.db, {
      customerId: c.id,
      productId: rice,
      day: addDaysIso(closingDate, -2),
      quantity: 2,
    });
  }
  expect((await mutate(office, 'closing.run', { closingDate })).status).toBe(200);
});

afterAll(async () => {
  await t?.close();
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe("a closing's statements while the mail server does not answer", () => {
  it('stops trying once the server is found unreachable, lists every statement with that reason and sends them all the next time', async () => {
    const r = await mutate<ClosingMailOut>(office, 'documents.sendClosingStatements', {
      closingDate,
    });
    expect(r.status).toBe(200);
    expect(r.data.sent).toEqual([]);
    expect(r.data.failed).toHaveLength(CUSTOMERS);
    expect(new Set(r.data.failed.map((f) => f.code))).toEqual(
      new Set(['document.mailServerUnreachable']),
    );
    // Only the first few on their way at once reached the server; the rest were not tried.
    expect(connections).toBeGreaterThan(0);
    expect(connections).toBeLessThan(CUSTOMERS);
    const sent = t.db.$client
      .prepare<[], number>("SELECT COUNT(*) FROM document_mail WHERE status = 'sent'")
      .pluck()
      .get();
    expect(sent).toBe(0);
    // Nothing was marked as sent, so the next sending offers all of them again.
    const state = await query<ClosingMailStateOut>(office, 'documents.closingMailState', {
      closingDate,
    });
    expect(state.status).toBe(200);
    expect(state.data.toSend).toBe(CUSTOMERS);
  }, 30_000);
});
