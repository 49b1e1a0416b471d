import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUnattachedPhotos } from '../../server/catalogue/private-photos';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// GET /uploads/<name> (ADR 051): what staff upload (the catalogue's pictures) is public and
// cached for good; a photo a driver or a restaurant sends (proof of delivery, goods claim)
// answers only to staff and to the driver or restaurant it belongs to, privately cached, and is
// a 404 to anyone else, signed in or not.

let t: TestApp;
let admin: ApiClient;
let manager: ApiClient;
let d1: ApiClient;
let d2: ApiClient;
let ana: ApiClient;
let anaChef: ApiClient;
let bob: ApiClient;
let anon: ApiClient;
let driver1Id = '';
let driver2Id = '';
let anaId = '';
let bobAccount = '';
let adminAccount = '';
let chefId = '';
let rice = '';
let date = '';

const PUBLIC_FOR_GOOD = 'public, max-age=31536000, immutable';
const PRIVATE = 'private, max-age=3600';

async function picture(color: string): Promise<Buffer> {
  return sharp({ create: { width: 12, height: 12, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** POST /api/upload as `c`; the stored file's name. */
async function upload(c: ApiClient, bytes: Buffer, purpose = ''): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)]), 'photo.png');
  const headers: Record<string, string> = { origin: t.url };
  if (c.cookie) headers.cookie = c.cookie;
  const res = await fetch(`${t.url}/api/upload${purpose ? `?purpose=${purpose}` : ''}`, {
    method: 'POST',
    body: form,
    headers,
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { imageUrl: string };
  return body.imageUrl.slice('/uploads/'.length);
}

/** GET /uploads/<name> as `c` (its cookie, as a same-origin <img> sends it). */
async function see(c: ApiClient, name: string) {
  const res = await fetch(`${t.url}/uploads/${name}`, {
    headers: c.cookie ? { cookie: c.cookie } : {},
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    cache: res.headers.get('cache-control'),
    vary: res.headers.get('vary'),
    bytes,
  };
}

const cardOf = (name: string) => name.replace(/\.png$/, '-card.png');

/** An order of `c`'s, sent out with driver 1 and delivered (with a proof photo when given). */
async function deliveredOrder(c: ApiClient, proofImage?: string) {
  const { job } = await sentOrder(c, d1, driver1Id);
  const done = await mutate(d1, 'ordertrack.deliver', { id: job._id, proofImage });
  expect(done.status).toBe(200);
  return { jobId: job._id, lineId: job.order.orderItems[0]?._id ?? '' };
}

/** An order of `c`'s, sent out with a driver: the driver's pending job for it. */
async function sentOrder(c: ApiClient, driver: ApiClient, driverId: string) {
  const placed = await c.post<{ _id: string }>('/api/orders', {
    orderItems: [{ product: rice, quantity: 2 }],
    deliveryDate: date,
  });
  expect(placed.status).toBe(201);
  const sent = await mutate(admin, 'orders.dispatch', { id: placed.body._id, driverId });
  expect(sent.status).toBe(200);
  const jobs = await query<
    { _id: string; order: { _id: string; orderItems: { _id: string }[] } }[]
  >(driver, 'ordertrack.driverPending', { driverId, keyword: '' });
  const job = jobs.data.find((j) => j.order._id === placed.body._id);
  if (!job) throw new Error('no job');
  return { job };
}

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  rice = makeProduct(t.db, { name: 'Basmati Rice 5kg', price: 2480, sku: 'Bag' }).id;
  const a = await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen' });
  const b = await makeCustomer(t.db, { restaurantName: 'Bangkok Spice' });
  bobAccount = b.accountId;
  adminAccount = '';
  anaId = a.id;
  const adm = await makeAdmin(t.db);
  adminAccount = adm.id;
  const mgr = await makeEmployee(t.db, 'manager');
  const dr1 = await makeEmployee(t.db, 'driver');
  const dr2 = await makeEmployee(t.db, 'driver');
  driver1Id = dr1.id;
  driver2Id = dr2.id;
  admin = new ApiClient(t.url);
  manager = new ApiClient(t.url);
  d1 = new ApiClient(t.url);
  d2 = new ApiClient(t.url);
  ana = new ApiClient(t.url);
  anaChef = new ApiClient(t.url);
  bob = new ApiClient(t.url);
  anon = new ApiClient(t.url);
  await admin.login(adm.username, adm.password);
  await manager.login(mgr.username, mgr.password);
  await d1.login(dr1.username, dr1.password);
  await d2.login(dr2.username, dr2.password);
  await ana.login(a.username, a.password);
  await bob.login(b.username, b.password);
  // Another login of Himalaya Kitchen (ADR 036): the restaurant's photos are its too.
  const people = await mutate<{ _id: string; username: string }[]>(admin, 'people.addFor', {
    customerId: anaId,
    username: 'himalaya.chef',
    name: 'Chef',
    password: 'chef-pass-123',
  });
  expect(people.status).toBe(200);
  chefId = people.data.find((p) => p.username === 'himalaya.chef')?._id ?? '';
  await anaChef.login('himalaya.chef', 'chef-pass-123');
});
afterAll(() => t.close());

