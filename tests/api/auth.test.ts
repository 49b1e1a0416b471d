import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../drizzle/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let cust: Awaited<ReturnType<typeof makeCustomer>>;
let driver: Awaited<ReturnType<typeof makeEmployee>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeAdmin(t.db);
  cust = await makeCustomer(t.db, {
    restaurantName: 'Himalaya Kitchen',
    deliveryDays: ['Tuesday'],
  });
  driver = await makeEmployee(t.db, 'driver');
});
afterAll(() => t.close());

const HOUR = 3600_000;

describe('POST /api/users/login', () => {
  it('signs in and returns the user info with a token, never a hash', async () => {
    const c = new ApiClient(t.url);
    const r = await c.post<Record<string, unknown>>('/api/users/login', {
      username: cust.username,
      password: cust.password,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      username: cust.username,
      userType: 'Customer',
      isAdmin: false,
      role: 'customer',
      restaurantName: 'Himalaya Kitchen',
      deliveryDays: ['Tuesday'],
    });
    expect(typeof r.body.token).toBe('string');
    expect(r.body.token).toMatch(/^[a-z2-7]+\.[a-z2-7]{50,}$/);
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|password/i);
  });

  it('accepts the username in any case (phone keyboards capitalise)', async () => {
    const c = new ApiClient(t.url);
    const r = await c.post('/api/users/login', {
      username: cust.username.toUpperCase(),
      password: cust.password,
    });
    expect(r.status).toBe(200);
  });

  it('sets an httpOnly, SameSite=Lax, Path=/ session cookie without Secure over http', async () => {
    const r = await new ApiClient(t.url).post('/api/users/login', {
      username: admin.username,
      password: admin.password,
    });
    const cookie = r.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('answers a wrong password and an unknown user with the same 401 message', async () => {
    const c = new ApiClient(t.url);
    const wrong = await c.post('/api/users/login', {
      username: driver.username,
      password: 'nope-nope',
    });
    const unknown = await c.post('/api/users/login', {
      username: 'ghost-user',
      password: 'nope-nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      message: 'Invalid username or password',
      code: 'auth.invalidLogin',
    });
    expect(unknown.body).toEqual({
      message: 'Invalid username or password',
      code: 'auth.invalidLogin',
    });
    expect(c.cookie).toBeNull();
  });

  it('answers missing fields with 400 and a message per field', async () => {
    const r = await new ApiClient(t.url).post<{ message: string; issues: Record<string, string> }>(
      '/api/users/login',
      { username: '  ' },
    );
    expect(r.status).toBe(400);
    expect(r.body.issues).toEqual({
      username: 'common.required',
      password: 'common.required',
    });
    expect(r.body.message).toMatch(/This field is required/);
  });
});

describe('sessions', () => {
  it('the cookie and the bearer token both reach the profile', async () => {
    const c = new ApiClient(t.url);
    const info = await c.login(driver.username, driver.password);
    const viaCookie = await c.get<{ username: string; role: string }>('/api/users/profile');
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.body).toMatchObject({
      username: driver.username,
      role: 'driver',
      userType: 'Employee',
    });
    const bearer = new ApiClient(t.url, { bearer: info.token });
    const viaBearer = await bearer.get<{ username: string }>('/api/users/profile');
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.body.username).toBe(driver.username);
  });

  it('the profile without a session is 401', async () => {
    const r = await new ApiClient(t.url).get('/api/users/profile');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: 'Please sign in.', code: 'auth.signInFirst' });
  });

  it('a tampered secret is refused', async () => {
    const info = await new ApiClient(t.url).login(driver.username, driver.password);
    const [id, secret] = info.token.split('.');
    const flipped = `${id}.${secret?.slice(0, -1)}${secret?.endsWith('a') ? 'b' : 'a'}`;
    const r = await new ApiClient(t.url, { bearer: flipped }).get('/api/users/profile');
    expect(r.status).toBe(401);
  });

  it('logout ends the token and clears the cookie', async () => {
    const c = new ApiClient(t.url);
    const info = await c.login(cust.username, cust.password);
    const out = await c.post('/api/users/logout');
    expect(out.status).toBe(200);
    expect(c.cookie).toBeNull();
    const again = await new ApiClient(t.url, { bearer: info.token }).get('/api/users/profile');
    expect(again.status).toBe(401);
  });

  it('a customer session ends after 10 days without use, and is renewed when used', async () => {
    const c = new ApiClient(t.url);
    const info = await c.login(cust.username, cust.password);
    const id = info.token.split('.')[0]!;
    // Last used 2 hours ago: still valid, and the cookie is sent again with a later expiry.
    t.db
      .update(session)
      .set({ lastVerifiedAtMs: Date.now() - 2 * HOUR })
      .where(eq(session.id, id))
      .run();
    const renewed = await c.get('/api/users/profile');
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().join()).toMatch(/session=/);
    const row = t.db.select().from(session).where(eq(session.id, id)).get();
    expect(Date.now() - (row?.lastVerifiedAtMs ?? 0)).toBeLessThan(60_000);
    // Last used 11 days ago: gone.
    t.db
      .update(session)
      .set({ lastVerifiedAtMs: Date.now() - 11 * 24 * HOUR })
      .where(eq(session.id, id))
      .run();
    expect((await c.get('/api/users/profile')).status).toBe(401);
  });

  it('a staff session ends 12 hours after sign-in even when in use', async () => {
    const c = new ApiClient(t.url);
    const info = await c.login(admin.username, admin.password);
    const id = info.token.split('.')[0]!;
    t.db
      .update(session)
      .set({ createdAtMs: Date.now() - 13 * HOUR, lastVerifiedAtMs: Date.now() - 60_000 })
      .where(eq(session.id, id))
      .run();
    expect((await c.get('/api/users/profile')).status).toBe(401);
  });
});

