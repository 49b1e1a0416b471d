import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../../drizzle/schema';
import { write } from '../../server/platform/db';
import { isoDateInZone } from '../../shared/format';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCustomer } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// The session tells the client the business's time zone and today's date (so the client never
// restates them) and the language saved on the account.

/** Not the default zone, so a hard-coded 'Asia/Tokyo' anywhere on the way would show. */
const ZONE = 'America/Los_Angeles';

let t: TestApp;
let c: ApiClient;
let accountId = '';

beforeAll(async () => {
  t = await startTestApp({ env: { BUSINESS_TIME_ZONE: ZONE } });
  const cust = await makeCustomer(t.db);
  accountId = cust.accountId;
  c = new ApiClient(t.url);
  await c.login(cust.username, cust.password);
});
afterAll(() => t.close());

interface Info {
  language: string | null;
  business: { timeZone: string; today: string };
}

const todays = () => [isoDateInZone(new Date(), ZONE)];

describe('session and profile', () => {
  it("carry the business's time zone and today's date in it", async () => {
    const before = todays();
    const profile = await c.get<Info>('/api/users/profile');
    const session = await c.get<{ result: { data: Info } }>('/trpc/auth.session');
    const after = todays();
    for (const info of [profile.body, session.body.result.data]) {
      expect(info.business.timeZone).toBe(ZONE);
      expect([...before, ...after]).toContain(info.business.today);
    }
  });

  it('carry the saved language: null until chosen, then the choice', async () => {
    expect((await c.get<Info>('/api/users/profile')).body.language).toBeNull();
    write(t.db, () => {
      t.db.update(account).set({ language: 'ne' }).where(eq(account.id, accountId)).run();
    });
    expect((await c.get<Info>('/api/users/profile')).body.language).toBe('ne');
    const session = await c.get<{ result: { data: Info } }>('/trpc/auth.session');
    expect(session.body.result.data.language).toBe('ne');
  });
});
