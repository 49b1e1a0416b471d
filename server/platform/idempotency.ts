import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { idempotencyKey } from '../../drizzle/schema';
import { middleware } from '../trpc';
import { type Db, withWriteCompanion } from './db';
import { AppError } from './errors';
import { prepared } from './prepared';

// One idempotency mechanism for every mutation that creates or moves something (DESIGN §6):
// placing an order, dispatching, delivering, paying, handing cash over. A retried request with
// the same `Idempotency-Key` gets the first answer instead of making a second change.
//
// The key is scoped to (account, procedure) and stored with a hash of the validated input (keys
// sorted, so the same request through either door, or with its keys in another order, is the
// same request) and what is needed to answer again: the answer itself when it is small, or only
// the id of what the change made or moved when the procedure can read it again (an invoice with
// all its payments is re-read, never kept whole: docs/decisions/029). Concurrent duplicates in
// this process wait for the first call and share its answer. The key is stored inside the
// procedure's own write() transaction (withWriteCompanion, server/platform/db.ts): the change
// and its key commit together.

/** 1-255 printable ASCII characters (RFC draft: a string; anything else is refused). */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** A retried call arrives within seconds, or days for a phone that was offline; never later. */
export const IDEMPOTENCY_KEY_DAYS = 7;

/** What a key keeps: the answer, or the id of the object a re-read answers with. */
type Kept = { data: unknown } | { ref: string };
type Outcome = { hash: string; kept: Kept };
const inflight = new Map<string, Promise<Outcome | null>>();

/** JSON with every object's keys sorted: one text per meaning. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function hashOf(input: unknown): string {
  return createHash('sha256').update(canonicalJson(input)).digest('base64url');
}

function statements(db: Db) {
  const ph = (n: string) => sql.placeholder(n);
  const sameKey = and(
    eq(idempotencyKey.accountId, ph('accountId')),
    eq(idempotencyKey.procedure, ph('procedure')),
    eq(idempotencyKey.key, ph('key')),
  );
  return prepared(db, 'idempotency', () => ({
    find: db
      .select({ hash: idempotencyKey.requestHash, response: idempotencyKey.response })
      .from(idempotencyKey)
      // An expired key that the sweep has not removed yet is no longer a key.
      .where(and(sameKey, gt(idempotencyKey.createdAt, ph('since'))))
      .prepare(),
    insert: db
      .insert(idempotencyKey)
      .values({
        accountId: ph('accountId'),
        procedure: ph('procedure'),
        key: ph('key'),
        requestHash: ph('hash'),
        response: ph('response'),
      })
      .onConflictDoUpdate({
        target: [idempotencyKey.accountId, idempotencyKey.procedure, idempotencyKey.key],
        set: {
          requestHash: sql`excluded.request_hash`,
          response: sql`excluded.response`,
          createdAt: sql`excluded.created_at`,
        },
      })
      .prepare(),
    update: db
      .update(idempotencyKey)
      .set({ response: sql`${ph('response')}` })
      .where(sameKey)
      .prepare(),
  }));
}

/** The call's idempotency state, handed to the resolver through the context. */
export interface IdempotentCall {
  /** What the first call kept, on a replay; null on a first call. */
  replay: Kept | null;
  /** Set by `replayable()`: it ran (a missing wrapper is caught at the first replay). */
  wrapped: boolean;
  /** Set by `replayable()` when the procedure can answer again from an id. */
  rereadable: boolean;
}

/** Answers with an `_id` are kept as that id when the procedure can read them again. */
function keep(call: IdempotentCall, data: unknown): Kept {
  const id = (data as { _id?: unknown } | null)?._id;
  return call.rereadable && typeof id === 'string' ? { ref: id } : { data: data ?? null };
}

/**
 * The resolver of a mutation that uses `idempotent`. On a replayed key it answers as the first
 * call did instead of running the change: with the kept answer, or, when `reread` is given,
 * with what `reread` reads for the kept id (the object the first call made or moved, as it is
 * now). tRPC's public middleware API cannot answer without the resolver, hence this wrapper.
 */
export function replayable<Opts extends { ctx: { idempotency: IdempotentCall } }, R>(
  resolver: (opts: Opts) => R,
  reread?: (opts: NoInfer<Opts>, id: string) => Awaited<R> | R,
): (opts: Opts) => R | Awaited<R> {
  return (opts) => {
    const call = opts.ctx.idempotency;
    call.wrapped = true;
    call.rereadable = reread !== undefined;
    const kept = call.replay;
    if (kept === null) return resolver(opts);
    if ('ref' in kept && reread) return reread(opts, kept.ref);
    return ('data' in kept ? kept.data : null) as Awaited<R>;
  };
}

function parseKept(response: string): Kept {
  const parsed = JSON.parse(response) as Kept;
  return parsed && typeof parsed === 'object' && ('ref' in parsed || 'data' in parsed)
    ? parsed
    : { data: parsed };
}

/**
 * `.use(idempotent)` after `.input()` on a mutation, whose resolver is wrapped in
 * `replayable()`. Without the header the call simply runs; with a malformed one it is refused
 * (400) rather than silently run without protection.
 */
export const idempotent = middleware(async ({ ctx, path, input, next }) => {
  const call: IdempotentCall = { replay: null, wrapped: false, rereadable: false };
  const run = async () => {
    const result = await next({ ctx: { idempotency: call } });
    if (result.ok && !call.wrapped) throw new Error(`${path}: resolver not in replayable()`);
    return result;
  };
  const key = ctx.idempotencyKey;
  if (key === null) return run();
  if (!KEY_PATTERN.test(key)) throw new AppError('BAD_REQUEST', 'idempotency.invalidKey');
  // Signed-in procedures only: the key belongs to an account.
  const accountId = ctx.user?.account.id;
  if (!accountId) return run();

  const hash = hashOf(input);
  const stmts = statements(ctx.db);
  const where = { accountId, procedure: path, key };
  const since = new Date(Date.now() - IDEMPOTENCY_KEY_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const replayOf = (first: Outcome) => {
    if (first.hash !== hash) throw new AppError('UNPROCESSABLE_CONTENT', 'idempotency.keyReused');
    call.replay = first.kept;
    return run();
  };
  const stored = stmts.find.get({ ...where, since });
  if (stored) return replayOf({ hash: stored.hash, kept: parseKept(stored.response) });

  const slot = `${accountId}\n${path}\n${key}`;
  const running = inflight.get(slot);
  if (running) {
    const first = await running;
    // The first call failed: nothing was written, so this one runs for itself.
    return first ? replayOf(first) : run();
  }

  let settle: (o: Outcome | null) => void = () => {};
  inflight.set(
    slot,
    new Promise((resolve) => {
      settle = resolve;
    }),
  );
  try {
    // The key goes into the procedure's first write(), kept from what that write returned.
    let inWrite: string | null = null;
    const result = await withWriteCompanion(
      (value) => {
        inWrite = JSON.stringify(keep(call, value));
        stmts.insert.run({ ...where, hash, response: inWrite });
      },
      () => run(),
    );
    if (!result.ok) {
      settle(null);
      return result;
    }
    // Refusals are not stored: a corrected retry with the same key may still succeed. A
    // procedure that wrote nothing, or answers other than what its write returned, is stored
    // (or corrected) now.
    const kept = keep(call, result.data);
    const response = JSON.stringify(kept);
    if (inWrite === null) stmts.insert.run({ ...where, hash, response });
    else if (inWrite !== response) stmts.update.run({ ...where, response });
    settle({ hash, kept });
    return result;
  } catch (err) {
    settle(null);
    throw err;
  } finally {
    inflight.delete(slot);
  }
});
