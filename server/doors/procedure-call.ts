import { getTRPCErrorFromUnknown, type TRPCError } from '@trpc/server';

// Runs a procedure for the /trpc door (server/doors/trpc.ts) the way tRPC's own procedure
// caller does (@trpc/server 11.19, `callRecursive` in its builder): each middleware in turn,
// in the order the builder chained them (ours, the input parser, the output parser, then the
// resolver), each given the call's options plus `meta`, `input` and a `next` that merges what
// it passes into the context. The same algorithm, written with the language's object spread:
// tRPC ships its spreads compiled to a helper that calls Object.defineProperty once per key,
// twice per level, and merging the context that way was ~40 % of a history page's time in
// the door (docs/decisions/020). `procedure-call.test.ts` runs the app's procedures both ways.

interface CallOptions {
  path: string;
  type: string;
  ctx: unknown;
  getRawInput: () => Promise<unknown>;
  input?: unknown;
  signal: AbortSignal | undefined;
  batchIndex: number;
}

type Result = { ok: true; data: unknown } | { ok: false; error: TRPCError };
type Middleware = (opts: unknown) => Promise<Result>;

interface NextOptions {
  ctx?: object;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}

/** What a procedure exposes of its definition (`procedure._def`), as far as calling it goes. */
export interface ProcedureDef {
  middlewares: Middleware[];
  meta: unknown;
}

async function step(def: ProcedureDef, index: number, opts: CallOptions): Promise<Result> {
  try {
    const middleware = def.middlewares[index] as Middleware;
    return await middleware({
      ...opts,
      meta: def.meta,
      input: opts.input,
      next(nextOpts?: NextOptions) {
        return step(def, index + 1, {
          ...opts,
          ctx: nextOpts?.ctx ? { ...(opts.ctx as object), ...nextOpts.ctx } : opts.ctx,
          input: nextOpts && 'input' in nextOpts ? nextOpts.input : opts.input,
          getRawInput: nextOpts?.getRawInput ?? opts.getRawInput,
        });
      },
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause) };
  }
}

/** The procedure's answer, or its error thrown (as `procedure(opts)` does). */
export async function callProcedure(def: ProcedureDef, opts: CallOptions): Promise<unknown> {
  const result = await step(def, 0, opts);
  if (!result) throw new Error('No result from middlewares - did you forget to `return next()`?');
  if (!result.ok) throw result.error;
  return result.data;
}
