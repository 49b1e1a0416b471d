// `npm run fuzz`: 50,000 generated requests (FUZZ_REQUESTS) across every procedure and REST path
// of the real app over HTTP, with a random seed (FUZZ_SEED to repeat one); fails on any 5xx.
import { runFuzz } from '../tests/fuzz/fuzz';

const requests = Number(process.env.FUZZ_REQUESTS ?? 50_000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
console.log(`fuzz: ${requests} requests, seed ${seed}`);
const result = await runFuzz({ requests, seed });
console.log(`sent ${result.requests} in ${(result.ms / 1000).toFixed(1)} s`);
console.log('statuses:', JSON.stringify(result.statuses));
if (result.failure) {
  console.error('5xx for:', JSON.stringify(result.failure, null, 2));
  process.exit(1);
}
console.log('no 5xx');
