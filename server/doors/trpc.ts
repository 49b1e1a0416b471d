import type { AnyProcedure, AnyRouter, ProcedureType } from '@trpc/server';
import {
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  TRPCError,
  type TRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_BATCH_SIZE, UNBATCHED_PROCEDURES } from '../../shared/transport';
import { AppError } from '../platform/errors';
import { answerBytes, answerJson } from './answer-bytes';
import { callProcedure, type ProcedureDef } from './procedure-call';

// The /trpc door: tRPC's HTTP protocol (what @trpc/client's httpLink and httpBatchLink send
// and read) served straight from Fastify's request and reply, calling the same procedures.
// tRPC's own Fastify adapter turns every request into a fetch Request (headers copied, an
// AbortController, a URL) and every answer into a fetch Response that has to be read back:
// measured at ~0.1x the requests/s of a bare Fastify route before any procedure runs
// (docs/decisions/020). Here a call is: parse the path and inputs, build the context once, run
// the procedure, write its JSON; an answer that cannot change (a frozen cached answer) is
// serialized and compressed once, not on every call (server/doors/answer-bytes.ts).
// Streaming, subscriptions and method override are not used by the client, so not served.

type Procedures = Record<string, AnyProcedure | undefined>;

interface Call {
  path: string;
  procedure: AnyProcedure | undefined;
  /** The call's input as sent (already JSON-parsed), or the error that parsing it raised. */
  input: unknown;
  inputError: TRPCError | undefined;
}

const METHOD_OF: Record<ProcedureType, string> = {
  query: 'GET',
  mutation: 'POST',
  subscription: 'GET',
};

/** Inputs by batch index, from the query string (GET) or the body (POST). */
function readInputs(
  req: FastifyRequest,
  isBatch: boolean,
): { inputs: Record<string, unknown> | null; error?: TRPCError } {
  let raw: string | undefined;
  if (req.method === 'GET') raw = (req.query as { input?: string }).input;
  else raw = typeof req.body === 'string' && req.body.length > 0 ? req.body : undefined;
  if (raw === undefined) return { inputs: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : 'Invalid input';
    return { inputs: null, error: new TRPCError({ code: 'BAD_REQUEST', message, cause }) };
  }
  if (!isBatch) return { inputs: { 0: parsed } };
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return {
      inputs: null,
      error: new TRPCError({
        code: 'BAD_REQUEST',
        message: '"input" needs to be an object when doing a batch call',
      }),
    };
  }
  return { inputs: parsed as Record<string, unknown> };
}

export interface TrpcDoorOptions {
  router: AnyRouter;
  /** The context of a request's calls, made once per request. */
  createContext(req: FastifyRequest, reply: FastifyReply): unknown;
  /** Called for every failed call (the host logs unexpected ones). */
  onError?: (opts: { error: TRPCError; path: string; req: FastifyRequest }) => void;
}

