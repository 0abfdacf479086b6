import { createHash } from 'node:crypto';
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { EmbeddedSnapshot } from './snapshots.js';

/**
 * The embedded store (PGlite) and warehouse (DuckDB) live inside the server's process: no other
 * process may open them while it runs. `npm run backup` asks the running server for a snapshot
 * over a local socket instead: a Unix socket in DATA_DIR (owner-only, like the data it gives
 * out), a named pipe on Windows. Nothing listens on the network.
 */
export function opsSocketPath(dataDir: string): string {
  const dir = path.resolve(dataDir);
  const tag = createHash('sha256').update(dir).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\shelfscope-${tag}`;
  const inDir = path.join(dir, 'ops.sock');
  // A Unix socket's path is limited to ~104 bytes: a deep DATA_DIR gets one in the temp folder.
  return Buffer.byteLength(inDir) < 100 ? inDir : path.join(os.tmpdir(), `shelfscope-${tag}.sock`);
}

export interface SnapshotRequest {
  op: 'snapshot';
  /** An empty folder the server writes the parts into. */
  dir: string;
}

export type SnapshotAnswer = { ok: true; snapshot: EmbeddedSnapshot } | { ok: false; error: string };

/** Serves snapshot requests, one JSON line in, one out, one at a time. */
export async function serveOps(
  socketPath: string,
  snapshot: (dir: string) => Promise<EmbeddedSnapshot>,
): Promise<{ close(): Promise<void> }> {
  let queue: Promise<unknown> = Promise.resolve();
  const server = createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end < 0) return;
      const line = text.slice(0, end);
      text = '';
      const answer = (queue = queue.then(() => answerOf(line, snapshot)));
      void answer.then((a) => socket.end(`${JSON.stringify(a)}\n`));
    });
  });
  await listen(server, socketPath);
  if (process.platform !== 'win32') chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

async function answerOf(
  line: string,
  snapshot: (dir: string) => Promise<EmbeddedSnapshot>,
): Promise<SnapshotAnswer> {
  try {
    const request = JSON.parse(line) as Partial<SnapshotRequest>;
    if (request.op !== 'snapshot' || typeof request.dir !== 'string' || !path.isAbsolute(request.dir))
      return { ok: false, error: 'unknown request' };
    return { ok: true, snapshot: await snapshot(request.dir) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Listens; a socket file left by a server that died is removed first (nothing answers on it). */
async function listen(server: Server, socketPath: string): Promise<void> {
  if (process.platform !== 'win32' && existsSync(socketPath)) {
    if (await answers(socketPath)) throw new Error(`another server answers on ${socketPath}`);
    unlinkSync(socketPath);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Asks the server on DATA_DIR for a snapshot into `dir`; null when no server listens there (it is
 * stopped: the caller opens the files itself).
 */
export function askSnapshot(socketPath: string, dir: string): Promise<SnapshotAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let text = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ op: 'snapshot', dir } satisfies SnapshotRequest)}\n`);
    });
    socket.on('data', (chunk: string) => (text += chunk));
    socket.once('end', () => {
      try {
        resolve(JSON.parse(text) as SnapshotAnswer);
      } catch {
        reject(new Error(`the server on ${socketPath} gave no answer`));
      }
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
  });
}
