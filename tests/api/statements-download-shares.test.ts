import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestClosingDate } from '../../shared/closing-dates';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertDeliveredOrder } from '../helpers/deliveries';
import { makeAdmin, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate } from '../helpers/trpc';

// The closing's statements as one PDF (the office's 「まとめてダウンロード」) are made while the
// server goes on answering everyone else: at a wholesaler's size (300 statements, ~1,600
// pages) the download was ~10 s of drawing in one go, and every driver's and restaurant's
// request waited behind it (docs/performance.md, Round 24). Here a second user asks one thing
// after another while the download is made; some of those answers come back before it ends.
// Counted, not timed: without the turns the server gives between statements none can.

const CUSTOMERS = 40;
let t: TestApp;
let office: ApiClient;
let other: ApiClient;
let closingDate = '';

beforeAll(async () => {
  t = await startTestApp();
  const today = isoDateInZone(new Date(), t.config.timeZone);
  closingDate = latestClosingDate(15, today);
  const admin = await makeAdmin(t.db);
  office = new ApiClient(t.url);
  await office.login(admin.username, admin.password);
  const second = await makeAdmin(t.db);
  other = new ApiClient(t.url);
  await other.login(second.username, second.password);
  const rice = makeProduct(t.db, { name: 'Rice', price: 1000 }).id;
  for (let i = 0; i < CUSTOMERS; i++) {
    const c = await makeCustomer(t.db, { paymentMethod: 'monthly' });
    t.db.$client.prepare('UPDATE customer SET closing_day = 15 WHERE id = ?').run(c.id);
    for (let d = 2; d < 6; d++) {
      insertDeliveredOrder(t.db, {
        customerId: c.id,
        productId: rice,
        day: addDaysIso(closingDate, -d),
        quantity: 1 + d,
      });
    }
  }
  const run = await mutate(office, 'closing.run', { closingDate });
  expect(run.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const download = async () => {
  const res = await fetch(`${t.url}/api/documents/statements/${closingDate}.pdf`, {
    headers: { cookie: office.cookie ?? '' },
  });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return bytes;
};

describe("the closing's statements download and everyone else", () => {
  it('another user is answered again and again while the statements are being made', async () => {
    // Once before, so the PDF library and fonts are loaded and only the drawing is left.
    await download();
    let done = false;
    const made = download().finally(() => {
      done = true;
    });
    let answered = 0;
    while (!done) {
      const r = await other.get('/api/users/profile');
      expect(r.status).toBe(200);
      if (!done) answered += 1;
    }
    const pdf = await made;
    expect(pdf.length).toBeGreaterThan(0);
    expect(answered).toBeGreaterThanOrEqual(5);
  }, 60_000);
});
