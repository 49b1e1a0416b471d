import { afterEach, describe, expect, it, vi } from 'vitest';
import { failureOf, NETWORK } from './errors';
import { isClientError, isUnauthorized } from './features/auth/session';
import { trpcClient } from './trpc';

// The catalogue is read from GET /api/products (catalogueLink.ts): its answers and refusals must
// reach the screens exactly as a tRPC call's would.

afterEach(() => vi.unstubAllGlobals());

function serve(answer: () => Response | Promise<Response>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return answer();
    }),
  );
  return urls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the catalogue through the REST door', () => {
  it('asks GET /api/products and gives the list as the procedure returns it', async () => {
    const urls = serve(() => json(200, [{ _id: 'p1', name: 'Rice' }]));
    await expect(trpcClient.products.list.query()).resolves.toEqual([{ _id: 'p1', name: 'Rice' }]);
    expect(urls).toEqual(['/api/products']);
  });

  it("a refusal carries the server's status and code, as a tRPC refusal does (503 is retried, 401 signs out)", async () => {
    serve(() => json(503, { message: 'Busy', code: 'common.serverBusy' }));
    const error = await trpcClient.products.list.query().catch((e: unknown) => e);
    expect(isClientError(error)).toBe(false);
    expect(failureOf(error)?.code).toBe('common.serverBusy');

    serve(() => json(401, { message: 'Please sign in', code: 'common.notFound' }));
    expect(isUnauthorized(await trpcClient.products.list.query().catch((e: unknown) => e))).toBe(
      true,
    );
  });

  it('no answer at all reads as "cannot reach the server"', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await trpcClient.products.list.query().catch((e: unknown) => e);
    expect(failureOf(error)?.code).toBe(NETWORK);
  });

  it('every other call still goes to /trpc', async () => {
    const urls = serve(() => json(200, [{ result: { data: null } }]));
    await trpcClient.auth.session.query();
    expect(urls[0]).toMatch(/^\/trpc\/auth\.session/);
  });
});
