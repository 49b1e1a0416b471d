/**
 * The most calls one tRPC batch may carry. The server refuses larger batches (400) and the
 * client's batch link never sends more, so a screen's reads still travel together while one
 * request cannot carry hundreds of calls (docs/decisions/010).
 */
export const MAX_BATCH_SIZE = 16;

/** Sent alone, never in a batch: one request, one password check. */
export const UNBATCHED_PROCEDURES: readonly string[] = ['auth.login'];
