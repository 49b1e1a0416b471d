import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db';
import { standingTick, type TickResult } from './standing-orders';

/** How often the scheduler looks at the clock: a draft or a confirmation is at most this late. */
export const STANDING_TICK_MS = 60_000;

export interface StandingScheduler {
  /** One pass now (also the catch-up at start). */
  tick(): TickResult | null;
  stop(): void;
}

/**
 * Standing orders' clock (ADR 037): a pass at start catches up whatever a stop or a restart
 * missed, then a pass every minute. Each pass is idempotent, so an extra or a repeated pass
 * (two instances, a restart at the cut-off) neither loses a draft nor places one twice. The
 * clock is injected so tests move time instead of waiting for it.
 */
export function startStandingScheduler(opts: {
  db: Db;
  timeZone: string;
  clock?: () => Date;
  log?: FastifyBaseLogger;
}): StandingScheduler {
  const clock = opts.clock ?? (() => new Date());
  const tick = (): TickResult | null => {
    try {
      return standingTick(opts.db, {
        timeZone: opts.timeZone,
        now: clock(),
        log: (what, detail) => opts.log?.error(detail, what),
      });
    } catch (err) {
      opts.log?.error({ err }, 'standing orders pass failed');
      return null;
    }
  };
  const timer = setInterval(tick, STANDING_TICK_MS);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
