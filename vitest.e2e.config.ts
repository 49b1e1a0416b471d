import { defineConfig } from 'vitest/config';

// Browser journeys: the built app (npm run build) in Debian's Chromium. One file at a time,
// each with its own server and database.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