/** Registers `/trpc/:path` for every method; tRPC's batching rules and error shapes. */
export async function trpcDoor(app: FastifyInstance, opts: TrpcDoorOptions): Promise<void> {
  const { router } = opts;
  const config = router._def._config;
  const procedures = router._def.procedures as unknown as Procedures;

  // Bodies stay text until a call reads them (an empty body is no input, as tRPC has it).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  const errorShape = (error: TRPCError, call: Call | undefined, ctx: unknown) =>
    getErrorShape({
      config,
      ctx,
      error,
      input: call?.input,
      path: call?.path,
      type: (call?.procedure?._def.type as ProcedureType | undefined) ?? 'unknown',
    });

  async function handle(req: FastifyRequest, reply: FastifyReply) {
    const isBatch = (req.query as { batch?: string }).batch === '1';
    let ctx: unknown;
    let calls: Call[] = [];
    try {
      const rawPath = (req.params as { path: string }).path;
      const paths = isBatch ? rawPath.split(',') : [rawPath];
      if (isBatch && paths.length > MAX_BATCH_SIZE) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'Batch call exceeds maximum size' });
      }
      if (req.method !== 'GET' && req.method !== 'POST') {
        throw new TRPCError({
          code: 'METHOD_NOT_SUPPORTED',
          message: `Unsupported ${req.method}-request`,
        });
      }
      const type = req.headers['content-type'];
      if (req.method === 'POST' && type !== undefined && !type.startsWith('application/json')) {
        throw new TRPCError({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: `Unsupported content-type "${type}"`,
        });
      }
      const { inputs, error: inputError } = readInputs(req, isBatch);
      calls = paths.map((path, index) => ({
        path,
        procedure: Object.hasOwn(procedures, path) ? procedures[path] : undefined,
        input: inputs?.[index],
        inputError,
      }));
      const types = new Set(calls.map((c) => c.procedure?._def.type).filter(Boolean));
      if (types.size > 1) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `Cannot mix procedure types in call: ${[...types].join(', ')}`,
        });
      }
      // One password check per request: auth.login never travels in a batch (ADR 010).
      if (calls.length > 1 && calls.some((c) => UNBATCHED_PROCEDURES.includes(c.path))) {
        throw new AppError('BAD_REQUEST', 'auth.loginNotBatched');
      }
      ctx = opts.createContext(req, reply);
    } catch (cause) {
      // The request as a whole is refused: every call answers the same error.
      const error = getTRPCErrorFromUnknown(cause);
      opts.onError?.({ error, path: calls[0]?.path ?? '', req });
      const shapes = (calls.length > 0 ? calls : [undefined]).map((call) => ({
        error: errorShape(error, call, ctx),
      }));
      return send(reply, isBatch ? shapes : (shapes[0] as TRPCResponse), null);
    }

    const results = await Promise.all(calls.map((call) => run(call, ctx, req)));
    const responses: TRPCResponse[] = results.map((r, i) =>
      r.error ? { error: errorShape(r.error, calls[i], ctx) } : { result: { data: r.data } },
    );
    const only = results.length === 1 ? results[0] : undefined;
    const kept = only && !only.error ? only.data : undefined;
    return send(reply, isBatch ? responses : (responses[0] as TRPCResponse), kept, isBatch);
  }

  async function run(
    call: Call,
    ctx: unknown,
    req: FastifyRequest,
  ): Promise<{ data?: unknown; error?: TRPCError }> {
    try {
      const proc = call.procedure;
      if (!proc) {
        throw new TRPCError({
          code: 'NOT_FOUND',
          message: `No procedure found on path "${call.path}"`,
        });
      }
      const type = proc._def.type as ProcedureType;
      if (METHOD_OF[type] !== req.method || type === 'subscription') {
        throw new TRPCError({
          code: 'METHOD_NOT_SUPPORTED',
          message: `Unsupported ${req.method}-request to ${type} procedure at path "${call.path}"`,
        });
      }
      if (call.inputError) throw call.inputError;
      const input = call.input;
      const data = await callProcedure(proc._def as unknown as ProcedureDef, {
        path: call.path,
        type,
        ctx,
        getRawInput: async () => input,
        signal: undefined,
        batchIndex: 0,
      });
      return { data };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      opts.onError?.({ error, path: call.path, req });
      return { error };
    }
  }

  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
    url: '/trpc/:path',
    handler: handle,
  });

  /**
   * Writes the envelope. `kept` is the one call's data when the answer is a single success:
   * if it is a frozen answer, its JSON and compressed bytes are made once (answer-bytes.ts).
   */
  function send(
    reply: FastifyReply,
    body: TRPCResponse | TRPCResponse[],
    kept: unknown,
    isBatch = false,
  ) {
    reply.code(getHTTPStatusCode(body));
    reply.header('content-type', 'application/json');
    if (kept !== undefined && kept !== null && typeof kept === 'object') {
      const envelope = isBatch ? 'trpc-batch' : 'trpc';
      const bytes = answerBytes(kept, envelope, reply.request.headers['accept-encoding'], (json) =>
        isBatch ? `[{"result":{"data":${json}}}]` : `{"result":{"data":${json}}}`,
      );
      if (bytes) {
        if (bytes.encoding) reply.header('content-encoding', bytes.encoding);
        return reply.send(bytes.body);
      }
    }
    return reply.send(serialize(body));
  }
}

/** The envelope's JSON, reusing the kept JSON of frozen answers inside it. */
function serialize(body: TRPCResponse | TRPCResponse[]): string {
  if (!Array.isArray(body)) return serializeOne(body);
  return `[${body.map(serializeOne).join(',')}]`;
}

function serializeOne(res: TRPCResponse): string {
  if ('result' in res) {
    const data = res.result.data;
    if (data === undefined) return '{"result":{}}';
    return `{"result":{"data":${answerJson(data)}}}`;
  }
  return JSON.stringify(res);
}
