import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isServing } from '../../support/serving.js';
import { serverEntry } from '../../support/serverEntry.js';

/** The real server (`src/server/main.ts`, or its build: tests/support/serverEntry.ts) as a child process: it can crash, be killed, restart. */
export interface ServerProcess {
  url: string;
  dataDir: string;
  env: Record<string, string>;
  child: ChildProcess;
  /** Everything the process printed, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<number | string>;
  alive(): boolean;
  /** SIGTERM, then SIGKILL after 5 s; waits for the exit. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'shelfscope-fault-'));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Starts the server; with `waitReady` false it returns at once (for kills during startup). With
 * `readyz` it waits for GET /readyz to answer 200 (what a load balancer waits for), else for the
 * "running at" line and the API served (tests/support/serving.ts: not before the demo's numbers
 * are final).
 */
export async function startServerProcess(
  settings: Record<string, string>,
  options: { waitReady?: boolean; timeoutMs?: number; readyz?: boolean } = {},
): Promise<ServerProcess> {
  const port = settings.PORT ?? String(await freePort());
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    DEMO_SKUS: '30',
    DEMO_DAYS: '7',
    LOG_LEVEL: 'warn',
    ...settings,
    PORT: port,
  };
  const child = spawn(process.execPath, serverEntry('main'), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  const proc: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    dataDir: env.DATA_DIR!,
    env,
    child,
    output: () => text,
    exited,
    alive: () => !ended,
    async stop() {
      if (ended) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
  if (options.waitReady === false) return proc;
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  const isReady = options.readyz
    ? () => probeReady(proc.url)
    : async () => text.includes('Shelfscope is running at') && (await isServing(proc.url));
  while (!(await isReady())) {
    if (ended) throw new Error(`server exited before it was ready:\n${text}`);
    if (Date.now() > deadline) {
      await proc.stop();
      throw new Error(`server not ready in time:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
}

/** True when the server's readiness probe answers 200; a refused connection is not ready yet. */
async function probeReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}
