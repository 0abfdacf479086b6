import { defineConfig } from 'vitest/config';

// API test files run two at a time by default: most of a file's time is spent waiting on its own
// server (first starts, queues, sockets), and every test server has its own port, data folder and
// databases. API_TEST_WORKERS=1 runs them one by one.
const apiWorkers = Math.max(1, Number(process.env.API_TEST_WORKERS ?? 2));
// On PostgreSQL three: the database does part of each file's work in processes of its own, and with
// two files at a time the machine was 18% idle (vmstat). Same machine, back to back, 43 files:
// 489 s with two, 461 s with three.
const apiPgWorkers = Math.max(1, Number(process.env.API_PG_TEST_WORKERS ?? 3));
// ...except the files that time the server, or kill it while a job of a size picked for an idle
// machine runs: they run after the others, one at a time (project 'api-timing'). Kill tests that
// hold their job at a chosen point (mailerKill's stalled SFTP upload, uploadKill's staged rows)
// run with the rest.
const API_TIMING = [
  'tests/api/underLoad.test.ts',
  'tests/api/exportKill.test.ts',
  'tests/api/startup.test.ts',
];
// The API files whose behaviour depends on the engine: `npm run test:api:pg` (.ci/run) runs them
// again with the store and the warehouse on PostgreSQL; every other file runs once, embedded.
// A file belongs here when its answer comes through SQL that differs per engine (the compiler's
// DuckDB and PostgreSQL dialects, a warehouse adapter's writes, the store's own queries beyond
// plain rows) - not when it tests HTTP, auth rules, files or sockets over the same rows.
// Left out on purpose: the kill and startup files start their own
// servers whatever API_TEST_PG says, so a second pass would repeat them unchanged.
const API_ON_POSTGRES = [
  // Warehouse reads: SQL compiled for each dialect.
  'tests/api/screens-data.test.ts', // every monitoring endpoint's query and export
  'tests/api/invariants/invariants.test.ts', // the numbers agree with each other and raw SQL
  'tests/api/tenantIsolation.test.ts', // grouped queries never return another group's rows
  'tests/api/tenantScope.test.ts', // the engine's tenant key in compiled queries and uploads
  'tests/api/previousPeriod.test.ts', // the previous period by the same compiled query
  'tests/api/insightsExplain.test.ts', // the change split over a dimension, per dialect
  'tests/api/stockSignals.test.ts', // early warning and tile confidence, read from the warehouse
  'tests/api/drillRows.test.ts', // every tile's rows add up to it, per dialect
  'tests/api/trackingScreens.test.ts', // listing changes read from the warehouse
  'tests/api/liveTracking.test.ts', // imported lists joined to crawled facts
  'tests/api/stockOnPromo.test.ts', // the stored on_promo flag each adapter derives
  'tests/api/actionInbox.test.ts', // the case rules' SQL on each warehouse
  'tests/api/salesSuperseded.test.ts', // superseded sales rows hidden by the query
  'tests/api/uploadUndo.test.ts', // a deleted month's rows held and restored in the warehouse
  'tests/api/categoryThreshold.test.ts', // thresholds compiled into the category queries
  'tests/api/advertising/advertising.test.ts', // advertising measures per dialect
  'tests/api/advertising/adStatus.test.ts', // tiles against raw SQL counts
  'tests/api/statusScreens.test.ts', // process-monitor grids against raw facts
  'tests/api/elasticTrigger.test.ts', // the derived facts a load triggers
  'tests/api/exportJobs.test.ts', // an export streams every row through the adapter
  'tests/api/reportsAlerts.test.ts', // alert rules evaluated after a warehouse load
  // Warehouse writes: each adapter's load, replace and bulk paths.
  'tests/api/uploads.test.ts',
  'tests/api/dataInUploads.test.ts',
  'tests/api/setupUploads.test.ts',
  'tests/api/productImport.test.ts',
  'tests/api/cityAdd.test.ts',
  'tests/api/monitoringWrites.test.ts',
  'tests/api/bulkWrites.test.ts',
  'tests/api/mutate.test.ts',
  'tests/api/crawlRuns.test.ts', // crawl results loaded into the warehouse
  'tests/api/listingCrawl.test.ts',
  'tests/api/crawlWalls.test.ts', // walled pages never become rows; coverage in the warehouse
  'tests/api/operations.test.ts', // the first start's crawl equals the generator's truth
  // The store is PostgreSQL on both engines (PGlite is PostgreSQL compiled to WebAssembly): a file
  // that reads and writes store rows through Kysely runs the same SQL on each, so it runs once.
  // Only what depends on the driver runs again: connections, LISTEN/NOTIFY, pg-boss under load.
  'tests/api/reportDeliveries.test.ts', // pg-boss group concurrency and the dead-letter queue
  'tests/api/health.test.ts', // readiness reads the store, warehouse and queue of each engine
  'tests/api/operationsScreens.test.ts', // counts read from the pg-boss queue
  'tests/api/sessionRules.test.ts', // times moved in the store; the NOTIFY bus drops cached sessions
  'tests/api/badInput.test.ts', // what each database refuses must still be a 400
  'tests/api/badInputSweep.test.ts', // integer overflow and text limits differ per database
  'tests/api/isolationMatrix.test.ts', // no foreign row, file or write on either store
  'tests/api/configOverlays.test.ts', // stored config versions (DISTINCT ON heads), the NOTIFY config channel
  'tests/api/backupRestore.test.ts', // pg_dump/pg_restore into fresh databases, the same answers
  'tests/api/upgrade.test.ts', // the previous release's PostgreSQL store and warehouse, upgraded in place
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
        test: {
          ...apiCommon,
          name: 'api-pg',
          include: API_ON_POSTGRES,
          env: { API_TEST_PG: '1' },
          fileParallelism: apiPgWorkers > 1,
          maxWorkers: apiPgWorkers,
          isolate: process.env.API_TEST_ISOLATE === '1',
        },
      },
      {
        // Native bindings and the server's start on a second Node line: run by .ci/run on Node 22.
        test: {
          name: 'smoke',
          include: ['tests/smoke/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
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
