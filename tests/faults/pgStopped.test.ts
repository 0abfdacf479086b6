/**
 * "Faults, as tests": PostgreSQL (store and warehouse) stopped and started under a running server.
 * While it is down requests fail cleanly (the JSON envelope, no crash); once it is back they
 * succeed again without a restart. Uses a throwaway cluster of its own, never the shared server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgCluster, pgClusterAvailable, type PgCluster } from './support/pgCluster.js';
import { removeDir, startServerProcess, tempDataDir, type ServerProcess } from './support/serverProcess.js';
import { loginDemo } from './support/login.js';
import type { ApiClient } from '../api/support/apiClient.js';

let cluster: PgCluster;
let server: ServerProcess;
let demo: ApiClient;
let dataDir: string;

beforeAll(async () => {
  if (!pgClusterAvailable) return;
  cluster = await createPgCluster();
  await cluster.createDatabase('store');
  await cluster.createDatabase('wh');
  dataDir = tempDataDir();
  server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: cluster.url('store'),
    WAREHOUSE_URL: cluster.url('wh'),
    // The demo's crawl of today is no part of this fault: skipping it saves its start-up CPU.
    DEMO_CRAWL_DAY: 'false',
  });
  demo = await loginDemo(server);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  cluster?.destroy();
  if (dataDir) removeDir(dataDir);
});

const calls = () => [
  demo.post('views', { screen: 'stock/kpi', name: 'while-down', state: {} }),
  demo.get('views', { screen: 'stock/kpi' }),
  demo.get('info/getlastcrawltiming'),
  demo.get('config/areas'),
];

describe.runIf(pgClusterAvailable)('PostgreSQL stopped and started', () => {
  it('fails cleanly while down and recovers without a restart', async () => {
    expect((await demo.get('views', { screen: 'stock/kpi' })).status).toBe(200);
    cluster.stop();
    for (const r of await Promise.all(calls())) {
      expect(r.status).toBeGreaterThanOrEqual(500);
      expect(r.body.statusCode).toBe(0);
      expect(r.body.msg).toBe('Something went wrong, please try after sometime.');
    }
    expect(server.alive()).toBe(true);

    cluster.start();
    await expect
      .poll(async () => (await Promise.all(calls())).map((r) => r.status), { timeout: 15_000, interval: 500 })
      .toEqual([200, 200, 200, 200]);
    expect(server.alive()).toBe(true);
  });
});
