import { defineConfig } from 'vitest/config';

// API test files run two at a time by default: most of a file's time is spent waiting on its own
// server (first starts, queues, sockets), and every test server has its own port, data folder and
// databases. API_TEST_WORKERS=1 runs them one by one.
const apiWorkers = Math.max(1, Number(process.env.API_TEST_WORKERS ?? 2));
// ...except the files that time the server or kill it: they run after the others, one at a time,
// on an otherwise idle machine (project 'api-timing').
const API_TIMING = [
  'tests/api/underLoad.test.ts',
  'tests/api/uploadKill.test.ts',
  'tests/api/exportKill.test.ts',
  'tests/api/mailerKill.test.ts',
  'tests/api/startup.test.ts',
  'tests/api/realtimeTwoInstances.test.ts',
  'tests/api/hotReload.test.ts',
];
const apiCommon: { environment: 'node'; globalSetup: string[]; testTimeout: number; hookTimeout: number } = {
  environment: 'node',
  // First starts are built once per run and copied (tests/api/support/firstStartTemplate.ts).
  globalSetup: ['tests/api/support/templatesSetup.ts'],
  testTimeout: 60_000,
  // The first file of a run builds the template and then starts on its copy.
  hookTimeout: 240_000,
};

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
          // The files of a worker share their modules, as the API files do: no unit test mocks a
          // module or changes the environment, and re-importing React, DuckDB and the config per
          // file was most of the step (same machine, load ~6: 490 s -> 225 s wall, 275 -> 109 s
          // user CPU, 706 of 706 passing). UNIT_TEST_ISOLATE=1 gives every file fresh modules.
          isolate: process.env.UNIT_TEST_ISOLATE === '1',
          setupFiles: ['src/client/testSetup.ts'],
          testTimeout: 30_000,
          // PGlite's WASM start alone took 4-9 s in a beforeAll on a loaded 2-core machine.
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          ...apiCommon,
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: API_TIMING,
          fileParallelism: apiWorkers > 1,
          maxWorkers: apiWorkers,
          // The files of a worker share its modules: each file re-importing the server (DuckDB,
          // PGlite, argon2, fastify and every route) cost ~5 s quiet, ~20 s at load 15. No API test
          // mocks a module or changes the environment, and each starts and closes its own servers.
          // API_TEST_ISOLATE=1 gives every file fresh modules again.
          isolate: process.env.API_TEST_ISOLATE === '1',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...apiCommon,
          name: 'api-timing',
          include: API_TIMING,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
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
