import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_SIZE } from '../../shared/transport';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// The /trpc door speaks tRPC's HTTP protocol itself (server/doors/trpc.ts): what the client's
// httpLink and httpBatchLink send and read. These are the protocol's rules a screen relies on,
// and the kept bytes of frozen answers, which must follow every change.

let t: TestApp;
let admin: ApiClient;
let driver: ApiClient;
let anon: ApiClient;
let driverId = '';
let customerId = '';

type Envelope = {
  result?: { data?: unknown };
  error?: {
    message: string;
    code: number;
    data: { code: string; httpStatus: number; appCode: string };
  };
};

const batchInput = (inputs: Record<number, unknown>) =>
  `input=${encodeURIComponent(JSON.stringify(inputs))}`;

beforeAll(async () => {
  t = await startTestApp();
  const adm = await makeAdmin(t.db);
  admin = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  const d = await makeEmployee(t.db, 'driver');
  driverId = d.id;
  driver = new ApiClient(t.url);
  await driver.login(d.username, d.password);
  customerId = (await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen' })).id;
  anon = new ApiClient(t.url);
});
afterAll(() => t.close());

describe('the tRPC protocol on /trpc', () => {
  it('answers a single call in an envelope, and a batch as an array in call order', async () => {
    const one = await admin.get<Envelope>('/trpc/orders.pendingWebCount');
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ result: { data: { count: expect.any(Number) } } });
    const both = await admin.get<Envelope[]>(
      '/trpc/orders.pendingWebCount,categories.list?batch=1&input=%7B%7D',
    );
    expect(both.status).toBe(200);
    expect(both.body).toHaveLength(2);
    expect(both.body[0]?.result?.data).toEqual({ count: expect.any(Number) });
    expect(Array.isArray(both.body[1]?.result?.data)).toBe(true);
  });

  it('a batch where one call fails answers 207, each call with its own result or coded error', async () => {
    const r = await driver.get<Envelope[]>(
      '/trpc/categories.list,orders.pendingWebCount?batch=1&input=%7B%7D',
    );
    expect(r.status).toBe(207);
    expect(Array.isArray(r.body[0]?.result?.data)).toBe(true);
    expect(r.body[1]?.error?.data).toMatchObject({
      code: 'FORBIDDEN',
      httpStatus: 403,
      appCode: 'auth.forbidden',
    });
  });

  it('refuses what the protocol does not allow, with its status and a coded error', async () => {
    const unknown = await admin.get<Envelope>('/trpc/nothing.here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.data.appCode).toBe('common.notFound');

    const queryByPost = await admin.post<Envelope>('/trpc/orders.pendingWebCount', {});
    expect(queryByPost.status).toBe(405);

    const mutationByGet = await admin.get<Envelope>('/trpc/auth.logout');
    expect(mutationByGet.status).toBe(405);

    const notJson = await admin.request<Envelope>('POST', '/trpc/auth.logout', 'x', {
      'content-type': 'text/plain',
    });
    expect(notJson.status).toBe(415);
    expect((await admin.get('/trpc/auth.profile')).status).toBe(200);

    const names = Array.from({ length: MAX_BATCH_SIZE + 1 }, () => 'categories.list').join(',');
    const tooMany = await anon.get<Envelope[]>(`/trpc/${names}?batch=1&input=%7B%7D`);
    expect(tooMany.status).toBe(400);

    const badJson = await admin.get<Envelope>('/trpc/orders.list?input=%7Bnot-json');
    expect(badJson.status).toBe(400);
    expect(badJson.body.error?.data.appCode).toBe('common.badRequest');

    const notAnObject = await admin.get<Envelope[]>('/trpc/orders.list?batch=1&input=%5B1%5D');
    expect(notAnObject.status).toBe(400);

    const badInput = await admin.get<Envelope[]>(
      `/trpc/orders.list?batch=1&${batchInput({ 0: { pageNumber: 'x' } })}`,
    );
    expect(badInput.status).toBe(400);
    expect(badInput.body[0]?.error?.data.code).toBe('BAD_REQUEST');
  });

  it('signs out through a mutation without input, as the batch link sends it', async () => {
    const d = await makeEmployee(t.db, 'driver');
    const someone = new ApiClient(t.url);
    await someone.login(d.username, d.password);
    const r = await someone.request<Envelope>('POST', '/trpc/auth.logout?batch=1', '{}', {
      'content-type': 'application/json',
    });
    expect(r.status).toBe(200);
    expect((await someone.get('/trpc/auth.profile')).status).toBe(401);
  });

  it('refuses a signed-out caller with 401 and a coded error', async () => {
    const r = await anon.get<Envelope>('/trpc/orders.pendingWebCount');
    expect(r.status).toBe(401);
    expect(r.body.error?.data.appCode).toBe('auth.signInFirst');
  });
});

