import fc from 'fast-check';
import { createSession } from '../../server/accounts/sessions';
import { restRoutes } from '../../server/doors/rest/routes';
import { appRouter } from '../../server/router';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  makeAdmin,
  makeCustomer,
  makeEmployee,
  makeInvoice,
  makeProduct,
  makeRoute,
} from '../helpers/factories';

// Generated requests against the real app over HTTP: every tRPC procedure and every REST path,
// with inputs that are sometimes nearly right (known ids, known field names) and often wrong
// (any JSON, broken JSON, odd types, odd methods and content types), as any role. The only
// property: the server never answers 5xx. `npm run fuzz` sends 50,000 (FUZZ_REQUESTS); the
// test suite sends a smaller sample with a fixed seed (tests/api/fuzz.test.ts).

/** The procedure paths of the router, walked by its keys. */
function procedurePaths(node: object, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) => {
    if (key === '_def' || key === 'createCaller') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'function' ? [path] : procedurePaths(value as object, path);
  });
}

export interface FuzzRequest {
  method: string;
  path: string;
  body: string | undefined;
  contentType: string | undefined;
  role: 'anonymous' | 'customer' | 'driver' | 'admin';
  idempotencyKey: string | undefined;
}

export interface FuzzResult {
  requests: number;
  statuses: Record<number, number>;
  /** The first request answered 5xx, shrunk, if any. */
  failure: { request: FuzzRequest; status: number } | null;
  ms: number;
}

/** Field names the schemas use, so generated objects often reach past the first check. */
const FIELDS = [
  'id',
  '_id',
  'customer',
  'invoiceId',
  'orderItems',
  'product',
  'quantity',
  'amount',
  'price',
  'date',
  'deliveryDate',
  'pageNumber',
  'name',
  'username',
  'password',
  'restaurantName',
  'customerCode',
  'phoneNumber',
  'paymentMethod',
  'deliveryDays',
  'route',
  'deliveredBy',
  'note',
  'type',
  'kind',
  'csv',
  'dryRun',
  'from',
  'to',
];

export async function runFuzz(opts: { requests: number; seed: number }): Promise<FuzzResult> {
  const t: TestApp = await startTestApp();
  try {
    // Accounts that sign the requests are never offered as targets, so a generated delete
    // cannot take away the callers themselves.
    const callers = {
      customer: (await makeCustomer(t.db)).accountId,
      driver: (await makeEmployee(t.db, 'driver')).id,
      admin: (await makeAdmin(t.db)).id,
    };
    const target = await makeCustomer(t.db);
    const ids = [
      target.id,
      makeProduct(t.db).id,
      makeRoute(t.db).id,
      makeInvoice(t.db, { customerId: target.id, amount: 9_999 }).id,
      (await makeEmployee(t.db, 'driver')).id,
    ];

    const id = fc.oneof(
      fc.constantFrom(...ids),
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', ' ', '0', '-1', '..', '%2e%2e', 'null', '\u0000', '💥', 'x'.repeat(300)),
    );
    const scalar = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.string({ maxLength: 30 }),
      fc.constantFrom('0x10', '1e3', ' 5', '-0', '2026-11-25', '1900-01-01', '2099-12-31', '12.5'),
      id,
    );
    const value = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        scalar,
        fc.array(tie('v'), { maxLength: 4 }),
        fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), tie('v'), {
          maxKeys: 6,
        }),
      ),
    })).v;
    const jsonBody = fc.oneof(
      value.map((v) => JSON.stringify(v)),
      fc.constantFrom('', '{', '{"a":', 'null', '[]', '"x"', '{"0":{}}', '[[[[[[[[[[]]]]]]]]]]'),
      fc.string({ maxLength: 50 }),
    );
    const role = fc.constantFrom('anonymous', 'customer', 'driver', 'admin') as fc.Arbitrary<
      FuzzRequest['role']
    >;
    const contentType = fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          undefined,
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
        ),
      },
    );
    const key = fc.option(fc.string({ minLength: 0, maxLength: 20 }), { nil: undefined });
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH');

    const procedures = procedurePaths(appRouter);
    const trpcRequest = fc
      .record({
        paths: fc.array(fc.constantFrom(...procedures), { minLength: 1, maxLength: 3 }),
        batch: fc.boolean(),
        method: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('GET', 'POST') }, method),
        input: jsonBody,
        contentType,
        role,
        idempotencyKey: key,
      })
      .map(({ paths, batch, method: m, input, ...rest }): FuzzRequest => {
        const list = batch ? paths.join(',') : (paths[0] as string);
        const query = batch ? '?batch=1' : '';
        return m === 'GET'
          ? {
              ...rest,
              method: m,
              path: `/trpc/${list}${query}${query ? '&' : '?'}input=${encodeURIComponent(input)}`,
              body: undefined,
            }
          : { ...rest, method: m, path: `/trpc/${list}${query}`, body: input };
      });

    const restRequest = fc
      .record({
        route: fc.constantFrom(...restRoutes),
        params: fc.array(id, { minLength: 3, maxLength: 3 }),
        query: fc.dictionary(fc.constantFrom('pageNumber', 'type', 'date', 'x'), fc.string(), {
          maxKeys: 2,
        }),
        otherMethod: fc.option(method, { freq: 8, nil: undefined }),
        body: jsonBody,
        contentType,
        role,
        idempotencyKey: key,
      })
      .map(({ route, params, query, otherMethod, body, ...rest }): FuzzRequest => {
        let i = 0;
        const path = route.path.replace(/:[a-zA-Z]+/g, () => encodeURIComponent(params[i++] ?? ''));
        const qs = new URLSearchParams(query).toString();
        const m = otherMethod ?? route.method;
        return {
          ...rest,
          method: m,
          path: qs ? `${path}?${qs}` : path,
          body: m === 'GET' ? undefined : body,
        };
      });

    const statuses: Record<number, number> = {};
    let sent = 0;
    const send = async (r: FuzzRequest): Promise<number> => {
      const headers: Record<string, string> = { origin: t.url };
      if (r.contentType && r.body !== undefined) headers['content-type'] = r.contentType;
      if (r.role !== 'anonymous') {
        headers.authorization = `Bearer ${createSession(t.db, callers[r.role]).token}`;
      }
      if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey;
      const res = await fetch(t.url + r.path, { method: r.method, headers, body: r.body });
      await res.arrayBuffer();
      sent += 1;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      return res.status;
    };

    const started = performance.now();
    let failure: FuzzResult['failure'] = null;
    const details = await fc.check(
      fc.asyncProperty(fc.oneof(trpcRequest, restRequest), async (r) => (await send(r)) < 500),
      { numRuns: opts.requests, seed: opts.seed, endOnFailure: false },
    );
    if (details.failed && details.counterexample) {
      const [request] = details.counterexample;
      failure = { request, status: await send(request) };
    }
    return { requests: sent, statuses, failure, ms: performance.now() - started };
  } finally {
    await t.close();
  }
}
