import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '../../server/router';

// The requests exactly as the client's link makes them (client/src/trpc.ts: httpBatchLink on
// /trpc): the real @trpc/client is run against a fetch that only writes down what it was asked
// to send, so the bench loads the URLs and bodies the screens produce, not hand-made ones.

export interface ClientRequest {
  method: string;
  /** Path and query, e.g. /trpc/products.list,categories.list?batch=1&input=%7B%7D */
  path: string;
  body?: string;
}

async function capture(
  calls: (client: ReturnType<typeof createTRPCClient<AppRouter>>) => Promise<unknown>[],
): Promise<ClientRequest> {
  let seen: ClientRequest | null = null;
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: 'http://client.invalid/trpc',
        fetch: async (url, init) => {
          const u = new URL(String(url));
          seen = {
            method: init?.method ?? 'GET',
            path: u.pathname + u.search,
            body: typeof init?.body === 'string' ? init.body : undefined,
          };
          return new Response('[]', { headers: { 'content-type': 'application/json' } });
        },
      }),
    ],
  });
  // The answer is deliberately empty: only the request matters.
  await Promise.allSettled(calls(client));
  if (!seen) throw new Error('the tRPC client sent nothing');
  return seen;
}

/**
 * What the catalogue screen sends to /trpc: the categories. Its products are read from
 * GET /api/products by either door's client (client/src/catalogueLink.ts).
 */
export const categoriesRequest = () => capture((c) => [c.categories.list.query()]);

/** What the order history screen sends for a page. */
export const historyRequest = (pageNumber: number) =>
  capture((c) => [c.orders.mine.query({ pageNumber })]);

/** What the checkout sends to place an order (the Idempotency-Key header is added per call). */
export const placeRequest = (input: inferRouterInputs<AppRouter>['orders']['place']) =>
  capture((c) => [c.orders.place.mutate(input)]);

/** The office's New Orders tab: pending web orders, page 1, every date and route. */
export const webOrdersRequest = () =>
  capture((c) => [c.orders.list.query({ deliveryDate: '', route: '', pageNumber: 1 })]);

/** The office's Frozen Counts tab, for every date (as it opens before a date is chosen). */
export const frozenCountsRequest = () =>
  capture((c) => [c.orders.itemQuantities.query({ deliveryDate: 'all' })]);

/** A driver's pending deliveries. */
export const driverPendingRequest = (driverId: string) =>
  capture((c) => [c.ordertrack.driverPending.query({ driverId, keyword: '' })]);

/** A driver marking a delivery done (the Idempotency-Key header is added per call). */
export const deliverRequest = (id: string) => capture((c) => [c.ordertrack.deliver.mutate({ id })]);
