// Test helper (not part of the app): a tRPC client whose calls are answered by functions
// instead of HTTP, so screens can be rendered in jsdom with the data a test chooses. Answers
// are typed by the router: each path's function takes that procedure's input and must return
// its output, so fakes cannot drift from what the server sends.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactNode } from 'react';
import type { ErrorCode, ErrorParams, FieldIssues } from '../../../server/platform/errors';
import type { AppRouter } from '../../../server/router';
import { trpc } from '../trpc';
import type { RouterInputs, RouterOutputs } from './fixtures';

type Routers = keyof RouterOutputs & string;
/** Every procedure's path: 'products.list', 'orders.place', ... */
export type ProcedurePath = {
  [R in Routers]: `${R}.${keyof RouterOutputs[R] & string}`;
}[Routers];

type Split<P> = P extends `${infer R}.${infer N}` ? [R, N] : never;
type OutputOf<P extends ProcedurePath> =
  Split<P> extends [infer R, infer N]
    ? R extends keyof RouterOutputs
      ? N extends keyof RouterOutputs[R]
        ? RouterOutputs[R][N]
        : never
      : never
    : never;
type InputOf<P extends ProcedurePath> =
  Split<P> extends [infer R, infer N]
    ? R extends keyof RouterInputs
      ? N extends keyof RouterInputs[R]
        ? RouterInputs[R][N]
        : never
      : never
    : never;

/** Answers by procedure path; a missing path never answers (the screen stays loading). */
export type Answers = {
  [P in ProcedurePath]?: (input: InputOf<P>) => OutputOf<P> | Promise<OutputOf<P>>;
};

export interface Call {
  path: string;
  input: unknown;
  /** The operation's context, e.g. `{ idempotencyKey }` of a placement. */
  context: Record<string, unknown>;
}

const STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
};

/**
 * A refusal as the server's errorFormatter shapes it (server/trpc.ts): tRPC's status code, the
 * error code and parameters in `data`, and the English text as `message`, which the screens
 * must not use (it is deliberately not the text shown).
 */
export function serverError(
  httpStatus: number,
  code: ErrorCode,
  params?: ErrorParams,
  issues?: FieldIssues,
): TRPCClientError<AppRouter> {
  return TRPCClientError.from({
    error: {
      message: `(English text of ${code})`,
      code: -32600,
      data: {
        code: STATUS[httpStatus] ?? 'BAD_REQUEST',
        httpStatus,
        path: undefined,
        appCode: code,
        params,
        issues,
      },
    },
  });
}

/** What the tRPC client rejects with when no answer came back (fetch's TypeError). */
export function networkError(): TRPCClientError<AppRouter> {
  return TRPCClientError.from(new TypeError('Failed to fetch'));
}

export function fakeServer(answers: Answers) {
  const calls: Call[] = [];
  const byPath = answers as Record<string, ((input: unknown) => unknown) | undefined>;
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input, context: op.context });
        const answer = byPath[op.path];
        if (!answer) return;
        Promise.resolve()
          .then(() => answer(op.input))
          .then(
            (data) => {
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (error: unknown) =>
              observer.error(
                error instanceof TRPCClientError
                  ? error
                  : TRPCClientError.from(error instanceof Error ? error : new Error(String(error))),
              ),
          );
      });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const client = trpc.createClient({ links: [link] });
  function ServerProvider({ children }: { children: ReactNode }) {
    return (
      <trpc.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    );
  }
  return { ServerProvider, calls, queryClient };
}
