import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerOrder } from '../../drizzle/schema';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// Group commit (docs/decisions/018): a change is answered only after the log holding it has
// been fsynced, on every door; reads are answered meanwhile.

let t: TestApp;
let ana: ApiClient;
let anaId = '';
let productId = '';
let date = '';

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  productId = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480 }).id;
  const a = await makeCustomer(t.db);
  anaId = a.id;
  ana = new ApiClient(t.url);
  await ana.login(a.username, a.password);
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

type Callback = (err: NodeJS.ErrnoException | null) => void;

/** Holds every fdatasync until released (then really runs it). */
function holdSyncs() {
  const held: Array<() => void> = [];
  const real = fs.fdatasync;
  vi.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, cb: Callback) => {
    held.push(() => real(fd, cb));
  }) as typeof fs.fdatasync);
  return {
    get count() {
      return held.length;
    },
    releaseAll() {
      vi.restoreAllMocks();
      for (const run of held.splice(0)) run();
    },
  };
}

const ordersOfAna = () =>
  t.db.select().from(customerOrder).where(eq(customerOrder.customerId, anaId)).all().length;

async function until(condition: () => boolean) {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

describe.each([
  ['tRPC', '/trpc/orders.place', 200],
  ['REST', '/api/orders', 201],
])('placing an order through %s', (_door, path, status) => {
  it('is committed at once, answered only after the fsync, and reads answer meanwhile', async () => {
    const before = ordersOfAna();
    const syncs = holdSyncs();
    let answered = false;
    const placing = ana
      .post(
        path,
        {
          orderItems: [{ product: productId, quantity: 2 }],
          deliveryDate: date,
          customMessage: '',
        },
        { 'Idempotency-Key': `durable-${path}` },
      )
      .finally(() => {
        answered = true;
      });
    // The commit happened (the row is there) and its fsync was asked for, and is held.
    await until(() => ordersOfAna() === before + 1 && syncs.count > 0);
    // Reads are not held behind the disk.
    const read = await ana.get('/api/orders/myorders');
    expect(read.status).toBe(200);
    expect(answered).toBe(false);
    syncs.releaseAll();
    const placed = await placing;
    expect(placed.status).toBe(status);
  });
});
