import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryCalendar } from '../../server/settings/settings';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// Several logins per restaurant (ADR 036): the owner adds people, each signs in with an own
// login and shares the restaurant's orders, documents and order sheet; removing a person ends
// their sessions at once; another restaurant's things still answer 404.

let t: TestApp;
let owner: ApiClient;
let other: ApiClient;
let admin: ApiClient;
let customerId = '';
let otherCustomerId = '';
let date = '';
let productId = '';

type Person = { _id: string; username: string; name: string; title: string; owner: boolean };
const PASSWORD = 'chef-pass-123';

const accountCount = () =>
  (t.db.$client.prepare('SELECT COUNT(*) AS n FROM account').get() as { n: number }).n;

beforeAll(async () => {
  t = await startTestApp();
  date = deliveryCalendar(t.db, t.config.timeZone).earliest;
  productId = makeProduct(t.db, { name: 'Rice' }).id;
  const a = await makeAdmin(t.db);
  const c = await makeCustomer(t.db, { restaurantName: 'Himalaya Kitchen' });
  const o = await makeCustomer(t.db, { restaurantName: 'Bangkok Spice' });
  customerId = c.id;
  otherCustomerId = o.id;
  owner = new ApiClient(t.url);
  other = new ApiClient(t.url);
  admin = new ApiClient(t.url);
  await owner.login(c.username, c.password);
  await other.login(o.username, o.password);
  await admin.login(a.username, a.password);
});
afterAll(() => t.close());