describe('a product picture', () => {
  it('is public and cached for good, before sign-in too, and so is its card copy', async () => {
    const name = await upload(admin, await picture('#c0843d'));
    for (const n of [name, cardOf(name)]) {
      for (const c of [anon, bob, d2, admin]) {
        const r = await see(c, n);
        expect(r.status, `${n} as ${c.cookie ? 'signed in' : 'anonymous'}`).toBe(200);
        expect(r.cache).toBe(PUBLIC_FOR_GOOD);
      }
    }
  });
});

describe("a restaurant's goods-claim photo", () => {
  let photo = '';

  beforeAll(async () => {
    const { lineId } = await deliveredOrder(ana);
    photo = await upload(anaChef, await picture('#336699'), 'claim');
    const claim = await mutate(anaChef, 'claims.create', {
      orderLineId: lineId,
      quantity: 1,
      reason: 'Torn bag',
      photo,
    });
    expect(claim.status).toBe(200);
  });

  it('is seen by the restaurant (each of its logins) and by the office, privately cached', async () => {
    for (const c of [anaChef, ana, admin, manager]) {
      for (const n of [photo, cardOf(photo)]) {
        const r = await see(c, n);
        expect(r.status).toBe(200);
        expect(r.cache).toBe(PRIVATE);
        expect(r.vary).toMatch(/cookie/);
        expect((await sharp(r.bytes).metadata()).format).toBe('png');
      }
    }
  });

  it('is a 404 to another restaurant, to a driver and without a session, never cached', async () => {
    for (const c of [bob, d1, d2, anon]) {
      for (const n of [photo, cardOf(photo)]) {
        const r = await see(c, n);
        expect(r.status).toBe(404);
        expect(r.cache).toBe('no-store');
        expect(r.bytes.toString()).not.toContain('PNG');
      }
    }
    // A HEAD says no more than a GET.
    const head = await fetch(`${t.url}/uploads/${photo}`, {
      method: 'HEAD',
      headers: { cookie: bob.cookie ?? '' },
    });
    expect(head.status).toBe(404);
  });

  it('another restaurant cannot name it on its own claim, so it stays closed to it', async () => {
    const { lineId } = await deliveredOrder(bob);
    const claim = await mutate(bob, 'claims.create', {
      orderLineId: lineId,
      quantity: 1,
      reason: 'Wet',
      photo,
    });
    expect(claim.status).toBe(400);
    expect(claim.code).toBe('claim.photoNotFound');
    expect((await see(bob, photo)).status).toBe(404);
  });

  it("stays the restaurant's when the login that sent it is removed", async () => {
    expect(
      (await mutate(admin, 'people.removeFor', { customerId: anaId, id: chefId })).status,
    ).toBe(200);
    // Its uploader gone, the claims naming it decide whose it is.
    expect((await see(ana, photo)).status).toBe(200);
    expect((await see(ana, photo)).cache).toBe(PRIVATE);
    expect((await see(admin, photo)).status).toBe(200);
    expect((await see(d2, photo)).status).toBe(404);
    expect((await see(anon, photo)).status).toBe(404);
  });
});

