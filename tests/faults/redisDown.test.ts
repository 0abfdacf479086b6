/**
 * "Faults, as tests": Redis. With REDIS_URL the instances share session-cache invalidation,
 * sign-in rate limits and the socket.io adapter; none of them may hold the server hostage: with
 * REDIS_URL pointing at a Redis that is down, the server starts and serves sign-in and data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  removeDir,
  startServerProcess,
  tempDataDir,
  type ServerProcess,
} from './support/serverProcess.js';
import { loginDemo } from './support/login.js';

let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = tempDataDir();
  // A port nothing listens on: Redis stopped.
  server = await startServerProcess({
    DATA_DIR: dataDir,
    REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    // The demo's crawl of today is no part of this fault: skipping it saves its start-up CPU.
    DEMO_CRAWL_DAY: 'false',
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) removeDir(dataDir);
});

describe('Redis down', () => {
  it('the server keeps serving sign-in, store and warehouse reads', async () => {
    const demo = await loginDemo(server);
    expect((await demo.get('config/areas')).status).toBe(200);
    expect((await demo.get('info/getlastcrawltiming')).status).toBe(200);
    expect((await demo.post('views', { screen: 'stock/kpi', name: 'r', state: {} })).status).toBe(200);
    expect(server.alive()).toBe(true);
  });
});
