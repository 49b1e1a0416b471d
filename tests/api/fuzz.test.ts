import { expect, it } from 'vitest';
import { runFuzz } from '../fuzz/fuzz';

// A sample of the generated requests of `npm run fuzz` (tests/fuzz/fuzz.ts): every procedure
// and REST path, any role, inputs nearly right and plainly wrong. No answer may be a 5xx. The
// seed is fixed so a run is repeatable; FUZZ_SEED tries another.

it('answers generated requests across every procedure and REST path without a 5xx', async () => {
  const seed = Number(process.env.FUZZ_SEED ?? 20261125);
  const result = await runFuzz({ requests: 3000, seed });
  expect(result.failure, JSON.stringify(result.failure)).toBeNull();
  expect(result.requests).toBeGreaterThanOrEqual(3000);
  // The generated requests reach past the first check, not only into 400s and 404s.
  expect(result.statuses[200] ?? 0).toBeGreaterThan(40);
}, 180_000);
