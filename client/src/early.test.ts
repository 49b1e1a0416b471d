import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyUrl } from './early';
import { trpcClient } from './trpc';

const EARLY_JS = fs.readFileSync(path.resolve(__dirname, '../public/early.js'), 'utf8');

/** A tRPC answer of one unbatched call. */
const answer = (data: unknown) =>
  new Response(JSON.stringify({ result: { data } }), {
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
  window.__early = undefined;
  vi.unstubAllGlobals();
});

describe('the requests index.html starts early (public/early.js)', () => {
  it('starts exactly the URLs the tRPC client builds for those calls', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return answer(null);
      }),
    );
    for (const procedure of ['auth.session', 'products.list']) {
      expect(EARLY_JS).toContain(`start('${earlyUrl(procedure)}')`);
      // With an early answer waiting, the call goes alone: taken, not asked again...
      window.__early = { [earlyUrl(procedure)]: Promise.resolve(answer('early')) };
      const call =
        procedure === 'auth.session' ? trpcClient.auth.session : trpcClient.products.list;
      await expect(call.query()).resolves.toBe('early');
      expect(urls).toEqual([]);
      // ...and an unbatched call of it asks the server with the same URL.
      window.__early = { [earlyUrl(procedure)]: Promise.reject(new TypeError('offline')) };
      await expect(call.query()).resolves.toBeNull();
      expect(urls).toHaveLength(1);
      expect(new URL(urls[0] ?? '', location.origin).pathname).toBe(earlyUrl(procedure));
      expect(new URL(urls[0] ?? '', location.origin).search).toBe('');
      urls.length = 0;
    }
  });

  it('takes each early answer once; later calls go to the server, batched as before', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return new Response(JSON.stringify([{ result: { data: 'fresh' } }]), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    window.__early = { [earlyUrl('auth.session')]: Promise.resolve(answer('early')) };
    await expect(trpcClient.auth.session.query()).resolves.toBe('early');
    await expect(trpcClient.auth.session.query()).resolves.toBe('fresh');
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('batch=1');
  });
});
