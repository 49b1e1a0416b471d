import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCategory,
  makeCustomer,
  makeEmployee,
  makeProduct,
} from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// What the transport adds to every door: no-store on everything that is not a shared,
// versioned answer, and compression of dynamic JSON above the threshold.

let t: TestApp;
let ana: ApiClient;
let driver: ApiClient;
let productId = '';
let today = '';

beforeAll(async () => {
  t = await startTestApp();
  // The earliest date an order may ask for now (today closes at the 04:00 cut-off).
  today = deliveryCalendar(t.db, t.config.timeZone).earliest;
  productId = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480 }).id;
  const c = await makeCustomer(t.db);
  ana = new ApiClient(t.url);
  await ana.login(c.username, c.password);
  const d = await makeEmployee(t.db, 'driver');
  driver = new ApiClient(t.url);
  await driver.login(d.username, d.password);
});
afterAll(() => t.close());

const order = (quantity: number) => ({
  orderItems: [{ product: productId, quantity }],
  deliveryDate: today,
  customMessage: 'x'.repeat(100),
});
const pageInput = (n: number) => encodeURIComponent(JSON.stringify({ 0: { pageNumber: n } }));

describe('Cache-Control: no-store on every signed-in answer, both doors', () => {
  it('reads, changes and refusals alike', async () => {
    const key = () => ({ 'idempotency-key': `k-${Math.random()}` });
    const answers = [
      await ana.get('/api/users/profile'),
      await ana.get('/trpc/auth.profile'),
      await ana.get('/api/orders/myorders'),
      await ana.get(`/trpc/orders.mine?batch=1&input=${pageInput(1)}`),
      await ana.get('/api/wishlist'),
      await ana.get('/trpc/wishlist.list'),
      await ana.post('/api/orders', order(1), key()),
      await ana.post('/trpc/orders.place?batch=1', { 0: order(2) }, key()),
      await driver.get('/api/orders/myorders'),
      await driver.get(`/trpc/orders.mine?batch=1&input=${pageInput(1)}`),
    ];
    expect(answers.map((a) => a.status)).toEqual([
      200, 200, 200, 200, 200, 200, 201, 200, 403, 403,
    ]);
    for (const [i, a] of answers.entries()) {
      expect(a.headers.get('cache-control'), `answer ${i}`).toBe('no-store');
      expect(a.headers.get('etag'), `answer ${i}`).toBeNull();
      expect(a.headers.get('vary') ?? '', `answer ${i}`).toMatch(/cookie/i);
    }
  });

  it('the sign-in answer itself', async () => {
    const c = await makeCustomer(t.db);
    const r = await new ApiClient(t.url).post('/api/users/login', {
      username: c.username,
      password: c.password,
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
});

describe('dynamic JSON is compressed above the threshold, on both doors', () => {
  it('a history page goes out as brotli or gzip; a small answer as it is', async () => {
    for (let i = 0; i < 10; i++) {
      await ana.post('/api/orders', order(i + 1), { 'idempotency-key': `page-${i}` });
    }
    const cookie = ana.cookie ?? '';
    const trpc = await t.app.inject({
      url: `/trpc/orders.mine?batch=1&input=${pageInput(1)}`,
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.headers['content-encoding']).toBe('br');
    expect(trpc.headers['cache-control']).toBe('no-store');
    expect(trpc.headers.vary).toMatch(/accept-encoding/i);
    const page = JSON.parse(brotliDecompressSync(trpc.rawPayload).toString());
    expect(page[0].result.data.orders).toHaveLength(10);
    expect(trpc.rawPayload.length).toBeLessThan(JSON.stringify(page).length / 2);

    const rest = await t.app.inject({
      url: '/api/orders/myorders',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(rest.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(rest.rawPayload).toString())).toEqual(page[0].result.data);

    const small = await t.app.inject({
      url: '/api/users/profile',
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    // The same through /trpc: its answer is whole bytes, not a stream forced through an encoder.
    const smallTrpc = await t.app.inject({
      url: '/trpc/auth.profile?batch=1&input=%7B%7D',
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(smallTrpc.statusCode).toBe(200);
    expect(smallTrpc.headers['content-encoding']).toBeUndefined();
    expect(smallTrpc.headers['content-length']).toBe(String(smallTrpc.rawPayload.length));
    expect(smallTrpc.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(smallTrpc.body)[0].result.data).toBeTruthy();
  });
});

describe("the catalogue's answer: written once per content, sent as each browser accepts", () => {
  it('brotli, gzip or plain, the same list as tRPC gives; a price change shows at once', async () => {
    const cookie = ana.cookie ?? '';
    for (let i = 0; i < 12; i++) makeProduct(t.db, { name: `Spice ${i} ${'x'.repeat(40)}` });
    const read = (encoding: string) =>
      t.app.inject({ url: '/api/products', headers: { cookie, 'accept-encoding': encoding } });
    const decode = (r: Awaited<ReturnType<typeof read>>) =>
      JSON.parse(
        (r.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(r.rawPayload)
          : r.headers['content-encoding'] === 'gzip'
            ? gunzipSync(r.rawPayload)
            : r.rawPayload
        ).toString(),
      );
    const viaTrpc = await t.app.inject({ url: '/trpc/products.list', headers: { cookie } });
    const list = JSON.parse(viaTrpc.body).result.data;
    expect(list.length).toBeGreaterThan(12);

    const br = await read('gzip, deflate, br, zstd');
    const gzip = await read('gzip;q=1, br;q=0');
    const plain = await read('identity');
    expect([br, gzip, plain].map((r) => r.headers['content-encoding'])).toEqual([
      'br',
      'gzip',
      undefined,
    ]);
    for (const r of [br, gzip, plain]) {
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(r)).toEqual(list);
    }
    // The second read is the same bytes.
    expect((await read('br')).rawPayload.equals(br.rawPayload)).toBe(true);

    // The office changes a price: the next read has it, in every encoding.
    const rice = list.find((p: { _id: string }) => p._id === productId);
    expect(rice.price).toBe(2480);
    const office = new ApiClient(t.url);
    const admin = await makeAdmin(t.db);
    await office.login(admin.username, admin.password);
    const changed = await office.put(`/api/products/${productId}`, {
      name: rice.name,
      category: makeCategory(t.db).id,
      description: 'Long grain',
      price: 2600,
      sku: rice.sku,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    for (const encoding of ['br', 'gzip', 'identity']) {
      const again = decode(await read(encoding));
      expect(again.find((p: { _id: string }) => p._id === productId).price).toBe(2600);
    }
  });
});
