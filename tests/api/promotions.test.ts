import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { category, informationItem, product } from '../../drizzle/schema';
import { addDaysIso } from '../../shared/delivery-dates';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCategory, makeCustomer, makeProduct } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// Promotions (slider and popup items) with a link to a product or a category and the business
// days they run (ADR 045): customers are served only today's, the office cannot save an end
// before the start, and a link must lead somewhere.

let t: TestApp;
let admin: ApiClient;
let cust: ApiClient;
let today: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = new ApiClient(t.url);
  cust = new ApiClient(t.url);
  const a = await makeAdmin(t.db);
  await admin.login(a.username, a.password);
  const c = await makeCustomer(t.db);
  await cust.login(c.username, c.password);
  today = isoDateInZone(new Date(), t.config.timeZone);
});
afterAll(() => t.close());

type Err = { code: string; issues?: Record<string, string> };
interface Item {
  _id: string;
  name: string;
  type: 'slider' | 'popup';
  productId: string | null;
  categoryId: string | null;
  startsOn: string | null;
  endsOn: string | null;
}

async function create(body: Record<string, unknown>) {
  return admin.post<Item & Err>('/api/information', {
    image: '/uploads/promo.png',
    type: 'slider',
    ...body,
  });
}

describe('promotion days', () => {
  it('customers get only the items whose days include today (business time zone)', async () => {
    const yesterday = addDaysIso(today, -1);
    const tomorrow = addDaysIso(today, 1);
    const made = {
      always: await create({ name: 'Always' }),
      running: await create({ name: 'Running', startsOn: yesterday, endsOn: tomorrow }),
      todayOnly: await create({ name: 'Today only', startsOn: today, endsOn: today }),
      ended: await create({ name: 'Ended', startsOn: addDaysIso(today, -9), endsOn: yesterday }),
      future: await create({ name: 'Next week', startsOn: addDaysIso(today, 7) }),
      openEnd: await create({ name: 'Until tomorrow', endsOn: tomorrow }),
    };
    for (const r of Object.values(made)) expect(r.status).toBe(201);
    expect(made.running.body).toMatchObject({ startsOn: yesterday, endsOn: tomorrow });

    const served = await cust.get<Item[]>('/api/information/active?type=slider');
    expect(served.status).toBe(200);
    expect(served.body.map((i) => i.name).sort()).toEqual(
      ['Always', 'Running', 'Today only', 'Until tomorrow'].sort(),
    );
    // The office sees every one of them, with its days.
    const office = await admin.get<Item[]>('/api/information?type=slider');
    expect(office.body.map((i) => i.name)).toEqual(expect.arrayContaining(['Ended', 'Next week']));

    // A popup that has not started is not the popup; one that runs today is.
    await admin.post('/api/information', {
      name: 'Popup later',
      image: '/uploads/p.png',
      type: 'popup',
      startsOn: tomorrow,
    });
    expect((await cust.get<Item | null>('/api/information/popup/active')).body).toBeNull();
    await admin.post('/api/information', {
      name: 'Popup now',
      image: '/uploads/p.png',
      type: 'popup',
      endsOn: today,
    });
    expect((await cust.get<Item | null>('/api/information/popup/active')).body?.name).toBe(
      'Popup now',
    );
    // The same answer through the tRPC door the screens use.
    const trpc = await cust.get<{ result: { data: Item[] } }>(
      `/trpc/information.active?input=${encodeURIComponent(JSON.stringify({ type: 'popup' }))}`,
    );
    expect(trpc.body.result.data.map((i) => i.name)).toEqual(['Popup now']);
  });

  it('refuses an end before the start (400, a code the client translates), on create and on a partial change', async () => {
    const bad = await create({ name: 'Backwards', startsOn: today, endsOn: addDaysIso(today, -1) });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('information.endBeforeStart');
    expect(bad.body.issues).toEqual({ endsOn: 'information.endBeforeStart' });
    expect(
      t.db.select().from(informationItem).where(eq(informationItem.name, 'Backwards')).get(),
    ).toBeUndefined();

    const ok = await create({ name: 'Forwards', startsOn: today, endsOn: addDaysIso(today, 3) });
    expect(ok.status).toBe(201);
    // Only the end is sent: checked against the stored start.
    const partial = await admin.put<Err>(`/api/information/${ok.body._id}`, {
      endsOn: addDaysIso(today, -2),
    });
    expect(partial.status).toBe(400);
    expect(partial.body.code).toBe('information.endBeforeStart');
    const stored = t.db
      .select()
      .from(informationItem)
      .where(eq(informationItem.id, ok.body._id))
      .get();
    expect(stored?.endsOn).toBe(addDaysIso(today, 3));

    const nonsense = await create({ name: 'Bad day', startsOn: '2026-02-30' });
    expect(nonsense.status).toBe(400);
    expect(nonsense.body.issues).toEqual({ startsOn: 'invoice.dateInvalid' });

    // Blank clears a day: the item then runs without a start.
    const cleared = await admin.put<Item>(`/api/information/${ok.body._id}`, { startsOn: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.startsOn).toBeNull();
  });
});

describe('promotion links', () => {
  it('links to a product or a category that exists, not both; customers get the link', async () => {
    const cat = makeCategory(t.db, 'Frozen');
    const prod = makeProduct(t.db, { name: 'Momo 50 pcs', categoryId: cat.id });

    const toProduct = await create({ name: 'Momo week', productId: prod.id });
    expect(toProduct.status).toBe(201);
    const toCategory = await create({ name: 'Frozen week', type: 'popup', categoryId: cat.id });
    expect(toCategory.status).toBe(201);
    const served = await cust.get<Item[]>('/api/information/active');
    expect(served.body.find((i) => i.name === 'Momo week')).toMatchObject({
      productId: prod.id,
      categoryId: null,
    });
    expect(served.body.find((i) => i.name === 'Frozen week')).toMatchObject({
      productId: null,
      categoryId: cat.id,
    });

    const both = await create({ name: 'Both', productId: prod.id, categoryId: cat.id });
    expect(both.status).toBe(400);
    expect(both.body.code).toBe('information.oneLink');
    // A product link added to an item that leads to a category: still one link at most.
    const second = await admin.put<Err>(`/api/information/${toCategory.body._id}`, {
      productId: prod.id,
    });
    expect(second.status).toBe(400);
    expect(second.body.code).toBe('information.oneLink');
    // Swapping the link is one change.
    const swapped = await admin.put<Item>(`/api/information/${toCategory.body._id}`, {
      productId: prod.id,
      categoryId: null,
    });
    expect(swapped.body).toMatchObject({ productId: prod.id, categoryId: null });

    const nowhere = await create({ name: 'Nowhere', productId: 'no-such-product' });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.code).toBe('information.linkNotFound');

    // A deleted product lets go of its promotions; they stay, leading nowhere.
    t.db.delete(product).where(eq(product.id, prod.id)).run();
    t.db.delete(category).where(eq(category.id, cat.id)).run();
    const after = await admin.get<Item[]>('/api/information');
    expect(after.body.find((i) => i.name === 'Momo week')?.productId).toBeNull();
  });
});
