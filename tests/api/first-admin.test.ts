import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { account } from '../../drizzle/schema';
import { ensureFirstAdmin } from '../../server/accounts/first-admin';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCustomer } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('first start on an empty database', () => {
  it('creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD, who can sign in', async () => {
    t = await startTestApp({ env: { ADMIN_USERNAME: 'Owner', ADMIN_PASSWORD: 'first-pass-99' } });
    const said = await ensureFirstAdmin(t.db, t.config);
    expect(said).toMatch(/from ADMIN_USERNAME/);
    expect(said).not.toMatch(/first-pass-99/);
    const me = await new ApiClient(t.url).login('owner', 'first-pass-99');
    expect(me).toMatchObject({ isAdmin: true, username: 'owner' });
  });

  it('without them generates a password, prints it once, and it works', async () => {
    t = await startTestApp();
    const said = (await ensureFirstAdmin(t.db, t.config)) ?? '';
    const password = /password: (\S+)/.exec(said)?.[1];
    expect(password).toBeTruthy();
    await new ApiClient(t.url).login('admin', password ?? '');
    // A second start says nothing and creates nothing.
    expect(await ensureFirstAdmin(t.db, t.config)).toBeNull();
    expect(t.db.select({ n: count() }).from(account).get()?.n).toBe(1);
  });

  it('leaves a database that already has accounts alone', async () => {
    t = await startTestApp({ env: { ADMIN_PASSWORD: 'first-pass-99' } });
    await makeCustomer(t.db);
    expect(await ensureFirstAdmin(t.db, t.config)).toBeNull();
    expect(t.db.select({ n: count() }).from(account).get()?.n).toBe(1);
  });
});
