import { spawn, type ChildProcess } from 'node:child_process';
import { untilServing } from '../../support/serving.js';

/**
 * A server of one spec's own (its own settings and data folder), on the built SPA like the
 * suite's servers, started and waited for until it serves (a not-ready instance answers 503:
 * tests/support/serving.ts). Stop it with `kill()`.
 */
export async function startSpecServer(
  port: number,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`the spec server exited (${code}) before it served`))),
  );
  try {
    await Promise.race([untilServing(`http://127.0.0.1:${port}`, timeoutMs), exited]);
  } catch (error) {
    server.kill();
    throw error;
  }
  return server;
}
