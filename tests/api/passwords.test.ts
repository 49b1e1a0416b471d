import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeCustomer, makeEmployee } from '../helpers/factories';
import { ApiClient } from '../helpers/http';

// Passwords after the first (docs/decisions/024): one's own with the current one (other
// sessions end, this one stays), the office's reset (every session of that login ends); both
// throttled and in the trail.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ throttle: { resetsPerHour: 3 } });
});
afterAll(() => t.close());

const PROFILE = '/api/users/profile';

function trail(entityId: string): { action: string; after: string | null; actor_name: string }[] {
  return t.db.$client
    .prepare('SELECT action, "after", actor_name FROM audit_entry WHERE entity_id = ?')
    .all(entityId) as never;
}

describe('changing one’s own password', () => {
  it('needs the current one, keeps this session and ends the others', async () => {
    const c = await makeCustomer(t.db);
    const here = new ApiClient(t.url);
    const phone = new ApiClient(t.url);
    await here.login(c.username, c.password);
    await phone.login(c.username, c.password);

    const wrong = await here.put<{ code: string; issues: Record<string, string> }>(
      '/api/users/password',
      { currentPassword: 'not-it-at-all', newPassword: 'a-new-password' },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues.currentPassword).toBe('auth.currentPasswordWrong');
    // Still signed in: a wrong current password is no ended session.
    expect((await here.get(PROFILE)).status).toBe(200);

    const short = await here.put('/api/users/password', {
      currentPassword: c.password,
      newPassword: 'short',
    });
    expect(short.status).toBe(400);
    const same = await here.put<{ code: string; issues: Record<string, string> }>(
      '/api/users/password',
      { currentPassword: c.password, newPassword: c.password },
    );
    expect(same.status).toBe(400);
    expect(same.body.issues.newPassword).toBe('auth.samePassword');

    const ok = await here.put('/api/users/password', {
      currentPassword: c.password,
      newPassword: 'a-new-password',
    });
    expect(ok.status).toBe(200);
    expect((await here.get(PROFILE)).status).toBe(200);
    expect((await phone.get(PROFILE)).status).toBe(401);
    const old = await new ApiClient(t.url).post('/api/users/login', {
      username: c.username,
      password: c.password,
    });
    expect(old.status).toBe(401);
    await new ApiClient(t.url).login(c.username, 'a-new-password');
    expect(trail(c.id).some((e) => e.action === 'update' && e.after?.includes('(changed)'))).toBe(
      true,
    );
  });

  it('works for drivers and the office too, over tRPC', async () => {
    const d = await makeEmployee(t.db, 'driver');
    const a = await makeAdmin(t.db);
    for (const who of [d, a]) {
      const c = new ApiClient(t.url);
      await c.login(who.username, who.password);
      const r = await c.post('/trpc/auth.changePassword', {
        currentPassword: who.password,
        newPassword: `${who.password}-2`,
      });
      expect(r.status, who.username).toBe(200);
      await new ApiClient(t.url).login(who.username, `${who.password}-2`);
    }
  });

  it('is throttled like a login: guessing the current password stops after a few tries', async () => {
    const c = await makeCustomer(t.db);
    const thief = new ApiClient(t.url);
    await thief.login(c.username, c.password);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await thief.put('/api/users/password', {
        currentPassword: `guess-${i}-guess`,
        newPassword: 'taken-over-now',
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    // Then the growing delay (a slow, shared box may let one try through after its second).
    expect(statuses.slice(5).filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    // Even the right one waits now.
    const right = await thief.put('/api/users/password', {
      currentPassword: c.password,
      newPassword: 'taken-over-now',
    });
    expect(right.status).toBe(429);
  });
});

describe('the office resetting a password', () => {
  it("ends the customer's and the driver's sessions, and is in the trail", async () => {
    const a = await makeAdmin(t.db);
    const office = new ApiClient(t.url);
    await office.login(a.username, a.password);
    const c = await makeCustomer(t.db);
    const d = await makeEmployee(t.db, 'driver');
    const custSession = new ApiClient(t.url);
    await custSession.login(c.username, c.password);
    const driverSession = new ApiClient(t.url);
    await driverSession.login(d.username, d.password);

    const r1 = await office.put(`/api/customer/${c.id}/password`, {
      newPassword: 'given-by-office',
    });
    expect(r1.status).toBe(200);
    expect((await custSession.get(PROFILE)).status).toBe(401);
    await new ApiClient(t.url).login(c.username, 'given-by-office');
    expect(trail(c.id).some((e) => e.actor_name === a.username)).toBe(true);

    const r2 = await office.put(`/api/employee/${d.id}/password`, {
      newPassword: 'given-by-office',
    });
    expect(r2.status).toBe(200);
    expect((await driverSession.get(PROFILE)).status).toBe(401);
    await new ApiClient(t.url).login(d.username, 'given-by-office');
    expect(trail(d.id).some((e) => e.actor_name === a.username)).toBe(true);

    // Unknown ids answer 404; a manager's password is for admins.
    expect(
      (await office.put('/api/customer/nobody/password', { newPassword: 'xxxxxxxx' })).status,
    ).toBe(404);
    const m = await makeEmployee(t.db, 'manager');
    const mgr = new ApiClient(t.url);
    await mgr.login(m.username, m.password);
    const m2 = await makeEmployee(t.db, 'manager');
    expect(
      (await mgr.put(`/api/employee/${m2.id}/password`, { newPassword: 'xxxxxxxx' })).status,
    ).toBe(403);
  });

  it('is capped per office account', async () => {
    const a = await makeAdmin(t.db);
    const office = new ApiClient(t.url);
    await office.login(a.username, a.password);
    const c = await makeCustomer(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await office.put(`/api/customer/${c.id}/password`, {
        newPassword: `reset-number-${i}`,
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
