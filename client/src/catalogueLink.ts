import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../../server/router';
import { earlyFetch, earlyUrl } from './early';

// The catalogue is read from the REST door, `GET /api/products`, not from /trpc.
//
// It is the one large answer every customer asks for (1,000 products, ~370 KB of JSON), the
// same for all of them until a product changes. The REST door sends it from bytes it keeps,
// already compressed (server/doors/rest/answer-bytes.ts); tRPC's adapter writes and compresses
// every answer again, ~10 ms of the server's thread per customer at the cut-off rush
// (docs/decisions/041). This link answers `products.list` with that document: the screens keep
// `trpc.products.list.useQuery()` and its types, which the REST door shares (it calls the same
// procedure, and its answer is the procedure's output).

const CATALOGUE_PATH = 'products.list';

/** The catalogue's URL; public/early.js starts the same one on a customer's page. */
export const CATALOGUE_URL = earlyUrl(CATALOGUE_PATH);

/** A failed read as a tRPC error, so the screens and the retry rules read it as any other. */
async function failure(response: Response): Promise<TRPCClientError<AppRouter>> {
  const body = (await response.json().catch(() => null)) as {
    message?: string;
    code?: string;
    params?: unknown;
  } | null;
  return TRPCClientError.from({
    error: {
      code: -32000,
      message: body?.message ?? response.statusText,
      data: { httpStatus: response.status, appCode: body?.code, params: body?.params },
    },
  });
}

/** Terminates `products.list` with the REST read; every other call goes on down the chain. */
export const catalogueLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) => {
    if (op.path !== CATALOGUE_PATH || op.type !== 'query') return next(op);
    return observable((observer) => {
      let done = false;
      earlyFetch(CATALOGUE_URL, { credentials: 'same-origin', signal: op.signal ?? null })
        .then(async (response) => {
          if (!response.ok) throw await failure(response);
          const data: unknown = await response.json();
          if (done) return;
          observer.next({ result: { type: 'data', data } });
          observer.complete();
        })
        .catch((err: unknown) => {
          if (!done) observer.error(TRPCClientError.from(err as Error));
        });
      return () => {
        done = true;
      };
    });
  };
