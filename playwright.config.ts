import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, THIS_E2E_SERVER, e2eServer } from './tests/e2e/support/servers.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET, testIssuer } from './tests/support/entraLikeClient.js';

// End-to-end tests drive real Chromium against the product's own server: the built SPA and the
// real API on a fresh data folder (demo tenant included). Each worker has a server of its own
// (tests/e2e/support/servers.ts): specs run in parallel and still never see another worker's writes.
// Debian's headless shell is the default browser (the one Playwright itself runs headless tests
// in: no browser UI to draw), else Debian's chromium; PLAYWRIGHT_CHROMIUM points elsewhere (or to
// '' for Playwright's own build).
export const E2E_DATA_DIR = THIS_E2E_SERVER.dataDir;
// Without either, Playwright's own build (`npm test` installs one of them: scripts/ensureChromium.mjs).
const executablePath =
  process.env.PLAYWRIGHT_CHROMIUM ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ??
  '';

/** The server of worker `index`: a fresh data folder, with a copy of screens/ inside it. */
function webServer(index: number) {
  const { port, dataDir, oidcPort } = e2eServer(index);
  return {
    // The screen editor's Save writes config files: the server runs on a copy of screens/ made
    // in its data folder, so no test ever changes the tracked folder.
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && cp -R screens ${dataDir}/screens && node dist/server/main.js`,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SCREENS_DIR: `${dataDir}/screens`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_SKUS: '120',
      // Five weeks, as the specs were written for: 13 months (the product's default) would make
      // every worker's first start several times longer; tests/api/demoHistory.test.ts reads the full history.
      DEMO_DAYS: '35',
      // Every test signs in as the demo user from 127.0.0.1, far faster than a person; the
      // sign-in limits have API tests of their own (authSecurity, underLoad).
      LOGIN_RATE_PER_ADDRESS: '1000',
      LOGIN_ATTEMPTS_PER_NAME: '1000',
      // The report-mailer spec delivers to an SFTP server on loopback: allowed on purpose.
      OUTBOUND_ALLOW: '127.0.0.1',
      // Sign in with Microsoft against the test provider microsoft-sign-in.spec.ts starts there.
      OIDC_ISSUER: testIssuer(oidcPort),
      OIDC_CLIENT_ID: TEST_CLIENT_ID,
      OIDC_CLIENT_SECRET: TEST_CLIENT_SECRET,
    },
    url: `http://localhost:${port}/api/v1/processmonitor/sessionvalidity`,
    reuseExistingServer: false,
    // A first start builds the demo tenant: about a minute on a quiet machine, over three at load 25.
    timeout: 420_000,
    stdout: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: E2E_WORKERS,
  // No retry, in CI or out: a test that passes only on its second try depends on a race.
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${THIS_E2E_SERVER.port}`,
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: the actions, their timings, console and network. No DOM
    // snapshots: taking one around every action cost 30-45 ms per call on the larger screens
    // (a Tab press, an evaluate), and made the keyboard spec (about 130 presses) outrun its
    // minute under CI's load. The failure screenshot shows the page as it was.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false, sources: true },
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
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => webServer(index)),
});
