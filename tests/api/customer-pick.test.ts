import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../../drizzle/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer } from '../helpers/factories';
import { ApiClient } from '../helpers/http';
import { query } from '../helpers/trpc';

// The office's customer pickers (ADR 093): the server answers the first few customers matching
// what was typed (name, code or kana reading), never every customer.

let t: TestApp;
let admin: ApiClient;
type Pick = {
  customers: { _id: string; restaurantName: string; customerCode: string }[];
  more: boolean;
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  const a = await makeAdmin(t.db);
  admin = new ApiClient(t.url);
  await admin.login(a.username, a.password);
  // Thirty "Curry House" branches, more than a picker answers.
  for (let i = 1; i <= 30; i++) {
    const c = await makeCustomer(t.db, {
      restaurantName: `Curry House ${String(i).padStart(2, '0')}`,
    });
    t.db
      .update(customer)
      .set({ customerCode: `CH${1000 + i}` })
      .where(eq(customer.id, c.id))
      .run();
  }
  const sakura = await makeCustomer(t.db, { restaurantName: '桜食堂' });
  t.db
    .update(customer)
    .set({ customerCode: 'R-0777', transferName: 'ｻｸﾗｼｮｸﾄﾞｳ' })
    .where(eq(customer.id, sakura.id))
    .run();
  ids.sakura = sakura.id;
  const everest = await makeCustomer(t.db, { restaurantName: 'Everest Momo' });
  t.db.update(customer).set({ customerCode: 'E-0042' }).where(eq(customer.id, everest.id)).run();
  ids.everest = everest.id;
});
afterAll(() => t.close());

const pick = (q: string) => query<Pick>(admin, 'customers.pick', { q });

describe('customers.pick', () => {
  it('answers at most 20 customers, saying more match, in name order', async () => {
    const r = await pick('curry');
    expect(r.status).toBe(200);
    expect(r.data.customers).toHaveLength(20);
    expect(r.data.more).toBe(true);
    expect(r.data.customers[0]?.restaurantName).toBe('Curry House 01');
    const all = await pick('');
    expect(all.data.customers).toHaveLength(20);
    expect(all.data.more).toBe(true);
  });

  it('finds by name, by code and by kana reading typed in hiragana', async () => {
    const byName = await pick('everest');
    expect(byName.data.customers.map((c) => c._id)).toEqual([ids.everest]);
    expect(byName.data.more).toBe(false);
    const byCode = await pick('e-0042');
    expect(byCode.data.customers[0]?._id).toBe(ids.everest);
    const exactCodeFirst = await pick('CH1017');
    expect(exactCodeFirst.data.customers.map((c) => c.restaurantName)).toEqual(['Curry House 17']);
    const byKana = await pick('さくら');
    expect(byKana.data.customers.map((c) => c._id)).toEqual([ids.sakura]);
    const byKanji = await pick('桜');
    expect(byKanji.data.customers.map((c) => c._id)).toEqual([ids.sakura]);
    expect((await pick('nothing like this')).data.customers).toEqual([]);
  });

  it('refuses a limit above 50 with a clear error, not a 500', async () => {
    const r = await query<Pick>(admin, 'customers.pick', { q: 'a', limit: 500 });
    expect(r.status).toBe(400);
  });
});

describe("the customer list's search box", () => {
  const list = (keyword: string) =>
    query<{ customers: { _id: string }[]; total: number }>(admin, 'customers.list', {
      keyword,
      pageNumber: 1,
    });

  it('finds a restaurant by the kana reading of its names, as the pickers do', async () => {
    for (const typed of ['さくら', 'サクラ', '桜']) {
      const r = await list(typed);
      expect(r.status).toBe(200);
      expect(
        r.data.customers.map((c) => c._id),
        typed,
      ).toEqual([ids.sakura]);
    }
    // What it found before still finds the same: name and code.
    expect((await list('everest')).data.customers.map((c) => c._id)).toEqual([ids.everest]);
    expect((await list('CH1017')).data.total).toBe(1);
    expect((await list('nothing like this')).data.total).toBe(0);
  });
});
