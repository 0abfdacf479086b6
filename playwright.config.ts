import { defineConfig } from '@playwright/test';

// End-to-end tests drive real Chromium against the product's own server: the built SPA and the
// real API on a fresh data folder (demo tenant included). Debian's chromium is the default
// browser; PLAYWRIGHT_CHROMIUM points elsewhere (or to '' for Playwright's own build).
const port = Number(process.env.E2E_PORT ?? 18080);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';
const E2E_SCREENS_DIR = `${E2E_DATA_DIR}/screens`;
const executablePath = process.env.PLAYWRIGHT_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // The screen editor's Save writes config files: the server runs on a copy of screens/ made
    // in its data folder, so no test ever changes the tracked folder.
    command: `rm -rf ${E2E_DATA_DIR} && mkdir -p ${E2E_DATA_DIR} && cp -R screens ${E2E_SCREENS_DIR} && node dist/server/main.js`,
    env: {
      PORT: String(port),
      DATA_DIR: E2E_DATA_DIR,
      SCREENS_DIR: E2E_SCREENS_DIR,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_SKUS: '120',
      // Every test signs in as the demo user from 127.0.0.1, far faster than a person; the
      // sign-in limits have API tests of their own (authSecurity, underLoad).
      LOGIN_RATE_PER_ADDRESS: '1000',
      LOGIN_ATTEMPTS_PER_NAME: '1000',
    },
    url: `http://localhost:${port}/api/v1/processmonitor/sessionvalidity`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