describe("a driver's proof-of-delivery photo", () => {
  let proof = '';

  beforeAll(async () => {
    proof = await upload(d1, await picture('#996633'), 'proof');
    await deliveredOrder(ana, proof);
  });

  it('is seen by its driver and by the office, privately cached', async () => {
    for (const c of [d1, admin, manager]) {
      for (const n of [proof, cardOf(proof)]) {
        const r = await see(c, n);
        expect(r.status).toBe(200);
        expect(r.cache).toBe(PRIVATE);
      }
    }
  });

  it('is a 404 to another driver, to the restaurants and without a session', async () => {
    for (const c of [d2, ana, bob, anon]) {
      const r = await see(c, proof);
      expect(r.status).toBe(404);
      expect(r.cache).toBe('no-store');
    }
  });

  it('another driver cannot name it as the proof of their own delivery', async () => {
    const { job } = await sentOrder(bob, d2, driver2Id);
    const r = await mutate(d2, 'ordertrack.deliver', { id: job._id, proofImage: proof });
    expect(r.status).toBe(400);
    expect(r.code).toBe('delivery.proofNotFound');
    expect((await see(d2, proof)).status).toBe(404);
  });

  it('stays private, for the office, when the driver leaves', async () => {
    expect((await admin.delete(`/api/employee/${driver1Id}`)).status).toBe(200);
    expect((await see(admin, proof)).status).toBe(200);
    expect((await see(admin, proof)).cache).toBe(PRIVATE);
    for (const c of [d2, ana, anon]) expect((await see(c, proof)).status).toBe(404);
  });
});

describe('the door', () => {
  it('a name no upload has is a 404, and a path outside the folder is refused', async () => {
    expect((await see(admin, `${'0'.repeat(32)}.png`)).status).toBe(404);
    for (const bad of ['..%2Fapp.db', '%2E%2E/app.db', '../app.db']) {
      expect([403, 404]).toContain((await see(admin, bad)).status);
    }
  });
});

describe('photos from outside the office are bounded (ADR 058)', () => {
  /** As if `accountId` had sent `n` photos in the last hours (rows only: the count is read). */
  const sentEarlier = (accountId: string, n: number) => {
    const add = t.db.$client.prepare(
      `INSERT INTO uploaded_file (name, size_bytes, content_type, uploaded_by, created_at)
       VALUES (?, 1, 'image/png', ?, ?)`,
    );
    const at = new Date(Date.now() - 60 * 60_000).toISOString();
    for (let i = 0; i < n; i++) add.run(`earlier-${accountId}-${i}.png`, accountId, at);
  };

  it("a restaurant's day allows 20 photos; the 21st is refused, saying so", async () => {
    sentEarlier(bobAccount, 19);
    await upload(bob, await picture('#aa0000'), 'claim');
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await picture('#00aa00'))]), 'photo.png');
    const res = await fetch(`${t.url}/api/upload?purpose=claim`, {
      method: 'POST',
      body: form,
      headers: { origin: t.url, cookie: bob.cookie ?? '' },
    });
    expect(res.status).toBe(429);
    const body = (await res.json()) as { code: string; params: { max: number }; message: string };
    expect(body).toMatchObject({ code: 'upload.tooMany', params: { max: 20 } });
    expect(body.message).toContain('20 photos today');
    // The office has no such bound: the catalogue may need a hundred pictures at once.
    sentEarlier(adminAccount, 200);
    await upload(admin, await picture('#0000aa'));
  });

  it('a photo no claim or delivery names goes after two days; named ones and pictures stay', async () => {
    const loose = await upload(d2, await picture('#123456'), 'proof');
    const proof = await upload(d2, await picture('#654321'), 'proof');
    const { job } = await sentOrder(ana, d2, driver2Id);
    expect(
      (await mutate(d2, 'ordertrack.deliver', { id: job._id, proofImage: proof })).status,
    ).toBe(200);
    const catalogue = await upload(admin, await picture('#777777'));
    const onDisk = (name: string) => fs.existsSync(path.join(t.config.uploadsDir, name));
    // Not yet two days old: nothing goes.
    expect(sweepUnattachedPhotos(t.db, t.config.uploadsDir)).toBe(0);
    const later = new Date(Date.now() + 3 * 24 * 60 * 60_000);
    expect(sweepUnattachedPhotos(t.db, t.config.uploadsDir, later)).toBeGreaterThan(0);
    expect(onDisk(loose)).toBe(false);
    expect(onDisk(cardOf(loose))).toBe(false);
    expect((await see(admin, loose)).status).toBe(404);
    for (const kept of [proof, catalogue]) {
      expect(onDisk(kept), kept).toBe(true);
      expect((await see(admin, kept)).status).toBe(200);
    }
  });
});
