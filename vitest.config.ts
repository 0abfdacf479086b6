import { defineConfig } from 'vitest/config';

// Unit tests next to the code, API tests against the real server (tests/api), fault tests (tests/faults).
// Playwright specs (tests/e2e) are not collected here.
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/unhandledErrorsLast.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/client/testSetup.ts'],
          testTimeout: 30_000,
          // PGlite's WASM start alone took 4-9 s in a beforeAll on a loaded 2-core machine.
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // First starts are built once per run and copied (tests/api/support/firstStartTemplate.ts).
          globalSetup: ['tests/api/support/templatesSetup.ts'],
          testTimeout: 60_000,
          // The first file of a run builds the template and then starts on its copy.
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        // Faults as tests (kills, dropped connections, stopped services): run by .ci/run.
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        // Three real instances on PostgreSQL + Redis (docs/scaling.md): run by .ci/run.
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
