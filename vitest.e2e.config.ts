import { defineConfig } from 'vitest/config';

// Browser journeys: the built app (npm run build) in Debian's Chromium. One file at a time,
// each with its own server and database. The two walks over every screen
// (accessibility.test.ts: axe and tap targets in both languages at both sizes;
// nepali-everywhere.test.ts) are the slowest files (ADR 040).
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
