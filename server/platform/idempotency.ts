import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
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
// The key is scoped to (account, procedure) and stored with a hash of the input and the JSON of
// the result. Concurrent duplicates in this process wait for the first call and share its
// answer. The key is stored inside the procedure's own write() transaction (withWriteCompanion,
// server/platform/db.ts): the change and its key commit together, in one fsync (docs/decisions/016).

/** 1-255 printable ASCII characters (RFC draft: a string; anything else is refused). */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

type Outcome = { hash: string; data: unknown };
const inflight = new Map<string, Promise<Outcome | null>>();

function hashOf(input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(input ?? null))
    .digest('base64url');
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

function replay(outcome: Outcome, hash: string) {
  if (outcome.hash !== hash) throw new AppError('UNPROCESSABLE_CONTENT', 'idempotency.keyReused');
  return { ok: true as const, data: outcome.data, marker: middlewareMarker };
}

/**
 * `.use(idempotent)` after `.input()` on a mutation. Without the header the call simply runs;
 * with a malformed one it is refused (400) rather than silently run without protection.
 */
export const idempotent = middleware(async ({ ctx, path, getRawInput, next }) => {
  const key = ctx.idempotencyKey;
  if (key === null) return next();
  if (!KEY_PATTERN.test(key)) throw new AppError('BAD_REQUEST', 'idempotency.invalidKey');
  // Signed-in procedures only: the key belongs to an account.
  const accountId = ctx.user?.account.id;
  if (!accountId) return next();

  const hash = hashOf(await getRawInput());
  const stmts = statements(ctx.db);
  const where = { accountId, procedure: path, key };
  const stored = stmts.find.get(where);
  if (stored) return replay({ hash: stored.hash, data: JSON.parse(stored.response) }, hash);

  const slot = `${accountId}\n${path}\n${key}`;
  const running = inflight.get(slot);
  if (running) {
    const first = await running;
    // The first call failed: nothing was written, so this one runs for itself.
    if (first) return replay(first, hash);
    return next();
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
      () => next(),
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
