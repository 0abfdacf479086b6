import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEnv } from '../../../src/server/platform/settings/env.js';
import { startServer, type RunningServer } from '../../../src/server/startServer.js';
import type { TestServer } from './testServer.js';
import { untilServing } from '../../support/serving.js';

export interface WatchedServer {
  server: TestServer;
  running: RunningServer;
  /** The private copy of screens/ the server watches; a test may edit or break it. */
  screens: string;
  close: () => Promise<void>;
}

/** The product server with file watching on, over a private copy of screens/ (a small tenant). */
export async function startWatchedServer(name: string): Promise<WatchedServer> {
  const root = mkdtempSync(path.join(os.tmpdir(), `shelfscope-${name}-`));
  const screens = path.join(root, 'screens');
  cpSync('screens', screens, { recursive: true });
  const env = loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(root, 'data'),
    SCREENS_DIR: screens,
    DEMO_SKUS: '20',
    DEMO_DAYS: '7',
    LOG_LEVEL: 'silent',
  });
  const running = await startServer(env, { watchConfig: true, logger: false });
  // The first-start crawl is on: the API answers 503 until it has filled its day.
  await untilServing(`http://127.0.0.1:${running.port}`);
  return {
    server: { url: `http://127.0.0.1:${running.port}`, env, dataDir: env.DATA_DIR } as TestServer,
    running,
    screens,
    close: async () => {
      await running.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
