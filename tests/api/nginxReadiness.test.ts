/**
 * deploy/nginx.conf in front of two instances, one not ready: every call lands on the ready one.
 * Open-source nginx has no active health check; it skips an instance on its 503 (`proxy_next_upstream
 * http_503`), which a not-ready instance answers to every call (src/server/features/health/readinessGate.ts).
 * The real nginx runs the real file, only its upstream addresses, port and log path changed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer.js';
import { fetchBuffered } from './support/fetchBuffered.js';
import { freePort } from '../faults/support/serverProcess.js';

/** nginx on this machine (Debian puts it in /usr/sbin), or null. */
function findNginx(): string | null {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return null;
}
const NGINX = findNginx();
const SKIPPED = NGINX ? '' : ' (skipped: nginx is not installed; apt-get install nginx-light)';

/** deploy/nginx.conf with the two instances' addresses, a loopback port and a log of its own. */
function renderConf(dir: string, port: number, ready: string, notReady: string): string {
  const site = readFileSync('deploy/nginx.conf', 'utf8')
    .replace('server app1:8080', `server ${notReady}`)
    .replace('server app2:8080', `server ${ready}`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('/var/log/nginx/access.log', path.join(dir, 'access.log'));
  expect(site).not.toMatch(/app[12]:8080|listen 80;|\/var\/log/);
  writeFileSync(path.join(dir, 'shelfscope.conf'), site);
  const main = [
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'worker_processes 1;',
    'events { worker_connections 64; }',
    'http {',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${path.join(dir, `${kind}_temp`)};`,
    ),
    `  include ${path.join(dir, 'shelfscope.conf')};`,
    '}',
  ].join('\n');
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, main);
  return file;
}

let ready: TestServer;
let notReady: TestServer;
let nginx: ChildProcess | undefined;
let dir: string;
let front: string;

const hostPort = (t: TestServer) => new URL(t.url).host;

describe.runIf(NGINX)(`nginx in front of a not-ready instance${SKIPPED}`, () => {
  beforeAll(async () => {
    [ready, notReady] = await Promise.all([startTestServer(), startTestServer()]);
    // Its warehouse gone, as a dropped connection answers: up, but not ready.
    notReady.server.app.deps.warehouse.query = () => Promise.reject(new Error('warehouse unreachable'));
    dir = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-nginx-'));
    // nginx's workers may run as another user than the master: they read and write in here.
    chmodSync(dir, 0o755);
    const port = await freePort();
    const conf = renderConf(dir, port, hostPort(ready), hostPort(notReady));
    nginx = spawn(NGINX!, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
    front = `http://127.0.0.1:${port}`;
    for (
      let tries = 0;
      (await fetch(`${front}/healthz`).then(
        (r) => r.status,
        () => 0,
      )) !== 200;
      tries++
    ) {
      if (tries > 100)
        throw new Error(`nginx did not start: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 300_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await Promise.all([ready?.close(), notReady?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers every call from the ready instance; the not-ready one only ever answers 503', async () => {
    // The not-ready instance refuses on its own: nginx is what makes the difference.
    expect((await fetchBuffered(`${notReady.url}/api/v1/azure/session`)).status).toBe(503);
    for (let i = 0; i < 12; i++) {
      const res = await fetchBuffered(`${front}/api/v1/azure/session`, {
        headers: { 'X-Request-Id': `nginx-readiness-${i}` },
      });
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ statusCode: 1 });
    }
    const lines = readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n');
    const calls = lines.filter((l) => l.includes('rid=nginx-readiness-'));
    expect(calls).toHaveLength(12);
    // Each call ended on the ready instance; the not-ready one, when tried, answered 503 and was skipped.
    for (const line of calls) {
      const tried = /" 200 \d+ \S+ (.+) us=(.+) rid=/.exec(line);
      expect(tried, line).not.toBeNull();
      const addresses = tried![1]!.split(', ');
      const statuses = tried![2]!.split(', ');
      expect(addresses.at(-1)).toBe(hostPort(ready));
      expect(statuses.at(-1)).toBe('200');
      addresses.slice(0, -1).forEach((a, k) => {
        expect(a).toBe(hostPort(notReady));
        expect(statuses[k]).toBe('503');
      });
    }
    // Round robin did send it the first call: skipped on its 503, not merely never chosen.
    expect(calls.some((l) => l.includes(`${hostPort(notReady)}, ${hostPort(ready)}`))).toBe(true);
  });
});
