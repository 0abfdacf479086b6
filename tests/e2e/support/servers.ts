/**
 * One server per Playwright worker, so no test sees another worker's writes: worker i (its
 * parallel index, kept when a worker restarts after a failure) talks to port E2E_PORT + i on data
 * folder E2E_DATA_DIR (i = 0) or E2E_DATA_DIR-w<i>. E2E_WORKERS sets how many: 2 under CI (the
 * whole suite; each server costs a first start), else 1.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1)));
const BASE_PORT = Number(process.env.E2E_PORT ?? 18080);
const BASE_DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';

interface E2eServer {
  port: number;
  dataDir: string;
  /** Port of the OpenID provider its Sign in with Microsoft talks to (a spec starts it there). */
  oidcPort: number;
}

export function e2eServer(index: number): E2eServer {
  return {
    port: BASE_PORT + index,
    dataDir: index === 0 ? BASE_DATA_DIR : `${BASE_DATA_DIR}-w${index}`,
    oidcPort: BASE_PORT + 500 + index,
  };
}

/** The server of this process: a worker's own; the runner's (no index) is worker 0's. */
export const THIS_E2E_SERVER = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
