import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The unit suite, for Stryker (npm run mutation): its vitest runner takes one project.
// MUTATION_TESTS narrows it to the mutated folder's own tests (scripts/mutation.mjs sets it): the
// whole unit suite covers src/shared hundreds of times over (every screen test reads it), which
// made one folder a 4-hour run on two cores.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: process.env.MUTATION_TESTS
      ? process.env.MUTATION_TESTS.split(',')
      : ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['src/client/testSetup.ts'],
    // Instrumented code runs several times slower: the property tests (40k values against Intl)
    // need more than the unit suite's 30 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
