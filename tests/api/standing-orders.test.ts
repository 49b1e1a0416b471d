import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerOrder, orderLine, product, setting, standingRun } from '../../drizzle/schema';
import { buildApp } from '../../server/app';
import { cutoffOf, updateDraft } from '../../server/orders/standing-orders';
import { standingTick } from '../../server/orders/standing-scheduler';
import { type Config, configFromEnv } from '../../server/platform/config';
import { closeDb, type Db, openDb, write } from '../../server/platform/db';
import { makeAdmin, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { mutate, query } from '../helpers/trpc';

// Standing orders over HTTP on a real app and a real SQLite file, with the scheduler's clock
// in the test's hand: drafts before the delivery day, changes and skips until the cut-off, an
// ordinary order at the cut-off, holidays and pauses shown, and no draft lost or doubled by a
// repeated pass or a restart (a fresh app on the same file).

const TZ = 'Asia/Tokyo';
/** Thursdays and a Monday in 2030 (the customers deliver on Mondays and Thursdays). */
const THU = '2030-01-10';
const MON = '2030-01-14';
const THU2 = '2030-01-17';
const MON2 = '2030-01-21';

let dir = '';
let config: Config;
let db: Db;
let app: FastifyInstance;
let url = '';
let now = new Date('2030-01-01T00:00:00Z');

async function start(): Promise<void> {
  db = openDb(config.dbPath, { groupCommit: true });
  app = await buildApp({ db, config, clock: () => now, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
}
async function stop(): Promise<void> {
  await app.close();
  closeDb(db);
}
/** A restart: the running app closes, a fresh one opens the same file (its start runs a pass). */
async function restart(at: Date): Promise<void> {
  await stop();
  now = at;
  await start();
  // The same sessions, at the new app's port (sessions live in the database).
  const moved = (c: ApiClient) => Object.assign(new ApiClient(url), { cookie: c.cookie });
  for (const c of Object.values(C)) c.api = moved(c.api);
  office = moved(office);
}

const tick = (at: Date) => {
  now = at;
  return standingTick(db, { timeZone: TZ, now: at });
};
const cutoff = (date: string) => cutoffOf(date, '04:00', TZ);
const hoursBefore = (d: Date, h: number) => new Date(d.getTime() - h * 3_600_000);

const call = mutate;

interface Line {
  productId: string;
  name: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  available: boolean;
  reason: string | null;
}
interface Run {
  id: string;
  deliveryDate: string;
  status: string;
  skip: boolean;
  lines: Line[];
  total: number;
  orderId: string | null;
  restaurantName: string;
}
interface Day {
  weekday: string;
  lines: { product: string; quantity: number }[];
}

const P: Record<string, { id: string; name: string }> = {};
const C: Record<string, { id: string; api: ApiClient }> = {};
let office: ApiClient;

async function customerClient(name: string) {
  const made = await makeCustomer(db, {
    restaurantName: name,
    deliveryDays: ['Monday', 'Thursday'],
  });
  const api = new ApiClient(url);
  await api.login(made.username, made.password);
  C[name] = { id: made.id, api };
  return C[name];
}

const ordersOf = (customerId: string, date: string) =>
  db
    .select()
    .from(customerOrder)
    .where(and(eq(customerOrder.customerId, customerId), eq(customerOrder.deliveryDate, date)))
    .all();
const runsOf = (customerId: string, date: string) =>
  db
    .select()
    .from(standingRun)
    .where(and(eq(standingRun.customerId, customerId), eq(standingRun.deliveryDate, date)))
    .all();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-standing-'));
  config = configFromEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent', BUSINESS_TIME_ZONE: TZ });
  await start();
  P.rice = makeProduct(db, { name: 'Basmati Rice 5kg', price: 2000, sku: 'Bag' });
  // A Nepali name, shown on the customer's usual orders in Nepali.
  db.update(product).set({ nameNe: 'बासमती चामल' }).where(eq(product.id, P.rice.id)).run();
  P.ghee = makeProduct(db, { name: 'Ghee 1L', price: 1500, sku: 'Btl' });
  P.mango = makeProduct(db, { name: 'Mango Pulp', price: 900, itemType: 'Out of Stock' });
  P.paneer = makeProduct(db, { name: 'Paneer 1kg', price: 1200 });
  for (const name of ['Himalaya Kitchen', 'Bangkok Spice', 'Everest Dining', 'Lhasa House'])
    await customerClient(name);
  const admin = await makeAdmin(db);
  office = new ApiClient(url);
  await office.login(admin.username, admin.password);
});
afterAll(async () => {
  await stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the usual order per weekday', () => {
  it('is kept per delivery weekday, an out-of-stock item included', async () => {
    const ana = C['Himalaya Kitchen']!.api;
    const r = await call<Day[]>(ana, 'standing.setUsual', {
      weekday: 'Thursday',
      lines: [
        { product: P.rice!.id, quantity: 2 },
        { product: P.mango!.id, quantity: 3 },
      ],
    });
    expect(r.status).toBe(200);
    const mine = await query<Day[]>(ana, 'standing.usual');
    expect(mine.data.map((d) => d.weekday)).toEqual(['Monday', 'Thursday']);
    expect(mine.data.find((d) => d.weekday === 'Thursday')?.lines).toEqual([
      expect.objectContaining({ product: P.rice!.id, nameNe: 'बासमती चामल', quantity: 2 }),
      expect.objectContaining({ product: P.mango!.id, nameNe: null, quantity: 3 }),
    ]);
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const ana = C['Himalaya Kitchen']!.api;
    const before = (await query<Day[]>(ana, 'standing.usual')).data;
    const cases: [unknown, string][] = [
      [
        { weekday: 'Tuesday', lines: [{ product: P.rice!.id, quantity: 1 }] },
        'standing.notDeliveryDay',
      ],
      [
        { weekday: 'Thursday', lines: [{ product: P.rice!.id, quantity: 1.5 }] },
        'standing.quantityRange',
      ],
      [
        { weekday: 'Thursday', lines: [{ product: P.rice!.id, quantity: 0 }] },
        'standing.quantityRange',
      ],
      [
        { weekday: 'Thursday', lines: [{ product: P.rice!.id, quantity: -2 }] },
        'standing.quantityRange',
      ],
      [
        { weekday: 'Thursday', lines: [{ product: P.rice!.id, quantity: '2' }] },
        'standing.quantityRange',
      ],
      [
        { weekday: 'Thursday', lines: [{ product: 'no-such-product', quantity: 1 }] },
        'standing.productNotOrderable',
      ],
      [
        {
          weekday: 'Thursday',
          lines: [
            { product: P.rice!.id, quantity: 1 },
            { product: P.rice!.id, quantity: 2 },
          ],
        },
        'standing.duplicateProduct',
      ],
    ];
    for (const [input, code] of cases) {
      const r = await call(ana, 'standing.setUsual', input);
      expect(r.status, JSON.stringify(input)).toBe(400);
      expect(r.code, JSON.stringify(input)).toBe(code);
    }
    expect((await query<Day[]>(ana, 'standing.usual')).data).toEqual(before);
    // The office is refused the same way for a customer's day without delivery.
    const o = await call(office, 'standing.setUsualFor', {
      customerId: C['Himalaya Kitchen']!.id,
      weekday: 'Sunday',
      lines: [{ product: P.rice!.id, quantity: 1 }],
    });
    expect(o.code).toBe('standing.notDeliveryDay');
  });

  it('the office keeps a usual order for a customer; another customer cannot see it', async () => {
    for (const name of ['Bangkok Spice', 'Everest Dining', 'Lhasa House']) {
      const r = await call<Day[]>(office, 'standing.setUsualFor', {
        customerId: C[name]!.id,
        weekday: 'Thursday',
        lines: [{ product: P.ghee!.id, quantity: 1 }],
      });
      expect(r.status).toBe(200);
    }
    const r = await call<Day[]>(office, 'standing.setUsualFor', {
      customerId: C['Himalaya Kitchen']!.id,
      weekday: 'Monday',
      lines: [{ product: P.paneer!.id, quantity: 4 }],
    });
    expect(r.status).toBe(200);
    const theirs = await query<Day[]>(C['Bangkok Spice']!.api, 'standing.usual');
    expect(theirs.data.find((d) => d.weekday === 'Thursday')?.lines).toEqual([
      expect.objectContaining({ product: P.ghee!.id, quantity: 1 }),
    ]);
    const unknown = await query(office, 'standing.usualFor', { customerId: 'nobody' });
    expect(unknown.status).toBe(404);
  });
});

describe('drafts before the delivery day', () => {
  it('nothing is drafted before the draft time; at it, one draft per customer however many passes', async () => {
    // Everest Dining pauses that week; Lhasa House skips it (below).
    const pause = await call(C['Everest Dining']!.api, 'standing.addPause', {
      from: '2030-01-08',
      to: '2030-01-12',
    });
    expect(pause.status).toBe(200);
    const early = tick(hoursBefore(cutoff(THU), 7));
    expect(early.drafted).toBe(0);
    expect(runsOf(C['Himalaya Kitchen']!.id, THU)).toHaveLength(0);

    const first = tick(hoursBefore(cutoff(THU), 6));
    expect(first.drafted).toBe(3);
    const again = tick(hoursBefore(cutoff(THU), 5));
    expect(again.drafted).toBe(0);
    for (const name of Object.keys(C)) expect(runsOf(C[name]!.id, THU)).toHaveLength(1);
    expect(runsOf(C['Everest Dining']!.id, THU)[0]?.status).toBe('paused');
  });

  it('the customer sees the draft, the out-of-stock item shown as left out, not dropped', async () => {
    const r = await query<Run[]>(C['Himalaya Kitchen']!.api, 'standing.upcoming');
    const draft = r.data.find((d) => d.deliveryDate === THU);
    expect(draft?.status).toBe('draft');
    expect(draft?.lines).toEqual([
      expect.objectContaining({
        name: 'Basmati Rice 5kg',
        nameNe: 'बासमती चामल',
        quantity: 2,
        unitPrice: 2000,
        lineTotal: 4000,
        available: true,
      }),
      expect.objectContaining({
        name: 'Mango Pulp',
        nameNe: null,
        quantity: 3,
        available: false,
        reason: 'order.outOfStock',
      }),
    ]);
    // 4000 yen + 8% tax.
    expect(draft?.total).toBe(4320);
    const paused = await query<Run[]>(C['Everest Dining']!.api, 'standing.upcoming');
    expect(paused.data.find((d) => d.deliveryDate === THU)?.status).toBe('paused');
  });

  it('the customer changes the draft and another customer cannot touch it', async () => {
    const ana = C['Himalaya Kitchen']!.api;
    const r = await call<Run>(ana, 'standing.updateDraft', {
      deliveryDate: THU,
      lines: [
        { product: P.rice!.id, quantity: 5 },
        { product: P.ghee!.id, quantity: 1 },
        { product: P.mango!.id, quantity: 3 },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.data.lines.filter((l) => l.available).map((l) => [l.name, l.quantity])).toEqual([
      ['Basmati Rice 5kg', 5],
      ['Ghee 1L', 1],
    ]);
    expect(r.data.total).toBe(Math.floor(11500 * 1.08));
    const bad = await call(ana, 'standing.updateDraft', {
      deliveryDate: THU,
      lines: [{ product: P.rice!.id, quantity: 2.5 }],
    });
    expect(bad.code).toBe('standing.quantityRange');
    // Bangkok Spice names the same date: it only ever reaches its own draft.
    const other = await call<Run>(C['Bangkok Spice']!.api, 'standing.updateDraft', {
      deliveryDate: THU,
      lines: [{ product: P.rice!.id, quantity: 99 }],
    });
    expect(other.status).toBe(200);
    const mine = await query<Run[]>(ana, 'standing.upcoming');
    expect(mine.data.find((d) => d.deliveryDate === THU)?.lines[0]?.quantity).toBe(5);
    // Put Bangkok Spice back to its usual.
    await call(C['Bangkok Spice']!.api, 'standing.updateDraft', {
      deliveryDate: THU,
      lines: [{ product: P.ghee!.id, quantity: 1 }],
    });
    const skip = await call<Run>(C['Lhasa House']!.api, 'standing.updateDraft', {
      deliveryDate: THU,
      lines: [{ product: P.ghee!.id, quantity: 1 }],
      skip: true,
    });
    expect(skip.data.skip).toBe(true);
    const none = await call(C['Lhasa House']!.api, 'standing.updateDraft', {
      deliveryDate: THU2,
      lines: [],
    });
    expect(none.status).toBe(404);
  });

  it('the office changes and skips a customer’s draft until the cut-off, as the customer may', async () => {
    const bangkok = C['Bangkok Spice']!;
    const r = await call<Run>(office, 'standing.updateDraftFor', {
      customerId: bangkok.id,
      deliveryDate: THU,
      lines: [{ product: P.ghee!.id, quantity: 4 }],
      skip: true,
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ skip: true, total: Math.floor(4 * 1500 * 1.08) });
    // The customer sees the office's change on its home screen.
    const theirs = await query<Run[]>(bangkok.api, 'standing.upcoming');
    expect(theirs.data.find((d) => d.deliveryDate === THU)).toMatchObject({
      skip: true,
      lines: [expect.objectContaining({ name: 'Ghee 1L', quantity: 4 })],
    });
    // Bad input: a clear code, nothing changed; a customer that is not there: 404.
    const bad = await call(office, 'standing.updateDraftFor', {
      customerId: bangkok.id,
      deliveryDate: THU,
      lines: [{ product: P.ghee!.id, quantity: 0 }],
    });
    expect([bad.status, bad.code]).toEqual([400, 'standing.quantityRange']);
    const twice = await call(office, 'standing.updateDraftFor', {
      customerId: bangkok.id,
      deliveryDate: THU,
      lines: [
        { product: P.ghee!.id, quantity: 1 },
        { product: P.ghee!.id, quantity: 2 },
      ],
    });
    expect([twice.status, twice.code]).toEqual([400, 'standing.duplicateProduct']);
    const nobody = await call(office, 'standing.updateDraftFor', {
      customerId: 'nobody',
      deliveryDate: THU,
      lines: [],
    });
    expect(nobody.status).toBe(404);
    const noDraft = await call(office, 'standing.updateDraftFor', {
      customerId: bangkok.id,
      deliveryDate: THU2,
      lines: [],
    });
    expect([noDraft.status, noDraft.code]).toEqual([404, 'standing.draftNotFound']);
    // A customer cannot reach another's draft through the office's procedure.
    const foreign = await call(C['Himalaya Kitchen']!.api, 'standing.updateDraftFor', {
      customerId: bangkok.id,
      deliveryDate: THU,
      lines: [],
    });
    expect(foreign.status).toBe(403);
    expect(runsOf(bangkok.id, THU)[0]?.skip).toBe(true);
    // Back to its usual, not skipped.
    const back = await call<Run>(office, 'standing.updateDraftFor', {
      customerId: bangkok.id,
      deliveryDate: THU,
      lines: [{ product: P.ghee!.id, quantity: 1 }],
    });
    expect(back.data.skip).toBe(false);
  });

  it('the office sees the date’s standing drafts beside the placed orders', async () => {
    const r = await query<Run[]>(office, 'standing.forDate', { deliveryDate: THU });
    expect(r.data.map((d) => [d.restaurantName, d.status])).toEqual([
      ['Bangkok Spice', 'draft'],
      ['Everest Dining', 'paused'],
      ['Himalaya Kitchen', 'draft'],
      ['Lhasa House', 'draft'],
    ]);
  });
});

describe('at the cut-off', () => {
  it('drafts become ordinary orders (or are skipped) once, however many passes', async () => {
    const before = db.select().from(customerOrder).all().length;
    const first = tick(cutoff(THU));
    expect(first.confirmed).toBe(2);
    expect(first.skipped).toBe(1);
    const second = tick(new Date(cutoff(THU).getTime() + 60_000));
    expect(second.confirmed + second.skipped).toBe(0);
    expect(db.select().from(customerOrder).all().length).toBe(before + 2);

    const [order] = ordersOf(C['Himalaya Kitchen']!.id, THU);
    expect(order?.total).toBe(Math.floor(11500 * 1.08));
    expect(order?.isDelivered).toBe(false);
    const lines = db.select().from(orderLine).where(eq(orderLine.orderId, order!.id)).all();
    expect(lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Basmati Rice 5kg', 5],
      ['Ghee 1L', 1],
    ]);
    expect(ordersOf(C['Lhasa House']!.id, THU)).toHaveLength(0);
    expect(runsOf(C['Lhasa House']!.id, THU)[0]?.status).toBe('skipped');
    expect(ordersOf(C['Everest Dining']!.id, THU)).toHaveLength(0);

    // The customer sees it among its orders; the office among the web orders of the day.
    const mine = await C['Himalaya Kitchen']!.api.get<{ orders: { _id: string }[] }>(
      '/api/orders/myorders',
    );
    expect(mine.body.orders.map((o) => o._id)).toContain(order!.id);
    const placed = await query<{ orders: { _id: string }[] }>(office, 'orders.list', {
      deliveryDate: THU,
    });
    expect(placed.data.orders.map((o) => o._id)).toContain(order!.id);
    const standing = await query<Run[]>(office, 'standing.forDate', { deliveryDate: THU });
    expect(standing.data.find((r) => r.restaurantName === 'Himalaya Kitchen')).toMatchObject({
      status: 'confirmed',
      orderId: order!.id,
    });
  });

  it('a confirmed draft can no longer be changed, and a draft cannot be changed after the cut-off', async () => {
    const r = await call(C['Himalaya Kitchen']!.api, 'standing.updateDraft', {
      deliveryDate: THU,
      lines: [{ product: P.rice!.id, quantity: 1 }],
    });
    expect(r.status).toBe(409);
    expect(r.code).toBe('standing.draftClosed');
    const theirs = await call(office, 'standing.updateDraftFor', {
      customerId: C['Himalaya Kitchen']!.id,
      deliveryDate: THU,
      lines: [{ product: P.rice!.id, quantity: 1 }],
    });
    expect([theirs.status, theirs.code]).toEqual([409, 'standing.draftClosed']);
    // A draft still open in the table, asked after its cut-off (the pass has not run yet).
    tick(hoursBefore(cutoff(MON), 6));
    const run = runsOf(C['Himalaya Kitchen']!.id, MON)[0];
    expect(run?.status).toBe('draft');
    expect(() =>
      updateDraft(
        db,
        C['Himalaya Kitchen']!.id,
        { deliveryDate: MON, lines: [{ product: P.paneer!.id, quantity: 1 }], skip: false },
        { timeZone: TZ, now: cutoff(MON), editedBy: null },
      ),
    ).toThrow(/cut-off has passed/);
  });
});

describe('restarts and catch-up', () => {
  it('a restart at the cut-off neither loses the draft nor places it twice', async () => {
    // MON's draft was made above; the server stops just before the cut-off.
    await restart(new Date(cutoff(MON).getTime() + 30_000));
    const once = ordersOf(C['Himalaya Kitchen']!.id, MON);
    expect(once).toHaveLength(1);
    expect(runsOf(C['Himalaya Kitchen']!.id, MON)[0]).toMatchObject({
      status: 'confirmed',
      orderId: once[0]?.id,
    });
    // Another restart and more passes: still one order.
    await restart(new Date(cutoff(MON).getTime() + 90_000));
    tick(new Date(cutoff(MON).getTime() + 120_000));
    expect(ordersOf(C['Himalaya Kitchen']!.id, MON)).toHaveLength(1);
    // The restarted app answers the customer as before.
    const mine = await query<Run[]>(C['Himalaya Kitchen']!.api, 'standing.upcoming');
    expect(mine.status).toBe(200);
  });

  it('a server down through the whole draft window drafts and places at start, once', async () => {
    // Down from before THU2's draft time until after its cut-off.
    await restart(new Date(cutoff(THU2).getTime() + 2 * 3_600_000));
    const orders = ordersOf(C['Bangkok Spice']!.id, THU2);
    expect(orders).toHaveLength(1);
    expect(runsOf(C['Bangkok Spice']!.id, THU2)).toHaveLength(1);
    await restart(new Date(cutoff(THU2).getTime() + 3 * 3_600_000));
    expect(ordersOf(C['Bangkok Spice']!.id, THU2)).toHaveLength(1);
  });
});

describe('holidays and changes after the draft', () => {
  it('a holiday gets no draft and is shown as such', async () => {
    write(db, () =>
      db
        .insert(setting)
        .values({
          key: 'delivery',
          value: { cutoff: '04:00', holidays: [MON2] },
          updatedAt: now.toISOString(),
        })
        .onConflictDoUpdate({
          target: setting.key,
          set: { value: { cutoff: '04:00', holidays: [MON2] } },
        })
        .run(),
    );
    tick(hoursBefore(cutoff(MON2), 1));
    const run = runsOf(C['Himalaya Kitchen']!.id, MON2)[0];
    expect(run?.status).toBe('holiday');
    expect(run?.lines).toEqual([
      expect.objectContaining({ name: 'Paneer 1kg', available: false, reason: 'standing.holiday' }),
    ]);
    tick(cutoff(MON2));
    expect(ordersOf(C['Himalaya Kitchen']!.id, MON2)).toHaveLength(0);
  });

  it('an item that runs out after the draft is left out at the cut-off and marked', async () => {
    const THU3 = '2030-01-24';
    tick(hoursBefore(cutoff(THU3), 6));
    const ana = C['Himalaya Kitchen']!.api;
    await call(ana, 'standing.updateDraft', {
      deliveryDate: THU3,
      lines: [
        { product: P.rice!.id, quantity: 1 },
        { product: P.paneer!.id, quantity: 2 },
      ],
    });
    write(db, () =>
      db
        .update(product)
        .set({ itemType: 'Out of Stock' })
        .where(eq(product.id, P.paneer!.id))
        .run(),
    );
    tick(cutoff(THU3));
    const [order] = ordersOf(C['Himalaya Kitchen']!.id, THU3);
    const lines = db.select().from(orderLine).where(eq(orderLine.orderId, order!.id)).all();
    expect(lines.map((l) => l.name)).toEqual(['Basmati Rice 5kg']);
    const run = runsOf(C['Himalaya Kitchen']!.id, THU3)[0];
    expect(run?.status).toBe('confirmed');
    expect(run?.lines.find((l) => l.name === 'Paneer 1kg')).toMatchObject({
      available: false,
      reason: 'order.outOfStock',
    });
  });
});

describe('at the same time', () => {
  it('parallel changes of one draft each apply whole, and the cut-off places one of them', async () => {
    const MON3 = '2030-01-28';
    tick(hoursBefore(cutoff(MON3), 6));
    const ana = C['Himalaya Kitchen']!.api;
    const replies = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((q) =>
        call<Run>(ana, 'standing.updateDraft', {
          deliveryDate: MON3,
          lines: [
            { product: P.rice!.id, quantity: q },
            { product: P.ghee!.id, quantity: q },
          ],
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const run = runsOf(C['Himalaya Kitchen']!.id, MON3)[0];
    const [rice, ghee] = run?.lines ?? [];
    // Never a mix of two requests: both lines carry the same request's quantity.
    expect(rice?.quantity).toBe(ghee?.quantity);
    tick(cutoff(MON3));
    const orders = ordersOf(C['Himalaya Kitchen']!.id, MON3);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.total).toBe(Math.floor((rice?.quantity ?? 0) * 3500 * 1.08));
  });
});
