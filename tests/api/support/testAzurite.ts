import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../faults/support/serverProcess.js';

export interface TestAzurite {
  /** The connection string of Azurite's well-known development account on this port. */
  connectionString: string;
  close(): Promise<void>;
}

// Azurite's documented development account (public, the same in every Azurite).
const ACCOUNT = 'devstoreaccount1';
const KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** Azurite's blob service (the npm package) as a child process on a free loopback port, data in a temp folder. */
export async function startTestAzurite(): Promise<TestAzurite> {
  const location = mkdtempSync(path.join(os.tmpdir(), 'shelfscope-azurite-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.resolve('node_modules/azurite/dist/src/blob/main.js'),
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--location',
      location,
      '--silent',
      '--skipApiVersionCheck',
      '--disableProductStyleUrl',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 300 && !(await listening(port)); i++) {
    if (child.exitCode !== null) throw new Error(`azurite exited: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    connectionString: `DefaultEndpointsProtocol=http;AccountName=${ACCOUNT};AccountKey=${KEY};BlobEndpoint=http://127.0.0.1:${port}/${ACCOUNT};`,
    async close() {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
      await exited;
      rmSync(location, { recursive: true, force: true });
    },
  };
}
