import type { FastifyInstance } from 'fastify';
import type { Env } from './platform/settings/env.js';
import { buildApp } from './app.js';
import { createStore } from './platform/store/createStore.js';
import { createWarehouse } from './platform/warehouse/createWarehouse.js';
import { loadConfigRegistry } from './language/config/loadConfigRegistry.js';
import { ensureRollups } from './platform/warehouse/rollups/ensureRollups.js';
import { bootstrapDemo } from './demo/bootstrap.js';
import { crawlDemoFirstDay, startDemoMarket } from './demo/crawlMarket.js';
import { ensureLostSalesTables } from './language/measures/lostSalesTable.js';
import { startJobs } from './platform/jobs/jobs.js';
import { attachRealtime } from './access/realtime/attachRealtime.js';
import { FEATURES } from './features/index.js';
import type { FeatureHandle } from './platform/feature.js';
import { storeMigrations } from './storeMigrations.js';
import { StoredConfig } from './language/config/stored/storedConfig.js';
import { openConfigChannel } from './platform/cluster/configChannel.js';

export interface RunningServer {
  app: FastifyInstance;
  port: number;
  close(): Promise<void>;
}

export interface StartOptions {
  clientDir?: string;
  /** Reload screen files when they change (on for the product, off for most tests). */
  watchConfig?: boolean;
  logger?: boolean | { level: string };
}

/**
 * Opens the store and warehouse, loads and validates the config (refusing to start on invalid
 * files), loads the demo tenant on an empty store, and listens. Used by main.ts and the API tests.
 */
export async function startServer(env: Env, options: StartOptions = {}): Promise<RunningServer> {
  // The files in git are checked first (a server never starts on invalid files); the saves held
  // in the store are read over them once the store is open (docs/config-storage.md).
  const storedConfig = new StoredConfig();
  const config = await loadConfigRegistry(env.SCREENS_DIR, {
    watch: options.watchConfig ?? true,
    stored: storedConfig,
  });
  const store = await createStore(env, storeMigrations());
  await storedConfig.attach(store.db);
  const warehouse = await createWarehouse(env);
  // Rollups follow the datasets of the config the server starts with (a reload keeps them).
  if (warehouse.rollups)
    await ensureRollups(warehouse, warehouse.rollups, config.current().datasets.values());
  // Lost sales' tables exist before any load, so every load keeps them (lostSalesTable.ts).
  await ensureLostSalesTables(warehouse, config.current().datasets.values());
  const jobs = await startJobs(env, store);
  const deps = { env, store, warehouse, config, jobs, storedConfig };
  await bootstrapDemo(deps);
  const started: FeatureHandle[] = [];
  // The demo's marketplace serves before any crawl can run; its first crawl waits for the queue.
  const demoMarket = await startDemoMarket(deps);
  if (demoMarket) started.push(demoMarket);
  for (const feature of FEATURES) {
    const handle = await feature.start?.(deps);
    if (handle) started.push(handle);
  }
  await crawlDemoFirstDay(deps);
  const app = await buildApp(deps, {
    clientDir: options.clientDir,
    logger: options.logger,
    gateOnReadiness: true,
  });
  jobs.useLog(app.log);
  const realtime = attachRealtime(app.server, deps, env.REALTIME_RECHECK_MS);
  const configChannel = await openConfigChannel(
    env,
    store,
    () =>
      void storedConfig.reload().catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not read the stored config after another instance saved');
      }),
    app.log,
  );
  storedConfig.announceWith(() => configChannel.publish());
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  return {
    app,
    port,
    async close() {
      await realtime.close();
      await configChannel.close();
      await app.close();
      await jobs.stop();
      for (const handle of started.reverse()) await handle.close();
      await config.close();
      await warehouse.close();
      await store.close();
    },
  };
}
