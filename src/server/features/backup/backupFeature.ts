import type { ServerFeature } from '../../platform/feature.js';
import { snapshotRunning } from '../../platform/backup/snapshots.js';
import { opsSocketPath, serveOps } from '../../platform/backup/opsSocket.js';

/**
 * Lets `npm run backup` snapshot the embedded store and warehouse while the server runs: it asks
 * over DATA_DIR's ops socket (platform/backup/opsSocket.ts). On PostgreSQL alone there is nothing
 * to serve: the command runs pg_dump itself.
 */
export const backupFeature: ServerFeature = {
  name: 'backup',
  start: async (deps) => {
    if (!deps.store.dumpDataDir && deps.warehouse.dialect !== 'duckdb') return null;
    return serveOps(opsSocketPath(deps.env.DATA_DIR), (dir) =>
      snapshotRunning(deps.store, deps.warehouse, dir),
    );
  },
};