describe('kept bytes of frozen answers', () => {
  const pendingUrl = () =>
    `/trpc/ordertrack.driverPending?batch=1&${batchInput({ 0: { driverId, keyword: '' } })}`;

  /** The bytes as sent (fetch would decompress them itself), decompressed here. */
  function raw(path: string, encoding: string) {
    return new Promise<{ status: number; enc: string | null; text: string; cache: string | null }>(
      (resolve, reject) => {
        const req = http.get(
          t.url + path,
          { headers: { cookie: driver.cookie ?? '', 'accept-encoding': encoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const body = Buffer.concat(chunks);
              const enc = (res.headers['content-encoding'] as string | undefined) ?? null;
              const text =
                enc === 'br'
                  ? brotliDecompressSync(body).toString()
                  : enc === 'gzip'
                    ? gunzipSync(body).toString()
                    : body.toString();
              const cache = (res.headers['cache-control'] as string | undefined) ?? null;
              resolve({ status: res.statusCode ?? 0, enc, text, cache });
            });
          },
        );
        req.on('error', reject);
      },
    );
  }

  it('sends the same answer in every encoding, and follows each change', async () => {
    // Enough jobs for the answer to pass the compression threshold.
    for (let i = 0; i < 8; i++) {
      const r = await admin.post('/api/ordertrack', {
        customer: customerId,
        deliveredBy: driverId,
      });
      expect(r.status).toBe(201);
    }
    const plain = await raw(pendingUrl(), 'identity');
    const br = await raw(pendingUrl(), 'br');
    const brAgain = await raw(pendingUrl(), 'br');
    const gzip = await raw(pendingUrl(), 'gzip');
    expect(plain.enc).toBeNull();
    expect(br.enc).toBe('br');
    expect(gzip.enc).toBe('gzip');
    for (const r of [plain, br, brAgain, gzip]) {
      expect(r.status).toBe(200);
      expect(r.cache).toBe('no-store');
      expect(r.text).toBe(plain.text);
    }
    const jobs = (JSON.parse(plain.text) as { result: { data: { _id: string }[] } }[])[0]?.result
      .data;
    expect(jobs).toHaveLength(8);

    // A delivery changes the list: the next answer is the new one, in every encoding.
    const first = jobs?.[0]?._id;
    const done = await driver.put(
      `/api/ordertrack/${first}/deliver`,
      {},
      {
        'idempotency-key': `deliver-${first}`,
      },
    );
    expect(done.status).toBe(200);
    for (const enc of ['identity', 'br', 'gzip']) {
      const after = await raw(pendingUrl(), enc);
      const list = (JSON.parse(after.text) as { result: { data: { _id: string }[] } }[])[0]?.result
        .data;
      expect(list?.map((j) => j._id)).not.toContain(first);
      expect(list).toHaveLength(7);
    }

    // The REST door sends the same list as it is.
    const rest = await raw(`/api/ordertrack/${driverId}`, 'br');
    expect(JSON.parse(rest.text)).toHaveLength(7);
  });
});
