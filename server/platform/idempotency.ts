import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
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
// same request) and the JSON of the result. Concurrent duplicates in this process wait for the first call and share its
// answer. The key is stored inside the procedure's own write() transaction (withWriteCompanion,
// server/platform/db.ts): the change and its key commit together, in one fsync (docs/decisions/016).

/** 1-255 printable ASCII characters (RFC draft: a string; anything else is refused). */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

type Outcome = { hash: string; data: unknown };
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
  return prepared(db, 'idempotency', () => ({
    find: db
      .select({ hash: idempotencyKey.requestHash, response: idempotencyKey.response })
      .from(idempotencyKey)
      .where(
        and(
          eq(idempotencyKey.accountId, ph('accountId')),
          eq(idempotencyKey.procedure, ph('procedure')),
          eq(idempotencyKey.key, ph('key')),
        ),
      )
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
      .onConflictDoNothing()
      .prepare(),
    update: db
      .update(idempotencyKey)
      .set({ response: sql`${ph('response')}` })
      .where(
        and(
          eq(idempotencyKey.accountId, ph('accountId')),
          eq(idempotencyKey.procedure, ph('procedure')),
          eq(idempotencyKey.key, ph('key')),
        ),
      )
      .prepare(),
  }));
}

/**
 * A stored answer handed to the resolver through the context (tRPC's public middleware API has
 * no way to answer without calling the resolver): `replayable()` around the resolver returns it
 * instead of running the change again. `used` lets the middleware notice a resolver that was
 * not wrapped, which a test would otherwise miss.
 */
export interface Replay {
  data: unknown;
  used: boolean;
}

function replayOf(outcome: Outcome, hash: string): Replay {
  if (outcome.hash !== hash) throw new AppError('UNPROCESSABLE_CONTENT', 'idempotency.keyReused');
  return { data: outcome.data, used: false };
}

/**
 * The resolver of a mutation that uses `idempotent`: on a replayed key it returns the first
 * answer, otherwise it runs `resolver`.
 */
export function replayable<Opts extends { ctx: { replay: Replay | null } }, R>(
  resolver: (opts: Opts) => R,
): (opts: Opts) => R {
  return (opts) => {
    const replay = opts.ctx.replay;
    if (replay === null) return resolver(opts);
    replay.used = true;
    return replay.data as R;
  };
}

/**
 * `.use(idempotent)` after `.input()` on a mutation. Without the header the call simply runs;
 * with a malformed one it is refused (400) rather than silently run without protection.
 */
export const idempotent = middleware(async ({ ctx, path, input, next }) => {
  const fresh = () => next({ ctx: { replay: null as Replay | null } });
  const replay = async (r: Replay) => {
    const result = await next({ ctx: { replay: r as Replay | null } });
    if (result.ok && !r.used) throw new Error(`${path}: resolver not wrapped in replayable()`);
    return result;
  };
  const key = ctx.idempotencyKey;
  if (key === null) return fresh();
  if (!KEY_PATTERN.test(key)) throw new AppError('BAD_REQUEST', 'idempotency.invalidKey');
  // Signed-in procedures only: the key belongs to an account.
  const accountId = ctx.user?.account.id;
  if (!accountId) return fresh();

  const hash = hashOf(input);
  const stmts = statements(ctx.db);
  const where = { accountId, procedure: path, key };
  const stored = stmts.find.get(where);
  if (stored)
    return replay(replayOf({ hash: stored.hash, data: JSON.parse(stored.response) }, hash));

  const slot = `${accountId}\n${path}\n${key}`;
  const running = inflight.get(slot);
  if (running) {
    const first = await running;
    // The first call failed: nothing was written, so this one runs for itself.
    if (first) return replay(replayOf(first, hash));
    return fresh();
  }

  let settle: (o: Outcome | null) => void = () => {};
  inflight.set(
    slot,
    new Promise((resolve) => {
      settle = resolve;
    }),
  );
  try {
    // The key goes into the procedure's first write() with what that write returned.
    let written: { value: unknown } | null = null;
    const result = await withWriteCompanion(
      (value) => {
        written = { value };
        // A write that returns nothing stores null now; the answer replaces it below.
        stmts.insert.run({ ...where, hash, response: JSON.stringify(value) ?? 'null' });
      },
      () => fresh(),
    );
    if (!result.ok) {
      settle(null);
      return result;
    }
    // Refusals are not stored: a corrected retry with the same key may still succeed. A
    // procedure that wrote nothing, or answers other than what its write returned, is stored
    // (or corrected) now.
    const stored = written as { value: unknown } | null;
    if (stored === null) {
      stmts.insert.run({ ...where, hash, response: JSON.stringify(result.data) });
    } else if (!isDeepStrictEqual(stored.value, result.data)) {
      stmts.update.run({ ...where, response: JSON.stringify(result.data) });
    }
    settle({ hash, data: result.data });
    return result;
  } catch (err) {
    settle(null);
    throw err;
  } finally {
    inflight.delete(slot);
  }
});
