import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../../drizzle/schema';
import { restError } from '../../server/platform/errors';
import { newId } from '../../server/platform/ids';
import { startTestApp, type TestApp } from '../helpers/app';
import { ApiClient } from '../helpers/http';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('error mapping', () => {
  it('malformed JSON is 400 with a JSON message', async () => {
    const r = await new ApiClient(t.url).post('/api/users/login', '{"username": ');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'common.badJson',
    });
  });

  it('an empty body is read as no fields: 400 naming each required one', async () => {
    const r = await new ApiClient(t.url).post('/api/users/login', '');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'common.required',
      issues: { username: 'common.required', password: 'common.required' },
    });
  });

  it('a body over the limit is 413', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' });
    const r = await new ApiClient(t.url).post('/api/users/login', big);
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ message: 'The request is too large.', code: 'common.tooLarge' });
  });

  it('an unknown /api path or method is 404 JSON', async () => {
    const c = new ApiClient(t.url);
    const r = await c.get('/api/no-such-thing');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'Not found', code: 'common.notFound' });
    expect((await c.get('/api/users/login')).status).toBe(404);
  });

  it('an unknown tRPC procedure is 404', async () => {
    const r = await new ApiClient(t.url).get('/trpc/nope.nothing');
    expect(r.status).toBe(404);
  });

  it('a wrong content type is refused without a 500', async () => {
    const r = await new ApiClient(t.url).post('/api/users/login', 'username=a', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(r.status).toBe(415);
    expect(r.body).toEqual({
      message: 'Unsupported content type.',
      code: 'common.unsupportedType',
    });
  });

  it('sends security headers', async () => {
    const r = await new ApiClient(t.url).get('/api/users/profile');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('a unique constraint becomes 409 without SQL text, and unknown failures a generic 500', () => {
    const values = { id: newId(), username: 'dupe', passwordHash: 'x', kind: 'admin' as const };
    t.db.insert(account).values(values).run();
    let thrown: unknown;
    try {
      t.db
        .insert(account)
        .values({ ...values, id: newId() })
        .run();
    } catch (err) {
      thrown = err;
    }
    const conflict = restError(thrown);
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).not.toMatch(/UNIQUE|SQL|constraint/i);

    const unknown = restError(new Error('secret internals at /srv/app.ts:12'));
    expect(unknown.status).toBe(500);
    expect(unknown.body.message).toBe('Something went wrong. Please try again.');
  });
});
