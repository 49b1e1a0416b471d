import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../../drizzle/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeCustomer, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const languageOf = (id: string) =>
  t.db.select({ l: account.language }).from(account).where(eq(account.id, id)).get()?.l;

describe('auth.setLanguage', () => {
  it("saves the signed-in person's language on their own account only", async () => {
    const cust = await makeCustomer(t.db);
    const other = await makeCustomer(t.db);
    const c = new ApiClient(t.url);
    await c.login(cust.username, cust.password);
    expect(languageOf(cust.accountId)).toBeNull();

    const r = await c.post<{ result: { data: { language: string } } }>('/trpc/auth.setLanguage', {
      language: 'ne',
    });
    expect(r.status).toBe(200);
    expect(r.body.result.data.language).toBe('ne');
    expect(languageOf(cust.accountId)).toBe('ne');
    expect(languageOf(other.accountId)).toBeNull();

    await c.post('/trpc/auth.setLanguage', { language: 'en' });
    expect(languageOf(cust.accountId)).toBe('en');
  });

  it('accepts Japanese, keeps it on the account and gives it back with the session', async () => {
    const cust = await makeCustomer(t.db);
    const c = new ApiClient(t.url);
    await c.login(cust.username, cust.password);
    const r = await c.post<{ result: { data: { language: string } } }>('/trpc/auth.setLanguage', {
      language: 'ja',
    });
    expect(r.status).toBe(200);
    expect(r.body.result.data.language).toBe('ja');
    expect(languageOf(cust.accountId)).toBe('ja');

    // A new session (another device) carries it, so the app opens in Japanese there.
    const other = new ApiClient(t.url);
    await other.login(cust.username, cust.password);
    const session = await other.get<{ result: { data: { language: string | null } } }>(
      '/trpc/auth.session',
    );
    expect(session.status).toBe(200);
    expect(session.body.result.data.language).toBe('ja');
    expect((await other.get<{ language: string | null }>('/api/users/profile')).body.language).toBe(
      'ja',
    );
  });

  it('works for staff too, refuses other languages and needs a session', async () => {
    const driver = await makeEmployee(t.db, 'driver');
    const c = new ApiClient(t.url);
    await c.login(driver.username, driver.password);
    expect((await c.post('/trpc/auth.setLanguage', { language: 'ne' })).status).toBe(200);
    expect(languageOf(driver.id)).toBe('ne');
    expect((await c.post('/trpc/auth.setLanguage', { language: 'ja' })).status).toBe(200);
    expect(languageOf(driver.id)).toBe('ja');
    for (const language of ['fr', 'ja-JP', 'JA', '']) {
      expect((await c.post('/trpc/auth.setLanguage', { language })).status, language).toBe(400);
    }
    expect(languageOf(driver.id)).toBe('ja');

    const anon = new ApiClient(t.url);
    expect((await anon.post('/trpc/auth.setLanguage', { language: 'ne' })).status).toBe(401);
  });
});
