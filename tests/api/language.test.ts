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

  it('works for staff too, refuses other languages and needs a session', async () => {
    const driver = await makeEmployee(t.db, 'driver');
    const c = new ApiClient(t.url);
    await c.login(driver.username, driver.password);
    expect((await c.post('/trpc/auth.setLanguage', { language: 'ne' })).status).toBe(200);
    expect(languageOf(driver.id)).toBe('ne');
    expect((await c.post('/trpc/auth.setLanguage', { language: 'ja' })).status).toBe(400);
    expect(languageOf(driver.id)).toBe('ne');

    const anon = new ApiClient(t.url);
    expect((await anon.post('/trpc/auth.setLanguage', { language: 'ne' })).status).toBe(401);
  });
});