describe('the owner manages the restaurant people', () => {
  let chef: ApiClient;
  let chefId = '';
  let ownerOrderId = '';

  it('adds a chef with an own login; the list shows the owner first', async () => {
    const r = await mutate<Person[]>(owner, 'people.add', {
      username: 'HK-Chef',
      name: 'Ram the chef',
      title: 'chef',
      password: PASSWORD,
    });
    expect(r.status).toBe(200);
    expect(r.data.map((p) => [p.owner, p.title])).toEqual([
      [true, 'owner'],
      [false, 'chef'],
    ]);
    const person = r.data[1] as Person;
    expect(person.username).toBe('hk-chef');
    chefId = person._id;
    chef = new ApiClient(t.url);
    const me = await chef.login('hk-chef', PASSWORD);
    expect(me).toMatchObject({ customerId, restaurantOwner: false, name: 'Ram the chef' });
  });

  it('a taken username is refused in the user language, adding nothing', async () => {
    const before = accountCount();
    const r = await owner.post<{ code: string; message: string }>(
      '/trpc/people.add',
      { username: 'hk-chef', name: 'Someone', password: PASSWORD },
      { 'accept-language': 'ja' },
    );
    expect(r.status).toBe(409);
    expect(accountCount()).toBe(before);
    const coded = await mutate(owner, 'people.add', {
      username: 'HK-CHEF',
      name: 'Someone',
      password: PASSWORD,
    });
    expect(coded.code).toBe('people.usernameTaken');
    const short = await mutate(owner, 'people.add', {
      username: 'newbie',
      name: 'N',
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(accountCount()).toBe(before);
  });

  it('the people share the order history; each order records who placed it', async () => {
    const byOwner = await owner.post<{ _id: string; placedBy: string }>('/api/orders', {
      orderItems: [{ product: productId, quantity: 1 }],
      deliveryDate: date,
    });
    expect(byOwner.status).toBe(201);
    ownerOrderId = byOwner.body._id;
    const byChef = await chef.post<{ _id: string; placedBy: string }>('/api/orders', {
      orderItems: [{ product: productId, quantity: 2 }],
      deliveryDate: date,
    });
    expect(byChef.status).toBe(201);
    expect(byChef.body.placedBy).toBe('hk-chef');
    const history = await chef.get<{ orders: { _id: string; placedBy: string }[] }>(
      '/api/orders/myorders',
    );
    expect(history.body.orders.map((o) => o._id).sort()).toEqual(
      [byOwner.body._id, byChef.body._id].sort(),
    );
    const seen = await chef.get<{ placedBy: string }>(`/api/orders/${ownerOrderId}`);
    expect(seen.status).toBe(200);
    const office = await admin.get<{ placedBy: string }>(`/api/orders/${byChef.body._id}`);
    expect(office.body.placedBy).toBe('hk-chef');
  });

  it('shares the order sheet', async () => {
    expect((await chef.post('/api/wishlist', { productId })).status).toBeLessThan(300);
    const list = await owner.get<{ _id: string }[]>('/api/wishlist');
    expect(list.body.map((p) => p._id)).toContain(productId);
  });

  it('another restaurant still answers 404 for the restaurant orders', async () => {
    expect((await other.get(`/api/orders/${ownerOrderId}`)).status).toBe(404);
  });

  it('only the owner manages people; the chef gets 403', async () => {
    expect((await query(chef, 'people.list')).status).toBe(403);
    const r = await mutate(chef, 'people.add', {
      username: 'sneaky',
      name: 'Sneaky',
      password: PASSWORD,
    });
    expect(r.status).toBe(403);
    expect(r.code).toBe('people.ownerOnly');
  });

  it('another restaurant cannot remove this restaurant person (404)', async () => {
    const r = await mutate(other, 'people.remove', { id: chefId });
    expect(r.status).toBe(404);
    expect((await chef.get('/api/users/profile')).status).toBe(200);
  });

  it('the owner cannot be removed as a person (404)', async () => {
    const list = await query<Person[]>(owner, 'people.list');
    const me = list.data.find((p) => p.owner) as Person;
    expect((await mutate(owner, 'people.remove', { id: me._id })).status).toBe(404);
  });

  it('removing the chef ends their session at once: the next request answers 401', async () => {
    const r = await mutate<Person[]>(owner, 'people.remove', { id: chefId });
    expect(r.status).toBe(200);
    expect(r.data.map((p) => p.owner)).toEqual([true]);
    expect((await chef.get('/api/users/profile')).status).toBe(401);
    expect((await chef.get('/api/orders/myorders')).status).toBe(401);
    // The order the chef placed still says who placed it.
    const history = await owner.get<{ orders: { placedBy: string | null }[] }>(
      '/api/orders/myorders',
    );
    expect(history.body.orders.map((o) => o.placedBy)).toContain('hk-chef');
  });
});

describe('the office manages a restaurant people', () => {
  it('lists, adds, resets a password (ending sessions) and removes', async () => {
    const added = await mutate<Person[]>(admin, 'people.addFor', {
      customerId: otherCustomerId,
      username: 'bs-manager',
      name: 'Manager',
      title: 'manager',
      password: PASSWORD,
    });
    expect(added.status).toBe(200);
    const person = added.data.find((p) => !p.owner) as Person;
    const m = new ApiClient(t.url);
    await m.login('bs-manager', PASSWORD);
    const reset = await mutate(admin, 'people.resetPasswordFor', {
      customerId: otherCustomerId,
      id: person._id,
      newPassword: 'another-pass-9',
    });
    expect(reset.status).toBe(200);
    expect((await m.get('/api/users/profile')).status).toBe(401);
    await m.login('bs-manager', 'another-pass-9');
    // Named under the wrong restaurant: not found, nothing removed.
    const wrong = await mutate(admin, 'people.removeFor', { customerId, id: person._id });
    expect(wrong.status).toBe(404);
    const list = await query<Person[]>(admin, 'people.ofCustomer', {
      customerId: otherCustomerId,
    });
    expect(list.data.map((p) => p.username)).toContain('bs-manager');
    const removed = await mutate(admin, 'people.removeFor', {
      customerId: otherCustomerId,
      id: person._id,
    });
    expect(removed.status).toBe(200);
    expect((await m.get('/api/users/profile')).status).toBe(401);
  });

  it('deleting the restaurant removes its people logins', async () => {
    const c = await makeCustomer(t.db);
    await mutate(admin, 'people.addFor', {
      customerId: c.id,
      username: 'gone-chef',
      name: 'Chef',
      password: PASSWORD,
    });
    const chef = new ApiClient(t.url);
    await chef.login('gone-chef', PASSWORD);
    expect((await admin.delete(`/api/customer/${c.id}`)).status).toBe(200);
    expect((await chef.get('/api/users/profile')).status).toBe(401);
    const left = t.db.$client
      .prepare("SELECT COUNT(*) AS n FROM account WHERE username = 'gone-chef'")
      .get() as { n: number };
    expect(left.n).toBe(0);
  });
});