describe('same-origin rule on changes', () => {
  it('refuses a cookie-authenticated change from a foreign origin, REST and tRPC alike', async () => {
    const c = new ApiClient(t.url);
    const info = await c.login(cust.username, cust.password);
    const evil = { origin: 'http://evil.example' };
    const rest = await c.post('/api/users/logout', {}, evil);
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({ message: 'Cross-site request refused.', code: 'common.crossSite' });
    const trpc = await c.post('/trpc/auth.logout', undefined, evil);
    expect(trpc.status).toBe(403);
    const fetchSite = await c.post('/api/users/logout', {}, { 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.status).toBe(403);
    // The session survived all three.
    const profile = await new ApiClient(t.url, { bearer: info.token }).get('/api/users/profile');
    expect(profile.status).toBe(200);
  });

  it('refuses a cookie-authenticated change that does not say where it comes from', async () => {
    const c = new ApiClient(t.url, { sameOrigin: false });
    await c.login(cust.username, cust.password);
    expect((await c.post('/api/users/logout')).status).toBe(403);
  });

  it('accepts the app own origin, Sec-Fetch-Site same-origin, and bearer-only clients', async () => {
    const a = new ApiClient(t.url);
    await a.login(cust.username, cust.password);
    expect((await a.post('/api/users/logout')).status).toBe(200);

    const b = new ApiClient(t.url, { sameOrigin: false });
    await b.login(cust.username, cust.password);
    expect(
      (await b.post('/api/users/logout', {}, { 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(200);

    const info = await new ApiClient(t.url).login(cust.username, cust.password);
    const bearer = new ApiClient(t.url, { bearer: info.token, sameOrigin: false });
    expect((await bearer.post('/api/users/logout')).status).toBe(200);
  });
});

describe('throttling', () => {
  it('answers repeated failures with 429 and a clear message, even for the right password', async () => {
    // Delays start after 2 failures from one address (tests/api/throttle.test.ts has the rest).
    const tt = await startTestApp({ throttle: { freeFailures: 2 } });
    try {
      const victim = await makeCustomer(tt.db);
      const c = new ApiClient(tt.url);
      for (let i = 0; i < 2; i++) {
        const r = await c.post('/api/users/login', {
          username: victim.username,
          password: 'wrong-guess',
        });
        expect(r.status).toBe(401);
      }
      const blocked = await c.post<{ message: string }>('/api/users/login', {
        username: victim.username,
        password: victim.password,
      });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
      // Another account is not affected.
      const other = await makeCustomer(tt.db);
      expect(
        (await c.post('/api/users/login', { username: other.username, password: other.password }))
          .status,
      ).toBe(200);
    } finally {
      await tt.close();
    }
  });
});

describe('over https', () => {
  it('uses a Secure __Host- cookie behind a TLS proxy', async () => {
    const tt = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const a = await makeAdmin(tt.db);
      const r = await new ApiClient(tt.url).post(
        '/api/users/login',
        { username: a.username, password: a.password },
        { 'x-forwarded-proto': 'https', origin: tt.url.replace('http:', 'https:') },
      );
      expect(r.status).toBe(200);
      const cookie = r.headers.getSetCookie().join('\n');
      expect(cookie).toMatch(/^__Host-session=/);
      expect(cookie).toMatch(/Secure/);
    } finally {
      await tt.close();
    }
  });
});

describe('auth.session', () => {
  it('answers the user when signed in and null (not 401) when signed out', async () => {
    const anon = await new ApiClient(t.url).get<{ result: { data: unknown } }>(
      '/trpc/auth.session',
    );
    expect(anon.status).toBe(200);
    expect(anon.body.result.data).toBeNull();
    const c = new ApiClient(t.url);
    await c.login(driver.username, driver.password);
    const me = await c.get<{ result: { data: { username: string } } }>('/trpc/auth.session');
    expect(me.body.result.data.username).toBe(driver.username);
  });
});
