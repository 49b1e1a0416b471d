// tRPC calls as the browser makes them, for API tests that speak to a procedure directly:
// POST for a mutation, GET with ?input= for a query, and the answer read as a user's screen
// would: its data, or its error code (appCode) and the code's parameters.
import type { ApiClient } from './http';

export interface TrpcReply<T> {
  status: number;
  data: T;
  code?: string;
  params?: Record<string, unknown>;
}

type Body<T> = {
  result?: { data: T };
  error?: { data: { appCode: string; params?: Record<string, unknown> } };
};

const reply = <T>(r: { status: number; body: Body<T> }): TrpcReply<T> => ({
  status: r.status,
  data: r.body.result?.data as T,
  code: r.body.error?.data.appCode,
  params: r.body.error?.data.params,
});

/** A mutation, with an idempotency key when given (the client sends one on every change). */
export async function mutate<T>(
  c: ApiClient,
  path: string,
  input?: unknown,
  key?: string,
): Promise<TrpcReply<T>> {
  return reply(
    await c.post<Body<T>>(`/trpc/${path}`, input ?? {}, key ? { 'idempotency-key': key } : {}),
  );
}

/** A query; `input` goes in the URL as the tRPC client sends it. */
export async function query<T>(c: ApiClient, path: string, input?: unknown): Promise<TrpcReply<T>> {
  const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return reply(await c.get<Body<T>>(`/trpc/${path}${q}`));
}
