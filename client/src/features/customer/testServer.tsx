// Test helper (not part of the app): a tRPC client whose calls are answered by functions
// instead of HTTP, so screens can be rendered in jsdom with the data a test chooses.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { ReactNode } from 'react';
import type { AppRouter } from '../../../../server/routers';
import { trpc } from '../../trpc';

/** Answers by procedure path ('products.list'); a missing path never answers (stays loading). */
export type Answers = Record<string, (input: unknown) => unknown>;

export interface Call {
  path: string;
  input: unknown;
}

/** A server error as tRPC delivers it, e.g. serverError(404, 'Order not found.'). */
export function serverError(httpStatus: number, message: string): TRPCClientError<AppRouter> {
  const code =
    httpStatus === 404 ? 'NOT_FOUND' : httpStatus === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST';
  return TRPCClientError.from({
    error: { message, code: -32600, data: { code, httpStatus } },
  });
}

export function fakeServer(answers: Answers) {
  const calls: Call[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        const answer = answers[op.path];
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
