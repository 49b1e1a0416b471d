import { createTRPCClient } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '../../server/router';
import { makeOrder } from './test/fixtures';
import { idempotencyLink } from './trpc';

// The app's own links over a stubbed fetch (the network): what leaves the browser.

afterEach(() => vi.unstubAllGlobals());

function stubFetch(body: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const headerOf = (init: RequestInit | undefined, name: string) =>
  new Headers(init?.headers).get(name);

const placement = {
  orderItems: [{ product: 'p1', quantity: 2 }],
  customMessage: '',
  deliveryDate: '2030-05-15',
};

describe('idempotencyLink', () => {
  it("puts the call's key in the Idempotency-Key header of its own, unbatched request", async () => {
    const fetch = stubFetch({ result: { data: makeOrder() } });
    const client = createTRPCClient<AppRouter>({ links: [idempotencyLink] });
    const order = await client.orders.place.mutate(placement, {
      context: { idempotencyKey: 'key-1' },
    });
    expect(order.orderNumber).toBe(10482);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/trpc/orders.place');
    expect(init?.method).toBe('POST');
    expect(headerOf(init, 'Idempotency-Key')).toBe('key-1');
    expect(JSON.parse(String(init?.body))).toEqual(placement);
  });

  it('sends no key when the call has none, and batches it with the rest', async () => {
    const fetch = stubFetch([{ result: { data: makeOrder() } }]);
    const client = createTRPCClient<AppRouter>({ links: [idempotencyLink] });
    await client.orders.place.mutate(placement);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/trpc/orders.place?batch=1');
    expect(headerOf(init, 'Idempotency-Key')).toBeNull();
  });
});
