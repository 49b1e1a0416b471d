import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callProcedure, type ProcedureDef } from './procedure-call';

// callProcedure must run a procedure exactly as tRPC's own caller does: the same middlewares
// in the same order, the same context merging, input and output parsing, and errors.

interface Ctx {
  user: string | null;
  trail: string[];
}
const t = initTRPC.context<Ctx>().meta<{ label: string }>().create();

const signedIn = t.procedure.meta({ label: 'signed-in' }).use(({ ctx, meta, next }) => {
  ctx.trail.push(`guard:${meta?.label}`);
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'sign in' });
  return next({ ctx: { user: ctx.user, role: 'customer' as const } });
});

const procedures = {
  echo: signedIn
    .input(z.object({ n: z.number().int() }))
    .output(z.object({ doubled: z.number(), who: z.string(), role: z.string() }))
    .query(({ ctx, input }) => ({ doubled: input.n * 2, who: ctx.user, role: ctx.role })),
  stripped: t.procedure
    .output(z.object({ kept: z.string() }))
    .query(() => ({ kept: 'yes', extra: 'dropped by the output parser' })),
  throws: t.procedure.mutation(() => {
    throw new Error('boom');
  }),
  badOutput: t.procedure.output(z.object({ n: z.number() })).query(() => ({ n: 'x' }) as never),
  rewritesInput: t.procedure
    .use(({ next }) => next({ input: { n: 41 } }))
    .input(z.object({ n: z.number() }))
    .query(({ input }) => input.n + 1),
};

type Proc = ((opts: unknown) => Promise<unknown>) & { _def: unknown };

async function both(name: keyof typeof procedures, user: string | null, input: unknown) {
  const proc = procedures[name] as unknown as Proc;
  const opts = (trail: string[]) => ({
    path: name,
    type: (proc._def as { type: string }).type,
    ctx: { user, trail },
    getRawInput: async () => input,
    signal: undefined,
    batchIndex: 0,
  });
  const settle = (p: Promise<unknown>) =>
    p.then(
      (data) => ({ data }),
      (err: TRPCError) => ({ code: err.code, message: err.message }),
    );
  const ours: string[] = [];
  const theirs: string[] = [];
  return {
    ours: { ...(await settle(callProcedure(proc._def as ProcedureDef, opts(ours)))), trail: ours },
    theirs: { ...(await settle(proc(opts(theirs)))), trail: theirs },
  };
}

describe('callProcedure', () => {
  it('answers as tRPC does: narrowed context, parsed input and output', async () => {
    const r = await both('echo', 'ana', { n: 21 });
    expect(r.ours).toEqual({
      data: { doubled: 42, who: 'ana', role: 'customer' },
      trail: ['guard:signed-in'],
    });
    expect(r.ours).toEqual(r.theirs);
  });

  it('refuses as tRPC does: a middleware error, bad input, a resolver error, bad output', async () => {
    for (const [name, user, input, code] of [
      ['echo', null, { n: 1 }, 'UNAUTHORIZED'],
      ['echo', 'ana', { n: 'x' }, 'BAD_REQUEST'],
      ['throws', 'ana', undefined, 'INTERNAL_SERVER_ERROR'],
      ['badOutput', 'ana', undefined, 'INTERNAL_SERVER_ERROR'],
    ] as const) {
      const r = await both(name, user, input);
      expect(r.ours).toMatchObject({ code });
      expect(r.ours).toEqual(r.theirs);
    }
  });

  it('keeps what the output parser keeps, and parses the raw input as tRPC does', async () => {
    const stripped = await both('stripped', null, undefined);
    expect(stripped.ours).toEqual({ data: { kept: 'yes' }, trail: [] });
    expect(stripped.ours).toEqual(stripped.theirs);
    const rewritten = await both('rewritesInput', null, { n: 1 });
    // The input parser reads the raw input, not what an earlier middleware passed on.
    expect(rewritten.ours).toEqual({ data: 2, trail: [] });
    expect(rewritten.ours).toEqual(rewritten.theirs);
  });
});
