import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: server-side code and API tests in node; components in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'shared/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/api/**/*.test.ts',
          ],
          // Password hashing (argon2id, 19 MiB) makes logins take tens of ms.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/**/*.test.tsx', 'client/**/*.test.ts'],
          setupFiles: ['client/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
