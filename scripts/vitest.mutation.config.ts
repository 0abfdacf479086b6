import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The unit suite alone, for Stryker (npm run mutation): its vitest runner takes one project.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['src/client/testSetup.ts'],
    testTimeout: 30_000,
  },
});
